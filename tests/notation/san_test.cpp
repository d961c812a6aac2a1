// Writing SAN and long algebraic notation (FIDE Laws Appendix C).
#include "notation/san.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "notation/uci_reader.h"

namespace tabiya {
namespace {

Position from_fen(std::string_view fen) {
  Result<Position> pos = parse_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen << ": " << (pos.ok() ? "" : pos.error().message);
  return pos.ok() ? *pos : Position::startpos();
}

// The legal move written `uci` in either castling convention (e1g1 or e1h1).
Move legal(const Position& pos, std::string_view uci) {
  for (UciCastling castling : {UciCastling::KING_TO_SQUARE, UciCastling::KING_TAKES_ROOK})
    if (Result<Move, UciError> m = move_from_uci(pos, uci, castling)) return *m;
  ADD_FAILURE() << uci << " is not legal in " << to_fen(pos);
  return Move::none();
}

std::string san(std::string_view fen, std::string_view uci, SanStyle style = SanStyle::LETTERS,
                Language lang = Language::EN) {
  const Position pos = from_fen(fen);
  return to_san(pos, legal(pos, uci), style, lang);
}

std::string long_form(std::string_view fen, std::string_view uci, Language lang = Language::EN) {
  const Position pos = from_fen(fen);
  return to_long_algebraic(pos, legal(pos, uci), lang);
}

// FIDE 2014 Appendix C.8: a piece move is the piece letter and the arrival square; a pawn move the square only.
TEST(San, PieceAndPawnMoves) {
  EXPECT_EQ(san(START_FEN, "g1f3"), "Nf3");
  EXPECT_EQ(san(START_FEN, "b1c3"), "Nc3");
  EXPECT_EQ(san(START_FEN, "e2e4"), "e4");
  EXPECT_EQ(san(START_FEN, "a2a3"), "a3");
  const std::string open = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
  EXPECT_EQ(san(open, "f1c4"), "Bc4");
  EXPECT_EQ(san(open, "d1h5"), "Qh5");
  EXPECT_EQ(san(open, "e1e2"), "Ke2");
  EXPECT_EQ(san("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1d1"), "Rd1");
}

// FIDE 2014 Appendix C.9: x between piece letter and square; a pawn capture starts with its departure file.
TEST(San, Captures) {
  const std::string fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 2";
  EXPECT_EQ(san(fen, "e4d5"), "exd5");
  EXPECT_EQ(san("4k3/8/8/3r4/8/2N5/8/4K3 w - - 0 1", "c3d5"), "Nxd5");
  // Two pawns able to capture the same piece: cxd5 / exd5.
  const std::string two_pawns = "4k3/8/8/3n4/2P1P3/8/8/4K3 w - - 0 1";
  EXPECT_EQ(san(two_pawns, "c4d5"), "cxd5");
  EXPECT_EQ(san(two_pawns, "e4d5"), "exd5");
}

// FIDE 2014 Appendix C.9: en passant names the square where the capturing pawn comes to rest
// (SAN, like PGN, leaves out the optional "e.p.").
TEST(San, EnPassant) {
  EXPECT_EQ(san("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
  EXPECT_EQ(san("4k3/8/8/8/5Pp1/8/8/4K3 b - f3 0 1", "g4f3"), "gxf3");
  EXPECT_EQ(long_form("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "e5xd6");
}

// FIDE 2014 Appendix C.10.1: pieces on the same rank are told apart by the departure file.
TEST(San, DisambiguationByFile) {
  const std::string fen = "4k3/8/8/8/8/8/8/4NKN1 w - - 0 1";  // knights g1 and e1 both reach f3
  EXPECT_EQ(san(fen, "g1f3"), "Ngf3");
  EXPECT_EQ(san(fen, "e1f3"), "Nef3");
  EXPECT_EQ(san(fen, "g1h3"), "Nh3");  // only one knight reaches h3
  const std::string rooks = "4k3/8/8/8/8/8/4K3/R6R w - - 0 1";
  EXPECT_EQ(san(rooks, "a1d1"), "Rad1");
  EXPECT_EQ(san(rooks, "h1d1"), "Rhd1");
  EXPECT_EQ(san(rooks, "h1h5"), "Rh5");
}

// FIDE 2014 Appendix C.10.2: pieces on the same file are told apart by the departure rank.
TEST(San, DisambiguationByRank) {
  const std::string fen = "4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1";  // knights g5 and g1 both reach f3
  EXPECT_EQ(san(fen, "g5f3"), "N5f3");
  EXPECT_EQ(san(fen, "g1f3"), "N1f3");
  EXPECT_EQ(san("R7/7k/8/8/8/8/8/R3K3 w - - 0 1", "a1a4"), "R1a4");
}

// FIDE 2014 Appendix C.10: on different ranks and files the file is preferred.
TEST(San, DisambiguationPrefersFile) {
  const std::string fen = "4k3/8/8/8/3N4/8/7N/4K3 w - - 0 1";  // knights h2 and d4 both reach f3
  EXPECT_EQ(san(fen, "h2f3"), "Nhf3");
  EXPECT_EQ(san(fen, "d4f3"), "Ndf3");
}

// FIDE 2014 Appendix C.10 (d): with a capture, x follows the disambiguation.
TEST(San, DisambiguationWithCapture) {
  const std::string fen = "4k3/8/8/8/8/5p2/8/4NKN1 w - - 0 1";
  EXPECT_EQ(san(fen, "g1f3"), "Ngxf3");
  EXPECT_EQ(san(fen, "e1f3"), "Nexf3");
  const std::string by_rank = "4k3/8/8/6N1/8/5p2/8/4K1N1 w - - 0 1";
  EXPECT_EQ(san(by_rank, "g5f3"), "N5xf3");
  EXPECT_EQ(san(by_rank, "g1f3"), "N1xf3");
}

// FIDE 2014 Appendix C.10 does not cover three pieces; SAN then gives file and rank (Qh4e1).
TEST(San, ThreeQueensNeedFileAndRank) {
  const std::string fen = "1k6/8/8/8/4Q2Q/K7/8/7Q w - - 0 1";  // queens e4, h4, h1 all reach e1
  EXPECT_EQ(san(fen, "h4e1"), "Qh4e1");  // h1 shares the file, e4 the rank
  EXPECT_EQ(san(fen, "e4e1"), "Qee1");
  EXPECT_EQ(san(fen, "h1e1"), "Q1e1");
  EXPECT_EQ(san(fen, "h4g3"), "Qg3+");  // no other queen reaches g3
}

// Disambiguation counts only legal moves: a pinned knight does not compete (FIDE 2014 Appendix C.10).
TEST(San, PinnedPieceNeedsNoDisambiguation) {
  const std::string fen = "4k3/8/8/8/8/2N5/8/r5NK w - - 0 1";  // Ng1 is pinned by Ra1
  EXPECT_EQ(san(fen, "c3e2"), "Ne2");
}

// FIDE 2014 Appendix C.11 (PGN form with "="): promotion, underpromotion, capture and check together.
TEST(San, Promotions) {
  EXPECT_EQ(san("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"), "a8=Q+");
  EXPECT_EQ(san("8/P3k3/8/8/8/8/8/4K3 w - - 0 1", "a7a8r"), "a8=R");
  const std::string fen = "3r4/4Pk2/8/8/8/8/8/K7 w - - 0 1";
  EXPECT_EQ(san(fen, "e7d8n"), "exd8=N+");  // knight on d8 checks f7
  EXPECT_EQ(san(fen, "e7d8b"), "exd8=B");
  EXPECT_EQ(san(fen, "e7e8q"), "e8=Q+");
  EXPECT_EQ(san(fen, "e7e8r"), "e8=R");
  EXPECT_EQ(san("k7/8/8/8/8/8/p7/7K b - - 0 1", "a2a1q"), "a1=Q+");
  EXPECT_EQ(san("k7/8/8/8/8/8/p7/7K b - - 0 1", "a2a1n"), "a1=N");
}

// FIDE 2014 Appendix C.13: ++ or # for mate; SAN writes #.
TEST(San, CheckAndMateSuffixes) {
  const std::string scholar = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
  EXPECT_EQ(san(scholar, "h5f7"), "Qxf7#");
  EXPECT_EQ(san(scholar, "c4f7"), "Bxf7+");
  EXPECT_EQ(san("7k/P5pp/8/8/8/8/8/K7 w - - 0 1", "a7a8q"), "a8=Q#");
  EXPECT_EQ(san("7k/P5pp/8/8/8/8/8/K7 w - - 0 1", "a7a8r"), "a8=R#");
  EXPECT_EQ(san("7k/P5pp/8/8/8/8/8/K7 w - - 0 1", "a7a8b"), "a8=B");
  // Fool's mate: black mates.
  EXPECT_EQ(san("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "d8h4"), "Qh4#");
}

// FIDE 2014 Appendix C.13: castling king side and queen side (SAN uses letter O).
TEST(San, Castling) {
  const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  EXPECT_EQ(san(fen, "e1g1"), "O-O");
  EXPECT_EQ(san(fen, "e1c1"), "O-O-O");
  const std::string black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
  EXPECT_EQ(san(black, "e8g8"), "O-O");
  EXPECT_EQ(san(black, "e8c8"), "O-O-O");
  EXPECT_EQ(san("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O+");
  EXPECT_EQ(san("4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O#");
  EXPECT_EQ(long_form(fen, "e1g1"), "O-O");
  EXPECT_EQ(long_form("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O+");
}

// FIDE 2014 Appendix C.13 (castling with the rook on the king's or queen's side) in Chess960
// positions (Appendix F): the rook's side decides the name, wherever king and rook stand.
TEST(San, Chess960Castling) {
  const std::string king_b1 = "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1";
  EXPECT_EQ(san(king_b1, "b1a1"), "O-O-O");  // king b1 to c1, rook a1 to d1
  EXPECT_EQ(san(king_b1, "b1h1"), "O-O");
  EXPECT_EQ(san(king_b1, "b1c1"), "Kc1");    // an ordinary king move to the same square
  const std::string king_g1 = "r5kr/8/8/8/8/8/8/R5KR w HAha - 0 1";
  EXPECT_EQ(san(king_g1, "g1h1"), "O-O");    // the king stays on g1, the rook goes to f1
  EXPECT_EQ(san(king_g1, "g1a1"), "O-O-O");
  // King e1, rook d1: after O-O-O the rook stays on d1 and the king has passed it.
  EXPECT_EQ(san("4k3/8/8/8/8/8/8/3RK3 w D - 0 1", "e1d1"), "O-O-O");
  const std::string black = "rk5r/8/8/8/8/8/8/RK5R b HAha - 0 1";
  EXPECT_EQ(san(black, "b8a8"), "O-O-O");
  EXPECT_EQ(san(black, "b8h8"), "O-O");
}

// FIDE 2014 Appendix C.3: figurines are recommended in print; the white figurines serve both colours.
TEST(San, Figurines) {
  EXPECT_EQ(san(START_FEN, "g1f3", SanStyle::FIGURINE), "\u2658f3");
  EXPECT_EQ(san(START_FEN, "e2e4", SanStyle::FIGURINE), "e4");
  const std::string black = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  EXPECT_EQ(san(black, "g8f6", SanStyle::FIGURINE), "\u2658f6");
  const std::string scholar = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
  EXPECT_EQ(san(scholar, "h5f7", SanStyle::FIGURINE), "\u2655xf7#");
  EXPECT_EQ(san(scholar, "c4f7", SanStyle::FIGURINE), "\u2657xf7+");
  EXPECT_EQ(san(scholar, "e1e2", SanStyle::FIGURINE), "\u2654e2");
  EXPECT_EQ(san("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a7", SanStyle::FIGURINE), "\u2656a7");
  EXPECT_EQ(san("3r4/4Pk2/8/8/8/8/8/K7 w - - 0 1", "e7d8n", SanStyle::FIGURINE), "exd8=\u2658+");
  EXPECT_EQ(san("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", SanStyle::FIGURINE), "O-O");
  // The language does not matter for figurines.
  EXPECT_EQ(san(START_FEN, "g1f3", SanStyle::FIGURINE, Language::DE), "\u2658f3");
}

// FIDE 2014 Appendix C.2-C.3: national piece letters.
TEST(San, NationalLetters) {
  const std::string scholar = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
  const std::string qxf7 = "h5f7", bxf7 = "c4f7", ke2 = "e1e2", nf3 = "g1f3";
  EXPECT_EQ(san(scholar, qxf7, SanStyle::LETTERS, Language::PL), "Hxf7#");
  EXPECT_EQ(san(scholar, bxf7, SanStyle::LETTERS, Language::PL), "Gxf7+");
  EXPECT_EQ(san(scholar, nf3, SanStyle::LETTERS, Language::PL), "Sf3");
  EXPECT_EQ(san(scholar, qxf7, SanStyle::LETTERS, Language::DE), "Dxf7#");
  EXPECT_EQ(san(scholar, bxf7, SanStyle::LETTERS, Language::DE), "Lxf7+");
  EXPECT_EQ(san(scholar, nf3, SanStyle::LETTERS, Language::DE), "Sf3");
  EXPECT_EQ(san(scholar, nf3, SanStyle::LETTERS, Language::LV), "Zf3");
  EXPECT_EQ(san(scholar, qxf7, SanStyle::LETTERS, Language::LV), "Dxf7#");
  EXPECT_EQ(san(scholar, qxf7, SanStyle::LETTERS, Language::UK), "Фxf7#");
  EXPECT_EQ(san(scholar, bxf7, SanStyle::LETTERS, Language::UK), "Сxf7+");
  EXPECT_EQ(san(scholar, ke2, SanStyle::LETTERS, Language::UK), "Крe2");
  EXPECT_EQ(san(scholar, nf3, SanStyle::LETTERS, Language::RU), "Кf3");
  EXPECT_EQ(san(scholar, ke2, SanStyle::LETTERS, Language::RU), "Крe2");
  EXPECT_EQ(san(scholar, nf3, SanStyle::LETTERS, Language::BG), "Кf3");
  EXPECT_EQ(san(scholar, ke2, SanStyle::LETTERS, Language::BG), "Цe2");
  EXPECT_EQ(san(scholar, bxf7, SanStyle::LETTERS, Language::BG), "Оxf7+");
  const std::string rook = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
  EXPECT_EQ(san(rook, "a1a7", SanStyle::LETTERS, Language::DE), "Ta7");
  EXPECT_EQ(san(rook, "a1a7", SanStyle::LETTERS, Language::PL), "Wa7");
  EXPECT_EQ(san(rook, "a1a7", SanStyle::LETTERS, Language::RU), "Лa7");
  EXPECT_EQ(san(rook, "a1a7", SanStyle::LETTERS, Language::UK), "Тa7");
  EXPECT_EQ(san("3r4/4Pk2/8/8/8/8/8/K7 w - - 0 1", "e7e8q", SanStyle::LETTERS, Language::BG), "e8=Д+");
  EXPECT_EQ(san("3r4/4Pk2/8/8/8/8/8/K7 w - - 0 1", "e7d8n", SanStyle::LETTERS, Language::PL), "exd8=S+");
  const std::string knights = "4k3/8/8/8/8/8/8/4NKN1 w - - 0 1";
  EXPECT_EQ(san(knights, "g1f3", SanStyle::LETTERS, Language::UK), "Кgf3");
}

// Long algebraic as on scoresheets (FIDE 2018 accepts the longer form with the departure square).
TEST(San, LongAlgebraic) {
  EXPECT_EQ(long_form(START_FEN, "e2e4"), "e2-e4");
  EXPECT_EQ(long_form(START_FEN, "g1f3"), "Ng1-f3");
  EXPECT_EQ(long_form("rnbqkbnr/pp1ppppp/8/8/8/2p5/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "b1c3"), "Nb1xc3");
  EXPECT_EQ(long_form("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q"), "a7-a8=Q+");
  EXPECT_EQ(long_form("8/4P3/7k/8/8/8/8/4K3 w - - 0 1", "e7e8q"), "e7-e8=Q");
  EXPECT_EQ(long_form("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"), "O-O-O");
  const std::string scholar = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
  EXPECT_EQ(long_form(scholar, "h5f7"), "Qh5xf7#");
  EXPECT_EQ(long_form(scholar, "g1f3", Language::DE), "Sg1-f3");
  EXPECT_EQ(long_form(scholar, "e1e2", Language::UK), "Крe1-e2");
}

// The FIDE sample game of Appendix C, written back in SAN.
TEST(San, AppendixCSampleGame) {
  const char* uci[] = {"e2e4", "e7e5", "g1f3", "g8f6", "d2d4", "e5d4", "e4e5", "f6e4", "d1d4", "d7d5", "e5d6",
                       "e4d6", "c1g5", "b8c6", "d4e3", "f8e7", "b1d2", "e8g8", "e1c1", "f8e8", "c1b1"};
  const char* expected[] = {"e4",  "e5",  "Nf3",  "Nf6", "d4",   "exd4", "e5",  "Ne4",   "Qxd4", "d5",  "exd6",
                            "Nxd6", "Bg5", "Nc6", "Qe3+", "Be7", "Nbd2", "O-O", "O-O-O", "Re8",  "Kb1"};
  Position pos = Position::startpos();
  for (std::size_t i = 0; i < std::size(uci); ++i) {
    const Move m = legal(pos, uci[i]);
    EXPECT_EQ(to_san(pos, m), expected[i]) << "ply " << i + 1;
    UndoInfo undo;
    pos.do_move(m, undo);
  }
}

}  // namespace
}  // namespace tabiya
