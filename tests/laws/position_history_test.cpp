// A game's kept positions (kept small: keys for every position, whole positions only for the start and the current
// one, undo records for the last moves): every position they give back equals the one reached by playing the moves
// from the start, whether undone or replayed.
#include "laws/position_history.h"

#include <gtest/gtest.h>

#include <vector>

#include "core/fen.h"
#include "random_walk.h"

namespace tabiya {
namespace {

using namespace game_test;

constexpr std::size_t KEPT = 8;

::testing::AssertionResult same(const Position& got, const Position& want) {
  if (to_fen(got) != to_fen(want))
    return ::testing::AssertionFailure() << to_fen(got) << " instead of " << to_fen(want);
  if (got.key() != want.key() || got.checkers() != want.checkers() || got.pinned() != want.pinned())
    return ::testing::AssertionFailure() << to_fen(got) << ": the key, checkers or pins differ";
  return ::testing::AssertionSuccess();
}

TEST(PositionHistory, EveryPositionOfALongGameEqualsAReplay) {
  const std::vector<Move> line = random_walk(300, 2026);
  const std::vector<Position> want = positions_along(Position::startpos(), line);
  PositionHistory history(Position::startpos(), KEPT);
  for (std::size_t ply = 0; ply < line.size(); ++ply) history.play(line[ply]);
  ASSERT_EQ(history.plies(), 300u);
  EXPECT_TRUE(same(history.start(), want.front()));
  EXPECT_TRUE(same(history.current(), want.back()));
  for (std::size_t ply = 0; ply <= line.size(); ++ply) {
    EXPECT_TRUE(same(history.at(ply), want[ply])) << "ply " << ply;
    EXPECT_EQ(history.key(ply), want[ply].key()) << "ply " << ply;
    EXPECT_EQ(history.occurrences(want[ply].key()), 1) << "the walk repeats no position; ply " << ply;
  }
}

// The undo records reach back KEPT to 2 * KEPT - 1 moves, trimmed as the game's rewind points are.
TEST(PositionHistory, KeepsTheUndoRecordsOfTheLastMovesOnly) {
  const std::vector<Move> line = random_walk(40, 7);
  PositionHistory history(Position::startpos(), KEPT);
  for (std::size_t ply = 0; ply < line.size(); ++ply) {
    history.play(line[ply]);
    const std::size_t played = ply + 1;
    EXPECT_EQ(history.undoable(), played < 2 * KEPT ? played : KEPT + played % KEPT) << "after " << played;
  }
}

// Taking back one move at a time to the start: undone while the records last, then replayed (each replay brings
// back the records of its last KEPT moves), every position as a replay from the start reads.
TEST(PositionHistory, TakingBackEveryMoveInTurnEqualsAReplay) {
  const std::vector<Move> line = random_walk(60, 11);
  const std::vector<Position> want = positions_along(Position::startpos(), line);
  PositionHistory history(Position::startpos(), KEPT);
  for (Move m : line) history.play(m);
  int replays = 0;
  for (std::size_t ply = line.size(); ply-- > 0;) {
    replays += history.undoable() == 0;
    history.truncate(ply);
    ASSERT_EQ(history.plies(), ply);
    ASSERT_TRUE(same(history.current(), want[ply])) << "back to ply " << ply;
    for (std::size_t k = 0; k <= ply; ++k) ASSERT_EQ(history.key(k), want[k].key()) << "ply " << k;
  }
  EXPECT_GE(replays, 4) << "60 takebacks go past the records more than once";
  // And forward again from the start, over the replayed records.
  for (std::size_t ply = 0; ply < line.size(); ++ply) {
    history.play(line[ply]);
    ASSERT_TRUE(same(history.current(), want[ply + 1])) << "forward to ply " << ply + 1;
    ASSERT_TRUE(same(history.at(ply), want[ply])) << "before ply " << ply + 1;
  }
}

// Going back several moves at once, within the records or past them, then playing other moves.
TEST(PositionHistory, TruncatingAndPlayingOnEqualsAReplay) {
  const std::vector<Move> line = random_walk(120, 3);
  const std::vector<Move> other = random_walk(120, 4);
  PositionHistory history(Position::startpos(), KEPT);
  for (Move m : line) history.play(m);
  for (std::size_t ply : {118u, 110u, 90u, 89u, 40u, 0u}) {
    history.truncate(ply);
    ASSERT_TRUE(
        same(history.current(), positions_along(Position::startpos(), {line.begin(), line.begin() + long(ply)}).back()))
        << "back to ply " << ply;
  }
  for (Move m : other) history.play(m);
  const std::vector<Position> want = positions_along(Position::startpos(), other);
  for (std::size_t ply = 0; ply <= other.size(); ++ply) EXPECT_TRUE(same(history.at(ply), want[ply])) << ply;
}

// The keys are the ones repetition compares (FIDE Art. 9.2): the start comes back after four knight moves.
TEST(PositionHistory, CountsEveryOccurrenceOfAKey) {
  PositionHistory history(Position::startpos(), KEPT);
  const Key start = Position::startpos().key();
  EXPECT_EQ(history.occurrences(start), 1);
  for (int round = 1; round <= 3; ++round) {
    for (Move m : {Move(SQ_G1, SQ_F3), Move(SQ_G8, SQ_F6), Move(SQ_F3, SQ_G1), Move(SQ_F6, SQ_G8)}) history.play(m);
    EXPECT_EQ(history.occurrences(start), 1 + round);
  }
  history.truncate(5);
  EXPECT_EQ(history.occurrences(start), 2);
  EXPECT_EQ(history.occurrences(history.current().key()), 2) << "after Nf3, at plies 1 and 5";
}

}  // namespace
}  // namespace tabiya
