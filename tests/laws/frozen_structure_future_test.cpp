// Pawn structures that will freeze (unwinnability_freezing.h): pawns that may
// still advance but never capture, and no mate in any of their futures (FIDE
// Laws of Chess, 2023 edition, Art. 5.2.2: dead position, "neither player can
// checkmate the opponent's king with any series of legal moves"; Art. 6.9 asks
// it of one player on a flag fall). Each verdict is checked against a walk
// over every position reachable from the start, with nothing but the move
// generator's own notion of mate.
#include <gtest/gtest.h>

#include <string>
#include <unordered_set>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "game_test_support.h"
#include "laws/dead_position.h"
#include "laws/unwinnability_freezing.h"
#include "laws/unwinnability_static.h"
#include "reachable_mates.h"

namespace tabiya {
namespace {

// A position from its FEN, the test failing on a bad one (game_test_support.h).
Position position(const std::string& text) { return game_test::fen(text); }

using reachable_mates::Walk;
using reachable_mates::walk_all;

constexpr std::size_t WALK_LIMIT = 200'000;

TEST(FreezingStructure, BishopsHemmedInGuardTheirPawnsForEver) {
  // Each bishop stands among its own locked pawns and can never move, but it
  // guards the diagonal squares next to it in every position to come: d4 and
  // f4 (Black's bishop), d5 and f5 (White's), so neither king ever takes a
  // pawn, and with nothing else on the board neither side can mate.
  Position pos = position("4k3/8/3p1p2/3PbP2/3pBp2/3P1P2/8/4K3 w - - 0 1");
  EXPECT_EQ(frozen_structure(pos, WHITE), FrozenStructure::MAY_MATE);  // the locked-pawn proof alone fails
  EXPECT_NE(freezing_structure(pos, WHITE), FrozenStructure::MAY_MATE);
  EXPECT_NE(freezing_structure(pos, BLACK), FrozenStructure::MAY_MATE);
  WinnabilityResult white = can_checkmate(pos, WHITE);
  EXPECT_EQ(white.verdict, Winnability::UNWINNABLE);
  EXPECT_EQ(white.reason, UnwinnableReason::FREEZING_STRUCTURE);
  EXPECT_EQ(dead_position(pos).verdict, DeadPositionVerdict::DEAD);
  EXPECT_EQ(walk_all(pos, WHITE, WALK_LIMIT), Walk::NO_MATE);
  EXPECT_EQ(walk_all(pos, BLACK, WALK_LIMIT), Walk::NO_MATE);
  // Without Black's bishop d4 and f4 are unguarded: White's king may walk
  // round and take one, the structure changes, and nothing is proven.
  Position unguarded = position("4k3/8/3p1p2/3P1P2/3pBp2/3P1P2/8/4K3 w - - 0 1");
  EXPECT_EQ(freezing_structure(unguarded, WHITE), FrozenStructure::MAY_MATE);
  EXPECT_EQ(freezing_structure(unguarded, BLACK), FrozenStructure::MAY_MATE);
}

TEST(FreezingStructure, KnightsAmongTheirOwnPawnsGuardForEver) {
  // The knights on a5 and a4 only ever jump to squares of their own pawns.
  Position pos = position("4k3/1p6/1Pp5/n1P5/N1p5/1pP5/1P6/4K3 w - - 0 1");
  EXPECT_NE(freezing_structure(pos, WHITE), FrozenStructure::MAY_MATE);
  EXPECT_NE(freezing_structure(pos, BLACK), FrozenStructure::MAY_MATE);
  EXPECT_EQ(walk_all(pos, WHITE, WALK_LIMIT), Walk::NO_MATE);
  EXPECT_EQ(walk_all(pos, BLACK, WALK_LIMIT), Walk::NO_MATE);
}

TEST(FreezingStructure, PawnStoppedByAPieceThatCanNeverMove) {
  // White's f7 pawn has no pawn ahead of it, but Black's bishop on f8 stands
  // between its own locked e7 and g7 pawns and can never move: f7 never
  // promotes. The proof finds the bishop, then the pawn it stops.
  Position pos = position("k4b2/4pPp1/3pP1Pp/2pP3P/BpP5/1P6/K7/8 b - - 0 1");
  EXPECT_EQ(frozen_structure(pos, WHITE), FrozenStructure::MAY_MATE);
  EXPECT_NE(freezing_structure(pos, WHITE), FrozenStructure::MAY_MATE);
  EXPECT_NE(freezing_structure(pos, BLACK), FrozenStructure::MAY_MATE);
  EXPECT_EQ(walk_all(pos, WHITE, WALK_LIMIT), Walk::NO_MATE);
  EXPECT_EQ(walk_all(pos, BLACK, WALK_LIMIT), Walk::NO_MATE);
  // Without the bishop the pawn may promote: nothing is proven.
  EXPECT_EQ(freezing_structure(position("k7/4pPp1/3pP1Pp/2pP3P/BpP5/1P6/K7/8 b - - 0 1"), WHITE),
            FrozenStructure::MAY_MATE);
}

TEST(FreezingStructure, PawnThatMayPromoteOrCaptureProvesNothing) {
  // White's b-pawn has no pawn ahead of it on its file: it may promote.
  EXPECT_EQ(freezing_structure(position("4k3/8/3p1p2/3PbP2/3pBp2/3P1P2/1P6/4K3 w - - 0 1"), BLACK),
            FrozenStructure::MAY_MATE);
  // The d- and f-pawns are locked, but White's e2 pawn may reach e3 and take
  // on d4 or f4 (and Black's e7 pawn on d3 or f3): a capture may come.
  Position capture = position("4k3/4p3/8/8/3p1p2/3P1P2/4P3/4K3 w - - 0 1");
  EXPECT_EQ(freezing_structure(capture, WHITE), FrozenStructure::MAY_MATE);
  EXPECT_EQ(freezing_structure(capture, BLACK), FrozenStructure::MAY_MATE);
}

TEST(FreezingStructure, MateBehindTheChainIsStillFound) {
  // Black's king shut in h8 behind its own locked pawns, a white rook free
  // on the open a-file and a b-pawn that may still advance: Ra8 is mate.
  Position pos = position("7k/1p4pp/6P1/6P1/8/8/8/R3K3 w - - 0 1");
  EXPECT_EQ(freezing_structure(pos, WHITE), FrozenStructure::MAY_MATE);
  WinnabilityResult white = can_checkmate(pos, WHITE);
  EXPECT_EQ(white.verdict, Winnability::WINNABLE);
}

}  // namespace
}  // namespace tabiya
