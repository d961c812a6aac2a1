#include "server/games/game_service.h"

#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <thread>

#include "engine/levels.h"
#include "server/base/tokens.h"
#include "support/service_test_support.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;
using GameServiceTest = ServiceFixture;
using ReviewTest = ServiceFixture;

TEST_F(GameServiceTest, CreateHelloStateAndMove) {
  auto [g, id, c] = hotseat(R"({"v":1,"opponent":"hotseat","time":"5+3"})");
  EXPECT_EQ(str(g.at("spectate")), "/g/" + id);
  auto state = c.peer->last("state");
  ASSERT_TRUE(state);
  EXPECT_EQ(state->at("you").as_array().size(), 2u);
  const json::object& game = state->at("game").as_object();
  EXPECT_EQ(str(game.at("status")), "playing");
  EXPECT_EQ(str(game.at("turn")), "white");
  EXPECT_EQ(game.at("legal").as_object().at("e2").as_array().size(), 2u);
  EXPECT_EQ(game.at("clock").as_object().at("white").as_int64(), 5 * 60 * 1000 + 3000);
  clock_->advance(Millis{1200});
  move(c, "e2e4", 0, 7);
  auto ev = c.peer->last("event", "move");
  ASSERT_TRUE(ev);
  EXPECT_EQ(ev->at("req").as_int64(), 7);
  EXPECT_EQ(ev->at("seq").as_int64(), state->at("seq").as_int64() + 1);
  const json::object& e = ev->at("e").as_object();
  EXPECT_EQ(str(e.at("san")), "e4");
  EXPECT_EQ(e.at("ply").as_int64(), 1);
  EXPECT_EQ(e.at("elapsed").as_int64(), 1200);
  EXPECT_EQ(e.at("clock").as_object().at("white").as_int64(), 5 * 60 * 1000 + 3000 - 1200 + 3000);
  EXPECT_EQ(str(e.at("turn")), "black");
}

std::string error_code(const std::optional<json::object>& m) {
  return m ? std::string(m->at("code").as_string()) : std::string("(no error)");
}

TEST(SeatTokens, Are128RandomBitsInUrlSafeBase64) {
  std::set<std::string> seen;
  for (int i = 0; i < 200; ++i) {
    std::string t = new_seat_token();
    ASSERT_EQ(t.size(), 22u);
    for (char c : t) EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_') << t;
    seen.insert(t);
  }
  EXPECT_EQ(seen.size(), 200u);
  const unsigned char bytes[] = {0xfb, 0xff, 0x00};
  EXPECT_EQ(base64url(bytes, 3), "-_8A");
  EXPECT_TRUE(same_secret("abc", "abc"));
  EXPECT_FALSE(same_secret("abc", "abd"));
  EXPECT_FALSE(same_secret("abc", "ab"));
}

TEST_F(GameServiceTest, SeatsGivenToTheCreatorFollowTheOpponent) {
  json::object robot = create(R"({"v":1,"opponent":"robot","color":"black","level":2})");
  EXPECT_EQ(robot.at("seats").as_object().size(), 1u);
  EXPECT_TRUE(robot.at("seats").as_object().contains("black"));
  json::object invite = create(R"({"v":1,"opponent":"invite"})");
  EXPECT_EQ(invite.at("seats").as_object().size(), 2u);
  EXPECT_NE(seat(invite, "white"), seat(invite, "black"));
}

