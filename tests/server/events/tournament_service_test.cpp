// The tournament service: an arbiter's event, players joining by link, tokens
// that act only for their holder, rounds published as games on the game
// service, results flowing in from finished games or entered by the arbiter,
// the TRF download, and the event surviving a restart.
#include "server/events/tournament_service.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <optional>
#include <sstream>

#include "pgn_check.h"
#include "play/fair_start.h"
#include "support/event_service_fixture.h"
#include "support/service_test_support.h"
#include "tournament/trf.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;

class TournamentServiceTest : public EventServiceFixture {
 protected:
  TournamentServiceTest() : EventServiceFixture("tabiya-tournament-") {}
  void configure(TournamentServiceOptions& t) override {
    t.account_of = [this](const HttpRequest& request) -> std::optional<TournamentAccount> {
      auto it = accounts_.find(std::string(request.cookie));
      if (it == accounts_.end()) return std::nullopt;
      return it->second;
    };
    t.account_seat = [this](const std::string& account, const std::string& game, const std::string& seat) {
      account_seats_.push_back({account, game, seat});
    };
  }

  json::object event(const std::string& id) {
    HttpAnswer a = call("GET", "/api/tournaments/" + id);
    EXPECT_EQ(a.status, 200) << a.body;
    return json::parse(a.body).as_object();
  }
  struct Made {
    std::string id, arbiter, join;
    std::vector<std::string> players;  // tokens in joining order
  };
  // An event with `names` joined by the join link.
  Made make_event(const std::string& system, const std::vector<std::string>& names, int rounds = 0) {
    json::object request{
        {"v", 1}, {"name", "Club Championship"}, {"system", system}, {"time", "5+3"}, {"rules", "fide-2018"}};
    if (rounds) request["rounds"] = rounds;
    json::object created = post("/api/tournaments", request, 201);
    Made m{str(created.at("id")), str(created.at("arbiter")), str(created.at("join")), {}};
    int rating = 2000;
    for (const std::string& name : names) {
      json::object joined =
          post("/api/tournaments/" + m.id + "/join",
               {{"code", m.join}, {"name", name}, {"rating", rating -= 50}, {"federation", "NOR"}}, 201);
      m.players.push_back(str(joined.at("token")));
    }
    return m;
  }
  // The player number a token holds.
  int number_of(const Made& m, const std::string& token) {
    json::object me = post("/api/tournaments/" + m.id + "/me", {{"token", token}}, 200);
    return int(me.at("player").as_int64());
  }

  std::map<std::string, TournamentAccount> accounts_;  // by Cookie header: the stand-in for the accounts
  struct AccountSeat {
    std::string account, game, seat;
  };
  std::vector<AccountSeat> account_seats_;
};

TEST_P(TournamentServiceTest, CreatingAnEventChecksEveryFieldAndNamesTheBadOne) {
  auto bad = [&](const std::string& body, const std::string& field) {
    HttpAnswer a = call("POST", "/api/tournaments", body);
    EXPECT_EQ(a.status, 400) << body;
    json::object o = json::parse(a.body).as_object();
    EXPECT_EQ(str(o.at("error")), "bad_request") << a.body;
    EXPECT_EQ(str(o.at("data").at("field")), field) << a.body;
  };
  bad(R"({"v":1,"system":"round-robin"})", "name");
  bad(R"({"v":1,"name":"X","system":"knockout"})", "system");
  bad(R"({"v":1,"name":"X","system":"swiss-dutch"})", "rounds");
  bad(R"({"v":1,"name":"X","system":"swiss-dutch","rounds":99})", "rounds");
  bad(R"({"v":1,"name":"X","system":"round-robin","time":"soon"})", "time");
  bad(R"({"v":1,"name":"X","system":"round-robin","rules":"fide-1900"})", "rules");
  bad(R"({"v":1,"name":"X","system":"round-robin","tie_breaks":["XYZ"]})", "tie_breaks");
  bad(R"({"v":1,"name":"X","system":"round-robin","tie_break_edition":"2019"})", "tie_break_edition");
  bad(R"({"v":1,"name":"X","system":"round-robin","tie_break_edition":2024})", "tie_break_edition");
  EXPECT_EQ(call("POST", "/api/tournaments", "{nope").status, 400);
  EXPECT_EQ(call("GET", "/api/tournaments").status, 405);
  EXPECT_EQ(call("GET", "/api/tournaments/nosuchid").status, 404);
  EXPECT_EQ(call("GET", "/api/tournaments/..%2F..").status, 404);
  // Everything else still reaches the game service.
  EXPECT_EQ(call("GET", "/api/levels").status, 200);
}

