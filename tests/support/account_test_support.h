// An accounts service under test, wrapped around a stand-in for the game service: a memory store, the fastest
// Argon2id limits (the real ones are the bench's), clocks the test moves, and helpers that speak its HTTP routes
// as a browser would (the session cookie, the CSRF token, the Origin).
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <boost/json.hpp>
#include <map>
#include <mutex>
#include <string>

#include "server/accounts/account_service.h"
#include "server/base/router.h"

namespace tabiya::server::testing {

// Creates games with predictable ids and seat tokens; the archive answers for them. Like the game service, it tells
// of a game's creation and of a hello's seats (GameServiceOptions::game_created, seats_claimed).
class StubGames final : public Service {
 public:
  std::function<void(const HttpRequest&, const std::string&, const std::vector<std::string>&)> created;
  std::function<void(std::string_view, const std::string&, const std::vector<std::string>&)> claimed;

  HttpAnswer http(const HttpRequest& request) override {
    if (request.target == "/api/games" && request.method == "POST") {
      std::lock_guard lock(mutex_);
      std::string id = "G" + std::to_string(++created_);
      std::string time = "5+3";
      constexpr std::string_view TIME = R"("time":")";
      if (auto at = request.body.find(TIME); at != std::string_view::npos) {
        std::string_view rest = request.body.substr(at + TIME.size());
        time = std::string(rest.substr(0, rest.find('"')));
      }
      games_[id] = Game{"W" + id, "B" + id, time, "", false};
      HttpAnswer a;
      a.status = 201;
      const bool hotseat = request.body.find("hotseat") != std::string_view::npos;
      a.body = R"({"id":")" + id + R"(","seats":{"white":"W)" + id + R"(","black":"B)" + id +
               R"("},"color":"white","spectate":"/g/)" + id + "\"}";
      std::vector<std::string> creators{"W" + id};
      if (hotseat) creators.push_back("B" + id);
      if (created) created(request, id, creators);
      return a;
    }
    if (request.target.starts_with("/api/players/") && request.target.ends_with("/ratings")) {
      HttpAnswer a;  // as the lobby, inside the accounts, answers a player's ratings
      a.status = 200;
      a.body = R"({"from":"inner"})";
      return a;
    }
    HttpAnswer a;
    a.status = 404;
    a.body = R"({"error":"not_found","data":{}})";
    return a;
  }
  struct StubSession final : Session {
    std::string game, cookie;
  };
  std::shared_ptr<Session> open(std::string_view path, std::shared_ptr<Peer> peer) override {
    auto s = std::make_shared<StubSession>();
    s->game = std::string(path.substr(path.rfind('/') + 1));
    if (peer) s->cookie = std::string(peer->cookie());
    return s;
  }
  void message(Session& session, std::string_view text) override {
    ++messages;
    auto& s = static_cast<StubSession&>(session);
    boost::system::error_code ec;
    boost::json::value v = boost::json::parse(text, ec);
    if (ec || !v.is_object() || !claimed || s.cookie.empty()) return;
    const boost::json::object& o = v.as_object();
    if (!o.contains("t") || o.at("t") != "hello" || !o.contains("seats") || !o.at("seats").is_array()) return;
    std::vector<std::string> seats;
    for (const boost::json::value& seat : o.at("seats").as_array())
      if (seat.is_string()) seats.emplace_back(seat.as_string());
    claimed(s.cookie, s.game, seats);
  }
  void closed(Session&) override {}
  void write_metrics(std::string&) override {}
  void shutdown() override {}

  // The archive: a game this stub created (or one added), with its time, result and robot side.
  struct Game {
    std::string white, black;  // seat tokens
    std::string time = "5+3";
    std::string score;  // empty: still playing
    bool robot_black = false;
  };
  void add(const std::string& id, Game g) {
    std::lock_guard lock(mutex_);
    games_[id] = std::move(g);
  }
  void finish(const std::string& id, const std::string& score) {
    std::lock_guard lock(mutex_);
    games_[id].score = score;
  }
  GameArchive archive() {
    return [this](std::string_view id, std::string_view seat, bool with_pgn) -> std::optional<ArchivedGame> {
      archive_calls.fetch_add(1);
      std::lock_guard lock(mutex_);
      auto it = games_.find(std::string(id));
      if (it == games_.end()) return std::nullopt;
      const Game& g = it->second;
      ArchivedGame a;
      a.game_json = R"({"id":")" + std::string(id) + R"(","time":")" + g.time +
                    R"(","days":null,"players":{"white":{"kind":"human"},"black":{"kind":")" +
                    (g.robot_black ? "robot" : "human") + R"("}},"status":")" + (g.score.empty() ? "playing" : "over") +
                    R"(","result":)" + (g.score.empty() ? "null" : R"({"score":")" + g.score + "\"}") + "}";
      if (seat == g.white) a.color = "white";
      if (seat == g.black) a.color = "black";
      if (with_pgn)
        a.pgn = "[Event \"?\"]\n[Site \"tabiya\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"" +
                (g.score.empty() ? std::string("*") : g.score) + "\"]\n\n1. e4 e5 " +
                (g.score.empty() ? std::string("*") : g.score) + "\n";
      return a;
    };
  }
  std::atomic<int> messages{0};
  std::atomic<int> archive_calls{0};

 private:
  std::mutex mutex_;
  int created_ = 0;
  std::map<std::string, Game> games_;
};

