// The frozen-structure proof (unwinnability_static.h): pawns locked for ever,
// where each piece and king may ever stand, and whether a mate can ever be
// built there (FIDE 2014 Art. 1.3, 5.2.b, 6.9: "by any possible series of
// legal moves").
#include <gtest/gtest.h>

#include <string>

#include "core/fen.h"
#include "core/movegen.h"
#include "game_test_support.h"
#include "laws/dead_position.h"
#include "laws/unwinnability_static.h"

namespace tabiya {
namespace {

// A position from its FEN, the test failing on a bad one (game_test_support.h).
Position position(const std::string& text) { return game_test::fen(text); }

// White pawns a3 b4 c3 d4 e3 f4 g3 h4 (dark squares), black pawns one square
// in front of each (light squares): every pawn is blocked, no pawn attacks an
// enemy pawn, the white king never passes rank 2 and the black king never
// comes below rank 6.
const std::string WALL = "/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/";

TEST(FrozenStructure, DarkBishopBehindTheBlackLinesChecksButNeverMates) {
  // White's dark bishop on e7 may check the black king on every dark square of
  // its region, but each such square has a light neighbour in the region that
  // no white man can ever attack and no black piece can fill (Black has none).
  Position pos = position("6k1/4B3" + WALL.substr(2) + "4K3 w - - 0 1");
  EXPECT_EQ(frozen_structure(pos, WHITE), FrozenStructure::NO_MATING_SQUARE);
  EXPECT_EQ(frozen_structure(pos, BLACK), FrozenStructure::NEVER_CHECKS);
  WinnabilityResult white = can_checkmate(pos, WHITE);
  EXPECT_EQ(white.verdict, Winnability::UNWINNABLE);
  EXPECT_EQ(white.reason, UnwinnableReason::UNREACHABLE_REGION);
  EXPECT_EQ(can_checkmate(pos, BLACK).reason, UnwinnableReason::BLOCKED_STRUCTURE);
  EXPECT_EQ(dead_position(pos).verdict, DeadPositionVerdict::DEAD);
}

TEST(FrozenStructure, OneBlockerCannotFillTwoFlights) {
  // The black king on h8 checked from the long diagonal keeps g8 and h7; one
  // black bishop can stand on only one of them.
  Position pos = position("6bk/4B3" + WALL.substr(2) + "4K3 w - - 0 1");
  EXPECT_EQ(frozen_structure(pos, WHITE), FrozenStructure::NO_MATING_SQUARE);
}

TEST(FrozenStructure, TwoBlockersMayFillThemAndTheSearchFindsTheMate) {
  // With black bishops on g8 and h7, Bf6 is mate: the proof must say "may".
  Position pos = position("6bk/4B2b" + WALL.substr(2) + "4K3 w - - 0 1");
  EXPECT_EQ(frozen_structure(pos, WHITE), FrozenStructure::MAY_MATE);
  WinnabilityResult white = can_checkmate(pos, WHITE);
  ASSERT_EQ(white.verdict, Winnability::WINNABLE);
  EXPECT_FALSE(white.mating_line.empty());
}

TEST(FrozenStructure, PieceThatMayStepWhereAPawnTakesItUnfreezesTheWall) {
  // A white knight or rook behind the wall can go to b3, d3, f3 or h3, where a
  // black pawn takes it and the structure changes: nothing is proven.
  EXPECT_EQ(frozen_structure(position("6k1" + WALL + "N3K3 w - - 0 1"), BLACK), FrozenStructure::MAY_MATE);
  EXPECT_EQ(frozen_structure(position("6k1" + WALL + "R3K3 w - - 0 1"), BLACK), FrozenStructure::MAY_MATE);
}

TEST(FrozenStructure, BishopOfTheOwnPawnsColourNeverCrosses) {
  // White's dark bishop behind its dark-square pawns: the wall is closed to it.
  Position pos = position("6k1" + WALL + "2B1K3 b - - 0 1");
  EXPECT_EQ(frozen_structure(pos, WHITE), FrozenStructure::NEVER_CHECKS);
  EXPECT_EQ(can_checkmate(pos, WHITE).reason, UnwinnableReason::BLOCKED_STRUCTURE);
}

TEST(FrozenStructure, CastlingRightOrEnPassantIsNotFrozen) {
  EXPECT_EQ(frozen_structure(position("6k1" + WALL + "4K2R w K - 0 1"), BLACK), FrozenStructure::MAY_MATE);
  EXPECT_EQ(frozen_structure(position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), WHITE), FrozenStructure::MAY_MATE);
}

TEST(FrozenStructure, KingThatMayTakeAnUndefendedPawnIsNotFrozen) {
  // Two blocked pawns nothing defends: either king may walk up and take one.
  Position pos = position("4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1");
  EXPECT_EQ(frozen_structure(pos, WHITE), FrozenStructure::MAY_MATE);
  EXPECT_EQ(frozen_structure(pos, BLACK), FrozenStructure::MAY_MATE);
}

}  // namespace
}  // namespace tabiya
