// A player's games: recorded when a logged-in player takes a seat, listed with filters, exported as PGN in
// pieces (server/accounts/account_history.h).
#include "server/accounts/account_history.h"
#include "support/account_test_support.h"

namespace tabiya::server::testing {
namespace {

class AccountHistory : public AccountFixture {
 protected:
  std::string create(const Browser& b, const std::string& time = "5+3") {
    HttpAnswer a = call("POST", "/api/games", R"({"v":1,"opponent":"invite","time":")" + time + "\"}", b);
    EXPECT_EQ(a.status, 201);
    return std::string(json(a).at("id").as_string());
  }
  // A WebSocket of `b`'s browser to game `id` saying hello with `seat`.
  void join(const Browser& b, const std::string& id, const std::string& seat) {
    auto session = router_->open("/ws/" + id, std::make_shared<CookiePeer>(b.cookie));
    ASSERT_TRUE(session);
    router_->message(*session, R"({"t":"hello","v":1,"seats":[")" + seat + "\"]}");
    router_->closed(*session);
  }
  boost::json::array list(const Browser& b, const std::string& target) {
    HttpAnswer a = call("GET", target, "", b);
    EXPECT_EQ(a.status, 200) << a.body;
    return json(a).at("games").as_array();
  }
  std::vector<std::string> ids(const boost::json::array& games) {
    std::vector<std::string> out;
    for (const auto& g : games) out.emplace_back(g.as_object().at("game").as_string());
    return out;
  }
};

TEST_F(AccountHistory, SeatsTakenWhileLoggedInAreTheAccountsFromAnyDevice) {
  Browser alice = registered("alice");
  Browser bob = registered("bob");
  Browser anonymous;
  std::string g1 = create(alice);            // alice white
  join(bob, g1, "B" + g1);                   // bob takes the invite's black seat
  create(anonymous);                         // nobody's
  join(bob, "G2", "W" + std::string("G9"));  // a token that is not the game's is never listed
  Browser phone;
  ASSERT_EQ(login(phone, "bob", "correct horse").status, 200);
  auto games = list(phone, "/api/account/games");
  ASSERT_EQ(games.size(), 1u);
  const auto& g = games[0].as_object();
  EXPECT_EQ(g.at("game").as_string(), g1);
  EXPECT_EQ(g.at("color"), "black");
  EXPECT_EQ(g.at("seat").as_string(), "B" + g1);  // the seat token: bob gets back into the game from this browser
  EXPECT_EQ(g.at("opponent").as_object().at("name"), "alice");
  EXPECT_EQ(g.at("result"), "ongoing");
  auto alices = list(alice, "/api/account/games");
  ASSERT_EQ(alices.size(), 1u);
  EXPECT_EQ(alices[0].as_object().at("color"), "white");
  EXPECT_EQ(alices[0].as_object().at("opponent").as_object().at("name"), "bob");
  // The public list has no seat tokens.
  auto seen = list(anonymous, "/api/players/bob/games");
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_FALSE(seen[0].as_object().contains("seat"));
  // A game created without the page's CSRF token (a foreign page's) is not recorded.
  Browser forged = alice;
  forged.csrf.clear();
  create(forged);
  EXPECT_EQ(list(alice, "/api/account/games").size(), 1u);
}