// protocol.md POST /api/games: the answer names the creator's colour for
// every opponent kind, the one drawn by the server for "random".
TEST_F(GameServiceTest, TheCreateAnswerNamesTheCreatorsColour) {
  for (const char* opponent : {"robot", "hotseat", "invite"})
    for (const char* color : {"white", "black"}) {
      json::object g = create(std::string(R"({"v":1,"opponent":")") + opponent + R"(","color":")" + color + R"("})");
      EXPECT_EQ(str(g.at("color")), color) << opponent;
    }
  std::set<std::string> drawn;
  for (int i = 0; i < 6; ++i) {
    // Against the robot the creator's one seat shows which colour was drawn.
    json::object robot = create(R"({"v":1,"opponent":"robot","color":"random"})");
    ASSERT_EQ(robot.at("seats").as_object().size(), 1u);
    EXPECT_TRUE(robot.at("seats").as_object().contains(str(robot.at("color"))));
    drawn.insert(str(robot.at("color")));
    json::object invite = create(R"({"v":1,"opponent":"invite","color":"random"})");
    const std::string color = str(invite.at("color"));
    EXPECT_TRUE(color == "white" || color == "black") << color;
    drawn.insert(color);
  }
  EXPECT_EQ(drawn.size(), 2u);                                                    // both colours come up
  EXPECT_EQ(str(create(R"({"v":1,"opponent":"invite"})").at("color")), "white");  // the default
}

// protocol.md GET /api/levels: every robot level with its Elo, from engine/levels.h.
TEST_F(GameServiceTest, LevelsListsEveryRobotLevelWithItsElo) {
  HttpAnswer a = service_->http({"GET", "/api/levels", ""});
  ASSERT_EQ(a.status, 200) << a.body;
  const json::array levels = json::parse(a.body).as_object().at("levels").as_array();
  ASSERT_EQ(levels.size(), std::size_t(engine::MAX_LEVEL - engine::MIN_LEVEL + 1));
  int previous_elo = 0;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    const json::object& l = levels[i].as_object();
    const int level = int(l.at("level").as_int64());
    EXPECT_EQ(level, engine::MIN_LEVEL + int(i));
    EXPECT_EQ(l.at("elo").as_int64(), engine::elo_for_level(level));
    EXPECT_GT(l.at("elo").as_int64(), previous_elo);  // stronger level by level
    previous_elo = int(l.at("elo").as_int64());
  }
  EXPECT_EQ(levels.front().as_object().at("elo").as_int64(), engine::elo_for_level(1));
  EXPECT_EQ(service_->http({"POST", "/api/levels", ""}).status, 405);
}

TEST_F(GameServiceTest, BadCreateRequestsNameTheField) {
  json::object e = create(R"({"v":1,"opponent":"robot","level":11})", 400);
  EXPECT_EQ(str(e.at("error")), "bad_request");
  EXPECT_EQ(str(e.at("data").as_object().at("field")), "level");
  e = create(R"({"v":1,"opponent":"hotseat","time":"5+x"})", 400);
  EXPECT_EQ(str(e.at("data").as_object().at("field")), "time");
  e = create(R"({"v":2,"opponent":"hotseat"})", 400);
  EXPECT_EQ(str(e.at("error")), "unsupported_version");
  e = create(R"({"v":1,"opponent":"hotseat","fen":"not a fen"})", 400);
  EXPECT_EQ(str(e.at("data").as_object().at("field")), "fen");
  e = create("{", 400);
  EXPECT_EQ(str(e.at("error")), "bad_json");
  EXPECT_EQ(service_->http({"GET", "/api/games/nosuchgame", ""}).status, 404);
  EXPECT_EQ(service_->open("/ws/nosuchgame", std::make_shared<RecordingPeer>()), nullptr);
}

TEST_F(GameServiceTest, StartsFromAChess960NumberAFenOrAPgn) {
  json::object g = create(R"({"v":1,"opponent":"hotseat","variant":"chess960","chess960":0})");
  json::object game = json::parse(service_->http({"GET", "/api/games/" + str(g.at("id")), ""}).body).as_object();
  EXPECT_EQ(game.at("chess960").as_int64(), 0);
  EXPECT_EQ(str(game.at("start_fen")).substr(0, 8), "bbqnnrkr");
  g = create(R"({"v":1,"opponent":"hotseat","pgn":"1. e4 e5 2. Nf3 *"})");
  game = json::parse(service_->http({"GET", "/api/games/" + str(g.at("id")), ""}).body).as_object();
  EXPECT_EQ(game.at("moves").as_array().size(), 3u);
  EXPECT_EQ(str(game.at("turn")), "black");
  g = create(R"({"v":1,"opponent":"hotseat","fen":"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1","time":"none"})");
  game = json::parse(service_->http({"GET", "/api/games/" + str(g.at("id")), ""}).body).as_object();
  EXPECT_TRUE(game.at("clock").is_null());
  EXPECT_EQ(str(game.at("turn")), "black");
}

