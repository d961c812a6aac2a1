// Accounts around the real game service: a logged-in player's game is recorded at its creation and at the
// hello of its seat, listed from the service's archive (GameService::archived_game), and exported as PGN even
// after it left memory, without being loaded back into it.
#include "server/accounts/account_service.h"
#include "support/account_test_support.h"
#include "support/service_test_support.h"

namespace tabiya::server::testing {
namespace {

class AccountGames : public ServiceFixture {
 protected:
  void SetUp() override {
    ServiceFixture::SetUp();
    AccountServiceOptions options;
    options.hasher.limits = PasswordHashLimits::fastest();
    options.wall_clock = [this] { return wall_ms_.load(); };
    options.archive = [this](std::string_view id, std::string_view seat, bool pgn) {
      return service_->archived_game(id, seat, pgn);
    };
    accounts_ = std::make_unique<AccountService>(std::move(options));
    // As the composition root wires them: the games tell the accounts of creations and hellos, and one routing
    // table sends the accounts' paths to the accounts, the rest to the games.
    service_->set_seat_hooks(
        [this](const HttpRequest& request, const std::string& id, const std::vector<std::string>& seats) {
          accounts_->record_created_game(request, id, seats);
        },
        [this](std::string_view cookie, const std::string& id, const std::vector<std::string>& seats) {
          accounts_->record_claimed_seats(cookie, id, seats);
        });
    router_ = route(*accounts_, *service_);
  }
  void TearDown() override {
    service_->set_seat_hooks({}, {});
    router_.reset();
    accounts_.reset();
  }
  struct Login {
    std::string cookie, csrf;
  };
  HttpAnswer call(const std::string& method, const std::string& target, const std::string& body, const Login& l) {
    HttpRequest r{method, target, body, "192.0.2.1"};
    r.cookie = l.cookie;
    r.csrf = l.csrf;
    r.host = "127.0.0.1";
    HttpAnswer a = router_->http(r);
    settle();
    return a;
  }
  Login enrol(const std::string& name) {
    HttpAnswer a =
        call("POST", "/api/account/register", R"({"username":")" + name + R"(","password":"correct horse"})", {});
    EXPECT_EQ(a.status, 201) << a.body;
    Login l;
    for (auto& [n, v] : a.headers)
      if (n == "Set-Cookie") l.cookie = v.substr(0, v.find(';'));
    l.csrf = std::string(boost::json::parse(a.body).at("csrf").as_string());
    return l;
  }
  std::unique_ptr<AccountService> accounts_;
  std::unique_ptr<Router> router_;
};

TEST_F(AccountGames, BothPlayersFindTheGameAndItsPgnAfterItLeftMemory) {
  Login alice = enrol("alice"), bob = enrol("bob");
  HttpAnswer created = call("POST", "/api/games", R"({"v":1,"opponent":"invite","time":"3+2"})", alice);
  ASSERT_EQ(created.status, 201) << created.body;
  auto game = boost::json::parse(created.body).as_object();
  const std::string id = str(game.at("id"));
  const std::string white = seat(game, "white"), black = seat(game, "black");
  // Bob opens the invite link in his logged-in browser: his hello names the black seat.
  auto peer = std::make_shared<CookiePeer>(bob.cookie);
  auto session = router_->open("/ws/" + id, peer);
  ASSERT_TRUE(session);
  router_->message(*session, R"({"t":"hello","v":1,"seats":[")" + black + "\"]}");
  settle();
  Client w = connect(id);
  hello(w, {white});
  move(w, "e2e4", 0);
  router_->message(*session, R"({"t":"move","req":1,"uci":"e7e5","ply":1})");
  settle();
  send(w, R"({"t":"resign","req":2})");
  router_->closed(*session);
  service_->closed(*w.session);
  settle();

  auto list = [&](const Login& who, const std::string& query = "") {
    HttpAnswer a = call("GET", "/api/account/games" + query, "", who);
    EXPECT_EQ(a.status, 200) << a.body;
    return boost::json::parse(a.body).at("games").as_array();
  };
  auto bobs = list(bob);
  ASSERT_EQ(bobs.size(), 1u);
  EXPECT_EQ(bobs[0].at("color"), "black");
  EXPECT_EQ(bobs[0].at("result"), "win");
  EXPECT_EQ(bobs[0].at("category"), "blitz");
  EXPECT_EQ(bobs[0].at("seat").as_string(), black);
  EXPECT_EQ(bobs[0].at("opponent").at("name"), "alice");
  auto alices = list(alice, "?result=loss&opponent=bob&category=blitz");
  ASSERT_EQ(alices.size(), 1u);
  EXPECT_EQ(alices[0].at("seat").as_string(), white);

  // Ten minutes on, the finished game leaves memory; the export reads it from the store and leaves it there.
  clock_->advance(std::chrono::minutes(11));
  service_->evict_idle();
  ASSERT_EQ(service_->game_count(), 0u);
  HttpAnswer pgn = call("GET", "/api/players/bob/games.pgn", "", {});
  ASSERT_EQ(pgn.status, 200);
  ASSERT_TRUE(pgn.stream);
  std::string all;
  while (auto piece = pgn.stream()) all += *piece;
  EXPECT_NE(all.find("[White \"alice\"]"), std::string::npos) << all;
  EXPECT_NE(all.find("[Black \"bob\"]"), std::string::npos) << all;
  EXPECT_NE(all.find("[Result \"0-1\"]"), std::string::npos) << all;
  EXPECT_NE(all.find("1. e4"), std::string::npos) << all;
  EXPECT_EQ(service_->game_count(), 0u);
  // The seat answers only for its own token.
  EXPECT_FALSE(service_->archived_game(id, "not-a-seat", false)->color);
  EXPECT_FALSE(service_->archived_game("nosuchgame", "", false));
}

}  // namespace
}  // namespace tabiya::server::testing
