// Writing moves in UCI coordinates: castling is e1g1 in standard chess and
// king-takes-rook (e1h1) in Chess960, as engines and GUIs expect.
#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/uci_move.h"

namespace tabiya {
namespace {

TEST(UciMove, CastlingIsWrittenPerMode) {
  const Position pos = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").value();
  const Move castle = Move::make(MoveKind::CASTLING, SQ_E1, SQ_H1);
  EXPECT_EQ(to_uci(castle, false), "e1g1");
  EXPECT_EQ(to_uci(castle, true), "e1h1");
  EXPECT_EQ(to_uci(Move::make(MoveKind::CASTLING, SQ_E1, SQ_A1), false), "e1c1");
  EXPECT_EQ(to_uci(Move::make(MoveKind::PROMOTION, SQ_A7, SQ_B8, QUEEN), false), "a7b8q");
  EXPECT_EQ(to_uci(Move::make(MoveKind::PROMOTION, SQ_A7, SQ_A8, KNIGHT), false), "a7a8n");
  EXPECT_EQ(to_uci(Move(SQ_E2, SQ_E4), false), "e2e4");
  EXPECT_TRUE(pos.is_legal(castle));
}

// FIDE 2014 Appendix F.3: in Chess960 the king may already stand on its
// destination; king-takes-rook keeps such castlings distinct from king moves.
TEST(UciMove, Chess960CastlingIsKingTakesRook) {
  const Move rook_only = Move::make(MoveKind::CASTLING, SQ_G1, SQ_H1);
  EXPECT_EQ(to_uci(rook_only, true), "g1h1");
  const Move swap_c_side = Move::make(MoveKind::CASTLING, SQ_D8, SQ_C8);
  EXPECT_EQ(to_uci(swap_c_side, true), "d8c8");
  EXPECT_EQ(to_uci(swap_c_side, false), "d8c8");  // king d8 -> c8 in either form
}

}  // namespace
}  // namespace tabiya