TEST_F(GameServiceTest, EachMoveOfAGameCarriesThePositionAfterIt) {
  // A client shows any earlier position from these (moving through the game) without chess rules.
  json::object g = create(R"({"v":1,"opponent":"hotseat","pgn":"1. e4 e5 2. Nf3 *"})");
  json::object game = json::parse(service_->http({"GET", "/api/games/" + str(g.at("id")), ""}).body).as_object();
  const json::array& moves = game.at("moves").as_array();
  ASSERT_EQ(moves.size(), 3u);
  EXPECT_EQ(str(moves[0].as_object().at("fen")), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(str(moves[1].as_object().at("fen")), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  EXPECT_EQ(str(moves[2].as_object().at("fen")), str(game.at("fen")));
}

TEST_F(GameServiceTest, ASpectatorWatchesButCannotAct) {
  auto [g, id, white, black] = invite();
  Client watcher = connect(id);
  hello(watcher, {});
  auto state = watcher.peer->last("state");
  ASSERT_TRUE(state);
  EXPECT_TRUE(state->at("you").as_array().empty());
  EXPECT_EQ(str(state->at("game").as_object().at("status")), "playing");
  move(watcher, "e2e4", 0);
  EXPECT_EQ(error_code(watcher.peer->last("error")), "not_your_seat");
  send(watcher, R"({"t":"resign","req":3})");
  auto err = watcher.peer->last("error");
  EXPECT_EQ(error_code(err), "not_your_seat");
  EXPECT_EQ(err->at("req").as_int64(), 3);
  send(watcher, R"({"t":"draw","req":4,"action":"offer"})");
  EXPECT_EQ(error_code(watcher.peer->last("error")), "not_your_seat");
  // The spectator sees the players' moves.
  move(white, "e2e4", 0);
  auto ev = watcher.peer->last("event", "move");
  ASSERT_TRUE(ev);
  EXPECT_FALSE(ev->contains("req"));
}

TEST_F(GameServiceTest, OnePlayerCannotActForTheOther) {
  auto [g, id, white, black] = invite();
  move(black, "e7e5", 0);
  auto err = black.peer->last("error");
  EXPECT_EQ(error_code(err), "not_your_turn");
  EXPECT_EQ(str(err->at("data").as_object().at("turn")), "white");
  send(white, R"({"t":"resign","req":1,"color":"black"})");
  err = white.peer->last("error");
  EXPECT_EQ(error_code(err), "not_your_seat");
  EXPECT_EQ(str(err->at("data").as_object().at("color")), "black");
  // A token of another game is refused; the connection watches only.
  json::object other = create(R"({"v":1,"opponent":"invite"})");
  Client intruder = connect(id);
  hello(intruder, {seat(other, "white")});
  EXPECT_EQ(error_code(intruder.peer->last("error")), "bad_seat");
  move(intruder, "e2e4", 0);
  EXPECT_EQ(error_code(intruder.peer->last("error")), "not_your_seat");
}

TEST_F(GameServiceTest, AnInvitedGameWaitsForTheSecondPlayer) {
  json::object g = create(R"({"v":1,"opponent":"invite","time":"5+0"})");
  const std::string id = str(g.at("id"));
  Client white = connect(id);
  hello(white, {seat(g, "white")});
  EXPECT_EQ(str(white.peer->last("state")->at("game").as_object().at("status")), "waiting");
  move(white, "e2e4", 0);
  auto err = white.peer->last("error");
  EXPECT_EQ(error_code(err), "not_allowed");
  EXPECT_EQ(str(err->at("data").as_object().at("reason")), "waiting_for_opponent");
  clock_->advance(Millis{60'000});  // nobody's clock runs while waiting
  Client black = connect(id);
  hello(black, {seat(g, "black")});
  auto state = white.peer->last("state");
  ASSERT_TRUE(state);
  EXPECT_EQ(str(state->at("game").as_object().at("status")), "playing");
  EXPECT_EQ(state->at("game").as_object().at("clock").as_object().at("white").as_int64(), 300'000);
}

TEST_F(GameServiceTest, MalformedAndUnknownMessagesAreAnsweredWithCodes) {
  json::object g = create(R"({"v":1,"opponent":"hotseat"})");
  Client c = connect(str(g.at("id")));
  send(c, R"({"t":"move","req":1,"uci":"e2e4","ply":0})");
  EXPECT_EQ(error_code(c.peer->last("error")), "not_allowed");  // hello first
  hello(c, {seat(g, "white"), seat(g, "black")});
  send(c, "{\"t\":\"mo");
  auto err = c.peer->last("error");
  EXPECT_EQ(error_code(err), "bad_json");
  EXPECT_TRUE(err->at("data").as_object().contains("position"));
  send(c, "[1,2]");
  EXPECT_EQ(error_code(c.peer->last("error")), "bad_message");
  send(c, R"({"req":1})");
  err = c.peer->last("error");
  EXPECT_EQ(error_code(err), "bad_message");
  EXPECT_EQ(str(err->at("data").as_object().at("field")), "t");
  send(c, R"({"t":"fly","req":2})");
  err = c.peer->last("error");
  EXPECT_EQ(error_code(err), "unknown_type");
  EXPECT_EQ(str(err->at("data").as_object().at("t")), "fly");
  send(c, R"({"t":"move","req":3,"uci":7})");
  EXPECT_EQ(str(c.peer->last("error")->at("data").as_object().at("field")), "uci");
  send(c, R"({"t":"move","req":4,"uci":"e2e5","ply":0})");
  err = c.peer->last("error");
  EXPECT_EQ(error_code(err), "illegal_move");
  EXPECT_EQ(str(err->at("data").as_object().at("reason")), "illegal");
  send(c, R"({"t":"draw","req":5,"action":"maybe"})");
  EXPECT_EQ(error_code(c.peer->last("error")), "bad_message");
  send(c, std::string(5000, ' '));
  err = c.peer->last("error");
  EXPECT_EQ(error_code(err), "too_large");
  EXPECT_EQ(err->at("data").as_object().at("limit").as_int64(), 4096);
  // None of it changed the game.
  move(c, "e2e4", 0, 9);
  EXPECT_EQ(c.peer->last("event", "move")->at("req").as_int64(), 9);
  move(c, "e2e4", 0, 10);
  EXPECT_EQ(error_code(c.peer->last("error")), "stale");
}

TEST_F(GameServiceTest, ResyncAfterAGapSendsTheMissedEventsOrTheState) {
  auto [g, id, c] = hotseat();
  const int64_t start = c.peer->last("state")->at("seq").as_int64();
  int ply = 0;
  for (const char* m : {"e2e4", "e7e5", "g1f3", "b8c6"}) move(c, m, ply++);
  c.peer->take();
  send(c, "{\"t\":\"resync\",\"since\":" + std::to_string(start + 2) + "}");
  auto got = c.peer->take();
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].at("seq").as_int64(), start + 3);
  EXPECT_EQ(str(got[1].at("e").as_object().at("san")), "Nc6");
  // A reconnect with the number it had gets the whole state, numbered with the last event.
  Client again = connect(id);
  hello(again, {seat(g, "white")}, start + 3);
  got = again.peer->take();
  ASSERT_GE(got.size(), 1u);
  EXPECT_EQ(str(got[0].at("t")), "state");
  EXPECT_EQ(got[0].at("seq").as_int64(), start + 4);
  // Numbers the server never sent get the whole state.
  send(c, R"({"t":"resync","since":999})");
  EXPECT_TRUE(c.peer->last("state"));
}

// The history kept for resync is bounded in bytes past its last few events (a move event is about 1 KiB): a gap
// older than that gets the whole state, a recent one still gets its events.
TEST_F(GameServiceTest, ResyncFarBackGetsTheStateOnceTheHistoryIsFull) {
  auto [g, id, c] = hotseat();
  const int64_t start = c.peer->last("state")->at("seq").as_int64();
  int ply = 0;
  for (const char* m : {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7", "f1e1", "b7b5"})
    move(c, m, ply++);
  c.peer->take();
  send(c, "{\"t\":\"resync\",\"since\":" + std::to_string(start) + "}");
  auto got = c.peer->take();
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(str(got[0].at("t")), "state");
  EXPECT_EQ(got[0].at("seq").as_int64(), start + 12);
  send(c, "{\"t\":\"resync\",\"since\":" + std::to_string(start + 9) + "}");
  got = c.peer->take();
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(str(got[2].at("e").as_object().at("san")), "b5");
}

// protocol.md hello: a client that reconnects having missed nothing still
// gets a state, with the clocks as they are now (they ran while it was away).
TEST_F(GameServiceTest, HelloWithSinceAlwaysAnswersWithAFreshState) {
  auto [g, id, c] = hotseat(R"({"v":1,"opponent":"hotseat","time":"5+0"})");
  move(c, "e2e4", 0);
  const int64_t last = c.peer->last("event", "move")->at("seq").as_int64();
  clock_->advance(Millis{7000});  // Black thinks while the connection is down
  Client again = connect(id);
  hello(again, {seat(g, "white"), seat(g, "black")}, last);
  auto state = again.peer->last("state");
  ASSERT_TRUE(state);
  EXPECT_EQ(state->at("seq").as_int64(), last);
  const json::object& clock = state->at("game").as_object().at("clock").as_object();
  EXPECT_EQ(clock.at("black").as_int64(), 300'000 - 7000);
  EXPECT_EQ(clock.at("white").as_int64(), 300'000);
  EXPECT_EQ(str(clock.at("running")), "black");
}

// The clock runs from the sending of the opponent's move to the arrival of
// the move, less the measured one-way delay (capped at 500 ms). Measured on
// White's second move: the first move of each side is not on the clock in an
// invite game (docs/protocol.md, "The fair start").
TEST_F(GameServiceTest, ClocksAreChargedArrivalTimeLessTheMeasuredLag) {
  auto [g, id, white, black] = invite(R"({"v":1,"opponent":"invite","time":"5+0"})");
  move(white, "d2d4", 0);
  move(black, "d7d5", 1);
  // The server pings on hello; the client answers 300 ms later: 150 ms one way.
  auto ping = white.peer->last("ping");
  ASSERT_TRUE(ping);
  clock_->advance(Millis{300});
  send(white, "{\"t\":\"pong\",\"n\":" + std::to_string(ping->at("n").as_int64()) + "}");
  clock_->advance(Millis{2000});
  move(white, "e2e4", 2);
  auto ev = black.peer->last("event", "move");
  ASSERT_TRUE(ev);
  EXPECT_EQ(ev->at("e").as_object().at("elapsed").as_int64(), 2300 - 150);
  EXPECT_EQ(ev->at("e").as_object().at("clock").as_object().at("white").as_int64(), 300'000 - 2150);
  EXPECT_EQ(str(ev->at("e").as_object().at("clock").as_object().at("running")), "black");
}

// FIDE Laws 2018 Art. 6.9: the server's timer ends the game when the flag
// falls, with nobody sending anything; drawn because White cannot mate.
TEST_F(GameServiceTest, TheServerTimerEndsTheGameOnFlagFall_Art6_9_FIDE2018) {
  auto [g, id, c] = hotseat(R"({"v":1,"opponent":"hotseat","time":"1s+0","fen":"4k3/8/8/8/8/8/r7/6K1 b - - 0 1"})");
  clock_->advance(Millis{1000});
  io_.run_for(std::chrono::milliseconds(1500));  // the timer waits the game's time, then looks at the clock
  auto end = c.peer->last("event", "end");
  ASSERT_TRUE(end);
  const json::object& result = end->at("e").as_object().at("result").as_object();
  EXPECT_EQ(str(result.at("score")), "1/2-1/2");
  EXPECT_EQ(str(result.at("termination")), "timeout_draw");
  EXPECT_EQ(str(result.at("article")), "6.9");
  EXPECT_EQ(str(result.at("culprit")), "black");
  EXPECT_EQ(str(result.at("edition")), "fide-2018");
}

TEST_F(GameServiceTest, FlagFallLosesWhenTheOpponentCanMate_Art6_9_FIDE2018) {
  auto [g, id, c] = hotseat(R"({"v":1,"opponent":"hotseat","time":"1+0"})");
  clock_->advance(Millis{60'000});
  service_->check_clocks();
  settle();
  auto end = c.peer->last("event", "end");
  ASSERT_TRUE(end);
  EXPECT_EQ(str(end->at("e").as_object().at("result").as_object().at("termination")), "time_forfeit");
  EXPECT_EQ(str(end->at("e").as_object().at("result").as_object().at("score")), "0-1");
  move(c, "e2e4", 0);
  EXPECT_EQ(error_code(c.peer->last("error")), "game_over");
}

TEST_F(GameServiceTest, DrawOffersAndResignation) {
  auto [g, id, white, black] = invite();
  send(white, R"({"t":"draw","req":1,"action":"offer"})");
  auto offer = black.peer->last("event", "offer");
  ASSERT_TRUE(offer);
  EXPECT_EQ(str(offer->at("e").as_object().at("by")), "white");
  send(black, R"({"t":"draw","req":2,"action":"decline"})");
  EXPECT_TRUE(white.peer->last("event", "offer_declined"));
  send(black, R"({"t":"draw","req":3,"action":"accept"})");
  EXPECT_EQ(error_code(black.peer->last("error")), "no_offer");
  send(black, R"({"t":"resign","req":4})");
  auto end = white.peer->last("event", "end");
  ASSERT_TRUE(end);
  EXPECT_EQ(str(end->at("e").as_object().at("result").as_object().at("termination")), "resignation");
  EXPECT_EQ(str(end->at("e").as_object().at("result").as_object().at("score")), "1-0");
}

TEST_F(GameServiceTest, PgnHasClockAndElapsedComments) {
  auto [g, id, c] = hotseat(R"({"v":1,"opponent":"hotseat","time":"5+0"})");
  clock_->advance(Millis{2000});
  move(c, "e2e4", 0);
  clock_->advance(Millis{61'000});
  move(c, "e7e5", 1);
  HttpAnswer pgn = service_->http({"GET", "/api/games/" + id + "/pgn", ""});
  ASSERT_EQ(pgn.status, 200);
  EXPECT_NE(pgn.body.find("[%clk 0:04:58]"), std::string::npos) << pgn.body;
  EXPECT_NE(pgn.body.find("[%emt 0:01:01]"), std::string::npos) << pgn.body;
  EXPECT_NE(pgn.body.find("1. e4"), std::string::npos);
  ASSERT_FALSE(pgn.headers.empty());
  EXPECT_EQ(pgn.headers[0].first, "Content-Disposition");
}

TEST_F(ReviewTest, AFinishedGameIsReviewedPlyByPly) {
  auto [g, id, c] = hotseat(R"({"v":1,"opponent":"hotseat","time":"none"})");
  EXPECT_EQ(service_->http({"POST", "/api/games/" + id + "/review", ""}).status, 409);  // not over yet
  int ply = 0;
  for (const char* m : {"f2f3", "e7e5", "g2g4", "d8h4"}) move(c, m, ply++);
  HttpAnswer queued = service_->http({"POST", "/api/games/" + id + "/review", ""});
  EXPECT_EQ(queued.status, 202);
  json::object review;
  for (int i = 0; i < 500; ++i) {
    review = json::parse(service_->http({"GET", "/api/games/" + id + "/review", ""}).body).as_object();
    if (review.at("status").as_string() == "done") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_EQ(str(review.at("status")), "done");
  EXPECT_EQ(str(review.at("engine")), "tabiya");
  const json::array& plies = review.at("plies").as_array();
  ASSERT_EQ(plies.size(), 5u);
  // After 2. g4 Black mates in one: the evaluation says so from White's side; after Qh4# White is mated.
  EXPECT_EQ(plies[3].as_object().at("mate").as_int64(), -1);
  EXPECT_EQ(plies[4].as_object().at("mate").as_int64(), 0);
  // Before 2. g4 the engine preferred another move.
  EXPECT_NE(str(plies[3].as_object().at("best")), "g2g4");
  EXPECT_EQ(str(plies[4].as_object().at("best")), "d8h4");
}

const json::object& end_result(const std::optional<json::object>& end) {
  return end->at("e").as_object().at("result").as_object();
}

// protocol.md RESULT: `culprit` is the side the reason applies to. FIDE Laws
// 2018 Art. 5.1.1: the side checkmated loses, so it is the culprit.
TEST_F(GameServiceTest, CheckmateNamesTheMatedSideAsCulprit_Art5_1_1_FIDE2018) {
  auto [g, id, c] = hotseat(R"({"v":1,"opponent":"hotseat","time":"5+0"})");
  const char* moves[] = {"f2f3", "e7e5", "g2g4", "d8h4"};
  for (int ply = 0; ply < 4; ++ply) move(c, moves[ply], ply, ply + 1);
  auto end = c.peer->last("event", "end");
  ASSERT_TRUE(end);
  EXPECT_EQ(str(end_result(end).at("termination")), "checkmate");
  EXPECT_EQ(str(end_result(end).at("score")), "0-1");
  EXPECT_EQ(str(end_result(end).at("culprit")), "white");
  // The state after the end carries the same result.
  hello(c, {seat(g, "white"), seat(g, "black")});
  auto state = c.peer->last("state");
  ASSERT_TRUE(state);
  EXPECT_EQ(str(state->at("game").as_object().at("result").as_object().at("culprit")), "white");
}

// Draws name no culprit: stalemate (Art. 5.2.1), agreement (Art. 5.2.3) and
// a threefold repetition claim (Art. 9.2), FIDE Laws 2018.
TEST_F(GameServiceTest, DrawsNameNoCulprit_Art5_2_and_9_2_FIDE2018) {
  {  // stalemate: Qc7 leaves the black king on a8 without a move
    auto [g, id, c] = hotseat(R"({"v":1,"opponent":"hotseat","fen":"k7/8/8/2Q5/8/8/8/K7 w - - 0 1"})");
    move(c, "c5c7", 0);
    auto end = c.peer->last("event", "end");
    ASSERT_TRUE(end);
    EXPECT_EQ(str(end_result(end).at("termination")), "stalemate");
    EXPECT_TRUE(end_result(end).at("culprit").is_null());
  }
  {  // agreement
    auto [g, id, white, black] = invite();
    send(white, R"({"t":"draw","req":1,"action":"offer"})");
    send(black, R"({"t":"draw","req":2,"action":"accept"})");
    auto end = white.peer->last("event", "end");
    ASSERT_TRUE(end);
    EXPECT_EQ(str(end_result(end).at("termination")), "agreement");
    EXPECT_TRUE(end_result(end).at("culprit").is_null());
  }
  {  // threefold repetition claimed by White, to move in the start position for the third time
    auto [g, id, c] = hotseat();
    const char* moves[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"};
    for (int ply = 0; ply < 8; ++ply) move(c, moves[ply], ply, ply + 1);
    send(c, R"({"t":"claim","req":20,"ground":"threefold"})");
    auto end = c.peer->last("event", "end");
    ASSERT_TRUE(end);
    EXPECT_EQ(str(end_result(end).at("termination")), "threefold_repetition");
    EXPECT_TRUE(end_result(end).at("culprit").is_null());
  }
}

}  // namespace
}  // namespace tabiya::server::testing
