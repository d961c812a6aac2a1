// `tabiya pgn check`: replaying recorded games under the Laws.
#include <gtest/gtest.h>

#include <sstream>

#include "pgn_check.h"

namespace tabiya::cli {
namespace {

PgnCheckSummary check(const std::string& pgn, std::string& output) {
  std::istringstream in(pgn);
  std::ostringstream out;
  PgnCheckSummary s = check_pgn(in, "games.pgn", RulesEdition::FIDE_2018, out);
  output = out.str();
  return s;
}

TEST(PgnCheck, CorrectGamesPass) {
  std::string out;
  auto s = check(
      "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
      "[Result \"0-1\"]\n\n1. d4 d5 0-1\n",
      out);
  EXPECT_EQ(s.games, 2);
  EXPECT_EQ(s.games_with_problems, 0) << out;
  EXPECT_NE(out.find("2 games, 2 ok"), std::string::npos) << out;
}

// FIDE 2014 Art. 5.1.a: checkmate ends the game; the mated side cannot win.
TEST(PgnCheck, ResultContradictingCheckmateIsReported) {
  std::string out;
  auto s = check("[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n", out);
  EXPECT_EQ(s.contradicting_results, 1);
  EXPECT_NE(out.find("game 1"), std::string::npos) << out;
  EXPECT_NE(out.find("Checkmate"), std::string::npos) << out;
}

// FIDE 2014 Art. 6.9: a flag fall is a draw when the opponent cannot mate.
TEST(PgnCheck, TimeLossThatArticle69MakesADraw) {
  std::string out;
  auto s = check(
      "[Result \"0-1\"]\n[Termination \"time forfeit\"]\n[SetUp \"1\"]\n"
      "[FEN \"8/8/4k3/8/8/8/4P3/4K2N w - - 0 1\"]\n\n1. Ng3 Kd5 0-1\n",
      out);
  EXPECT_EQ(s.contradicting_results, 1) << out;
  EXPECT_NE(out.find("Art. 6.9"), std::string::npos) << out;
}

// FIDE 2014 Art. 5.2.b: play continued past a dead position.
TEST(PgnCheck, MovesAfterADeadPositionAreReported) {
  std::string out;
  auto s = check("[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/8/3b4/4K2N w - - 0 1\"]\n\n1. Kxd2 Kd5 2. Ng3 *\n", out);
  EXPECT_EQ(s.contradicting_results, 1) << out;
  EXPECT_NE(out.find("after the game ended"), std::string::npos) << out;
  EXPECT_NE(out.find("Dead position"), std::string::npos) << out;
}

// FIDE 2018 Art. 9.6.1: fivefold repetition ends the game.
TEST(PgnCheck, MovesAfterFivefoldRepetitionAreReported) {
  std::string out;
  auto s =
      check("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 *\n", out);
  EXPECT_EQ(s.contradicting_results, 1) << out;
  EXPECT_NE(out.find("Fivefold"), std::string::npos) << out;
}

TEST(PgnCheck, IllegalMovesNameGameMoveAndText) {
  std::string out;
  auto s = check("[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n", out);
  EXPECT_EQ(s.games, 2);
  EXPECT_EQ(s.illegal_moves, 1);
  EXPECT_NE(out.find("game 2"), std::string::npos) << out;
  EXPECT_NE(out.find("2."), std::string::npos) << out;
  EXPECT_NE(out.find("Ke3"), std::string::npos) << out;
  EXPECT_NE(out.find("2 games, 1 ok"), std::string::npos) << out;
}

// A game of another variant is not read; it is said so and not counted as
// an illegal move (the Laws cover standard chess and Chess960, Appendix F).
TEST(PgnCheck, UnsupportedVariantIsNamedNotCountedAsAnIllegalMove) {
  std::string out;
  auto s = check(
      "[Variant \"Atomic\"]\n[Result \"1-0\"]\n\n1. e4 d5 2. Bb5+ c6 3. exd5 1-0\n\n"
      "[Variant \"Chess960\"]\n[Result \"*\"]\n\n1. e4 *\n",
      out);
  EXPECT_EQ(s.games, 2);
  EXPECT_EQ(s.illegal_moves, 0) << out;
  EXPECT_EQ(s.unsupported_variants, 1) << out;
  EXPECT_EQ(s.games_with_problems, 1) << out;
  EXPECT_NE(out.find("unsupported variant \"Atomic\""), std::string::npos) << out;
  EXPECT_NE(
      out.find("2 games, 1 ok, 0 illegal moves, 0 results contradicting the Laws, 1 games of unsupported variants"),
      std::string::npos)
      << out;
}

// Databases (ChessBase and others) write a pass as "--" or "Z0" in
// variations to show a threat; the game itself is checked as usual.
TEST(PgnCheck, NullMovesInVariationsAreRead) {
  std::string out;
  auto s = check(
      "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 (2. Bc4 -- 3. Qh5 Nc6 4. Qxf7#) (2. Nf3 Z0 3. Nxe5) 2... Nc6 "
      "3. Bc4 Nf6 (3... -- 4. Qxf7#) 4. Qxf7# 1-0\n",
      out);
  EXPECT_EQ(s.games_with_problems, 0) << out;
  EXPECT_EQ(s.illegal_moves, 0) << out;
}

TEST(PgnCheck, NullMoveInTheMainLineOrInCheckIsAnError) {
  std::string out;
  auto s = check("[Event \"a\"]\n\n1. e4 -- 2. d4 *\n\n[Event \"b\"]\n\n1. e4 f5 2. Qh5+ (2. d4 --) 2... -- *\n", out);
  EXPECT_EQ(s.illegal_moves, 2) << out;
  EXPECT_NE(out.find("null move \"--\" in the main line"), std::string::npos) << out;
  EXPECT_NE(out.find("passing is not a move under the Laws"), std::string::npos) << out;
}

// --- Recorded clock times ([%clk]) ---

// FIDE 2014 Art. 6.9: only the running clock runs out. Black completed the last
// move with time left and White is to move: Black cannot have lost on time.
TEST(PgnCheckClock, TimeForfeitByAPlayerWhoseClockWasStopped) {
  std::string out;
  auto s = check(
      "[Result \"1-0\"]\n[TimeControl \"300+0\"]\n[Termination \"time forfeit\"]\n\n"
      "1. e4 { [%clk 0:04:58] } 1... e5 { [%clk 0:04:50] } 1-0\n",
      out);
  EXPECT_EQ(s.contradicting_results, 1) << out;
  EXPECT_NE(out.find("contradicts the clock"), std::string::npos) << out;
  // With Black to move (his clock running) the loss on time stands.
  s = check(
      "[Result \"1-0\"]\n[TimeControl \"300+0\"]\n[Termination \"time forfeit\"]\n\n"
      "1. e4 { [%clk 0:04:58] } 1... e5 { [%clk 0:04:50] } 2. Nf3 { [%clk 0:04:40] } 1-0\n",
      out);
  EXPECT_EQ(s.games_with_problems, 0) << out;
}

// FIDE 2014 Art. 6.3.b: a clock gains only the increment (and a new period's
// time at a time control); more is reported as a warning (an arbiter may add
// time, Art. 7.5.b), which does not make the game fail.
TEST(PgnCheckClock, ClockRisingMoreThanTheIncrementIsAWarning) {
  std::string out;
  auto s = check(
      "[Result \"*\"]\n[TimeControl \"300+2\"]\n\n"
      "1. e4 { [%clk 0:05:01] } 1... e5 { [%clk 0:05:02] } 2. Nf3 { [%clk 0:05:03] }\n"
      "2... Nc6 { [%clk 0:04:30] } 3. Bc4 { [%clk 0:05:30] } *\n",
      out);
  EXPECT_EQ(s.clock_warnings, 1) << out;
  EXPECT_EQ(s.games_with_problems, 0) << out;
  EXPECT_NE(out.find("White's clock rose from 0:05:03 to 0:05:30 with move 3"), std::string::npos) << out;
  EXPECT_NE(out.find("1 clock warnings"), std::string::npos) << out;
}

TEST(PgnCheckClock, NewPeriodTimeIsNotARise) {
  // FIDE 2014 Art. 6.3.b: at the control the next period's time is added.
  std::string out;
  auto s = check(
      "[Result \"*\"]\n[TimeControl \"1/60:60\"]\n\n"
      "1. e4 { [%clk 0:01:50] } 1... e5 { [%clk 0:01:55] } 2. Nf3 { [%clk 0:01:40] } *\n",
      out);
  EXPECT_EQ(s.clock_warnings, 0) << out;
  // Without a TimeControl tag nothing can be said about rises.
  s = check("[Result \"*\"]\n\n1. e4 { [%clk 0:01:00] } 1... e5 2. Nf3 { [%clk 0:09:00] } *\n", out);
  EXPECT_EQ(s.clock_warnings, 0) << out;
}

}  // namespace
}  // namespace tabiya::cli
