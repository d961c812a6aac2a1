// The stalemate-lock proof (unwinnability_stalemate.h) on the family of
// tests/data/dead/stalemate_locks.txt: labelled by CHA, and checked here by
// independent means (a walk over every reachable position, replayed lines).
// Laws of Chess 2018, Art. 5.2.1 (stalemate ends the game), 5.2.2 and 9.6.2
// (dead position).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "game_test_support.h"
#include "labelled_positions.h"
#include "laws/dead_position.h"
#include "laws/unwinnability_stalemate.h"
#include "reachable_mates.h"

namespace tabiya {
namespace {

std::vector<LabelledPosition> read_locks() { return read_labelled_positions("stalemate_locks.txt"); }

TEST(StalemateLock, ProvesTheShutInKingsAndRefusesTheNearMisses) {
  std::vector<LabelledPosition> cases = read_locks();
  ASSERT_GE(cases.size(), 15u);
  int proved = 0, refused = 0;
  for (const LabelledPosition& c : cases) {
    SCOPED_TRACE("stalemate_locks.txt line " + std::to_string(c.line) + ": " + c.fen);
    Position pos = game_test::fen(c.fen);
    for (Color winner : {WHITE, BLACK}) {
      WinnabilityResult result = can_checkmate(pos, winner);
      if (c.winnable(winner)) {
        EXPECT_FALSE(stalemate_lock_unwinnable(pos, winner));
        ASSERT_EQ(result.verdict, Winnability::WINNABLE);
        EXPECT_TRUE(reachable_mates::line_mates(pos, winner, result.mating_line));
        ++refused;
      } else {
        EXPECT_TRUE(stalemate_lock_unwinnable(pos, winner));
        EXPECT_EQ(result.verdict, Winnability::UNWINNABLE);
        EXPECT_EQ(result.reason, UnwinnableReason::STALEMATE_LOCK);
        ++proved;
      }
    }
  }
  EXPECT_GE(proved, 18);
  EXPECT_GE(refused, 12);
}

TEST(StalemateLock, SmallLabelsAgreeWithAWalkOverEveryReachablePosition) {
  int walked = 0;
  for (const LabelledPosition& c : read_locks()) {
    Position pos = game_test::fen(c.fen);
    if (c.winnable(WHITE) || c.winnable(BLACK) || popcount(pos.pieces() & ~pos.pieces(PAWN, KING)) > 2) continue;
    SCOPED_TRACE("stalemate_locks.txt line " + std::to_string(c.line) + ": " + c.fen);
    bool mates[COLOR_NB], complete = false;
    reachable_mates::mates_reachable(pos, 400'000, mates, complete);
    ASSERT_TRUE(complete);
    EXPECT_FALSE(mates[WHITE]);
    EXPECT_FALSE(mates[BLACK]);
    ++walked;
  }
  EXPECT_GE(walked, 7);
}

// The mate the rule is about: with the shut-in king on h4 and the other king
// on h2 (or g2), a dark bishop's check on the d8-h4 diagonal is mate. It can
// only come after White's king stepped h3-h4 while Black's king stood next to
// h3, which is illegal, or after Black's king came to h2/g2 with White's on
// h4, which leaves White no move. With the position set up directly, the mate
// is there, and the rule must not claim otherwise.
TEST(StalemateLock, RefusesWhenTheMateIsAlreadyOnTheBoard) {
  Position set_up = game_test::fen("8/8/7p/5p1P/3b1p1K/5Pp1/6Pk/8 b - - 0 1");
  EXPECT_FALSE(stalemate_lock_unwinnable(set_up, BLACK));
  WinnabilityResult result = can_checkmate(set_up, BLACK);
  ASSERT_EQ(result.verdict, Winnability::WINNABLE);
  EXPECT_TRUE(reachable_mates::line_mates(set_up, BLACK, result.mating_line));
}

}  // namespace
}  // namespace tabiya