// The FIDE Tie-Break Regulations changed in 2024 and again from 1 March 2026
// (C.07); an event names the edition its tie-breaks follow, the newest unless
// the arbiter chooses another, and the TRF keeps it (XXE).
TEST_P(TournamentServiceTest, AnEventKeepsTheTieBreakEditionItWasCreatedWith) {
  for (const std::string edition : {"", "2024", "2022"}) {
    json::object request{{"v", 1}, {"name", "Open"}, {"system", "swiss-dutch"}, {"rounds", 5}};
    if (!edition.empty()) request["tie_break_edition"] = edition;
    json::object created = post("/api/tournaments", request, 201);
    const std::string base = "/api/tournaments/" + str(created.at("id"));
    post(base + "/join", {{"code", created.at("join")}, {"name", "Anna"}, {"rating", 1900}}, 201);
    json::object e = event(str(created.at("id")));
    EXPECT_EQ(str(e.at("standings").at("edition")), edition.empty() ? "2026" : edition);
    HttpAnswer trf = call("GET", base + "/trf");
    ASSERT_EQ(trf.status, 200);
    EXPECT_EQ(trf.body.find("XXE " + edition) != std::string::npos, !edition.empty()) << trf.body;
  }
}

TEST_P(TournamentServiceTest, PlayersJoinByLinkAndEachTokenActsOnlyForItsHolder) {
  Made m = make_event("round-robin", {"Anna", "Bjorn", "Carl", "Dina"});
  const std::string base = "/api/tournaments/" + m.id;
  // The join code is needed to join; a wrong one is refused.
  EXPECT_EQ(str(post(base + "/join", {{"code", "guess"}, {"name", "Eve"}}, 403).at("data").at("reason")),
            "bad_join_code");
  EXPECT_EQ(str(post(base + "/join", {{"code", m.join}, {"name", ""}}, 400).at("data").at("field")), "name");
  EXPECT_EQ(str(post(base + "/join", {{"code", m.join}, {"name", "Eve"}, {"federation", "norway"}}, 400)
                    .at("data")
                    .at("field")),
            "federation");
  // The arbiter enters a player himself; a player cannot.
  json::object entered = post(base + "/players", {{"token", m.arbiter}, {"name", "Frode"}, {"rating", 1500}}, 201);
  EXPECT_FALSE(str(entered.at("token")).empty());
  EXPECT_EQ(str(post(base + "/players", {{"token", m.players[0]}, {"name", "Gro"}}, 403).at("data").at("reason")),
            "not_arbiter");
  EXPECT_EQ(post(base + "/players", {{"token", "forged"}, {"name", "Gro"}}, 403).at("data").at("reason"), "bad_token");
  // A player cannot close registration, publish, enter results, or withdraw someone else.
  for (const char* what : {"/close", "/publish", "/result"})
    EXPECT_EQ(str(post(base + what, {{"token", m.players[1]}}, 403).at("data").at("reason")), "not_arbiter");
  const int anna = number_of(m, m.players[0]);
  const int bjorn = number_of(m, m.players[1]);
  EXPECT_EQ(str(post(base + "/withdraw", {{"token", m.players[0]}, {"player", bjorn}}, 403).at("data").at("reason")),
            "not_your_player");
  // The arbiter sees the join code and every player's link; a player only himself.
  json::object arbiter = post(base + "/me", {{"token", m.arbiter}}, 200);
  EXPECT_EQ(str(arbiter.at("role")), "arbiter");
  EXPECT_EQ(str(arbiter.at("join")), m.join);
  EXPECT_EQ(arbiter.at("players").as_array().size(), 5u);
  json::object me = post(base + "/me", {{"token", m.players[0]}}, 200);
  EXPECT_EQ(str(me.at("role")), "player");
  EXPECT_EQ(me.at("player").as_int64(), anna);
  EXPECT_FALSE(me.contains("join"));
  EXPECT_FALSE(me.contains("players"));
  // The arbiter strikes the late entry off again before the start; the public page shows no secrets.
  post(base + "/withdraw", {{"token", m.arbiter}, {"player", number_of(m, str(entered.at("token")))}}, 200);
  json::object e = event(m.id);
  EXPECT_EQ(e.at("players").as_array().size(), 4u);
  EXPECT_EQ(str(e.at("state")), "registration");
  const std::string page = json::serialize(e);
  for (const std::string& secret : {m.arbiter, m.join, m.players[0]}) EXPECT_EQ(page.find(secret), std::string::npos);
}

