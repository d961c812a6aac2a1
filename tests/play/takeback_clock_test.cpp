// A takeback in a game with a chess clock: the game returns to the
// state kept for the position it goes back to (Game::rewind) instead of
// replaying its moves, and its clocks read what a replay of the kept moves at
// their logged instants gives - increments, a time control reached, the fair
// start - never more than they showed before the takeback.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/uci_move.h"
#include "laws/game.h"
#include "laws/time_control.h"
#include "play/live_game.h"

namespace tabiya::play {
namespace {

struct Timed {
  std::shared_ptr<ManualTimeSource> time = std::make_shared<ManualTimeSource>();
  std::unique_ptr<LiveGame> live;
};

StartOptions clocked(const std::string& time_control, bool fair_start = false) {
  StartOptions o;
  o.time_control = parse_pgn_time_control(time_control).value();
  o.fair_start = fair_start;
  return o;
}

Timed begin(const StartOptions& o) {
  Timed t;
  t.live = std::move(LiveGame::create(o, t.time).value());
  EXPECT_TRUE(t.live->start());
  return t;
}

void play_at(Timed& t, int64_t at_ms, const char* uci) {
  t.time->set(Millis{at_ms});
  auto moved = t.live->move(t.live->turn(), uci);
  ASSERT_TRUE(moved) << uci << ": " << moved.error().detail;
}

// A fresh game replaying the kept moves at their instants, read at `now`.
Timed replayed(const StartOptions& o, const LiveGame& live, int64_t now_ms) {
  Timed fresh = begin(o);
  const std::vector<Move> moves = live.move_list();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    fresh.time->set(Millis{live.move_times()[i]});
    EXPECT_TRUE(fresh.live->move(fresh.live->turn(), to_uci(moves[i], fresh.live->game().position())));
  }
  fresh.time->set(Millis{now_ms});
  return fresh;
}

// Hot seat at `at_ms`: `asker` offers, the other side accepts.
void take_back_at(Timed& t, int64_t at_ms, Color asker) {
  t.time->set(Millis{at_ms});
  ASSERT_TRUE(t.live->takeback_offer(asker));
  auto accepted = t.live->takeback_accept(~asker);
  ASSERT_TRUE(accepted) << accepted.error().detail;
  ASSERT_TRUE(accepted->rewritten);
}

// The game after a takeback at `at_ms` against the replay of its kept moves: the same record, and clocks at the
// replay's reading or at most the reading before the takeback.
void expect_as_replayed(const StartOptions& o, const Timed& t, [[maybe_unused]] int64_t at_ms,
                        const Millis before[COLOR_NB]) {
  // The replay is read at the instant the position returned to arose (its last kept move): the time spent since
  // was charged where it was, and stays in `before`.
  const std::vector<int64_t>& times = t.live->move_times();
  Timed fresh = replayed(o, *t.live, times.empty() ? 0 : times.back());
  const Game& game = t.live->game();
  const Game& expected = fresh.live->game();
  ASSERT_EQ(game.moves().size(), expected.moves().size());
  for (std::size_t i = 0; i < game.moves().size(); ++i) {
    EXPECT_EQ(game.moves()[i].san, expected.moves()[i].san) << "ply " << i;
    EXPECT_EQ(game.moves()[i].elapsed, expected.moves()[i].elapsed) << "ply " << i;
    EXPECT_EQ(game.moves()[i].clock_after, expected.moves()[i].clock_after) << "ply " << i;
  }
  for (Color c : {WHITE, BLACK}) {
    EXPECT_EQ(game.clock()->remaining(c), std::min(before[c], expected.clock()->remaining(c))) << int(c);
    EXPECT_EQ(game.clock()->moves_completed(c), expected.clock()->moves_completed(c)) << int(c);
    EXPECT_EQ(game.clock()->period_index(c), expected.clock()->period_index(c)) << int(c);
    EXPECT_EQ(game.clock()->increment_for_next_move(c), expected.clock()->increment_for_next_move(c)) << int(c);
    EXPECT_EQ(game.clock()->moves_to_control(c), expected.clock()->moves_to_control(c)) << int(c);
  }
  EXPECT_EQ(game.clock()->turn(), expected.clock()->turn());
  EXPECT_EQ(game.clock()->running(), expected.clock()->running());
  // The events a replay has: none of its own, then the two clock corrections.
  ASSERT_EQ(game.events().size(), 2u);
  for (const GameEvent& e : game.events()) EXPECT_EQ(e.kind, GameEventKind::CLOCK_SET);
  EXPECT_EQ(t.live->move_times().size(), game.moves().size());
}

void readings(const Timed& t, Millis out[COLOR_NB]) {
  for (Color c : {WHITE, BLACK}) out[c] = t.live->game().clock()->remaining(c);
}

const char* const OPENING[] = {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7"};

TEST(TakebackWithClock, IncrementsGoWithTheMovesTakenBackAndTheClocksReadAsAReplay) {
  const StartOptions o = clocked("300+2");
  Timed t = begin(o);
  int64_t at = 0;
  for (int i = 0; i < 10; ++i) play_at(t, at += 1000 + 731 * i, OPENING[i]);
  const Game* game = &t.live->game();
  Millis before[COLOR_NB];
  at += 4321;
  t.time->set(Millis{at});
  readings(t, before);
  take_back_at(t, at, BLACK);  // Black's last move goes: one ply
  EXPECT_EQ(&t.live->game(), game) << "rewound in place, not replayed";
  ASSERT_EQ(t.live->game().moves().size(), 9u);
  expect_as_replayed(o, t, at, before);

  // The mover's clock runs on from there: the next move is charged from the takeback, with its increment.
  const Millis black = t.live->game().clock()->remaining(BLACK);
  play_at(t, at + 2500, "d7d6");
  EXPECT_EQ(t.live->game().moves().back().clock_after, black - Millis{2500} + Millis{2000});

  // Two plies at once (the side to move asks): both sides' last moves go.
  at += 9000;
  t.time->set(Millis{at});
  readings(t, before);
  take_back_at(t, at, WHITE);
  ASSERT_EQ(t.live->game().moves().size(), 8u);
  expect_as_replayed(o, t, at, before);
}

TEST(TakebackWithClock, ATakebackAcrossATimeControlTakesItsAddedTimeBack) {
  // Two moves in a minute, then a minute more for the rest of the game with a second's increment.
  const StartOptions o = clocked("2/60:60+1");
  Timed t = begin(o);
  int64_t at = 0;
  for (int i = 0; i < 6; ++i) play_at(t, at += 5000 + 1000 * i, OPENING[i]);
  ASSERT_EQ(t.live->game().clock()->period_index(WHITE), 1u);
  ASSERT_EQ(t.live->game().clock()->period_index(BLACK), 1u);
  Millis before[COLOR_NB];
  // Back to the position before White's second move: both controls reached since are undone.
  at += 3000;
  t.time->set(Millis{at});
  readings(t, before);
  take_back_at(t, at, WHITE);  // White to move asks: two plies
  at += 1000;
  t.time->set(Millis{at});
  readings(t, before);
  take_back_at(t, at, WHITE);
  ASSERT_EQ(t.live->game().moves().size(), 2u);
  expect_as_replayed(o, t, at, before);
  EXPECT_EQ(t.live->game().clock()->period_index(WHITE), 0u);
  EXPECT_EQ(t.live->game().clock()->moves_to_control(WHITE), 1);
  // The control is reached again, once: the minute is added again, with the next period's first increment
  // (credited before each move, FIDE).
  const Millis white = t.live->game().clock()->remaining(WHITE);
  play_at(t, at + 2000, "g1f3");
  EXPECT_EQ(t.live->game().moves().back().clock_after, white - Millis{2000} + Millis{60'000} + Millis{1000});
}

TEST(TakebackWithClock, ATakebackIntoTheFairStartStopsTheClocksAsAReplayDoes) {
  const StartOptions o = clocked("180+0", true);
  Timed t = begin(o);
  int64_t at = 0;
  for (int i = 0; i < 4; ++i) play_at(t, at += 3000 + 1000 * i, OPENING[i]);
  Millis before[COLOR_NB];
  at += 2000;
  t.time->set(Millis{at});
  readings(t, before);
  take_back_at(t, at, WHITE);  // two plies: two left, the fair start is over
  expect_as_replayed(o, t, at, before);
  at += 1500;
  t.time->set(Millis{at});
  readings(t, before);
  take_back_at(t, at, WHITE);  // back to the start: nobody has moved, the clocks stand still
  ASSERT_EQ(t.live->game().moves().size(), 0u);
  expect_as_replayed(o, t, at, before);
  t.time->set(Millis{at + 20'000});
  EXPECT_EQ(t.live->game().clock()->remaining(WHITE), std::min(before[WHITE], Millis{180'000}));
  // The fair start again (each first move within its 30 s): the clock runs from the second move on.
  play_at(t, at + 25'000, "d2d4");
  play_at(t, at + 40'000, "d7d5");
  const Millis white = t.live->game().clock()->remaining(WHITE);
  t.time->set(Millis{at + 45'000});
  EXPECT_EQ(t.live->game().clock()->remaining(WHITE), white - Millis{5000});
}

// The game keeps its rewind points for its last moves only (Game::REWIND_POINTS at least, for memory per
// game): takebacks in a row that go further back are replayed, and every one of them reads as a replay.
TEST(TakebackWithClock, TakebacksInARowPastTheKeptPointsAreReplayed) {
  const char* const LINE[] = {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7",
                              "f1e1", "b7b5", "a4b3", "d7d6", "c2c3", "e8g8", "h2h3", "c6a5", "b3c2", "c7c5",
                              "d2d4", "d8c7", "b1d2", "c5d4", "c3d4", "a5c6", "d2b3", "a6a5", "c1e3", "a5a4"};
  const StartOptions o = clocked("300+2");
  Timed t = begin(o);
  int64_t at = 0;
  for (int i = 0; i < 30; ++i) play_at(t, at += 1000 + 97 * i, LINE[i]);
  ASSERT_TRUE(t.live->game().can_rewind(int(Game::REWIND_POINTS)));
  ASSERT_FALSE(t.live->game().can_rewind(30));
  int in_place = 0, replayed_ones = 0;
  for (int k = 0; k < 12; ++k) {  // 24 plies back, two at a time
    const Game* game = &t.live->game();
    Millis before[COLOR_NB];
    at += 1234;
    t.time->set(Millis{at});
    readings(t, before);
    take_back_at(t, at, WHITE);  // White to move asks: two plies
    ASSERT_EQ(t.live->game().moves().size(), std::size_t(30 - 2 * (k + 1)));
    SCOPED_TRACE("takeback " + std::to_string(k + 1) + (&t.live->game() == game ? ", in place" : ", replayed"));
    expect_as_replayed(o, t, at, before);
    (&t.live->game() == game ? in_place : replayed_ones) += 1;
  }
  EXPECT_GE(in_place, int(Game::REWIND_POINTS) / 2);
  EXPECT_GE(replayed_ones, 1);
  // Play goes on from there, rewindable again.
  play_at(t, at += 3000, "d2d4");
  ASSERT_TRUE(t.live->game().can_rewind(1));
}

}  // namespace
}  // namespace tabiya::play
