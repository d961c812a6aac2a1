// FEN reading and writing: round trips in the three castling notations, and one
// test per validation error, each checking that the message names the problem.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <initializer_list>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"

namespace tabiya {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

// parse_fen must fail with a message containing one of `words`.
::testing::AssertionResult rejected_naming(std::string_view fen, std::initializer_list<std::string_view> words) {
  auto result = parse_fen(fen);
  if (result.ok()) return ::testing::AssertionFailure() << "accepted \"" << fen << "\" as " << to_fen(result.value());
  const std::string& raw = result.error().message;
  const std::string message = lower(raw);
  for (std::string_view word : words) {
    // Single characters (an offending letter) must appear exactly; words in any case.
    const bool found = word.size() == 1 ? raw.find(word) != std::string::npos
                                        : message.find(lower(std::string(word))) != std::string::npos;
    if (found) return ::testing::AssertionSuccess() << raw;
  }
  return ::testing::AssertionFailure() << "message \"" << result.error().message << "\" for \"" << fen
                                       << "\" names none of the expected words";
}

std::string round_trip(std::string_view fen, CastlingFormat format = CastlingFormat::XFEN) {
  auto result = parse_fen(fen);
  EXPECT_TRUE(result.ok()) << fen << ": " << (result.ok() ? "" : result.error().message);
  return result.ok() ? to_fen(result.value(), format) : std::string();
}

// --- Round trips ------------------------------------------------------------

TEST(Fen, StandardPositionsRoundTrip) {
  for (std::string_view fen : {
           START_FEN,
           std::string_view("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
           std::string_view("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
           std::string_view("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
           std::string_view("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1"),
           std::string_view("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
           std::string_view("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
           std::string_view("4k3/8/8/8/8/8/8/4K3 b - - 99 140"),
       }) {
    EXPECT_EQ(round_trip(fen), fen);
  }
}

TEST(Fen, StartposMatchesStartFen) {
  // FIDE 2014 Art. 2.3: the initial position.
  EXPECT_EQ(to_fen(Position::startpos()), START_FEN);
  EXPECT_TRUE(Position::startpos() == parse_fen(START_FEN).value());
  EXPECT_EQ(Position::startpos().key(), parse_fen(START_FEN).value().key());
}

TEST(Fen, MoveCountersAreOptional) {
  EXPECT_EQ(round_trip("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"), START_FEN);
  Position pos = parse_fen("4k3/8/8/8/8/8/8/4K3 b - -").value();
  EXPECT_EQ(pos.halfmove_clock(), 0);
  EXPECT_EQ(pos.fullmove_number(), 1);
  EXPECT_EQ(pos.side_to_move(), BLACK);
}

TEST(Fen, CountersAreRead) {
  Position pos = parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 37 81").value();
  EXPECT_EQ(pos.halfmove_clock(), 37);
  EXPECT_EQ(pos.fullmove_number(), 81);
}

// Shredder-FEN input (file letters) is written back as KQkq when the rights
// refer to the outermost rooks (X-FEN), and as file letters in SHREDDER format.
TEST(Fen, ShredderInputToXfenAndBack) {
  const std::string shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
  const std::string xfen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9";
  EXPECT_EQ(round_trip(shredder, CastlingFormat::XFEN), xfen);
  EXPECT_EQ(round_trip(shredder, CastlingFormat::SHREDDER), shredder);
  EXPECT_EQ(round_trip(xfen, CastlingFormat::SHREDDER), shredder);
  EXPECT_TRUE(parse_fen(shredder).value() == parse_fen(xfen).value());
  EXPECT_EQ(parse_fen(shredder).value().key(), parse_fen(xfen).value().key());
}

TEST(Fen, ShredderOutputOfTheStartPosition) {
  EXPECT_EQ(to_fen(Position::startpos(), CastlingFormat::SHREDDER),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
  EXPECT_EQ(round_trip("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"), START_FEN);
  EXPECT_EQ(round_trip("r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", CastlingFormat::SHREDDER),
            "r3k2r/8/8/8/8/8/8/R3K2R w Ha - 0 1");
}

// X-FEN: K/Q name the outermost rook on that side; an inner rook needs its file letter.
TEST(Fen, XfenUsesFileLetterForAnInnerRook) {
  Position outer = parse_fen("4k3/8/8/8/8/8/8/R1R1K3 w Q - 0 1").value();
  EXPECT_TRUE(outer.can_castle(WHITE, QUEEN_SIDE));
  EXPECT_EQ(outer.castling_rook(WHITE, QUEEN_SIDE), SQ_A1);
  EXPECT_EQ(to_fen(outer), "4k3/8/8/8/8/8/8/R1R1K3 w Q - 0 1");
  EXPECT_EQ(round_trip("4k3/8/8/8/8/8/8/R1R1K3 w A - 0 1"), "4k3/8/8/8/8/8/8/R1R1K3 w Q - 0 1");

  Position inner = parse_fen("4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1").value();
  EXPECT_EQ(inner.castling_rook(WHITE, QUEEN_SIDE), SQ_C1);
  EXPECT_EQ(to_fen(inner), "4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1");
  EXPECT_EQ(to_fen(inner, CastlingFormat::SHREDDER), "4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1");
  // Castling with the inner rook can only be written with a file letter: Chess960.
  EXPECT_TRUE(inner.is_chess960());
  EXPECT_FALSE(outer == inner);
  EXPECT_NE(outer.key(), inner.key());

  // Black's rights use lower-case file letters.
  EXPECT_EQ(round_trip("1r1rk3/8/8/8/8/8/8/4K3 w b - 0 1"), "1r1rk3/8/8/8/8/8/8/4K3 w q - 0 1");
  EXPECT_EQ(round_trip("1r1rk3/8/8/8/8/8/8/4K3 w d - 0 1"), "1r1rk3/8/8/8/8/8/8/4K3 w d - 0 1");
}

TEST(Fen, MixedCastlingFieldIsAccepted) {
  // Shredder letters for one side, KQkq for the other.
  EXPECT_EQ(round_trip("r3k2r/8/8/8/8/8/8/R3K2R w HQkq - 0 1"), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
}

// Every perft position survives parse -> write -> parse in both castling formats.
TEST(Fen, PerftPositionsRoundTripInBothFormats) {
  const std::vector<std::string> fens = {
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
      "qnr1bkrb/pppp2pp/3np3/5p2/8/P2P2P1/NPP1PP1P/QN1RBKRB w GDg - 3 9",
      "bnqnrbkr/1pp2pp1/p7/3pP2p/4P1P1/8/PPPP3P/BNQNRBKR w HEhe d6 0 9",
      "1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Dbd - 0 14",
      "rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1",
      "4k3/8/8/8/8/8/8/1RK5 w B - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  };
  for (const std::string& fen : fens) {
    Position pos = parse_fen(fen).value();
    for (CastlingFormat format : {CastlingFormat::XFEN, CastlingFormat::SHREDDER}) {
      const std::string written = to_fen(pos, format);
      auto again = parse_fen(written);
      ASSERT_TRUE(again.ok()) << written << ": " << again.error().message;
      EXPECT_TRUE(again.value() == pos) << fen << " -> " << written;
      EXPECT_EQ(again.value().key(), pos.key()) << written;
      EXPECT_EQ(again.value().castling_rooks(), pos.castling_rooks()) << written;
      EXPECT_EQ(to_fen(again.value(), format), written);
    }
  }
}

// --- En passant identity ------------------------------------------------------

// FIDE 2014 Art. 9.2 (definition of "the same position", point 1; 9.2.2.1 in the
// 2018 numbering): positions differ only if an en passant capture is actually
// possible. So an en passant square nobody can legally use is dropped, and the
// position equals (same FEN, same key) the one written without it.
TEST(Fen, EnPassantSquareWithoutLegalCaptureIsDropped) {
  const std::string no_capturer = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
  EXPECT_EQ(round_trip(no_capturer), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  EXPECT_EQ(parse_fen(no_capturer).value().en_passant(), SQ_NONE);
  EXPECT_EQ(parse_fen(no_capturer).value().key(),
            parse_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").value().key());

  // The only capture would be dxc6, illegal: it exposes the king on a5 to the rook on h5.
  const std::string pinned = "8/8/8/K1pP3r/8/8/8/7k w - c6 0 1";
  EXPECT_EQ(round_trip(pinned), "8/8/8/K1pP3r/8/8/8/7k w - - 0 1");
  EXPECT_TRUE(parse_fen(pinned).value() == parse_fen("8/8/8/K1pP3r/8/8/8/7k w - - 0 1").value());

  // d7-d5 uncovered a check from the bishop on c8; exd6 does not block it: dropped.
  EXPECT_EQ(round_trip("2b1k3/8/8/3pP3/8/7K/8/8 w - d6 0 1"), "2b1k3/8/8/3pP3/8/7K/8/8 w - - 0 1");
}

TEST(Fen, EnPassantSquareWithLegalCaptureIsKept) {
  Position pos = parse_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3").value();
  EXPECT_EQ(pos.en_passant(), SQ_F6);
  EXPECT_NE(pos.key(), parse_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3").value().key());
  // Black to move: the square is on rank 3.
  EXPECT_EQ(round_trip("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1"), "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1");
  // The capture that removes a checking pawn is legal, so the square stays.
  EXPECT_EQ(round_trip("4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 1"), "4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 1");
}

// --- Validation errors: one per problem, message names it -------------------

TEST(FenErrors, EmptyInput) {
  EXPECT_TRUE(rejected_naming("", {"empty", "field"}));
  EXPECT_TRUE(rejected_naming("   ", {"empty", "field"}));
}

TEST(FenErrors, WrongFieldCount) {
  EXPECT_TRUE(rejected_naming("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", {"field"}));
  EXPECT_TRUE(rejected_naming("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", {"field"}));
  EXPECT_TRUE(rejected_naming("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", {"field"}));
}

TEST(FenErrors, BadPieceLetter) {
  EXPECT_TRUE(rejected_naming("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w Qkq - 0 1", {"X"}));
  EXPECT_TRUE(rejected_naming("rnbqkbnr/pppppppp/8/8/3?4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"?"}));
}

TEST(FenErrors, RankWithTooManySquares) {
  EXPECT_TRUE(rejected_naming("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"rank"}));
  EXPECT_TRUE(rejected_naming("rnbqkbnr/pppppppp/8/8/8/1p7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"rank"}));
  EXPECT_TRUE(rejected_naming("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"rank", "digit"}));
}

TEST(FenErrors, RankWithTooFewSquares) {
  EXPECT_TRUE(rejected_naming("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"rank"}));
  EXPECT_TRUE(rejected_naming("rnbqkbnr/pppppppp/8/7/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"rank"}));
  EXPECT_TRUE(rejected_naming("rnbqkbnr/pppppppp/8/8/0/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"rank", "digit", "0"}));
}

TEST(FenErrors, WrongNumberOfRanks) {
  EXPECT_TRUE(rejected_naming("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"rank"}));
  EXPECT_TRUE(rejected_naming("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"rank"}));
}

// FIDE 2014 Art. 2.2: each side has exactly one king.
TEST(FenErrors, MissingWhiteKing) {
  EXPECT_TRUE(rejected_naming("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", {"king"}));
}

TEST(FenErrors, MissingBlackKing) {
  EXPECT_TRUE(rejected_naming("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", {"king"}));
}

TEST(FenErrors, TwoKings) {
  EXPECT_TRUE(rejected_naming("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", {"king"}));
  EXPECT_TRUE(rejected_naming("3kk3/8/8/8/8/8/8/4K3 w - - 0 1", {"king"}));
}

// FIDE 2014 Art. 3.7.e: a pawn reaching the last rank is promoted, and pawns start on
// the second rank, so no pawn stands on the first or the eighth rank.
TEST(FenErrors, PawnOnFirstOrLastRank) {
  EXPECT_TRUE(rejected_naming("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", {"pawn"}));
  EXPECT_TRUE(rejected_naming("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", {"pawn"}));
  EXPECT_TRUE(rejected_naming("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", {"pawn"}));
  EXPECT_TRUE(rejected_naming("p3k3/8/8/8/8/8/8/4K3 w - - 0 1", {"pawn"}));
}

// FIDE 2014 Art. 1.2 / 3.9: a player may not leave his king in check, so the side
// that just moved cannot be in check.
TEST(FenErrors, SideNotToMoveInCheck) {
  EXPECT_TRUE(rejected_naming("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", {"check"}));
  EXPECT_TRUE(rejected_naming("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1", {"check"}));
}

// Three or more checkers cannot arise from one move (at most a discovered
// check plus a direct one).
TEST(FenErrors, MoreThanTwoCheckers) { EXPECT_TRUE(rejected_naming("4k3/8/8/8/1b6/3n4/8/r3K3 w - - 0 1", {"check"})); }

TEST(FenErrors, BadSideToMove) {
  for (std::string_view fen :
       {"4k3/8/8/8/8/8/8/4K3 x - - 0 1", "4k3/8/8/8/8/8/8/4K3 W - - 0 1", "4k3/8/8/8/8/8/8/4K3 wb - - 0 1"})
    EXPECT_TRUE(rejected_naming(fen, {"side", "colour", "color", "to move", "turn", "active"}));
}

// FIDE 2014 Art. 3.7.d: the en passant square is the one the opponent's pawn just
// passed over, so it is on rank 6 (white to move) or 3 (black to move), has that
// pawn in front of it and is empty, as is the pawn's start square.
TEST(FenErrors, EnPassantSquareOnWrongRank) {
  EXPECT_TRUE(rejected_naming("4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1", {"passant", "ep"}));
  EXPECT_TRUE(rejected_naming("4k3/8/8/8/3Pp3/8/8/4K3 b - d6 0 1", {"passant", "ep"}));
  EXPECT_TRUE(rejected_naming("4k3/8/8/3pP3/8/8/8/4K3 w - d5 0 1", {"passant", "ep"}));
}

TEST(FenErrors, EnPassantSquareWithoutPawnInFront) {
  EXPECT_TRUE(rejected_naming("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1", {"passant", "ep"}));
  // A white pawn in front is the wrong colour.
  EXPECT_TRUE(rejected_naming("4k3/8/8/3PP3/8/8/8/4K3 w - d6 0 1", {"passant", "ep"}));
}

TEST(FenErrors, EnPassantSquareOccupied) {
  EXPECT_TRUE(rejected_naming("4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1", {"passant", "ep"}));
  // The pawn's start square must be empty too: it just left it.
  EXPECT_TRUE(rejected_naming("4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1", {"passant", "ep"}));
}

TEST(FenErrors, EnPassantSquareSyntax) {
  for (std::string_view fen : {"4k3/8/8/3pP3/8/8/8/4K3 w - z6 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - d9 0 1",
                               "4k3/8/8/3pP3/8/8/8/4K3 w - d66 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - 6d 0 1"})
    EXPECT_TRUE(rejected_naming(fen, {"passant", "ep"}));
}

// FIDE 2014 Art. 3.8.b(1): the right to castle needs the king and the rook on
// their original squares (Appendix F for Chess960 start squares).
TEST(FenErrors, CastlingRightWithoutRook) {
  EXPECT_TRUE(rejected_naming("4k3/8/8/8/8/8/8/4K3 w K - 0 1", {"castl"}));
  EXPECT_TRUE(rejected_naming("4k3/8/8/8/8/8/8/4K3 w Q - 0 1", {"castl"}));
  EXPECT_TRUE(rejected_naming("r3k3/8/8/8/8/8/8/4K3 w k - 0 1", {"castl"}));
  // A file letter naming a square without a rook of that colour.
  EXPECT_TRUE(rejected_naming("4k3/8/8/8/8/8/8/4K2R w G - 0 1", {"castl"}));
  EXPECT_TRUE(rejected_naming("4k3/8/8/8/8/8/8/4K2r w H - 0 1", {"castl"}));
}

TEST(FenErrors, CastlingRightWithoutKingOnBackRank) {
  EXPECT_TRUE(rejected_naming("4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1", {"castl"}));
  EXPECT_TRUE(rejected_naming("r6r/4k3/8/8/8/8/8/4K3 w kq - 0 1", {"castl"}));
}

TEST(FenErrors, CastlingFieldSyntax) {
  for (std::string_view fen : {"r3k2r/8/8/8/8/8/8/R3K2R w KQkx - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w K-Q - 0 1",
                               "r3k2r/8/8/8/8/8/8/R3K2R w 1 - 0 1"})
    EXPECT_TRUE(rejected_naming(fen, {"castl"}));
}

TEST(FenErrors, BadCounters) {
  for (std::string_view fen :
       {"4k3/8/8/8/8/8/8/4K3 w - - x 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 y", "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 -3", "4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999999 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999999999999999", "4k3/8/8/8/8/8/8/4K3 w - - 1x 1"})
    EXPECT_TRUE(rejected_naming(fen, {"halfmove", "fullmove", "clock", "counter", "move number"}));
}

// The counters' bounds (core/position.h) are the same for the reader, the
// writer and move making. Found by fuzz_fen: "K6k w - - 9999 0" was accepted and
// a legal move then wrote a clock of 10000 that no longer read back.
TEST(FenCounters, FuzzFoundClockAtTheBoundStillReadsBackAfterAMove) {
  Position pos = parse_fen("8/8/8/8/8/8/8/K6k w - - 9999 0").value();
  EXPECT_EQ(pos.halfmove_clock(), MAX_HALFMOVE_CLOCK);
  EXPECT_EQ(pos.fullmove_number(), 1);  // 0 is read as 1, as python-chess and chessops do
  const std::string before = to_fen(pos);
  for (Move m : legal_moves(pos)) {
    UndoInfo undo;
    pos.do_move(m, undo);
    EXPECT_EQ(pos.halfmove_clock(), MAX_HALFMOVE_CLOCK);  // saturates: "at least 9999"
    auto again = parse_fen(to_fen(pos));
    ASSERT_TRUE(again.ok()) << to_fen(pos) << ": " << again.error().message;
    EXPECT_EQ(to_fen(again.value()), to_fen(pos));
    pos.undo_move(m, undo);
    EXPECT_EQ(to_fen(pos), before);
  }
}

TEST(FenCounters, MoveNumberSaturatesAndUndoRestoresIt) {
  Position pos = parse_fen("8/8/8/8/8/8/8/K6k b - - 3 9999").value();
  EXPECT_EQ(pos.fullmove_number(), MAX_FULLMOVE_NUMBER);
  Move m = legal_moves(pos)[0];
  UndoInfo undo;
  pos.do_move(m, undo);
  EXPECT_EQ(pos.fullmove_number(), MAX_FULLMOVE_NUMBER);
  EXPECT_EQ(pos.halfmove_clock(), 4);
  EXPECT_TRUE(parse_fen(to_fen(pos)).ok());
  pos.undo_move(m, undo);
  EXPECT_EQ(to_fen(pos), "8/8/8/8/8/8/8/K6k b - - 3 9999");
  // Below the bound a move by Black still counts up, and undo counts down.
  Position low = parse_fen("8/8/8/8/8/8/8/K6k b - - 3 41").value();
  Move n = legal_moves(low)[0];
  low.do_move(n, undo);
  EXPECT_EQ(low.fullmove_number(), 42);
  low.undo_move(n, undo);
  EXPECT_EQ(low.fullmove_number(), 41);
}

TEST(FenCounters, BeyondTheBoundsIsRefusedNamingTheField) {
  EXPECT_TRUE(rejected_naming("8/8/8/8/8/8/8/K6k w - - 10000 1", {"halfmove clock (field 5)"}));
  EXPECT_TRUE(rejected_naming("8/8/8/8/8/8/8/K6k w - - 0 10000", {"fullmove number (field 6)"}));
  EXPECT_TRUE(rejected_naming("8/8/8/8/8/8/8/K6k w - - 0 -1", {"fullmove number (field 6)"}));
  EXPECT_TRUE(parse_fen("8/8/8/8/8/8/8/K6k w - - 9999 9999").ok());
}

// --- Robustness -----------------------------------------------------------------

// Random bytes and mutated FENs must never crash or hang parse_fen; whatever
// parses must write back to a FEN that parses to the same position.
TEST(Fen, RandomAndMutatedInputNeverCrash) {
  const std::vector<std::string> seeds = {
      std::string(START_FEN),
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
      "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  };
  const std::string alphabet = "pnbrqkPNBRQK12345678/ wb-KQkqABCDEFGHabcdefgh0123456789";
  std::mt19937 rng(20140701);
  auto pick = [&rng](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); };
  const auto start = std::chrono::steady_clock::now();
  int parsed = 0;
  constexpr int ITERATIONS = 100'000;
  for (int i = 0; i < ITERATIONS; ++i) {
    std::string input;
    if (i % 4 == 0) {  // raw bytes, any value
      input.resize(pick(90));
      for (char& c : input) c = char(pick(256));
    } else {  // a valid FEN with a few edits from the FEN alphabet
      input = seeds[pick(seeds.size())];
      const std::size_t edits = 1 + pick(3);
      for (std::size_t e = 0; e < edits; ++e) {
        const std::size_t at = pick(input.size() + 1);
        switch (pick(3)) {
          case 0:
            if (at < input.size()) input[at] = alphabet[pick(alphabet.size())];
            break;
          case 1:
            input.insert(input.begin() + at, alphabet[pick(alphabet.size())]);
            break;
          default:
            if (at < input.size()) input.erase(at, 1);
            break;
        }
      }
    }
    auto result = parse_fen(input);
    if (!result.ok()) {
      EXPECT_FALSE(result.error().message.empty()) << input;
      continue;
    }
    ++parsed;
    const Position& pos = result.value();
    ASSERT_EQ(pos.key(), pos.compute_key()) << input;
    const std::string written = to_fen(pos);
    auto again = parse_fen(written);
    ASSERT_TRUE(again.ok()) << input << " -> " << written << ": " << again.error().message;
    ASSERT_TRUE(again.value() == pos) << input << " -> " << written;
    ASSERT_EQ(to_fen(again.value()), written);
    (void)count_legal(pos);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_GT(parsed, 1000) << "the mutations should leave many FENs valid";
  RecordProperty("parsed", parsed);
  RecordProperty("seconds", std::to_string(seconds));
}

}  // namespace
}  // namespace tabiya