TEST_P(TournamentServiceTest, RoundRobinRoundsStartGamesAndTheirResultsEnterTheStandings) {
  Made m = make_event("round-robin", {"Anna", "Bjorn", "Carl", "Dina"});
  const std::string base = "/api/tournaments/" + m.id;
  EXPECT_EQ(str(post(base + "/publish", {{"token", m.arbiter}}, 409).at("data").at("reason")), "registration_open");
  EXPECT_EQ(post(base + "/close", {{"token", m.arbiter}}, 200).at("rounds").as_int64(), 3);  // Berger: n-1 rounds
  EXPECT_EQ(str(post(base + "/join", {{"code", m.join}, {"name", "Late"}}, 409).at("data").at("reason")),
            "registration_closed");
  EXPECT_EQ(post(base + "/publish", {{"token", m.arbiter}}, 200).at("round").as_int64(), 1);
  json::object e = event(m.id);
  EXPECT_EQ(str(e.at("state")), "running");
  const json::array& boards = e.at("pairings").as_array().at(0).at("boards").as_array();
  ASSERT_EQ(boards.size(), 2u);
  // Each player's page gives his own seat in his game, and only his.
  const std::string& anna_token = m.players[0];
  const int anna = number_of(m, anna_token);
  json::object mine = post(base + "/me", {{"token", anna_token}}, 200);
  ASSERT_EQ(mine.at("games").as_array().size(), 1u);
  const json::object& game = mine.at("games").as_array().at(0).as_object();
  const bool anna_white = game.at("white").as_int64() == anna;
  const std::string game_id = str(game.at("game"));
  const std::string seat = str(game.at("seat"));
  // The game runs on the game service with the event's clock and rules, as an invited game.
  HttpAnswer g = call("GET", "/api/games/" + game_id);
  ASSERT_EQ(g.status, 200);
  json::object gj = json::parse(g.body).as_object();
  EXPECT_EQ(str(gj.at("time")), "5+3");
  EXPECT_EQ(str(gj.at("rules")), "fide-2018");
  EXPECT_FALSE(gj.at("casual").as_bool());
  // It carries the players' names and the event for the game page.
  for (const char* colour : {"white", "black"}) {
    const int number = int(game.at(colour).as_int64());
    EXPECT_EQ(str(gj.at("players").at(colour).at("name")),
              str(event(m.id).at("players").at(std::size_t(number - 1)).at("name")));
  }
  EXPECT_EQ(str(gj.at("tournament").at("id")), m.id);
  EXPECT_EQ(str(gj.at("tournament").at("name")), "Club Championship");
  EXPECT_EQ(gj.at("tournament").at("round").as_int64(), 1);
  // The next round waits for this one's results.
  EXPECT_EQ(str(post(base + "/publish", {{"token", m.arbiter}}, 409).at("data").at("reason")), "round_unfinished");
  // Both players come (the invited game's clocks start) and Anna resigns: the result enters the event.
  std::string other_seat;
  for (const std::string& tok : m.players) {
    if (tok == anna_token) continue;
    const json::object theirs = post(base + "/me", {{"token", tok}}, 200);
    for (const json::value& gg : theirs.at("games").as_array())
      if (str(gg.at("game")) == game_id) other_seat = str(gg.at("seat"));
  }
  ASSERT_FALSE(other_seat.empty());
  seat_both_and_resign(*router_, game_id, seat, other_seat);
  e = event(m.id);
  for (const json::value& b : e.at("pairings").as_array().at(0).at("boards").as_array())
    if (str(b.at("game")) == game_id) {
      EXPECT_EQ(str(b.at("result")), anna_white ? "0-1" : "1-0") << json::serialize(b);
    }
  // The arbiter enters the other board's result from the hall (over the board).
  int other_white = 0;
  for (const json::value& b : e.at("pairings").as_array().at(0).at("boards").as_array())
    if (str(b.at("game")) != game_id) other_white = int(b.at("white").as_int64());
  EXPECT_EQ(
      str(post(base + "/result", {{"token", m.arbiter}, {"round", 1}, {"white", other_white}, {"result", "2-0"}}, 400)
              .at("data")
              .at("field")),
      "result");
  EXPECT_EQ(str(post(base + "/result", {{"token", m.arbiter}, {"round", 1}, {"white", 99}, {"result", "1/2"}}, 404)
                    .at("error")),
            "unknown_pairing");
  post(base + "/result", {{"token", m.arbiter}, {"round", 1}, {"white", other_white}, {"result", "1/2"}}, 200);
  e = event(m.id);
  // Standings: the winner of the resigned game 1, the drawn pair 0.5 each, the resigner 0.
  const json::array& rows = e.at("standings").at("rows").as_array();
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(str(rows.at(0).at("score")), "1.0");
  EXPECT_EQ(str(rows.at(3).at("score")), "0.0");
  EXPECT_EQ(rows.at(3).at("number").as_int64(), anna);
  // Round 2 can now be published.
  EXPECT_EQ(post(base + "/publish", {{"token", m.arbiter}}, 200).at("round").as_int64(), 2);
  // The TRF download holds the results and no secret, and reads back to itself.
  HttpAnswer trf = call("GET", base + "/trf");
  ASSERT_EQ(trf.status, 200);
  EXPECT_EQ(trf.body.find("XT"), std::string::npos);
  EXPECT_EQ(trf.body.find(m.arbiter), std::string::npos);
  auto read = tournament::read_trf(trf.body, "download");
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(tournament::write_trf(*read), trf.body);
  ASSERT_EQ(read->players.size(), 4u);
  EXPECT_EQ(read->player(anna)->entry(1).result, '0');
  EXPECT_EQ(read->name(), "Club Championship");
  // All games' PGN carry the players' names and the round.
  HttpAnswer pgn = call("GET", base + "/pgn");
  ASSERT_EQ(pgn.status, 200);
  EXPECT_NE(pgn.body.find("[Event \"Club Championship\"]"), std::string::npos);
  EXPECT_NE(pgn.body.find("[Round \"1\"]"), std::string::npos);
  EXPECT_NE(pgn.body.find("[White \"" + str(e.at("players").at(std::size_t(other_white - 1)).at("name")) + "\"]"),
            std::string::npos);
}

