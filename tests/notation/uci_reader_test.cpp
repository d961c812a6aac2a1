// The strict UCI lookup: the one reading of machine-written moves that the
// live game, the protocol, the UCI engine and the review share.
#include "notation/uci_reader.h"

#include <gtest/gtest.h>

#include "core/chess960.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"

namespace tabiya {
namespace {

Position fen(std::string_view text) { return parse_fen(text).value(); }

UciErrorKind refusal(const Position& pos, std::string_view text) {
  auto m = move_from_uci(pos, text);
  EXPECT_FALSE(m) << text << " was read as " << to_uci(*m, pos);
  return m ? UciErrorKind::ILLEGAL : m.error().kind;
}

TEST(UciReader, ReadsOrdinaryMoves) {
  const Position start = fen(START_FEN);
  EXPECT_EQ(move_from_uci(start, "e2e4").value(), Move(SQ_E2, SQ_E4));
  EXPECT_EQ(move_from_uci(start, "g1f3").value(), Move(SQ_G1, SQ_F3));
}

TEST(UciReader, ReasonCodesAreTheProtocols) {
  EXPECT_EQ(uci_error_code(UciErrorKind::NOT_A_MOVE), "not_a_move");
  EXPECT_EQ(uci_error_code(UciErrorKind::NO_PIECE), "no_piece");
  EXPECT_EQ(uci_error_code(UciErrorKind::ILLEGAL), "illegal");
  EXPECT_EQ(uci_error_code(UciErrorKind::PROMOTION_REQUIRED), "promotion_required");
}

TEST(UciReader, NotAMoveIsAnythingButTwoSquaresAndAPromotionLetter) {
  const Position start = fen(START_FEN);
  for (std::string_view text :
       {"", "e2", "e2e", "e2e4e", "e2-e4", "E2E4", "e2e9", "i2e4", "e7e8Q", "e4", "Nf3", "0000", " e2e4", "e2e4 "})
    EXPECT_EQ(refusal(start, text), UciErrorKind::NOT_A_MOVE) << '"' << text << '"';
  auto m = move_from_uci(start, "e2e9");
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().message.substr(0, 6), "\"e2e9\"");
}

TEST(UciReader, NoPieceOfTheSideToMoveOnTheDepartureSquare) {
  const Position start = fen(START_FEN);
  EXPECT_EQ(refusal(start, "e3e4"), UciErrorKind::NO_PIECE);  // empty
  EXPECT_EQ(refusal(start, "e7e5"), UciErrorKind::NO_PIECE);  // Black's pawn, White to move
  auto m = move_from_uci(start, "e3e4");
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().message, "\"e3e4\" moves no piece: White has none on e3");
}

TEST(UciReader, IllegalMovesOfAPieceThatIsThere) {
  const Position start = fen(START_FEN);
  EXPECT_EQ(refusal(start, "e2e5"), UciErrorKind::ILLEGAL);
  EXPECT_EQ(refusal(start, "e1e2"), UciErrorKind::ILLEGAL);
  EXPECT_EQ(refusal(start, "e2e4q"), UciErrorKind::ILLEGAL);  // a promotion letter on a move that is none
  // Pinned: the e2 knight cannot leave the e-file.
  EXPECT_EQ(refusal(fen("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1"), "e2c3"), UciErrorKind::ILLEGAL);
}