TEST_F(AccountHistory, FiltersByCategoryResultAndOpponent) {
  Browser alice = registered("alice");
  Browser bob = registered("bob");
  std::string bullet = create(alice, "1+0"), blitz = create(alice, "5+3"), rapid = create(alice, "15+10"),
              classical = create(alice, "30+20"), robot = create(alice, "10+0");
  join(bob, blitz, "B" + blitz);
  join(bob, rapid, "B" + rapid);
  games_.finish(bullet, "1-0");
  games_.finish(blitz, "0-1");
  games_.finish(rapid, "1/2-1/2");
  StubGames::Game robot_game{"W" + robot, "B" + robot, "10+0", "1-0", true};
  games_.add(robot, robot_game);
  auto by = [&](const std::string& query) { return ids(list(alice, "/api/players/alice/games?" + query)); };
  EXPECT_EQ(by("category=bullet"), std::vector<std::string>{bullet});
  EXPECT_EQ(by("category=blitz"), std::vector<std::string>{blitz});
  EXPECT_EQ(by("category=rapid"), (std::vector<std::string>{robot, rapid}));  // 10+0: 10 minutes, rapid
  EXPECT_EQ(by("category=classical"), std::vector<std::string>{classical});
  EXPECT_EQ(by("result=win"), (std::vector<std::string>{robot, bullet}));
  EXPECT_EQ(by("result=loss"), std::vector<std::string>{blitz});
  EXPECT_EQ(by("result=draw"), std::vector<std::string>{rapid});
  EXPECT_EQ(by("result=ongoing"), std::vector<std::string>{classical});
  EXPECT_EQ(by("opponent=BOB"), (std::vector<std::string>{rapid, blitz}));
  EXPECT_EQ(by("opponent=robot"), std::vector<std::string>{robot});
  EXPECT_EQ(by("opponent=anonymous"), (std::vector<std::string>{classical, bullet}));
  EXPECT_EQ(by("opponent=bob&result=loss"), std::vector<std::string>{blitz});
  EXPECT_EQ(by("category=correspondence").size(), 0u);
  EXPECT_EQ(call("GET", "/api/players/alice/games?category=hyper", "", alice).status, 400);
  EXPECT_EQ(call("GET", "/api/players/nobody/games", "", alice).status, 404);
}

TEST_F(AccountHistory, PagesGoOnFromTheirCursor) {
  Browser alice = registered("alice");
  for (int i = 0; i < 60; ++i) {
    create(alice);
    wall_ms_ += 1000;
  }
  HttpAnswer first = call("GET", "/api/account/games", "", alice);
  auto o = json(first);
  ASSERT_EQ(o.at("games").as_array().size(), 50u);
  ASSERT_TRUE(o.at("next").is_string());
  auto rest = json(call("GET", "/api/account/games?before=" + std::string(o.at("next").as_string()), "", alice));
  EXPECT_EQ(rest.at("games").as_array().size(), 10u);
  EXPECT_TRUE(rest.at("next").is_null());
  EXPECT_EQ(o.at("games").as_array()[0].as_object().at("game"), "G60");
  EXPECT_EQ(rest.at("games").as_array()[9].as_object().at("game"), "G1");
}

TEST_F(AccountHistory, ProfileIsPublicButTheClaimedTitleIsNeverShownAsATitle) {
  Browser alice = registered("alice");
  ASSERT_EQ(
      call("POST", "/api/account/profile",
           R"({"display_name":"Alice A.","federation":"NOR","fide_id":"1503014","language":"de","title":"GM"})", alice)
          .status,
      200);
  EXPECT_EQ(call("POST", "/api/account/profile", R"({"federation":"Norway"})", alice).status, 400);
  EXPECT_EQ(call("POST", "/api/account/profile", R"({"fide_id":"12ab"})", alice).status, 400);
  EXPECT_EQ(call("POST", "/api/account/profile", R"({"language":"fr"})", alice).status, 400);
  auto seen = json(call("GET", "/api/players/ALICE", "", Browser{}));
  EXPECT_EQ(seen.at("username"), "alice");
  const auto& profile = seen.at("profile").as_object();
  EXPECT_EQ(profile.at("federation"), "NOR");
  EXPECT_EQ(profile.at("fide_id"), "1503014");
  EXPECT_FALSE(profile.contains("title"));
  EXPECT_FALSE(profile.contains("claimed_title"));
  auto own = json(call("GET", "/api/account", "", alice));
  EXPECT_EQ(own.at("account").as_object().at("profile").as_object().at("claimed_title"), "GM");
}