// A game lost by default because a player never made his first move (Art. 6.7.1, FIDE 2018) was not played: the
// event records it as the forfeit it is, "-" and "+" in the TRF (as C.02's unplayed games), not a played 0-1.
TEST_P(TournamentServiceTest, AFirstMoveNeverMadeEntersTheEventAsAForfeit_Art6_7_FIDE2018) {
  Made m = make_event("round-robin", {"Anna", "Bjorn"});
  const std::string base = "/api/tournaments/" + m.id;
  post(base + "/close", {{"token", m.arbiter}}, 200);
  post(base + "/publish", {{"token", m.arbiter}}, 200);
  std::string game_id, seats[COLOR_NB];
  int numbers[COLOR_NB] = {0, 0};
  for (const std::string& token : m.players) {
    const json::object mine = post(base + "/me", {{"token", token}}, 200);
    const json::object& g = mine.at("games").as_array().at(0).as_object();
    game_id = str(g.at("game"));
    const Color c = g.at("white").as_int64() == mine.at("player").as_int64() ? WHITE : BLACK;
    seats[c] = str(g.at("seat"));
    numbers[c] = int(mine.at("player").as_int64());
  }
  // Both come, so the clocks would start; White never makes his first move.
  Client white{std::make_shared<RecordingPeer>(), nullptr}, black{std::make_shared<RecordingPeer>(), nullptr};
  for (Client* c : {&white, &black}) {
    c->session = router_->open("/ws/" + game_id, c->peer);
    ASSERT_NE(c->session, nullptr);
    router_->message(*c->session, R"({"t":"hello","v":1,"seats":[")" + seats[c == &white ? WHITE : BLACK] + R"("]})");
    settle();
  }
  clock_->advance(play::LIVE_FIRST_MOVE_LIMIT);
  games_->check_clocks();
  settle();
  const std::optional<GameEnding> ending = games_->game_ending(game_id);
  ASSERT_TRUE(ending);
  EXPECT_EQ(ending->score, "0-1");
  EXPECT_EQ(ending->termination, "first_move_timeout");
  EXPECT_FALSE(ending->played);
  const json::object e = event(m.id);
  EXPECT_EQ(str(e.at("pairings").as_array().at(0).at("boards").as_array().at(0).at("result")), "-+");
  HttpAnswer trf = call("GET", base + "/trf");
  auto read = tournament::read_trf(trf.body, "download");
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read->player(numbers[WHITE])->entry(1).result, '-');
  EXPECT_EQ(read->player(numbers[BLACK])->entry(1).result, '+');
  for (Client* c : {&white, &black}) router_->closed(*c->session);
  settle();
}

