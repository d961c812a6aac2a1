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

#include "server/base/identity.h"
#include "server/base/service.h"
#include "server/games/game_api.h"

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

// The games as the lobby sees them: games started are kept for the tests to read; everything else is unknown.
class FakeGames final : public Service, public GameApi {
 public:
  Result<StartedGame> start_game(const NewGame& game) override {
    std::lock_guard lock(mutex_);
    created.push_back(game);
    const std::string id = "game" + std::to_string(created.size());
    return StartedGame{id, {"W-" + id, "B-" + id}};
  }
  std::optional<GameEnding> game_ending(std::string_view) override { return std::nullopt; }
  Result<std::string> game_pgn(std::string_view id) override { return fail("no game " + std::string(id)); }
  HttpAnswer http(const HttpRequest&) override {
    return {404, "application/json", R"({"error":"not_found","data":{}})", {}};
  }
  std::shared_ptr<Session> open(std::string_view, std::shared_ptr<Peer>) override { return nullptr; }
  void message(Session&, std::string_view) override {}
  void closed(Session&) override {}
  void write_metrics(std::string&) override {}
  void shutdown() override {}
  std::vector<NewGame> created;

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