TEST(UciReader, PromotionsNameThePiece) {
  const Position pos = fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(move_from_uci(pos, "a7a8q").value(), Move::make(MoveKind::PROMOTION, SQ_A7, SQ_A8, QUEEN));
  EXPECT_EQ(move_from_uci(pos, "a7a8n").value(), Move::make(MoveKind::PROMOTION, SQ_A7, SQ_A8, KNIGHT));
  EXPECT_EQ(move_from_uci(pos, "a7b8r").value(), Move::make(MoveKind::PROMOTION, SQ_A7, SQ_B8, ROOK));
  EXPECT_EQ(move_from_uci(pos, "a7b8b").value(), Move::make(MoveKind::PROMOTION, SQ_A7, SQ_B8, BISHOP));
  EXPECT_EQ(refusal(pos, "a7a8"), UciErrorKind::PROMOTION_REQUIRED);
  EXPECT_EQ(refusal(pos, "a7b8"), UciErrorKind::PROMOTION_REQUIRED);
  EXPECT_EQ(refusal(pos, "a7a8k"), UciErrorKind::NOT_A_MOVE);
  EXPECT_EQ(refusal(pos, "a7c8q"), UciErrorKind::ILLEGAL);
}

TEST(UciReader, StandardCastlingIsTheKingsMove) {
  const Position pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(move_from_uci(pos, "e1g1").value(), Move::make(MoveKind::CASTLING, SQ_E1, SQ_H1));
  EXPECT_EQ(move_from_uci(pos, "e1c1").value(), Move::make(MoveKind::CASTLING, SQ_E1, SQ_A1));
  EXPECT_EQ(refusal(pos, "e1h1"), UciErrorKind::ILLEGAL);  // king takes rook is Chess960's form
  // The other form when asked for it.
  EXPECT_EQ(move_from_uci(pos, "e1h1", UciCastling::KING_TAKES_ROOK).value(),
            Move::make(MoveKind::CASTLING, SQ_E1, SQ_H1));
  EXPECT_EQ(refusal(fen("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1"), "e1g1"), UciErrorKind::ILLEGAL);  // no right
}

// Appendix F: in Chess960 castling is king takes own rook, also when the
// king's destination is a square it could step to (b1c1 below) or its own.
TEST(UciReader, Chess960CastlingIsKingTakesRook) {
  // King b1, rooks a1 and h1: O-O-O puts the king on c1, which Kc1 also reaches.
  const Position pos = fen("4k3/8/8/8/8/8/8/RK5R w HA - 0 1");
  ASSERT_TRUE(pos.is_chess960());
  EXPECT_EQ(move_from_uci(pos, "b1a1").value(), Move::make(MoveKind::CASTLING, SQ_B1, SQ_A1));
  EXPECT_EQ(move_from_uci(pos, "b1h1").value(), Move::make(MoveKind::CASTLING, SQ_B1, SQ_H1));
  EXPECT_EQ(move_from_uci(pos, "b1c1").value(), Move(SQ_B1, SQ_C1));  // the king's step, not castling
  // King already on g1: O-O moves only the rook.
  const Position on_g1 = fen("4k3/8/8/8/8/8/8/1R4KR w HB - 0 1");
  EXPECT_EQ(move_from_uci(on_g1, "g1h1").value(), Move::make(MoveKind::CASTLING, SQ_G1, SQ_H1));
  EXPECT_EQ(move_from_uci(on_g1, "g1b1").value(), Move::make(MoveKind::CASTLING, SQ_G1, SQ_B1));
}

// to_uci() and move_from_uci() are each other's inverse on every legal move,
// in standard chess and in every Chess960 start position.
TEST(UciReader, ReadsBackEveryMoveToUciWrites) {
  std::vector<Position> positions = {
      fen(START_FEN),
      fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
      fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
      fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
      fen("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
      fen("4k3/8/8/8/8/8/8/RK5R w HA - 0 1"),
  };
  for (int n = 0; n < 960; n += 7) positions.push_back(chess960_start_position(n).value());
  for (const Position& pos : positions) {
    for (Move m : legal_moves(pos)) {
      const std::string text = to_uci(m, pos);
      auto read = move_from_uci(pos, text);
      ASSERT_TRUE(read) << to_fen(pos) << ' ' << text << ": " << read.error().message;
      EXPECT_EQ(*read, m) << to_fen(pos) << ' ' << text;
    }
  }
}

}  // namespace
}  // namespace tabiya