TEST_P(TournamentServiceTest, TheEventSurvivesARestartAndHearsOfGamesThatEndedMeanwhile) {
  Made m = make_event("round-robin", {"Anna", "Bjorn", "Carl", "Dina"});
  const std::string base = "/api/tournaments/" + m.id;
  post(base + "/close", {{"token", m.arbiter}}, 200);
  post(base + "/publish", {{"token", m.arbiter}}, 200);
  json::object before = event(m.id);
  if (GetParam() == EventBackend::files) {
    EXPECT_TRUE(std::filesystem::exists(dir_ / "tournaments" / (m.id + ".trf")));
  } else {
    auto stored = event_store_for(GetParam(), database_)->load_if_newer(m.id, 0);
    ASSERT_TRUE(stored) << stored.error().message;
    ASSERT_TRUE(stored->has_value());
    EXPECT_EQ((*stored)->version, before.at("version").as_int64());
    EXPECT_TRUE(std::filesystem::is_empty(dir_));  // nothing on the node's disk
  }
  // A game ends while the tournaments are not listening (as if the server stopped at that moment).
  listening_ = false;
  json::object mine = post(base + "/me", {{"token", m.players[0]}}, 200);
  const json::object& game = mine.at("games").as_array().at(0).as_object();
  const std::string game_id = str(game.at("game"));
  std::string seats[2];
  for (const std::string& tok : m.players) {
    json::object pm = post(base + "/me", {{"token", tok}}, 200);
    for (const json::value& gg : pm.at("games").as_array())
      if (str(gg.at("game")) == game_id)
        seats[gg.at("white").as_int64() == pm.at("player").as_int64() ? 0 : 1] = str(gg.at("seat"));
  }
  seat_both_and_resign(*games_, game_id, seats[0], seats[1]);
  restart();
  listening_ = true;
  json::object after = event(m.id);
  // The same players with the same numbers; only the score of the game that ended meanwhile differs.
  auto without_scores = [](json::array players) {
    for (json::value& p : players) p.as_object().erase("score");
    return players;
  };
  EXPECT_EQ(without_scores(after.at("players").as_array()), without_scores(before.at("players").as_array()));
  EXPECT_EQ(after.at("published").as_int64(), 1);
  bool found = false;
  for (const json::value& bd : after.at("pairings").as_array().at(0).at("boards").as_array())
    if (str(bd.at("game")) == game_id) {
      found = true;
      EXPECT_EQ(str(bd.at("result")), "0-1");  // White resigned
    }
  EXPECT_TRUE(found);
  // The tokens still work after the restart, and still only for their holders.
  EXPECT_EQ(str(post(base + "/me", {{"token", m.arbiter}}, 200).at("role")), "arbiter");
  EXPECT_EQ(str(post(base + "/me", {{"token", m.players[2]}}, 200).at("role")), "player");
  EXPECT_EQ(post(base + "/close", {{"token", m.players[2]}}, 403).at("error"), "forbidden");
  EXPECT_TRUE(log_.empty()) << log_.front();
}

TEST_P(TournamentServiceTest, SwissRoundsArePairedByTheDutchSystemWithByesAndWithdrawals) {
  Made m = make_event("swiss-dutch", {"Anna", "Bjorn", "Carl", "Dina", "Eli"}, 3);
  const std::string base = "/api/tournaments/" + m.id;
  // Start numbers follow the ratings (Anna rated highest).
  EXPECT_EQ(number_of(m, m.players[0]), 1);
  EXPECT_EQ(number_of(m, m.players[4]), 5);
  post(base + "/close", {{"token", m.arbiter}}, 200);
  // Eli asks for a half-point bye in round 2, but cannot ask one for Anna.
  post(base + "/bye", {{"token", m.players[4]}, {"round", 2}, {"kind", "H"}}, 200);
  post(base + "/bye", {{"token", m.players[4]}, {"player", 1}, {"round", 2}, {"kind", "H"}}, 403);
  post(base + "/publish", {{"token", m.arbiter}}, 200);
  json::object e = event(m.id);
  const json::object& r1 = e.at("pairings").as_array().at(0).as_object();
  EXPECT_EQ(r1.at("boards").as_array().size(), 2u);
  ASSERT_EQ(r1.at("byes").as_array().size(), 1u);  // the pairing-allocated bye of the odd player out
  EXPECT_EQ(str(r1.at("byes").at(0).at("kind")), "U");
  // Round 1 decided by the arbiter: White wins both boards; Dina (4) withdraws.
  for (const json::value& b : r1.at("boards").as_array())
    post(base + "/result", {{"token", m.arbiter}, {"round", 1}, {"white", b.at("white")}, {"result", "1-0"}}, 200);
  post(base + "/withdraw", {{"token", m.players[3]}}, 200);
  post(base + "/publish", {{"token", m.arbiter}}, 200);
  e = event(m.id);
  const json::object& r2 = e.at("pairings").as_array().at(1).as_object();
  // Anna, Bjorn and Carl remain to be paired: one game and one pairing-allocated bye; Eli has his H.
  EXPECT_EQ(r2.at("boards").as_array().size(), 1u);
  bool eli_half = false;
  for (const json::value& b : r2.at("byes").as_array())
    if (b.at("player").as_int64() == 5 && str(b.at("kind")) == "H") eli_half = true;
  EXPECT_TRUE(eli_half) << json::serialize(r2);
  for (const json::value& b : r2.at("boards").as_array()) {
    EXPECT_NE(b.at("white").as_int64(), 4);
    EXPECT_NE(b.at("black").as_int64(), 4);
  }
  EXPECT_FALSE(e.at("players").at(3).at("withdrawn").is_null());
}

