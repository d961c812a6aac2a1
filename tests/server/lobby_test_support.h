// The lobby under test: a fake game service that makes invite games on
// request (it records the bodies), a fake identity resolver (cookie
// "acct=NAME" is account "id-NAME"), and peers that carry a cookie and record
// what they are sent.
#pragma once

#include <boost/json.hpp>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/identity.h"
#include "server/service.h"

namespace tabiya::server::testing {

class FakeAccounts final : public IdentityResolver {
 public:
  std::optional<Identity> identify(std::string_view cookie) const override {
    constexpr std::string_view prefix = "acct=";
    const std::size_t at = cookie.find(prefix);
    if (at == std::string_view::npos) return std::nullopt;
    std::string_view name = cookie.substr(at + prefix.size());
    name = name.substr(0, name.find(';'));
    if (name.empty()) return std::nullopt;
    return Identity{"id-" + std::string(name), std::string(name)};
  }
};

class FakeGames final : public Service {
 public:
  HttpAnswer http(const HttpRequest& request) override {
    std::lock_guard lock(mutex_);
    if (request.method == "POST" && request.target == "/api/games") {
      created.push_back(boost::json::parse(request.body).as_object());
      const std::string id = "game" + std::to_string(created.size());
      return {201,
              "application/json",
              R"({"id":")" + id + R"(","seats":{"white":"W-)" + id + R"(","black":"B-)" + id +
                  R"("},"color":"white","spectate":"/g/)" + id + R"("})",
              {}};
    }
    return {404, "application/json", R"({"error":"not_found","data":{}})", {}};
  }
  std::shared_ptr<Session> open(std::string_view, std::shared_ptr<Peer>) override { return nullptr; }
  void message(Session&, std::string_view) override {}
  void closed(Session&) override {}
  void write_metrics(std::string&) override {}
  void shutdown() override {}
  std::vector<boost::json::object> created;

 private:
  std::mutex mutex_;
};

class LobbyPeer final : public Peer {
 public:
  explicit LobbyPeer(std::string cookie) : cookie_(std::move(cookie)) {}
  void send(SharedText text) override {
    std::lock_guard lock(mutex_);
    messages_.push_back(boost::json::parse(*text).as_object());
  }
  void close(int, std::string_view) override {}
  std::string_view cookie() const override { return cookie_; }
  // Every message of type t so far.
  std::vector<boost::json::object> all(std::string_view t) {
    std::lock_guard lock(mutex_);
    std::vector<boost::json::object> out;
    for (const auto& m : messages_)
      if (m.at("t").as_string() == t) out.push_back(m);
    return out;
  }
  std::optional<boost::json::object> last(std::string_view t) {
    auto found = all(t);
    if (found.empty()) return std::nullopt;
    return found.back();
  }

 private:
  std::string cookie_;
  std::mutex mutex_;
  std::vector<boost::json::object> messages_;
};

}  // namespace tabiya::server::testing
