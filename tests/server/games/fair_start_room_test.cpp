// The room applies the fair start and the opponent-gone rule of src/play (docs/protocol.md, "The fair start",
// "Opponent gone"): abort, the first move's time limit in casual and tournament games, a restart, an absence.
#include <gtest/gtest.h>

#include "support/service_test_support.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;
using FairStartTest = ServiceFixture;

// A copy: the message a peer returns is a temporary.
json::object game_of(const std::optional<json::object>& state) { return state->at("game").as_object(); }
const json::object& result_of(const std::optional<json::object>& end) {
  return end->at("e").as_object().at("result").as_object();
}
std::string error_reason(const std::optional<json::object>& e) {
  return e ? std::string(e->at("data").as_object().at("reason").as_string()) : std::string("(no error)");
}
json::array sides(std::initializer_list<const char*> names) {
  json::array a;
  for (const char* n : names) a.push_back(json::value(n));
  return a;
}

constexpr const char* EVENT_GAME =
    R"({"v":1,"opponent":"invite","time":"3+2","casual":false,"tournament":{"id":"club","name":"Club","round":1}})";

// The reported bug: a 1+0 robot game where the player never moves ended "White's flag fell" with 0 moves.
TEST_F(FairStartTest, ARobotGameWhosePlayerNeverMovesIsAbortedNotFlagged) {
  json::object g = create(R"({"v":1,"opponent":"robot","level":1,"color":"white","time":"1+0"})");
  Client c = connect(str(g.at("id")));
  hello(c, {seat(g, "white")});
  const json::object game = game_of(c.peer->last("state"));
  EXPECT_EQ(game.at("abortable").as_array(), sides({"white"}));
  EXPECT_EQ(str(game.at("first_move").as_object().at("color")), "white");
  EXPECT_EQ(game.at("first_move").as_object().at("remaining").as_int64(), 30'000);
  EXPECT_TRUE(game.at("clock").as_object().at("running").is_null());  // the clock does not run yet
  clock_->advance(Millis{29'999});
  service_->check_clocks();
  settle();
  EXPECT_FALSE(c.peer->last("event", "end"));
  clock_->advance(Millis{1});
  service_->check_clocks();
  settle();
  auto end = c.peer->last("event", "end");
  ASSERT_TRUE(end);
  const json::object& r = result_of(end);
  EXPECT_EQ(str(r.at("score")), "*");
  EXPECT_EQ(str(r.at("termination")), "first_move_timeout");
  EXPECT_TRUE(r.at("article").is_null());
  EXPECT_EQ(str(r.at("culprit")), "white");
  HttpAnswer pgn = service_->http({"GET", "/api/games/" + str(g.at("id")) + "/pgn", ""});
  EXPECT_NE(pgn.body.find("[Result \"*\"]"), std::string::npos) << pgn.body;
  EXPECT_NE(pgn.body.find("[Termination \"abandoned\"]"), std::string::npos) << pgn.body;
}

TEST_F(FairStartTest, EitherPlayerOfAnInviteGameAbortsItForBoth) {
  auto [g, id, white, black] = invite(R"({"v":1,"opponent":"invite","time":"5+3"})");
  EXPECT_EQ(game_of(white.peer->last("state")).at("abortable").as_array(), sides({"white", "black"}));
  move(white, "e2e4", 0);
  auto mv = black.peer->last("event", "move");
  ASSERT_TRUE(mv);
  EXPECT_EQ(mv->at("e").as_object().at("abortable").as_array(), sides({"white", "black"}));
  EXPECT_EQ(str(mv->at("e").as_object().at("first_move").as_object().at("color")), "black");
  send(black, R"({"t":"abort","req":5})");
  for (Client* c : {&white, &black}) {
    auto end = c->peer->last("event", "end");
    ASSERT_TRUE(end);
    EXPECT_EQ(str(result_of(end).at("termination")), "aborted");
    EXPECT_EQ(str(result_of(end).at("score")), "*");
    EXPECT_EQ(str(result_of(end).at("culprit")), "black");
  }
  EXPECT_EQ(black.peer->last("event", "end")->at("req").as_int64(), 5);
  HttpAnswer a = service_->http({"GET", "/api/games/" + id, ""});
  EXPECT_NE(a.body.find("\"aborted\""), std::string::npos) << a.body;
}

TEST_F(FairStartTest, NoAbortOnceBothSidesHaveMoved) {
  auto [g, id, white, black] = invite(R"({"v":1,"opponent":"invite","time":"5+3"})");
  move(white, "e2e4", 0);
  move(black, "e7e5", 1);
  auto mv = white.peer->last("event", "move");
  EXPECT_TRUE(mv->at("e").as_object().at("abortable").as_array().empty());
  EXPECT_TRUE(mv->at("e").as_object().at("first_move").is_null());
  EXPECT_EQ(str(mv->at("e").as_object().at("clock").as_object().at("running")), "white");
  send(white, R"({"t":"abort","req":6})");
  auto err = white.peer->last("error");
  ASSERT_TRUE(err);
  EXPECT_EQ(str(err->at("code")), "not_allowed");
  EXPECT_EQ(error_reason(err), "moved");
}

// FIDE 2018 Art. 6.7.1: in an event's game the absent player loses by default; the result cites the article.
TEST_F(FairStartTest, ATournamentGamesFirstMoveTimeoutLosesByDefault_Art6_7_FIDE2018) {
  auto [g, id, white, black] = invite(EVENT_GAME);
  EXPECT_TRUE(game_of(white.peer->last("state")).at("abortable").as_array().empty());
  send(black, R"({"t":"abort","req":1})");
  EXPECT_EQ(error_reason(black.peer->last("error")), "tournament");
  move(white, "d2d4", 0);
  clock_->advance(Millis{30'000});
  service_->check_clocks();
  settle();
  auto end = white.peer->last("event", "end");
  ASSERT_TRUE(end);
  const json::object& r = result_of(end);
  EXPECT_EQ(str(r.at("score")), "1-0");
  EXPECT_EQ(str(r.at("termination")), "first_move_timeout");
  EXPECT_EQ(str(r.at("article")), "6.7.1");
  EXPECT_EQ(str(r.at("edition")), "fide-2018");
  EXPECT_EQ(str(r.at("culprit")), "black");
}

TEST_F(FairStartTest, TheArticleIsTheEditionsOwn_Art6_7a_FIDE2014) {
  auto [g, id, white, black] = invite(
      R"({"v":1,"opponent":"invite","time":"3+2","rules":"fide-2014","tournament":{"id":"c","name":"C","round":2}})");
  clock_->advance(Millis{30'000});
  service_->check_clocks();
  settle();
  auto end = black.peer->last("event", "end");
  ASSERT_TRUE(end);
  EXPECT_EQ(str(result_of(end).at("score")), "0-1");
  EXPECT_EQ(str(result_of(end).at("article")), "6.7.a");
  EXPECT_EQ(str(result_of(end).at("culprit")), "white");
}

// The limit is in the game's time: after a restart the player has what was left of it, the downtime not counted.
TEST_F(FairStartTest, ARestartRestoresTheFirstMoveDeadline) {
  json::object g = create(R"({"v":1,"opponent":"invite","time":"5+0"})");
  const std::string id = str(g.at("id"));
  {
    Client white = connect(id), black = connect(id);
    hello(white, {seat(g, "white")});
    hello(black, {seat(g, "black")});
    clock_->advance(Millis{4000});
    move(white, "e2e4", 0);
    clock_->advance(Millis{10'000});
    send(white, R"({"t":"draw","req":1,"action":"offer"})");  // the last stored action: 10 s into Black's limit
  }
  clock_->advance(Millis{3'600'000});
  restart();
  Client black = connect(id);
  hello(black, {seat(g, "black")});
  const json::object game = game_of(black.peer->last("state"));
  EXPECT_EQ(str(game.at("status")), "playing");
  EXPECT_EQ(game.at("first_move").as_object().at("remaining").as_int64(), 20'000);
  EXPECT_EQ(game.at("clock").as_object().at("black").as_int64(), 300'000);
  clock_->advance(Millis{19'999});
  service_->check_clocks();
  settle();
  EXPECT_FALSE(black.peer->last("event", "end"));
  clock_->advance(Millis{1});
  service_->check_clocks();
  settle();
  auto end = black.peer->last("event", "end");
  ASSERT_TRUE(end);
  EXPECT_EQ(str(result_of(end).at("termination")), "first_move_timeout");
  // Stored as such: after another restart the game is still aborted.
  restart();
  HttpAnswer a = service_->http({"GET", "/api/games/" + id, ""});
  ASSERT_EQ(a.status, 200);
  EXPECT_NE(a.body.find("\"first_move_timeout\""), std::string::npos) << a.body;
  EXPECT_NE(a.body.find("\"over\""), std::string::npos) << a.body;
}

TEST_F(FairStartTest, AnOpponentGoneLetsThePlayerPresentClaimTheWin) {
  auto [g, id, white, black] = invite(R"({"v":1,"opponent":"invite","time":"5+0"})");
  move(white, "e2e4", 0);
  move(black, "e7e5", 1);
  service_->closed(*black.session);
  settle();
  auto away = white.peer->last("event", "away");
  ASSERT_TRUE(away);
  EXPECT_EQ(str(away->at("e").as_object().at("color")), "black");
  EXPECT_EQ(away->at("e").as_object().at("claim_after").as_int64(), 30'000);
  clock_->advance(Millis{29'999});
  send(white, R"({"t":"opponent_gone","req":2,"claim":"win"})");
  EXPECT_EQ(error_reason(white.peer->last("error")), "opponent_present");
  // A page loaded meanwhile is told how long is left.
  Client again = connect(id);
  hello(again, {seat(g, "white")});
  const json::object game = game_of(again.peer->last("state"));
  const json::object& players = game.at("players").as_object();
  EXPECT_EQ(players.at("black").as_object().at("away").as_object().at("claim_after").as_int64(), 1);
  EXPECT_FALSE(players.at("white").as_object().contains("away"));
  clock_->advance(Millis{1});
  send(white, R"({"t":"opponent_gone","req":3,"claim":"win"})");
  auto end = white.peer->last("event", "end");
  ASSERT_TRUE(end);
  EXPECT_EQ(str(result_of(end).at("score")), "1-0");
  EXPECT_EQ(str(result_of(end).at("termination")), "opponent_gone");
  EXPECT_TRUE(result_of(end).at("article").is_null());
  EXPECT_EQ(str(result_of(end).at("culprit")), "black");
}

TEST_F(FairStartTest, AnOpponentWhoComesBackTakesTheOfferAway) {
  auto [g, id, white, black] = invite(R"({"v":1,"opponent":"invite","time":"5+0"})");
  move(white, "e2e4", 0);
  move(black, "e7e5", 1);
  service_->closed(*white.session);
  settle();
  EXPECT_TRUE(black.peer->last("event", "away"));
  clock_->advance(Millis{40'000});
  Client back = connect(id);
  hello(back, {seat(g, "white")});
  auto ev = black.peer->last("event", "back");
  ASSERT_TRUE(ev);
  EXPECT_EQ(str(ev->at("e").as_object().at("color")), "white");
  send(black, R"({"t":"opponent_gone","req":4,"claim":"draw"})");
  EXPECT_EQ(error_reason(black.peer->last("error")), "opponent_present");
}

TEST_F(FairStartTest, TournamentGamesNeverOfferTheOpponentGoneClaim) {
  auto [g, id, white, black] = invite(EVENT_GAME);
  move(white, "e2e4", 0);
  move(black, "e7e5", 1);
  service_->closed(*black.session);
  settle();
  EXPECT_FALSE(white.peer->last("event", "away"));
  clock_->advance(Millis{60'000});
  send(white, R"({"t":"opponent_gone","req":2,"claim":"win"})");
  EXPECT_EQ(error_reason(white.peer->last("error")), "not_invite");
}

}  // namespace
}  // namespace tabiya::server::testing
