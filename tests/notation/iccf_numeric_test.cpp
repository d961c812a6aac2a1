// ICCF numeric notation, the correspondence-chess notation without letters:
// each square is two digits (file a..h = 1..8, then rank), a move is departure
// then arrival ("5254" = e2-e4), castling is the king's move ("5171" = O-O,
// "5131" = O-O-O; "5878" / "5838" for Black) and a promotion adds a fifth digit:
// 1 queen, 2 rook, 3 bishop, 4 knight ("57581" = e7-e8=Q). These are the
// conventions of the ICCF (International Correspondence Chess Federation),
// which the FIDE source documents mention beside algebraic notation.
#include "notation/iccf_numeric.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "notation/move_reader.h"
#include "notation/pgn.h"

namespace tabiya {
namespace {

Position from_fen(std::string_view fen) {
  Result<Position> pos = parse_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen;
  return pos.ok() ? *pos : Position::startpos();
}

std::string read(std::string_view fen, std::string_view text, Language lang = Language::EN) {
  const Position pos = from_fen(fen);
  Result<Move, MoveError> m = parse_move(pos, text, {lang});
  if (!m) return "error: " + m.error().message;
  return to_uci(*m, pos);
}

const std::string START(START_FEN);
const std::string CASTLE = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
const std::string CASTLE_BLACK = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
const std::string PROMOTE = "3r4/4Pk2/8/8/8/8/8/K7 w - - 0 1";
const std::string EP = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";

// ICCF: departure square then arrival square, two digits each, file first.
TEST(IccfNumeric, SquaresAreFileDigitThenRankDigit) {
  EXPECT_EQ(read(START, "5254"), "e2e4");
  EXPECT_EQ(read(START, "7163"), "g1f3");
  EXPECT_EQ(read(START, "2133"), "b1c3");
  const std::string after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  EXPECT_EQ(read(after_e4, "3735"), "c7c5");
  EXPECT_EQ(read(after_e4, "7866"), "g8f6");
  // The same in every language: the notation has no letters.
  for (Language lang : all_languages()) EXPECT_EQ(read(START, "5254", lang), "e2e4") << language_code(lang);
}

// ICCF: castling is written as the king's move.
TEST(IccfNumeric, CastlingIsTheKingsMove) {
  EXPECT_EQ(read(CASTLE, "5171"), "e1g1");
  EXPECT_EQ(read(CASTLE, "5131"), "e1c1");
  EXPECT_EQ(read(CASTLE_BLACK, "5878"), "e8g8");
  EXPECT_EQ(read(CASTLE_BLACK, "5838"), "e8c8");
  const Position pos = from_fen(CASTLE);
  Result<Move, MoveError> m = parse_move(pos, "5171");
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(m->kind(), MoveKind::CASTLING);
}

// ICCF: a fifth digit names the promoted piece, 1 queen, 2 rook, 3 bishop, 4 knight.
TEST(IccfNumeric, FifthDigitIsThePromotionPiece) {
  EXPECT_EQ(read(PROMOTE, "57581"), "e7e8q");
  EXPECT_EQ(read(PROMOTE, "57582"), "e7e8r");
  EXPECT_EQ(read(PROMOTE, "57583"), "e7e8b");
  EXPECT_EQ(read(PROMOTE, "57584"), "e7e8n");
  EXPECT_EQ(read(PROMOTE, "57481"), "e7d8q");  // capturing on d8
  // Without the fifth digit the piece is not known.
  EXPECT_NE(read(PROMOTE, "5758").find("ambiguous"), std::string::npos) << read(PROMOTE, "5758");
  EXPECT_NE(read(PROMOTE, "57585").find("fifth digit"), std::string::npos);
  EXPECT_NE(read(START, "52541").find("error"), std::string::npos);  // no promotion on e4
}

TEST(IccfNumeric, EnPassantIsAnOrdinaryPawnMove) { EXPECT_EQ(read(EP, "5546"), "e5d6"); }

TEST(IccfNumeric, OutOfRangeAndIllegalDigitsAreErrors) {
  EXPECT_NE(read(START, "5294").find("digit 3"), std::string::npos) << read(START, "5294");
  EXPECT_NE(read(START, "0254").find("digit 1"), std::string::npos);
  EXPECT_NE(read(START, "5255").find("illegal"), std::string::npos) << read(START, "5255");
  EXPECT_NE(read(START, "5354").find("illegal"), std::string::npos);
  // Three or six digits are not numeric moves.
  EXPECT_EQ(read(START, "525").rfind("error", 0), 0u);
  EXPECT_EQ(read(START, "525444").rfind("error", 0), 0u);
}

TEST(IccfNumeric, WritingRoundTripsEveryLegalMove) {
  for (const std::string& fen : {START, CASTLE, CASTLE_BLACK, PROMOTE, EP}) {
    const Position pos = from_fen(fen);
    for (Move m : legal_moves(pos)) {
      const std::string text = to_iccf_numeric(pos, m);
      Result<Move, MoveError> back = parse_move(pos, text);
      ASSERT_TRUE(back.ok()) << fen << " " << text;
      EXPECT_EQ(*back, m) << fen << " " << text;
    }
  }
  EXPECT_EQ(to_iccf_numeric(from_fen(CASTLE), *parse_move(from_fen(CASTLE), "O-O")), "5171");
  EXPECT_EQ(to_iccf_numeric(from_fen(PROMOTE), *parse_move(from_fen(PROMOTE), "e8=N")), "57584");
}

// A PGN game tagged [Notation "ICCF"] is read in numeric notation; move
// numbers keep their dots. Untagged, digits stay move numbers as before.
TEST(IccfNumeric, PgnTaggedAsNumeric) {
  const std::string pgn =
      "[Event \"Correspondence\"]\n[Notation \"ICCF\"]\n[Result \"*\"]\n\n"
      "1. 5254 5755 2. 7163 2836 3. 6125 1716 4. 5171 *\n";
  PgnReadResult r = read_pgn_games(pgn);
  ASSERT_EQ(r.games.size(), 1u);
  EXPECT_TRUE(r.errors.empty()) << r.errors.front().message;
  const std::vector<std::string> san = mainline_san(r.games[0]);
  const std::vector<std::string> expected = {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"};
  EXPECT_EQ(san, expected);
  EXPECT_TRUE(is_numeric_notation_tag("iccf numeric"));
  EXPECT_TRUE(is_numeric_notation_tag("Numeric"));
  EXPECT_FALSE(is_numeric_notation_tag("SAN"));
}

TEST(IccfNumeric, PgnWithoutTheTagReadsDigitsAsMoveNumbers) {
  PgnReadResult r = read_pgn_games("[Result \"*\"]\n\n1 e4 e5 2 Nf3 *\n");
  ASSERT_EQ(r.games.size(), 1u);
  EXPECT_EQ(mainline_san(r.games[0]).size(), 3u);
}

}  // namespace
}  // namespace tabiya
