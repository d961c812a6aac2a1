// Reading moves in every accepted form (FIDE Laws Appendix C, PGN SAN, long
// algebraic, UCI, figurines, national letters), and the three error kinds.
#include "notation/move_reader.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "notation/san.h"
#include "read_move_support.h"

namespace tabiya {
namespace {

using testing::error_of;
using testing::from_fen;
using testing::read;

const std::string START(START_FEN);
const std::string SCHOLAR = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
const std::string EP = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
const std::string CASTLE = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
const std::string PROMOTE = "3r4/4Pk2/8/8/8/8/8/K7 w - - 0 1";
const std::string KNIGHTS_D2 = "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 3";

// FIDE 2014 Appendix C.8: piece letter + arrival square; a pawn move is the arrival square only.
TEST(MoveReader, PlainSan) {
  EXPECT_EQ(read(START, "Nf3"), "g1f3");
  EXPECT_EQ(read(START, "e4"), "e2e4");
  EXPECT_EQ(read(START, "e3"), "e2e3");
  EXPECT_EQ(read(SCHOLAR, "Bb5"), "c4b5");
  EXPECT_EQ(read(SCHOLAR, "Ke2"), "e1e2");
  EXPECT_EQ(read("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "Nf6"), "g8f6");
}

// Surrounding whitespace is not part of the move.
TEST(MoveReader, Whitespace) {
  EXPECT_EQ(read(START, "  Nf3"), "g1f3");
  EXPECT_EQ(read(START, "Nf3 \t\n"), "g1f3");
  EXPECT_EQ(read(START, "\u00A0e4\u00A0"), "e2e4");
  EXPECT_EQ(error_of(START, "N f3").kind, MoveErrorKind::SYNTAX);
}

// FIDE 2014 Appendix C.9 and C.13: the capture mark is optional ("ed4", "Qd4").
TEST(MoveReader, CapturesWithAndWithoutX) {
  const std::string fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
  EXPECT_EQ(read(fen, "exd5"), "e4d5");
  EXPECT_EQ(read(fen, "ed5"), "e4d5");
  EXPECT_EQ(read(fen, "e4xd5"), "e4d5");
  EXPECT_EQ(read(fen, "e4d5"), "e4d5");
  EXPECT_EQ(read(SCHOLAR, "Qxf7"), "h5f7");
  EXPECT_EQ(read(SCHOLAR, "Qf7"), "h5f7");
  EXPECT_EQ(read(SCHOLAR, "Bxf7"), "c4f7");
  // Russian literature marks captures with ":", typography with "×"; Cyrillic "х" comes from Cyrillic keyboards.
  EXPECT_EQ(read(SCHOLAR, "Q:f7"), "h5f7");
  EXPECT_EQ(read(SCHOLAR, "Q\u00D7f7"), "h5f7");
  EXPECT_EQ(read(fen, "e\u0445d5"), "e4d5");
}

// A wrong capture mark is forgiven: "Nxf3" to an empty f3 is read as Nf3 (people write x wrongly;
// the capture mark never decides between moves).
TEST(MoveReader, CaptureMarkOnQuietMoveIsAccepted) {
  EXPECT_EQ(read(START, "Nxf3"), "g1f3");
  EXPECT_EQ(read(START, "e2xe4"), "e2e4");
  EXPECT_EQ(read(START, "Ng1xf3"), "g1f3");
}

// FIDE 2014 Appendix C.13: + check, ++ or # mate; all optional. Annotations ! ? !! ?? !? ?! too.
TEST(MoveReader, CheckMateAndAnnotationMarks) {
  for (const char* text : {"Qxf7#", "Qxf7++", "Qxf7+", "Qxf7", "Qxf7#!!", "Qxf7!", "Qxf7?", "Qxf7??", "Qxf7!?",
                           "Qxf7?!", "Qxf7# !", "Qxf7!#", "Qh5xf7#", "Qxf7\u2021", "Qxf7\u203C"}) {
    EXPECT_EQ(read(SCHOLAR, text), "h5f7") << text;
  }
  EXPECT_EQ(read(SCHOLAR, "Bxf7+?!"), "c4f7");
  EXPECT_EQ(read(START, "e4!"), "e2e4");
  // The marks are not checked against the position (a wrong + is forgiven).
  EXPECT_EQ(read(START, "e4+"), "e2e4");
  // Marks alone, or twice, are not a move.
  EXPECT_EQ(error_of(START, "+").kind, MoveErrorKind::SYNTAX);
  EXPECT_EQ(error_of(START, "!!").kind, MoveErrorKind::SYNTAX);
  EXPECT_EQ(error_of(SCHOLAR, "Qxf7##").kind, MoveErrorKind::SYNTAX);
  EXPECT_EQ(error_of(SCHOLAR, "Qxf7!!!").kind, MoveErrorKind::SYNTAX);
}

// FIDE 2014 Appendix C.9: en passant is written to the square where the pawn comes to rest, with
// "e.p." appended (optional by C.13); 2009 Latvian text writes "ep", the Bulgarian one "а.п.".
TEST(MoveReader, EnPassant) {
  for (const char* text : {"exd6", "exd6 e.p.", "exd6e.p.", "exd6 ep", "exd6ep", "ed6", "ed6 e.p.", "e5xd6",
                           "e5d6", "exd6 e.p.+", "exd6+ e.p.", "exd6 e.p.!"}) {
    EXPECT_EQ(read(EP, text), "e5d6") << text;
  }
  EXPECT_EQ(read(EP, "exd6 \u0430.\u043F.", Language::BG), "e5d6");
  EXPECT_EQ(read("4k3/8/8/8/5Pp1/8/8/4K3 b - f3 0 1", "gxf3 e.p."), "g4f3");
}

// "e.p." narrows the reading to en passant captures (FIDE 2014 Appendix C.13).
TEST(MoveReader, EnPassantMarkOnOrdinaryCaptureIsIllegal) {
  const std::string fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
  const MoveError e = error_of(fen, "exd5 e.p.");
  EXPECT_EQ(e.kind, MoveErrorKind::ILLEGAL);
  EXPECT_EQ(e.message, "\"exd5 e.p.\" is illegal: it is not an en passant capture; legal moves close to it: exd5");
  ASSERT_EQ(e.candidates.size(), 1u);
}

// FIDE 2014 Appendix C.13: 0-0 and 0-0-0 with zeros; PGN's O-O; lowercase o-o too.
TEST(MoveReader, Castling) {
  for (const char* text : {"O-O", "0-0", "o-o", "O-O+", "0-0#", "O-O!", "O-O!?", " O-O ", "O\u2013O"})
    EXPECT_EQ(read(CASTLE, text), "e1g1") << text;
  for (const char* text : {"O-O-O", "0-0-0", "o-o-o", "O-O-O+", "0-0-0 ", "O-O-O?!"})
    EXPECT_EQ(read(CASTLE, text), "e1c1") << text;
  const std::string black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
  EXPECT_EQ(read(black, "O-O"), "e8g8");
  EXPECT_EQ(read(black, "0-0-0"), "e8c8");
  // Cyrillic О, as a Bulgarian keyboard gives it.
  EXPECT_EQ(read(CASTLE, "\u041E-\u041E", Language::BG), "e1g1");
}

// UCI castling: the king's destination (e1g1), and king takes rook (e1h1) in any position.
TEST(MoveReader, UciCastling) {
  EXPECT_EQ(read(CASTLE, "e1g1"), "e1g1");
  EXPECT_EQ(read(CASTLE, "e1c1"), "e1c1");
  EXPECT_EQ(read(CASTLE, "e1h1"), "e1g1");
  EXPECT_EQ(read(CASTLE, "e1a1"), "e1c1");
  EXPECT_EQ(read(CASTLE, "Ke1g1"), "e1g1");
  const std::string black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
  EXPECT_EQ(read(black, "e8g8"), "e8g8");
  EXPECT_EQ(read(black, "e8a8"), "e8c8");
  // e1g1 is castling only when that king move is castling.
  const std::string no_rights = "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1";
  EXPECT_EQ(error_of(no_rights, "e1g1").kind, MoveErrorKind::ILLEGAL);
  EXPECT_EQ(error_of(no_rights, "e1h1").kind, MoveErrorKind::ILLEGAL);
  EXPECT_EQ(read(no_rights, "e1f1"), "e1f1");
}

// FIDE 2014 Appendix C.13 castling notation in Chess960 positions (Appendix F): the side is the rook's.
TEST(MoveReader, Chess960Castling) {
  const std::string king_b1 = "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1";
  EXPECT_EQ(read(king_b1, "O-O-O"), "b1a1");
  EXPECT_EQ(read(king_b1, "0-0"), "b1h1");
  EXPECT_EQ(read(king_b1, "b1a1"), "b1a1");
  EXPECT_EQ(read(king_b1, "b1h1"), "b1h1");
  EXPECT_EQ(read(king_b1, "b1g1"), "b1h1");  // the king's destination, no ordinary king move reads the same
  EXPECT_EQ(read(king_b1, "b1c1"), "b1c1");  // an ordinary king move wins over castling to c1
  EXPECT_EQ(read(king_b1, "Kc1"), "b1c1");
  const std::string king_g1 = "r5kr/8/8/8/8/8/8/R5KR w HAha - 0 1";
  EXPECT_EQ(read(king_g1, "O-O"), "g1h1");  // the king stays on g1
  EXPECT_EQ(read(king_g1, "g1h1"), "g1h1");
  EXPECT_EQ(read(king_g1, "O-O-O"), "g1a1");
  EXPECT_EQ(read(king_g1, "g1c1"), "g1a1");
  EXPECT_EQ(read(king_g1, "Kf1"), "g1f1");
  // King e1, rook d1: the rook does not move, the king passes it.
  const std::string rook_d1 = "4k3/8/8/8/8/8/8/3RK3 w D - 0 1";
  EXPECT_EQ(read(rook_d1, "O-O-O"), "e1d1");
  EXPECT_EQ(read(rook_d1, "e1d1"), "e1d1");
  EXPECT_EQ(read(rook_d1, "e1c1"), "e1d1");
  EXPECT_EQ(error_of(rook_d1, "O-O").message, "\"O-O\" is illegal: White has no right to castle on the king side");
  const std::string black = "rk5r/8/8/8/8/8/8/RK5R b HAha - 0 1";
  EXPECT_EQ(read(black, "O-O-O"), "b8a8");
  EXPECT_EQ(read(black, "b8h8"), "b8h8");
  EXPECT_EQ(read(black, "b8g8"), "b8h8");
}

// Castling that the position forbids is ILLEGAL, with the reason.
TEST(MoveReader, IllegalCastlingSaysWhy) {
  MoveError e = error_of(START, "O-O");
  EXPECT_EQ(e.kind, MoveErrorKind::ILLEGAL);
  EXPECT_EQ(e.message, "\"O-O\" is illegal: pieces stand between the king and the rook");
  e = error_of("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "0-0");
  EXPECT_EQ(e.message, "\"0-0\" is illegal: White has no right to castle on the king side");
  e = error_of("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "O-O-O");
  EXPECT_EQ(e.message, "\"O-O-O\" is illegal: White is in check");
  e = error_of("r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1", "O-O");
  EXPECT_EQ(e.message, "\"O-O\" is illegal: the king would cross or land on an attacked square");
}

// FIDE 2014 Appendix C.11: promotion written d8Q; PGN writes e8=Q; also e8(Q), e8/Q and UCI e7e8q.
TEST(MoveReader, PromotionForms) {
  for (const char* text : {"e8=Q", "e8Q", "e8(Q)", "e8/Q", "e7e8q", "e7e8Q", "e7-e8=Q", "e7-e8Q", "e8=Q+", "e8Q+!",
                           "e8=\u2655", "e8\u265B", "e8(\u2655)"}) {
    EXPECT_EQ(read(PROMOTE, text), "e7e8q") << text;
  }
  // Underpromotion with capture and check.
  for (const char* text : {"exd8=N+", "exd8N", "ed8N", "exd8(N)", "e7d8n", "e7xd8=N", "exd8/N+"})
    EXPECT_EQ(read(PROMOTE, text), "e7d8n") << text;
  EXPECT_EQ(read(PROMOTE, "exd8=R"), "e7d8r");
  EXPECT_EQ(read(PROMOTE, "exd8=B"), "e7d8b");
  EXPECT_EQ(read(PROMOTE, "e8=R"), "e7e8r");
  EXPECT_EQ(read(PROMOTE, "e7e8b"), "e7e8b");
  EXPECT_EQ(read("k7/8/8/8/8/8/p7/7K b - - 0 1", "a1=Q+"), "a2a1q");
  EXPECT_EQ(read("k7/8/8/8/8/8/p7/7K b - - 0 1", "a1N"), "a2a1n");
  EXPECT_EQ(read("k7/8/8/8/8/8/p7/7K b - - 0 1", "a2a1r"), "a2a1r");
  // National letters: Bulgarian d8Д / f8К (Appendix C.11), German, Polish.
  EXPECT_EQ(read(PROMOTE, "e8\u0414", Language::BG), "e7e8q");
  EXPECT_EQ(read(PROMOTE, "exd8\u041A+", Language::BG), "e7d8n");
  EXPECT_EQ(read(PROMOTE, "e8=D", Language::DE), "e7e8q");
  EXPECT_EQ(read(PROMOTE, "exd8=S", Language::PL), "e7d8n");
  EXPECT_EQ(read(PROMOTE, "exd8=W", Language::PL), "e7d8r");
  EXPECT_EQ(read(PROMOTE, "e8=Q", Language::PL), "e7e8q");  // English fallback
}

// A promotion without the piece matches four moves: AMBIGUOUS, listing them.
TEST(MoveReader, PromotionWithoutPieceIsAmbiguous) {
  const MoveError e = error_of(PROMOTE, "e8");
  EXPECT_EQ(e.kind, MoveErrorKind::AMBIGUOUS);
  EXPECT_EQ(e.message, "\"e8\" is ambiguous: name the piece the pawn becomes: e8=Q+, e8=R, e8=B+, e8=N");
  EXPECT_EQ(e.candidates.size(), 4u);
  EXPECT_EQ(error_of(PROMOTE, "e7e8").kind, MoveErrorKind::AMBIGUOUS);
}

TEST(MoveReader, BadPromotions) {
  MoveError e = error_of(PROMOTE, "e8=K");
  EXPECT_EQ(e.kind, MoveErrorKind::SYNTAX);
  EXPECT_EQ(e.message, "\"e8=K\": a pawn cannot be promoted to a king");
  EXPECT_EQ(error_of(PROMOTE, "e8=").kind, MoveErrorKind::SYNTAX);
  EXPECT_EQ(error_of(PROMOTE, "e8()").kind, MoveErrorKind::SYNTAX);
  EXPECT_EQ(error_of(PROMOTE, "e8(Q").kind, MoveErrorKind::SYNTAX);
  EXPECT_EQ(error_of(PROMOTE, "e8Q)").kind, MoveErrorKind::SYNTAX);
  EXPECT_EQ(error_of(PROMOTE, "Ka2=Q").message, "\"Ka2=Q\": only a pawn can be promoted");
  e = error_of(START, "e4=Q");
  EXPECT_EQ(e.kind, MoveErrorKind::ILLEGAL);
  EXPECT_EQ(e.message, "\"e4=Q\" is illegal: a pawn promotes only on the last rank; legal moves close to it: e4");
}

// Long algebraic (FIDE 2018: the longer form with the departure square is acceptable) and UCI.
TEST(MoveReader, LongAlgebraicAndUci) {
  EXPECT_EQ(read(START, "e2-e4"), "e2e4");
  EXPECT_EQ(read(START, "e2e4"), "e2e4");
  EXPECT_EQ(read(START, "e2\u2013e4"), "e2e4");  // en dash
  EXPECT_EQ(read(START, "Ng1-f3"), "g1f3");
  EXPECT_EQ(read(START, "Ng1f3"), "g1f3");
  EXPECT_EQ(read(START, "g1f3"), "g1f3");
  EXPECT_EQ(read(START, "g1-f3"), "g1f3");
  EXPECT_EQ(read("rnbqkbnr/pp1ppppp/8/8/8/2p5/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Nb1xc3"), "b1c3");
  EXPECT_EQ(read("rnbqkbnr/pp1ppppp/8/8/8/2p5/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "b1xc3"), "b1c3");
  EXPECT_EQ(read(SCHOLAR, "Qh5xf7#"), "h5f7");
  EXPECT_EQ(read(SCHOLAR, "Qh5-f7"), "h5f7");
  // A hyphen needs the whole departure square.
  EXPECT_EQ(error_of(START, "Ng-f3").kind, MoveErrorKind::SYNTAX);
}

// FIDE 2014 Appendix C.10: disambiguation by file, by rank, or both; over-specified text is accepted.
TEST(MoveReader, Disambiguation) {
  EXPECT_EQ(read(KNIGHTS_D2, "Nbd2"), "b1d2");
  EXPECT_EQ(read(KNIGHTS_D2, "Nfd2"), "f3d2");
  EXPECT_EQ(read(KNIGHTS_D2, "N1d2"), "b1d2");
  EXPECT_EQ(read(KNIGHTS_D2, "N3d2"), "f3d2");
  EXPECT_EQ(read(KNIGHTS_D2, "Nb1d2"), "b1d2");
  const std::string queens = "1k6/8/8/8/4Q2Q/K7/8/7Q w - - 0 1";
  EXPECT_EQ(read(queens, "Qh4e1"), "h4e1");
  EXPECT_EQ(read(queens, "Qee1"), "e4e1");
  EXPECT_EQ(read(queens, "Q1e1"), "h1e1");
  EXPECT_EQ(read(queens, "Qe4e1"), "e4e1");
  EXPECT_EQ(error_of(queens, "Qhe1").kind, MoveErrorKind::AMBIGUOUS);
  EXPECT_EQ(error_of(queens, "Q4e1").kind, MoveErrorKind::AMBIGUOUS);
  // Over-specified: Ngf3 / Ng1f3 when Nf3 would do.
  EXPECT_EQ(read(START, "Ngf3"), "g1f3");
  EXPECT_EQ(read(START, "N1f3"), "g1f3");
  EXPECT_EQ(read(START, "Ng1f3"), "g1f3");
  EXPECT_EQ(read(START, "ee4"), "e2e4");
}

// FIDE 2014 Appendix C.10 counts only pieces that can legally move there: a pinned knight does not compete.
TEST(MoveReader, PinnedPieceDoesNotMakeAmbiguity) {
  const std::string fen = "4k3/8/8/8/8/2N5/8/r5NK w - - 0 1";
  EXPECT_EQ(read(fen, "Ne2"), "c3e2");
  const MoveError e = error_of(fen, "Nge2");
  EXPECT_EQ(e.kind, MoveErrorKind::ILLEGAL);
  EXPECT_EQ(e.message, "\"Nge2\" is illegal: no knight on the g-file can move to e2; legal moves close to it: Ne2");
  EXPECT_EQ(error_of(fen, "Ng1e2").message,
            "\"Ng1e2\" is illegal: the knight on g1 cannot move to e2 (it is pinned); legal moves close to it: Ne2");
}

// Lowercase b is a file, uppercase B a bishop (FIDE 2014 Appendix C.2 capitals, C.5 lowercase files).
TEST(MoveReader, FileLettersAndPieceLettersByCase) {
  const std::string fen = "4k3/8/8/8/8/2n5/1P6/4BK2 w - - 0 1";
  EXPECT_EQ(read(fen, "bxc3"), "b2c3");
  EXPECT_EQ(read(fen, "Bxc3"), "e1c3");
  EXPECT_EQ(read(fen, "bc3"), "b2c3");
  EXPECT_EQ(read(fen, "Bc3"), "e1c3");
  EXPECT_EQ(read(fen, "b3"), "b2b3");
  // A lower-case letter that is not a file is a piece letter typed in lower case (the web app's reader read it so
  // before there was one reader; see LowerCasePieceLettersAreCapitals).
  EXPECT_EQ(read(START, "nf3"), "g1f3");
  // German: D is the queen, d a file.
  EXPECT_EQ(read("4k3/8/8/8/8/8/3P4/3QK3 w - - 0 1", "Dc2", Language::DE), "d1c2");
  EXPECT_EQ(read("4k3/8/8/8/8/8/3P4/3QK3 w - - 0 1", "d3", Language::DE), "d2d3");
}

// FIDE 2014 Appendix C.3: figurines, white or black, pawn figurine optional.
TEST(MoveReader, Figurines) {
  EXPECT_EQ(read(START, "\u2658f3"), "g1f3");
  EXPECT_EQ(read(START, "\u265Ef3"), "g1f3");  // black figurine for a white knight: the shape names the piece
  EXPECT_EQ(read(START, "\u2658\uFE0Ff3"), "g1f3");  // emoji presentation selector
  EXPECT_EQ(read(START, "\u2659e4"), "e2e4");
  EXPECT_EQ(read(START, "\u2658g1-f3"), "g1f3");
  const std::string black = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  EXPECT_EQ(read(black, "\u265Ef6"), "g8f6");
  EXPECT_EQ(read(black, "\u2658f6"), "g8f6");
  EXPECT_EQ(read(black, "\u265Fe5"), "e7e5");
  EXPECT_EQ(read(SCHOLAR, "\u2655xf7#"), "h5f7");
  EXPECT_EQ(read(SCHOLAR, "\u2657xf7+"), "c4f7");
  EXPECT_EQ(read(SCHOLAR, "\u2654e2"), "e1e2");
  EXPECT_EQ(read(SCHOLAR, "\u2658f3", Language::RU), "g1f3");
  EXPECT_EQ(read("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "\u2656a7"), "a1a7");
  // A pawn figurine is a pawn: it cannot stand for a piece.
  EXPECT_EQ(error_of(START, "\u2659e5").kind, MoveErrorKind::ILLEGAL);
  EXPECT_EQ(read(START, "\u2659f3"), "f2f3");
  EXPECT_EQ(error_of(START, "\u2659xd3").kind, MoveErrorKind::SYNTAX);
}

// FIDE 2014 Appendix C.2-C.3: national letters, with English as the fallback.
TEST(MoveReader, NationalLetters) {
  EXPECT_EQ(read(SCHOLAR, "Sf3", Language::DE), "g1f3");
  EXPECT_EQ(read(SCHOLAR, "Dxf7#", Language::DE), "h5f7");
  EXPECT_EQ(read(SCHOLAR, "Lxf7+", Language::DE), "c4f7");
  EXPECT_EQ(read(SCHOLAR, "Sf3", Language::PL), "g1f3");
  EXPECT_EQ(read(SCHOLAR, "Hxf7#", Language::PL), "h5f7");
  EXPECT_EQ(read(SCHOLAR, "Gxf7+", Language::PL), "c4f7");
  EXPECT_EQ(read(SCHOLAR, "Zf3", Language::LV), "g1f3");
  EXPECT_EQ(read(SCHOLAR, "Lb5", Language::LV), "c4b5");
  EXPECT_EQ(read(SCHOLAR, "Кf3", Language::UK), "g1f3");
  EXPECT_EQ(read(SCHOLAR, "Крe2", Language::UK), "e1e2");
  EXPECT_EQ(read(SCHOLAR, "Фxf7#", Language::UK), "h5f7");
  EXPECT_EQ(read(SCHOLAR, "С:f7+", Language::RU), "c4f7");
  EXPECT_EQ(read(SCHOLAR, "Крe2", Language::RU), "e1e2");
  EXPECT_EQ(read(SCHOLAR, "Кf3", Language::BG), "g1f3");
  EXPECT_EQ(read(SCHOLAR, "Цe2", Language::BG), "e1e2");
  EXPECT_EQ(read(SCHOLAR, "Оb5", Language::BG), "c4b5");
  EXPECT_EQ(read("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Лa7", Language::RU), "a1a7");
  EXPECT_EQ(read("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Тa7", Language::UK), "a1a7");
  EXPECT_EQ(read("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Wa7", Language::PL), "a1a7");
  // English letters when the text means nothing in the chosen language.
  EXPECT_EQ(read(SCHOLAR, "Nf3", Language::DE), "g1f3");
  EXPECT_EQ(read(SCHOLAR, "Qxf7#", Language::PL), "h5f7");
  EXPECT_EQ(read(SCHOLAR, "Bb5", Language::RU), "c4b5");
  // ... but national letters first: Cyrillic К is a knight, never the English king.
  EXPECT_EQ(read(SCHOLAR, "Кe2", Language::RU), "g1e2");
  EXPECT_EQ(error_of(SCHOLAR, "Кf1", Language::RU).kind, MoveErrorKind::ILLEGAL);
  // National letters are not read when the language is English.
  EXPECT_EQ(error_of(SCHOLAR, "Sf3").kind, MoveErrorKind::SYNTAX);
}

// The Bulgarian text of Appendix C writes its letters with Latin look-alikes (K, O, T) and even a
// Cyrillic е as file e: for Cyrillic languages those count as the national letters.
TEST(MoveReader, CyrillicLookAlikes) {
  EXPECT_EQ(read(SCHOLAR, "Kf3", Language::BG), "g1f3");  // Latin K: the Bulgarian knight
  EXPECT_EQ(read(SCHOLAR, "Ob5", Language::BG), "c4b5");  // Latin O: the Bulgarian bishop
  EXPECT_EQ(read(SCHOLAR, "Kpe2", Language::UK), "e1e2"); // Latin K + p: Кр
  EXPECT_EQ(read(SCHOLAR, "K\u0440e2", Language::RU), "e1e2");
  EXPECT_EQ(read(SCHOLAR, "Cb5", Language::RU), "c4b5");  // Latin C: the Russian bishop
  EXPECT_EQ(read(SCHOLAR, "Ke2", Language::BG), "g1e2");  // a knight reaches e2: the Bulgarian reading wins
  EXPECT_EQ(read(SCHOLAR, "Kf1", Language::BG), "e1f1");  // no knight reaches f1: English king as fallback
  EXPECT_EQ(read(SCHOLAR, "Q\u0445f7", Language::BG), "h5f7");
  EXPECT_EQ(read(SCHOLAR, "\u0435\u0436", Language::BG).substr(0, 6), "error:");
}

// FIDE 2014 Appendix C, sample game, exactly as the Bulgarian text prints it (Latin look-alikes,
// Cyrillic е in "Де3+", "e.p.", zeros for castling), and the short form without x, + and e.p.
TEST(MoveReader, AppendixCSampleGame) {
  const char* bulgarian[] = {"e4",   "e5",  "Kf3", "Kf6", "d4",          "exd4", "e5",
                             "Ke4",  "Дxd4", "d5", "exd6 e.p.", "Kxd6", "Og5",  "Kc6",
                             "Де3+", "Oe7", "Kbd2", "0-0", "0-0-0",      "Te8",  "Цb1"};
  const char* short_form[] = {"e4", "e5",  "Nf3", "Nf6", "d4", "ed4", "e5",    "Ne4", "Qd4", "d5", "ed6",
                              "Nd6", "Bg5", "Nc6", "Qe3", "Be7", "Nbd2", "0-0", "0-0-0", "Re8", "Kb1"};
  const char* uci[] = {"e2e4", "e7e5", "g1f3", "g8f6", "d2d4", "e5d4", "e4e5", "f6e4", "d1d4", "d7d5", "e5d6",
                       "e4d6", "c1g5", "b8c6", "d4e3", "f8e7", "b1d2", "e8g8", "e1c1", "f8e8", "c1b1"};
  Position bg = Position::startpos(), en = Position::startpos();
  for (std::size_t i = 0; i < std::size(uci); ++i) {
    Result<Move, MoveError> a = parse_move(bg, bulgarian[i], {Language::BG});
    ASSERT_TRUE(a.ok()) << bulgarian[i] << ": " << a.error().message;
    EXPECT_EQ(to_uci(*a, bg), uci[i]) << bulgarian[i];
    Result<Move, MoveError> b = parse_move(en, short_form[i]);
    ASSERT_TRUE(b.ok()) << short_form[i] << ": " << b.error().message;
    EXPECT_EQ(to_uci(*b, en), uci[i]) << short_form[i];
    UndoInfo undo;
    bg.do_move(*a, undo);
    en.do_move(*b, undo);
  }
  EXPECT_EQ(to_fen(bg), to_fen(en));
}

// SYNTAX errors quote the text and say what is wrong.
TEST(MoveReader, SyntaxErrors) {
  auto syntax = [](std::string_view text) {
    const MoveError e = error_of(START, text);
    EXPECT_EQ(e.kind, MoveErrorKind::SYNTAX) << text << ": " << e.message;
    return e.message;
  };
  EXPECT_EQ(syntax("e9"), "\"e9\": no such square \"e9\"");
  EXPECT_EQ(syntax("Ni3"), "\"Ni3\": no such square \"i3\"");
  EXPECT_EQ(syntax("e0"), "\"e0\": no such square \"e0\"");
  EXPECT_EQ(syntax(""), "\"\": no move given");
  EXPECT_EQ(syntax("   "), "\"\": no move given");
  EXPECT_EQ(syntax("hello"), "\"hello\": no arrival square");
  EXPECT_EQ(syntax("N"), "\"N\": no arrival square");
  EXPECT_EQ(syntax("Zf3"), "\"Zf3\": \"Z\" is not a piece letter");
  EXPECT_EQ(syntax("Pe4"), "\"Pe4\": \"P\" is not a piece letter: pawns have no letter, write e4 (FIDE Appendix C.4)");
  EXPECT_EQ(syntax("xd5"), "\"xd5\": a capture names the piece or the file it comes from, as in Nxd5 or exd5");
  EXPECT_EQ(syntax("Nxxf3"), "\"Nxxf3\": unexpected \"x\" at character 3");
  EXPECT_EQ(syntax("2e4"), "\"2e4\": unexpected \"2\" at character 1");
  EXPECT_EQ(syntax("1. e4"), "\"1. e4\": unexpected \"1\" at character 1");
  EXPECT_EQ(syntax("e4e"), "\"e4e\": unexpected \"e\" at character 3");
  EXPECT_EQ(syntax("e2-"), "\"e2-\": unexpected \"-\" at character 3");
  EXPECT_EQ(syntax("O-O-O-O"), "\"O-O-O-O\": no arrival square");
  EXPECT_NE(syntax("\xFF\xFE").find("not valid UTF-8 at byte 1"), std::string::npos);
  EXPECT_EQ(syntax("e4\xC3"), "\"e4\\xC3\": not valid UTF-8 at byte 3");
  EXPECT_EQ(syntax(std::string("e\0" "4", 3)), "\"e\\x004\": unexpected \"\\x00\" at character 2");
  const std::string long_text(1000, 'a');
  const std::string message = syntax(long_text);
  EXPECT_LT(message.size(), 80u);
  EXPECT_NE(message.find("too long to be a move"), std::string::npos);
}

// ILLEGAL errors quote the text and list close legal moves in SAN.
TEST(MoveReader, IllegalErrors) {
  auto illegal = [](std::string_view fen, std::string_view text, Language lang = Language::EN) {
    const MoveError e = error_of(fen, text, lang);
    EXPECT_EQ(e.kind, MoveErrorKind::ILLEGAL) << text << ": " << e.message;
    return e;
  };
  EXPECT_EQ(illegal(START, "Nd4").message, "\"Nd4\" is illegal: no knight can move to d4");
  EXPECT_EQ(illegal(START, "e5").message, "\"e5\" is illegal: no pawn can move to e5");
  MoveError e = illegal(START, "Nb1d2");
  EXPECT_EQ(e.message, "\"Nb1d2\" is illegal: the knight on b1 cannot move to d2; legal moves close to it: Na3, Nc3");
  EXPECT_EQ(e.candidates.size(), 2u);
  EXPECT_EQ(illegal(START, "Bf3").message, "\"Bf3\" is illegal: no bishop can move to f3");
  EXPECT_EQ(illegal(START, "Nc1").message, "\"Nc1\" is illegal: no knight can move to c1");
  EXPECT_EQ(illegal(START, "e3e4").message, "\"e3e4\" is illegal: e3 is empty; legal moves close to it: e4");
  EXPECT_EQ(illegal(START, "e7e5").message, "\"e7e5\" is illegal: e7 holds a black pawn, and White is to move");
  EXPECT_EQ(illegal(START, "Ne2e4").message,
            "\"Ne2e4\" is illegal: e2 holds a pawn, not a knight; legal moves close to it: e4");
  EXPECT_EQ(illegal("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Qd4").message, "\"Qd4\" is illegal: White has no queen");
  // Moves of that piece to that square, when the disambiguation is wrong.
  e = illegal(KNIGHTS_D2, "Ncd2");
  EXPECT_EQ(e.message, "\"Ncd2\" is illegal: no knight on the c-file can move to d2; legal moves close to it: "
                       "Nbd2, Nfd2");
  // In check, the reason says so.
  EXPECT_EQ(illegal("4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1", "Ra8").message,
            "\"Ra8\" is illegal: no rook can move to a8 (White is in check)");
  // Candidates are written in the reader's language.
  EXPECT_EQ(illegal(START, "Sb1d2", Language::DE).message,
            "\"Sb1d2\" is illegal: the knight on b1 cannot move to d2; legal moves close to it: Sa3, Sc3");
}

// AMBIGUOUS errors list every matching legal move in SAN.
TEST(MoveReader, AmbiguousErrors) {
  MoveError e = error_of(KNIGHTS_D2, "Nd2");
  EXPECT_EQ(e.kind, MoveErrorKind::AMBIGUOUS);
  EXPECT_EQ(e.message, "\"Nd2\" is ambiguous: Nbd2, Nfd2");
  ASSERT_EQ(e.candidates.size(), 2u);
  EXPECT_EQ(e.candidates[0], Move(SQ_B1, SQ_D2));
  EXPECT_EQ(e.candidates[1], Move(SQ_F3, SQ_D2));
  EXPECT_EQ(error_of(KNIGHTS_D2, "Sd2", Language::DE).message, "\"Sd2\" is ambiguous: Sbd2, Sfd2");
  e = error_of("1k6/8/8/8/4Q2Q/K7/8/7Q w - - 0 1", "Qe1");
  EXPECT_EQ(e.message, "\"Qe1\" is ambiguous: Q1e1, Qee1, Qh4e1");
  // National letters that are ambiguous are not resolved by switching to English.
  EXPECT_EQ(error_of(KNIGHTS_D2, "Kd2", Language::BG).kind, MoveErrorKind::AMBIGUOUS);
}

// Every legal move of a position, in every form tabiya writes, reads back as itself.
TEST(MoveReader, UciRoundTrip) {
  for (const char* fen : {START_FEN.data(), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1",
                          "4k3/8/8/2pPp3/8/8/8/4K3 w - c6 0 1"}) {
    const Position pos = from_fen(fen);
    for (Move m : legal_moves(pos)) {
      // Standard UCI (e1g1) is written only for standard positions: in Chess960 the king's
      // destination can also be an ordinary king move.
      for (bool chess960 : {pos.is_chess960(), true}) {
        const std::string text = to_uci(m, chess960);
        Result<Move, MoveError> back = parse_move(pos, text);
        ASSERT_TRUE(back.ok()) << fen << " " << text << ": " << back.error().message;
        EXPECT_EQ(*back, m) << fen << " " << text;
      }
    }
  }
}

// Arbitrary bytes never crash or hang the reader, and whatever it returns is consistent:
// a legal move, or an error of the right shape (a property test with a fixed seed).
TEST(MoveReader, ArbitraryBytesAreHandled) {
  const std::string alphabet[] = {"a", "b", "e", "h", "x", "1", "4", "8", "9", "N", "K", "Q", "O", "0", "-", "=",
                                  "+", "#", "!", "?", "(", ")", "/", ".", " ", "p", "q", "\u2658", "\u041A",
                                  "\u0440", "\xFF", "\xC3", "\x80", std::string(1, '\0'), "e.p.", "O-O", "e2", "e4", "f3", "d8"};
  const Position positions[] = {from_fen(START_FEN), from_fen(SCHOLAR), from_fen(PROMOTE), from_fen(EP),
                                from_fen("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1")};
  uint64_t state = 0x5EED;
  auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  int accepted = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    const int parts = int(next() % 8);
    for (int k = 0; k < parts; ++k) text += alphabet[next() % std::size(alphabet)];
    const Position& pos = positions[next() % std::size(positions)];
    const Language lang = all_languages()[next() % 7];
    Result<Move, MoveError> m = parse_move(pos, text, {lang});
    const MoveList legal = legal_moves(pos);
    if (m.ok()) {
      EXPECT_TRUE(legal.contains(*m)) << text;
      ++accepted;
      continue;
    }
    const MoveError& e = m.error();
    EXPECT_FALSE(e.message.empty());
    EXPECT_EQ(e.message[0], '"') << e.message;
    EXPECT_LT(e.message.size(), 2000u);
    for (Move c : e.candidates) EXPECT_TRUE(legal.contains(c)) << text;
    if (e.kind == MoveErrorKind::AMBIGUOUS) {
      EXPECT_GE(e.candidates.size(), 2u) << text;
    }
    if (e.kind == MoveErrorKind::SYNTAX) {
      EXPECT_TRUE(e.candidates.empty()) << text;
    }
  }
  EXPECT_GT(accepted, 50);  // the generator does reach the success path
}

}  // namespace
}  // namespace tabiya

namespace tabiya {
namespace {

// FIDE 2014 Appendix C.2: each piece is written with the first letter, a capital, of its name. People type it in
// lower case too; a lower-case letter that is not a file (a-h) is read as that capital, in every language.
TEST(MoveReader, LowerCasePieceLettersAreCapitals) {
  EXPECT_EQ(read(START, "nf3"), "g1f3");
  EXPECT_EQ(read(START, "sc3", Language::PL), "b1c3");       // skoczek
  EXPECT_EQ(read(START, "кc3", Language::UK), "b1c3");       // кінь, Cyrillic lower case
  EXPECT_EQ(read(SCHOLAR, "qxf7", Language::EN), "h5f7");
  EXPECT_EQ(read(KNIGHTS_D2, "nbd2"), "b1d2");
  // A file letter stays a pawn's file: "bc3" is not a bishop, and "b3" is the pawn's move.
  EXPECT_EQ(read(START, "b3"), "b2b3");
  EXPECT_EQ(error_of(START, "bc3").kind, MoveErrorKind::ILLEGAL);
  // The capital's problem is named when the text as typed was no move at all.
  EXPECT_EQ(error_of(KNIGHTS_D2, "nd2").kind, MoveErrorKind::AMBIGUOUS);
  EXPECT_EQ(error_of(START, "qd4").kind, MoveErrorKind::ILLEGAL);
  EXPECT_EQ(error_of(START, "zz9").kind, MoveErrorKind::SYNTAX);
}

}  // namespace
}  // namespace tabiya