// A browser: its cookie and the CSRF token the page was given.
struct Browser {
  std::string cookie;
  std::string csrf;
  std::string client = "192.0.2.1";
  std::string origin = "http://127.0.0.1:8080";
};

// A socket from a browser: it sends its cookie and ignores what it is sent.
class CookiePeer final : public Peer {
 public:
  explicit CookiePeer(std::string cookie) : cookie_(std::move(cookie)) {}
  void send(SharedText) override {}
  void close(int, std::string_view) override {}
  std::string_view cookie() const override { return cookie_; }

 private:
  std::string cookie_;
};

// The stub's creations and hellos reach the accounts, as the composition root wires the game service's.
inline void wire(StubGames& games, AccountService& accounts) {
  games.created = [&accounts](const HttpRequest& request, const std::string& id,
                              const std::vector<std::string>& seats) {
    accounts.record_created_game(request, id, seats);
  };
  games.claimed = [&accounts](std::string_view cookie, const std::string& id, const std::vector<std::string>& seats) {
    accounts.record_claimed_seats(cookie, id, seats);
  };
}

// The accounts and the games behind the server's routing table: the accounts' paths (but a player's ratings, which
// the stub stands in for as the lobby), the games' for the rest.
inline std::unique_ptr<Router> route(AccountService& accounts, Service& games) {
  return std::make_unique<Router>(std::vector<Route>{{Route::HTTP, "/api/account", false, &accounts},
                                                     {Route::HTTP, "/api/account/", true, &accounts},
                                                     {Route::HTTP, "/api/players/*/ratings", false, &games},
                                                     {Route::HTTP, "/api/players/", true, &accounts},
                                                     {Route::HTTP, "/api/", true, &games},
                                                     {Route::SOCKET, "/ws/", true, &games}},
                                  std::vector<Service*>{&accounts, &games});
}

class AccountFixture : public ::testing::Test {
 protected:
  void SetUp() override { start(); }
  void start() {
    AccountServiceOptions options;
    options.store = store_;
    options.hasher.limits = PasswordHashLimits::fastest();
    options.monotonic_ms = [this] { return mono_ms_.load(); };
    options.wall_clock = [this] { return wall_ms_.load(); };
    options.archive = games_.archive();
    if (configure_) configure_(options);
    service_ = std::make_unique<AccountService>(std::move(options));
    wire(games_, *service_);
    router_ = route(*service_, games_);
  }

  HttpAnswer call(const std::string& method, const std::string& target, const std::string& body, const Browser& b) {
    HttpRequest r{method, target, body, b.client};
    r.cookie = b.cookie;
    r.csrf = b.csrf;
    r.origin = b.origin;
    r.host = "127.0.0.1:8080";
    return router_->http(r);
  }
  static std::string header(const HttpAnswer& a, std::string_view name) {
    for (const auto& [n, v] : a.headers)
      if (n == name) return v;
    return {};
  }
  static boost::json::object json(const HttpAnswer& a) { return boost::json::parse(a.body).as_object(); }
  // The browser after an answer that logs it in: the cookie as it would send it back, the page's CSRF token.
  static void take_login(const HttpAnswer& a, Browser& b) {
    std::string set = header(a, "Set-Cookie");
    b.cookie = set.substr(0, set.find(';'));
    b.csrf = std::string(json(a).at("csrf").as_string());
  }
  Browser registered(const std::string& name, const std::string& password = "correct horse") {
    Browser b;
    HttpAnswer a =
        call("POST", "/api/account/register", R"({"username":")" + name + R"(","password":")" + password + "\"}", b);
    EXPECT_EQ(a.status, 201) << a.body;
    take_login(a, b);
    return b;
  }
  HttpAnswer login(Browser& b, const std::string& name, const std::string& password) {
    HttpAnswer a =
        call("POST", "/api/account/login", R"({"username":")" + name + R"(","password":")" + password + "\"}", b);
    if (a.status == 200) take_login(a, b);
    return a;
  }
  std::string whoami(const Browser& b) {
    auto o = json(call("GET", "/api/account", "", b));
    if (o.at("account").is_null()) return "";
    return std::string(o.at("account").as_object().at("username").as_string());
  }

  StubGames games_;
  std::shared_ptr<AccountStore> store_ = make_memory_account_store();
  std::atomic<int64_t> mono_ms_{1'000'000};
  std::atomic<int64_t> wall_ms_{1'700'000'000'000};
  std::function<void(AccountServiceOptions&)> configure_;
  std::unique_ptr<AccountService> service_;
  std::unique_ptr<Router> router_;  // the accounts and the stub games, as the server routes them
};

}  // namespace tabiya::server::testing
