// Games survive a restart: the SQLite store reopened from the same file gives
// back every unfinished game with its moves and its clocks as they were at
// the last acknowledged move (FIDE Art. 6.12: the downtime is charged to nobody).
#include <gtest/gtest.h>

#include <filesystem>

#include "server/games/game_service.h"
#include "support/sqlite_file_fixture.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;

class PersistenceTest : public OnSqliteFile<> {
 protected:
  // The process dies: the service and the store's connection go, the file stays.
  void crash_and_restart() {
    stop();
    start_again();
  }
};

TEST_F(PersistenceTest, UnfinishedGamesComeBackWithTheirMovesAndClocks_Art6_12) {
  json::object g = create(R"({"v":1,"opponent":"invite","time":"5+3"})");
  const std::string id = str(g.at("id"));
  {
    Client white = connect(id), black = connect(id);
    hello(white, {seat(g, "white")});
    hello(black, {seat(g, "black")});
    // The fair start (docs/protocol.md): each side's first move is off the clock, its increment credited.
    move(white, "d2d4", 0);
    move(black, "d7d5", 1);
    clock_->advance(Millis{4000});
    move(white, "e2e4", 2);
    clock_->advance(Millis{7000});
    move(black, "c7c5", 3);
    clock_->advance(Millis{1000});
    send(white, R"({"t":"draw","req":1,"action":"offer"})");
    clock_->advance(Millis{2500});  // White thinks; then the server dies before White's move arrives
  }
  clock_->advance(Millis{3'600'000});  // an hour of downtime
  crash_and_restart();
  Client white = connect(id);
  hello(white, {seat(g, "white")});
  auto state = white.peer->last("state");
  ASSERT_TRUE(state);
  const json::object& game = state->at("game").as_object();
  ASSERT_EQ(game.at("moves").as_array().size(), 4u);
  EXPECT_EQ(str(game.at("moves").as_array()[3].as_object().at("san")), "c5");
  EXPECT_EQ(str(game.at("offers").as_object().at("draw")), "white");
  // White's clock as at the last acknowledged action (the draw offer), Black's as after his move.
  EXPECT_EQ(game.at("clock").as_object().at("white").as_int64(), 306'000 - 4000 + 3000 - 1000);
  EXPECT_EQ(game.at("clock").as_object().at("black").as_int64(), 306'000 - 7000 + 3000);
  EXPECT_EQ(str(game.at("clock").as_object().at("running")), "white");
  // The game goes on.
  Client black = connect(id);
  hello(black, {seat(g, "black")});
  clock_->advance(Millis{500});
  move(white, "g1f3", 4);
  auto ev = black.peer->last("event", "move");
  ASSERT_TRUE(ev);
  EXPECT_EQ(ev->at("e").as_object().at("clock").as_object().at("white").as_int64(), 304'000 - 500 + 3000);
  EXPECT_GT(ev->at("seq").as_int64(), state->at("seq").as_int64());
}

TEST_F(PersistenceTest, FinishedGamesStayReadableButAreNotReloadedAsLive) {
  json::object g = create(R"({"v":1,"opponent":"hotseat","time":"none"})");
  const std::string id = str(g.at("id"));
  {
    Client c = connect(id);
    hello(c, {seat(g, "white"), seat(g, "black")});
    int ply = 0;
    for (const char* m : {"f2f3", "e7e5", "g2g4", "d8h4"}) move(c, m, ply++);
    ASSERT_TRUE(c.peer->last("event", "end"));
  }
  json::object other = create(R"({"v":1,"opponent":"hotseat"})");
  crash_and_restart();
  EXPECT_EQ(service_->game_count(), 1u);  // only the unfinished one is loaded at the start
  HttpAnswer a = service_->http({"GET", "/api/games/" + id, ""});
  ASSERT_EQ(a.status, 200) << a.body;
  json::object game = json::parse(a.body).as_object();
  EXPECT_EQ(str(game.at("status")), "over");
  EXPECT_EQ(str(game.at("result").as_object().at("termination")), "checkmate");
  EXPECT_FALSE(game.contains("seats"));
}

// Clock checkpoints: Black thinks 7 s, the server dies. White d4, Black d5 (the fair start), White e4: Black's clock
// stands at 5+3's 306 s when his think begins. Returns Black's clock after the restart, and the game's stored
// checkpoint.
struct Think {
  int64_t black_clock = 0;
  std::optional<int64_t> checkpoint;
};

class ClockCheckpointRestartTest : public PersistenceTest {
 protected:
  Think restart_seven_seconds_into_a_think() {
    json::object g = create(R"({"v":1,"opponent":"invite","time":"5+3"})");
    const std::string id = str(g.at("id"));
    {
      Client white = connect(id), black = connect(id);
      hello(white, {seat(g, "white")});
      hello(black, {seat(g, "black")});
      move(white, "d2d4", 0);
      move(black, "d7d5", 1);
      move(white, "e2e4", 2);
      for (int second = 1; second <= 7; ++second) {  // the timers, driven by hand: a look every second
        clock_->advance(Millis{1000});
        service_->check_clocks();
        service_->wait_for_store();
      }
    }
    Think think;
    auto stored = store_->load(id);
    EXPECT_TRUE(stored && stored->has_value());
    if (stored && stored->has_value()) think.checkpoint = (*stored)->clock_checkpoint;
    crash_and_restart();
    Client black = connect(id);
    hello(black, {seat(g, "black")});
    auto state = black.peer->last("state");
    EXPECT_TRUE(state);
    if (!state) return think;
    const json::object& clock = state->at("game").as_object().at("clock").as_object();
    EXPECT_EQ(str(clock.at("running")), "black");
    think.black_clock = clock.at("black").as_int64();
    return think;
  }
};

TEST_F(ClockCheckpointRestartTest, ARestartRefundsNoMoreThanTheCheckpointInterval) {
  // The default: a checkpoint every 5 s. Black is charged the 5 s up to it; 2 s are refunded, not 7.
  const Think think = restart_seven_seconds_into_a_think();
  ASSERT_TRUE(think.checkpoint);
  EXPECT_EQ(think.black_clock, 306'000 - 5000);
}

TEST_F(ClockCheckpointRestartTest, WithoutCheckpointsTheWholeThinkIsRefunded) {
  configure_ = [](GameServiceOptions& o) { o.clock_checkpoint_every = Millis{0}; };
  crash_and_restart();
  const Think think = restart_seven_seconds_into_a_think();
  EXPECT_FALSE(think.checkpoint);
  EXPECT_EQ(think.black_clock, 306'000);
}

TEST_F(ClockCheckpointRestartTest, AMoveSupersedesTheCheckpoint) {
  json::object g = create(R"({"v":1,"opponent":"invite","time":"5+3"})");
  const std::string id = str(g.at("id"));
  auto checkpoint = [&] {
    auto stored = store_->load(id);
    EXPECT_TRUE(stored && stored->has_value());
    return stored && stored->has_value() ? (*stored)->clock_checkpoint : std::optional<int64_t>{-1};
  };
  {
    Client white = connect(id), black = connect(id);
    hello(white, {seat(g, "white")});
    hello(black, {seat(g, "black")});
    move(white, "d2d4", 0);
    move(black, "d7d5", 1);
    move(white, "e2e4", 2);
    clock_->advance(Millis{4999});
    service_->check_clocks();
    service_->wait_for_store();
    EXPECT_EQ(checkpoint(), std::nullopt);  // not due yet
    clock_->advance(Millis{1});
    service_->check_clocks();
    service_->wait_for_store();
    ASSERT_TRUE(checkpoint());
    clock_->advance(Millis{2000});
    move(black, "c7c5", 3);  // Black: 306 s - 7 s + 3 s
    service_->wait_for_store();
    EXPECT_EQ(checkpoint(), std::nullopt);
    clock_->advance(Millis{1000});
    service_->check_clocks();
    service_->wait_for_store();
    EXPECT_EQ(checkpoint(), std::nullopt);  // the next is due 5 s after the move
  }
  crash_and_restart();
  Client white = connect(id);
  hello(white, {seat(g, "white")});
  auto state = white.peer->last("state");
  ASSERT_TRUE(state);
  const json::object& clock = state->at("game").as_object().at("clock").as_object();
  EXPECT_EQ(str(clock.at("running")), "white");
  EXPECT_EQ(clock.at("black").as_int64(), 306'000 - 7000 + 3000);
  EXPECT_EQ(clock.at("white").as_int64(), 306'000 + 3000);  // White's 1 s think was never checkpointed: refunded
}

}  // namespace
}  // namespace tabiya::server::testing
