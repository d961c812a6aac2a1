// Quick mode's look-ahead (unwinnability_forced.h): positions with few legal
// moves where one move settles the matter, as on a flag fall (FIDE Laws of
// Chess, 2023 edition, Art. 6.9: "the game is drawn if the position is such
// that the opponent cannot checkmate the player's king by any possible series
// of legal moves"; Art. 5.2.2 asks the same of both players).
#include <gtest/gtest.h>

#include <string>

#include "core/fen.h"
#include "core/movegen.h"
#include "game_test_support.h"
#include "laws/dead_position.h"
#include "laws/unwinnability_forced.h"
#include "laws/unwinnability_static.h"

namespace tabiya {
namespace {

// A position from its FEN, the test failing on a bad one (game_test_support.h).
Position position(const std::string& text) { return game_test::fen(text); }

// Black, in check from the g5 pawn, has four king moves, and after each the
// white king on h4 and White's pawns have no move: stalemate every time.
const std::string EVERY_MOVE_STALEMATES = "8/p6p/5kp1/5pP1/5P1K/1r5P/8/8 b - - 0 1";

TEST(QuickLookAhead, EveryMoveStalematesIsUnwinnable) {
  Position pos = position(EVERY_MOVE_STALEMATES);
  // The independent check: play each legal move and look at the result.
  MoveList moves = legal_moves(pos);
  ASSERT_EQ(moves.size(), 4u);
  for (Move m : moves) {
    Position child = pos;
    UndoInfo undo;
    child.do_move(m, undo);
    EXPECT_TRUE(is_stalemate(child));
  }
  EXPECT_FALSE(statically_unwinnable(pos, WHITE));  // no static proof sees it
  WinnabilityResult quick = can_checkmate_quick(pos, WHITE);
  EXPECT_EQ(quick.verdict, Winnability::UNWINNABLE);
  EXPECT_EQ(quick.reason, UnwinnableReason::LOOK_AHEAD);
  // Full mode reaches the same verdict by its own exhaustive search.
  EXPECT_EQ(can_checkmate(pos, WHITE).verdict, Winnability::UNWINNABLE);
}

TEST(QuickLookAhead, OnePlyIsNeededAndEnough) {
  Position pos = position(EVERY_MOVE_STALEMATES);
  uint64_t nodes = 0;
  EXPECT_FALSE(forced_unwinnable(pos, WHITE, ForcedLimits{0, 256}, nodes));
  EXPECT_TRUE(forced_unwinnable(pos, WHITE, ForcedLimits{1, 256}, nodes));
  EXPECT_EQ(nodes, 4u);
  // Too small a node budget proves nothing.
  EXPECT_FALSE(forced_unwinnable(pos, WHITE, ForcedLimits{1, 3}, nodes));
}

TEST(QuickLookAhead, KingTakingTheLastQueenLeavesABareKing) {
  // Kxg7 is Black's only move; White is left with a bare king.
  Position pos = position("7k/6Q1/8/8/8/8/8/K7 b - - 0 1");
  ASSERT_EQ(count_legal(pos), 1);
  WinnabilityResult quick = can_checkmate_quick(pos, WHITE);
  EXPECT_EQ(quick.verdict, Winnability::UNWINNABLE);
  EXPECT_EQ(quick.reason, UnwinnableReason::LOOK_AHEAD);
  // A king taking a pawn on the seventh: Kxa7 is forced (the pawn covers b8).
  Position pawn = position("k7/P7/2K5/8/8/8/8/8 b - - 0 1");
  ASSERT_EQ(count_legal(pawn), 1);
  EXPECT_EQ(can_checkmate_quick(pawn, WHITE).reason, UnwinnableReason::LOOK_AHEAD);
}

TEST(QuickLookAhead, AMoveThatKeepsMatingMaterialProvesNothing) {
  // The same capture, but White keeps a rook: a mate is still possible.
  Position pos = position("7k/6Q1/R7/8/8/8/8/K7 b - - 0 1");
  ASSERT_EQ(count_legal(pos), 1);
  uint64_t nodes = 0;
  EXPECT_FALSE(forced_unwinnable(pos, WHITE, QUICK_FORCED_LIMITS, nodes));
  EXPECT_NE(can_checkmate_quick(pos, WHITE).verdict, Winnability::UNWINNABLE);
  EXPECT_EQ(can_checkmate(pos, WHITE).verdict, Winnability::WINNABLE);
}

// A census over every placement of White's king and one man (queen, rook,
// or a pawn on the seventh rank) against Black's lone king, Black to move:
// where every legal Black move takes the man (White is left with a bare
// king), one legal move settles the matter and quick mode must say
// UNWINNABLE; and whatever quick mode proves, full mode proves too.
int census(char man, Bitboard squares, int& proved) {
  int settled = 0;
  proved = 0;
  for (int wk = 0; wk < 64; ++wk)
    for (Bitboard b = squares; b;) {
      int m = pop_lsb(b);
      if (m == wk) continue;
      for (int bk = 0; bk < 64; ++bk) {
        if (bk == wk || bk == m || (king_attacks(Square(wk)) & square_bb(Square(bk)))) continue;
        std::string board(64, '.');
        board[wk] = 'K', board[m] = man, board[bk] = 'k';
        const std::string fen = game_test::placement_fen(board) + " b - - 0 1";
        auto pos = parse_fen(fen);
        if (!pos.ok()) continue;
        MoveList moves = legal_moves(*pos);
        if (moves.empty()) continue;  // the game is over on the board
        bool every_move_takes = true;
        for (Move mv : moves) every_move_takes = every_move_takes && mv.to() == Square(m);
        WinnabilityResult quick = can_checkmate_quick(*pos, WHITE);
        if (every_move_takes) {
          ++settled;
          EXPECT_EQ(quick.verdict, Winnability::UNWINNABLE) << fen;
        }
        if (quick.verdict == Winnability::UNWINNABLE) {
          ++proved;
          EXPECT_EQ(can_checkmate(*pos, WHITE).verdict, Winnability::UNWINNABLE) << fen;
        }
      }
    }
  return settled;
}

TEST(QuickLookAhead, EveryPlacementWhereTheKingMustTakeTheLastManIsProved) {
  int proved = 0;
  EXPECT_GT(census('Q', ~Bitboard(0), proved), 0);
  EXPECT_GT(proved, 0);
  EXPECT_GT(census('R', ~Bitboard(0), proved), 0);
  EXPECT_GT(census('P', rank_bb(RANK_7), proved), 0);
}

}  // namespace
}  // namespace tabiya