// A Swiss player who withdraws leaves after the round being played; a bye he asked for in a later round is void
// (he is no longer in the event to take it), and he is not paired again (the tournament office decides both, as
// for `tabiya tournament withdraw`).
TEST_P(TournamentServiceTest, ASwissWithdrawalVoidsALaterRequestedBye) {
  Made m = make_event("swiss-dutch", {"Anna", "Bjorn", "Carl", "Dina", "Eli"}, 3);
  const std::string base = "/api/tournaments/" + m.id;
  post(base + "/close", {{"token", m.arbiter}}, 200);
  post(base + "/publish", {{"token", m.arbiter}}, 200);
  post(base + "/bye", {{"token", m.players[4]}, {"round", 3}, {"kind", "H"}}, 200);
  json::object e = event(m.id);
  ASSERT_EQ(e.at("requested_byes").as_array().size(), 1u);
  json::object out = post(base + "/withdraw", {{"token", m.players[4]}}, 200);
  EXPECT_EQ(out.at("after_round").as_int64(), 1);
  e = event(m.id);
  EXPECT_TRUE(e.at("requested_byes").as_array().empty()) << json::serialize(e.at("requested_byes"));
  EXPECT_EQ(e.at("players").at(4).at("withdrawn").as_int64(), 1);
  for (const json::value& b : e.at("pairings").at(0).at("boards").as_array())
    post(base + "/result", {{"token", m.arbiter}, {"round", 1}, {"white", b.at("white")}, {"result", "1-0"}}, 200);
  post(base + "/publish", {{"token", m.arbiter}}, 200);
  e = event(m.id);
  const json::object& r2 = e.at("pairings").as_array().at(1).as_object();
  for (const json::value& b : r2.at("boards").as_array()) {
    EXPECT_NE(b.at("white").as_int64(), 5);
    EXPECT_NE(b.at("black").as_int64(), 5);
  }
  for (const json::value& b : r2.at("byes").as_array()) EXPECT_NE(b.at("player").as_int64(), 5);
}

// Every change is written durably (files/durable_file.h): the data directory holds the events' files and nothing
// else, no temporary file left beside them.
TEST_P(TournamentServiceTest, StoredEventsLeaveNoTemporaryFiles) {
  if (GetParam() != EventBackend::files) GTEST_SKIP() << "a property of the files";
  Made m = make_event("round-robin", {"Anna", "Bjorn", "Carl"});
  post("/api/tournaments/" + m.id + "/close", {{"token", m.arbiter}}, 200);
  std::vector<std::string> names;
  for (const auto& item : std::filesystem::directory_iterator(dir_ / "tournaments"))
    names.push_back(item.path().filename().string());
  EXPECT_EQ(names, std::vector<std::string>{m.id + ".trf"});
}

}  // namespace
}  // namespace tabiya::server::testing

