// Where every man may ever go, captures included (unwinnability_reach.h): a
// proof for structures a capture changes, and the exhaustive walk that
// settles what no proof does (FIDE Laws of Chess, 2023 edition, Art. 5.2.2
// and 6.9: can this side checkmate "by any possible series of legal moves"?).
// Each unwinnable verdict is checked against a walk over every position
// reachable from the start, with nothing but the move generator's own notion
// of mate; each winnable one comes with a line that is replayed to mate.
#include <gtest/gtest.h>

#include <string>
#include <unordered_set>
#include <vector>

#include "core/movegen.h"
#include "game_test_support.h"
#include "laws/dead_position.h"
#include "laws/unwinnability_freezing.h"
#include "laws/unwinnability_reach.h"
#include "laws/unwinnability_static.h"
#include "reachable_mates.h"

namespace tabiya {
namespace {

Position position(const std::string& text) { return game_test::fen(text); }

using reachable_mates::line_mates;
using reachable_mates::Walk;
using reachable_mates::walk_all;

constexpr std::size_t WALK_LIMIT = 200'000;

TEST(ReachableSquares, AKingThatMayTakeAPawnStillNeverMates) {
  // The pawns on the sixth and seventh ranks wall the kings apart for ever.
  // Below the wall the d-pawns may meet, and White's king may take Black's:
  // the structure changes, so the frozen and freezing proofs give up. But
  // White's d-pawn never passes the wall, Black's never passes White's (which
  // is never taken: nothing of Black's reaches it), and no man of either side
  // ever attacks a square next to where the other king may stand in a way
  // that leaves it no flight.
  Position pos = position("4k3/1p1p1p1p/1P1P1P1P/8/3p4/8/3P4/4K3 w - - 0 1");
  for (Color winner : {WHITE, BLACK}) {
    EXPECT_EQ(frozen_structure(pos, winner), FrozenStructure::MAY_MATE);
    EXPECT_EQ(freezing_structure(pos, winner), FrozenStructure::MAY_MATE);
    EXPECT_NE(reachable_squares_structure(pos, winner), FrozenStructure::MAY_MATE);
    WinnabilityResult result = can_checkmate(pos, winner);
    EXPECT_EQ(result.verdict, Winnability::UNWINNABLE);
    EXPECT_EQ(result.reason, UnwinnableReason::REACHABLE_SQUARES);
    EXPECT_EQ(result.nodes, 0u);  // proven before any search
    EXPECT_EQ(walk_all(pos, winner, WALK_LIMIT), Walk::NO_MATE);
  }
  EXPECT_EQ(dead_position(pos).verdict, DeadPositionVerdict::DEAD);
}

TEST(ReachableSquares, APawnStepsForwardIntoACaptureAndTheOneBehindItRuns) {
  // Black's a6-pawn looks stuck behind White's a4-pawn, but it may step to
  // a5, where White's king takes it; then White's a-pawn runs through a6 and
  // takes on b7. A proof that kept each of the two a-pawns behind the other
  // would call this unwinnable for White: it is not.
  Position pos = position("k7/1p6/pPp5/2Pp4/P2P4/2K5/8/8 w - - 0 1");
  EXPECT_EQ(reachable_squares_structure(pos, WHITE), FrozenStructure::MAY_MATE);
  WinnabilityResult white = can_checkmate(pos, WHITE);
  ASSERT_EQ(white.verdict, Winnability::WINNABLE);
  EXPECT_TRUE(line_mates(pos, WHITE, white.mating_line));
}

TEST(ReachableSquares, APawnAheadThatMayBeTakenHoldsNothingButTheWallDoes) {
  // Black's d5-pawn may be taken by White's king, so it does not hold White's
  // d-pawn back, which may run up to its own pawn on d6 and no further;
  // Black's d-pawn never passes White's, which nothing of Black's reaches.
  Position pos = position("4k3/1p1p1p1p/1P1P1P1P/3p4/8/8/3P4/4K3 w - - 0 1");
  for (Color winner : {WHITE, BLACK}) {
    EXPECT_EQ(freezing_structure(pos, winner), FrozenStructure::MAY_MATE);
    EXPECT_NE(reachable_squares_structure(pos, winner), FrozenStructure::MAY_MATE);
    EXPECT_EQ(walk_all(pos, winner, WALK_LIMIT), Walk::NO_MATE);
  }
}

TEST(ReachableSquares, PawnsOnFreeFilesOrNoneHeadOnLeaveNothingToProve) {
  Position locked = position("4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1");
  EXPECT_FALSE(reach_proof_unlikely(locked));  // head-on, and each has a man ahead of it
  Position start = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
  EXPECT_TRUE(reach_proof_unlikely(start));  // no pawn head-on against another
  Position ending = position("8/5k2/8/3p4/3P4/8/2P2K2/8 w - - 0 1");
  EXPECT_TRUE(reach_proof_unlikely(ending));  // the c-pawn runs free
  EXPECT_EQ(reachable_squares_structure(ending, WHITE), FrozenStructure::MAY_MATE);
  EXPECT_EQ(reachable_squares_structure(ending, BLACK), FrozenStructure::MAY_MATE);
}

TEST(ExhaustiveWalk, FindsAMateAtTheEndOfALongWalkBehindAWall) {
  // White's bishop takes Black's d-pawn, White's d-pawn runs up to the wall
  // and the king and bishop mate round it: a mate some forty moves away,
  // found by the exhaustive walk once it counts only the positions it visits
  // (moves into positions already seen cost it little) and may go deeper
  // than 2,048 plies. Before, the default budget ran out.
  Position pos = position("4k3/1p1p1p1p/1P1P1P1P/8/3p4/8/3P4/2B1K3 w - - 0 1");
  WinnabilityResult white = can_checkmate(pos, WHITE);
  ASSERT_EQ(white.verdict, Winnability::WINNABLE);
  EXPECT_TRUE(line_mates(pos, WHITE, white.mating_line));
}

}  // namespace
}  // namespace tabiya