TEST_F(AccountHistory, ATournamentSeesTheAccountWithItsProfileOnlyWithTheCsrfTokenAndRecordsItsSeats) {
  Browser hanna = registered("hanna");
  ASSERT_EQ(call("POST", "/api/account/profile", R"({"display_name":"Hanna Berg","federation":"SWE"})", hanna).status,
            200);
  auto as_request = [](const Browser& b) {
    HttpRequest r{"POST", "/api/tournaments/T/join", "{}", b.client};
    r.cookie = b.cookie;
    r.csrf = b.csrf;
    r.origin = b.origin;
    r.host = "127.0.0.1:8080";
    return r;
  };
  auto seen = service_->logged_in_account(as_request(hanna));
  ASSERT_TRUE(seen);
  EXPECT_EQ(seen->username, "hanna");
  EXPECT_EQ(seen->profile.display_name, "Hanna Berg");
  EXPECT_EQ(seen->profile.federation, "SWE");
  // Without the CSRF token, from a foreign page, or with no session, the join is anonymous.
  Browser forged = hanna;
  forged.csrf = "guess";
  EXPECT_FALSE(service_->logged_in_account(as_request(forged)));
  Browser foreign = hanna;
  foreign.origin = "https://evil.example";
  EXPECT_FALSE(service_->logged_in_account(as_request(foreign)));
  EXPECT_FALSE(service_->logged_in_account(as_request(Browser{})));
  // A tournament game's seat recorded for the account is listed in its history.
  games_.add("T1", {"WT1", "BT1", "10+5", "", false});
  service_->record_seat(seen->id, "T1", "BT1");
  auto mine = json(call("GET", "/api/account/games", "", hanna)).at("games").as_array();
  ASSERT_EQ(mine.size(), 1u);
  EXPECT_EQ(mine[0].at("game"), "T1");
  EXPECT_EQ(mine[0].at("color"), "black");
  EXPECT_EQ(mine[0].at("seat"), "BT1");
}

TEST_F(AccountHistory, PgnExportIsStreamedAPageAtATime) {
  Browser alice = registered("alice");
  const std::string id = store_->account_by_key("alice")->value().id;
  constexpr int GAMES = 10'000;
  for (int i = 0; i < GAMES; ++i) {
    std::string g = "X";  // appended, not "X" + ...: GCC 12 warns -Wrestrict falsely on that here
    g += std::to_string(i);
    games_.add(g, {"w" + g, "b" + g, i % 2 ? "3+2" : "15+10", i % 3 ? "1-0" : "", false});
    ASSERT_TRUE(store_->add_game({id, g, "w" + g, 1000 + i}));
  }
  HttpAnswer a = call("GET", "/api/players/alice/games.pgn", "", Browser{});
  ASSERT_EQ(a.status, 200);
  EXPECT_EQ(a.content_type, "application/x-chess-pgn");
  ASSERT_TRUE(a.stream);
  EXPECT_EQ(games_.archive_calls.load(), 0);  // nothing is read before the first piece is asked for
  int pieces = 0, games = 0;
  std::size_t largest = 0;
  while (auto piece = a.stream()) {
    ++pieces;
    int in_piece = 0;
    for (std::size_t at = piece->find("[Event "); at != std::string::npos; at = piece->find("[Event ", at + 1))
      ++in_piece;
    EXPECT_LE(in_piece, 20);
    EXPECT_LE(games_.archive_calls.load(), 20 * pieces);  // read as sent, never ahead
    EXPECT_NE(piece->find("[White \"alice\"]"), std::string::npos);
    games += in_piece;
    largest = std::max(largest, piece->size());
  }
  EXPECT_EQ(games, GAMES);
  EXPECT_EQ(pieces, GAMES / 20);
  EXPECT_LT(largest, 20u * 200u);  // one page of games, whatever the total

  HttpAnswer blitz = call("GET", "/api/players/alice/games.pgn?category=blitz&result=win", "", Browser{});
  int count = 0;
  while (auto piece = blitz.stream())
    for (std::size_t at = piece->find("[Event "); at != std::string::npos; at = piece->find("[Event ", at + 1)) ++count;
  int expected = 0;
  for (int i = 0; i < GAMES; ++i) expected += (i % 2 && i % 3) ? 1 : 0;
  EXPECT_EQ(count, expected);
}

TEST(HistoryCategory, ByEstimatedDuration) {
  EXPECT_EQ(history_category("1+0", false), "bullet");
  EXPECT_EQ(history_category("2+1", false), "bullet");  // 120 + 40 s
  EXPECT_EQ(history_category("3+0", false), "blitz");
  EXPECT_EQ(history_category("5+3", false), "blitz");  // 300 + 120 = 420 s
  EXPECT_EQ(history_category("10+0", false), "rapid");
  EXPECT_EQ(history_category("15+10", false), "rapid");  // 900 + 400 = 1300 s
  EXPECT_EQ(history_category("30+0", false), "classical");
  EXPECT_EQ(history_category("none", false), "unlimited");
  EXPECT_EQ(history_category("", true), "correspondence");
}

}  // namespace
}  // namespace tabiya::server::testing
