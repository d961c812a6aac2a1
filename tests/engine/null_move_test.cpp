// Position::do_null_move / undo_null_move, added to the core for the search's
// null-move pruning: the side to move passes, nothing else changes.
#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "engine_test_support.h"

namespace tabiya::engine {
namespace {

using test::fen;

TEST(NullMove, PassesTheMoveAndKeepsTheKeyConsistent) {
  for (const char* text : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                           "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 1",
                           "4k3/8/8/8/1b6/8/3N4/4K3 w - - 12 40"}) {
    Position pos = fen(text);
    ASSERT_FALSE(pos.in_check());
    const std::string before = to_fen(pos);
    UndoInfo undo;
    pos.do_null_move(undo);
    EXPECT_EQ(pos.key(), pos.compute_key()) << text;
    EXPECT_EQ(pos.en_passant(), SQ_NONE) << text;
    // The pins are the new side's: generation stays legal.
    for (Move m : legal_moves(pos)) {
      Position copy = pos;
      UndoInfo u;
      copy.do_move(m, u);
      EXPECT_EQ(copy.key(), copy.compute_key());
    }
    pos.undo_null_move(undo);
    EXPECT_EQ(to_fen(pos), before) << text;
    EXPECT_EQ(pos.key(), pos.compute_key()) << text;
  }
}

TEST(NullMove, SideToMoveFlips) {
  Position pos = Position::startpos();
  UndoInfo undo;
  pos.do_null_move(undo);
  EXPECT_EQ(pos.side_to_move(), BLACK);
  EXPECT_EQ(legal_moves(pos).size(), 20u);
  EXPECT_EQ(pos.halfmove_clock(), 1);
}

TEST(NullMove, PinsFollowTheSideToMove) {
  // After White passes, Black's knight on d7 is pinned by the bishop on b5.
  Position pos = fen("4k3/3n4/8/1B6/8/8/8/4K3 w - - 0 1");
  UndoInfo undo;
  pos.do_null_move(undo);
  EXPECT_TRUE(pos.pinned() & square_bb(SQ_D7));
  for (Move m : legal_moves(pos)) EXPECT_NE(m.from(), SQ_D7);
}

}  // namespace
}  // namespace tabiya::engine