namespace tabiya::server::testing {
namespace {

// The event's PGN holds every result. One the arbiter entered while the game was never
// played here is a game of no moves with its result marker and [Termination "adjudication"] (a forfeit:
// "abandoned"), and reads back under `tabiya pgn check` without a problem.
TEST_P(TournamentServiceTest, ThePgnHoldsArbiterEnteredResultsAsResultOnlyGames) {
  Made m = make_event("round-robin", {"Anna", "Bjorn", "Carl", "Dina"});
  const std::string base = "/api/tournaments/" + m.id;
  post(base + "/close", {{"token", m.arbiter}}, 200);
  post(base + "/publish", {{"token", m.arbiter}}, 200);
  json::object e = event(m.id);
  const json::array& boards = e.at("pairings").as_array().at(0).at("boards").as_array();
  ASSERT_EQ(boards.size(), 2u);
  const int first = int(boards.at(0).at("white").as_int64());
  const int second = int(boards.at(1).at("white").as_int64());
  post(base + "/result", {{"token", m.arbiter}, {"round", 1}, {"white", first}, {"result", "1-0"}}, 200);
  post(base + "/result", {{"token", m.arbiter}, {"round", 1}, {"white", second}, {"result", "+-"}}, 200);
  HttpAnswer pgn = call("GET", base + "/pgn");
  ASSERT_EQ(pgn.status, 200);
  EXPECT_EQ(pgn.body.find("[Result \"*\"]"), std::string::npos) << pgn.body;
  EXPECT_NE(pgn.body.find("[Termination \"adjudication\"]"), std::string::npos) << pgn.body;
  EXPECT_NE(pgn.body.find("{result entered by the arbiter} 1-0"), std::string::npos) << pgn.body;
  EXPECT_NE(pgn.body.find("[Termination \"abandoned\"]"), std::string::npos) << pgn.body;
  EXPECT_NE(pgn.body.find("{forfeit: the game was not played} 1-0"), std::string::npos) << pgn.body;
  std::istringstream in(pgn.body);
  std::ostringstream report;
  const cli::PgnCheckSummary summary = cli::check_pgn(in, "event.pgn", RulesEdition::FIDE_2018, report);
  EXPECT_EQ(summary.games, 2) << report.str();
  EXPECT_EQ(summary.games_with_problems, 0) << report.str();
}

// Creating events counts against the client's creation budget, the one its games use too; the games
// of a published round are the server's own requests and are never held back.
TEST_P(TournamentServiceTest, CreatingEventsIsRateLimitedPerClientButPublishingRoundsIsNot) {
  limiter_ = std::make_shared<RateLimiter>(RateLimits{2, 1.0 / 3600.0, 1000}, [] { return int64_t{0}; });
  restart();
  const std::string body = R"({"v":1,"name":"Blitz","system":"round-robin","time":"5+3"})";
  const std::string client = "203.0.113.5";
  EXPECT_EQ(tournaments_->http({"POST", "/api/tournaments", body, client}).status, 201);
  EXPECT_EQ(tournaments_->http({"POST", "/api/tournaments", body, client}).status, 201);
  HttpAnswer refused = tournaments_->http({"POST", "/api/tournaments", body, client});
  ASSERT_EQ(refused.status, 429) << refused.body;
  json::object o = json::parse(refused.body).as_object();
  EXPECT_EQ(str(o.at("error")), "rate_limited");
  EXPECT_EQ(str(o.at("data").at("reason")), "creations");
  EXPECT_EQ(o.at("data").at("retry_ms").as_int64(), 3'600'000);
  ASSERT_EQ(refused.headers.size(), 1u);
  EXPECT_EQ(refused.headers[0].first, "Retry-After");
  EXPECT_EQ(refused.headers[0].second, "3600");
  // One budget: the same client's games are refused too.
  EXPECT_EQ(router_->http({"POST", "/api/games", R"({"v":1,"opponent":"invite"})", client}).status, 429);
  std::string metrics;
  router_->write_metrics(metrics);
  EXPECT_NE(metrics.find("tabiya_tournaments_rate_limited_total 1\n"), std::string::npos) << metrics;
  EXPECT_NE(metrics.find("tabiya_games_rate_limited_total 1\n"), std::string::npos) << metrics;
  // An event made by another client runs its rounds: its games are the server's requests.
  Made m = make_event("round-robin", {"Anna", "Bjorn", "Carl", "Dina"});
  const std::string base = "/api/tournaments/" + m.id;
  post(base + "/close", {{"token", m.arbiter}}, 200);
  EXPECT_EQ(post(base + "/publish", {{"token", m.arbiter}}, 200).at("round").as_int64(), 1);
  EXPECT_EQ(event(m.id).at("pairings").as_array().at(0).at("boards").as_array().size(), 2u);
}

TEST_P(TournamentServiceTest, AnEventsSettingsHaveTheirLimits) {
  auto refused = [&](const std::string& body, const std::string& field) {
    HttpAnswer a = call("POST", "/api/tournaments", body);
    EXPECT_EQ(a.status, 400) << body;
    json::object o = json::parse(a.body).as_object();
    EXPECT_EQ(str(o.at("error")), "bad_request") << a.body;
    EXPECT_EQ(str(o.at("data").at("field")), field) << a.body;
    return o.at("data").as_object();
  };
  json::object data =
      refused(R"({"v":1,"name":"X","system":"round-robin","time":"40/90:20/60:20/30:20/15:20/10:30+30"})", "time");
  EXPECT_EQ(str(data.at("reason")), "limit");
  EXPECT_EQ(data.at("limit").as_int64(), 5);
  std::string many = R"({"v":1,"name":"X","system":"round-robin","tie_breaks":[)";
  for (int i = 0; i < 13; ++i) many += std::string(i ? "," : "") + R"("SB")";
  data = refused(many + "]}", "tie_breaks");
  EXPECT_EQ(data.at("limit").as_int64(), 12);
  refused(R"({"v":1,"name":"Club\u001b[2J","system":"round-robin"})", "name");
  Made m = make_event("round-robin", {"Anna"});
  json::object joined = post("/api/tournaments/" + m.id + "/join", {{"code", m.join}, {"name", "Bj\u00f8rn\tX"}}, 400);
  EXPECT_EQ(str(joined.at("data").at("field")), "name");
}

}  // namespace
}  // namespace tabiya::server::testing

namespace tabiya::server::testing {
namespace {

TEST_P(TournamentServiceTest, ALoggedInPlayerJoinsWithHisProfileAndHisGamesAreRecordedForHisAccount) {
  accounts_["session=hanna"] = TournamentAccount{"acc-7", "Hanna Berg", "SWE", "1503014"};
  Made m = make_event("round-robin", {"Anna", "Bjorn"});
  const std::string base = "/api/tournaments/" + m.id;
  // Logged in: name, federation and FIDE ID from the profile; the rating as entered; no title from anywhere but
  // the form.
  // A request holds views: its target and bodies live here.
  const std::string target = base + "/join";
  const std::string hanna_body =
      json::serialize(json::object{{"code", m.join}, {"name", "h"}, {"rating", 1720}, {"federation", "NOR"}});
  const std::string dag_body = json::serialize(json::object{{"code", m.join}, {"name", "Dag"}, {"federation", "DEN"}});
  HttpRequest join{"POST", target, hanna_body};
  join.cookie = "session=hanna";
  HttpAnswer joined = tournaments_->http(join);
  settle();
  ASSERT_EQ(joined.status, 201) << joined.body;
  const std::string hanna_token = str(json::parse(joined.body).at("token"));
  // Anonymous joining stays as it was, also with a cookie nobody is logged in with.
  HttpRequest anonymous{"POST", target, dag_body};
  anonymous.cookie = "session=stale";
  ASSERT_EQ(tournaments_->http(anonymous).status, 201);
  settle();
  bool hanna_seen = false, dag_seen = false;
  const json::object entered = event(m.id);
  for (const json::value& p : entered.at("players").as_array()) {
    if (str(p.at("name")) == "Hanna Berg") {
      hanna_seen = true;
      EXPECT_EQ(str(p.at("federation")), "SWE");
      EXPECT_EQ(str(p.at("fide_id")), "1503014");
      EXPECT_EQ(p.at("rating").as_int64(), 1720);
    }
    if (str(p.at("name")) == "Dag") {
      dag_seen = true;
      EXPECT_EQ(str(p.at("federation")), "DEN");
    }
  }
  EXPECT_TRUE(hanna_seen);
  EXPECT_TRUE(dag_seen);
  // The entry remembers the account across a restart: each published round's seat of hers goes to her account.
  restart();
  post(base + "/close", {{"token", m.arbiter}}, 200);
  post(base + "/publish", {{"token", m.arbiter}}, 200);
  json::object mine = post(base + "/me", {{"token", hanna_token}}, 200);
  ASSERT_EQ(mine.at("games").as_array().size(), 1u);  // four players: no byes
  const json::object& game = mine.at("games").as_array().at(0).as_object();
  ASSERT_EQ(account_seats_.size(), 1u);
  EXPECT_EQ(account_seats_[0].account, "acc-7");
  EXPECT_EQ(account_seats_[0].game, str(game.at("game")));
  EXPECT_EQ(account_seats_[0].seat, str(game.at("seat")));
  EXPECT_TRUE(log_.empty()) << log_.front();
}

}  // namespace
}  // namespace tabiya::server::testing

namespace tabiya::server::testing {
namespace {
INSTANTIATE_TEST_SUITE_P(EveryEventStore, TournamentServiceTest,
                         ::testing::Values(EventBackend::files, EventBackend::postgres), event_backend_name);
}  // namespace
}  // namespace tabiya::server::testing
