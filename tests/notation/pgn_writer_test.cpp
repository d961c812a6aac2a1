#include "notation/pgn_writer.h"

#include <gtest/gtest.h>

#include <sstream>

#include "core/chess960.h"
#include "core/fen.h"
#include "notation/pgn.h"

namespace tabiya {
namespace {

PgnGame read_one(std::string_view text) {
  PgnReadResult r = read_pgn_games(text);
  EXPECT_EQ(r.games.size(), 1u);
  for (const auto& e : r.errors) ADD_FAILURE() << e.message;
  return r.games.empty() ? PgnGame{} : r.games[0];
}

std::string write(const PgnGame& game, const PgnWriteOptions& options = {}) {
  Result<std::string> text = write_pgn(game, options);
  EXPECT_TRUE(text.ok()) << text.error().message;
  return text.ok() ? text.value() : "";
}

std::string movetext_of(const std::string& pgn) { return pgn.substr(pgn.find("\n\n") + 2); }

void expect_round_trip(const PgnGame& game) {
  std::string text = write(game);
  PgnReadResult back = read_pgn_games(text);
  ASSERT_EQ(back.games.size(), 1u) << text;
  for (const auto& e : back.errors) ADD_FAILURE() << e.message << "\n" << text;
  EXPECT_EQ(back.games[0], game) << text;
  EXPECT_EQ(write(back.games[0]), text);
}

TEST(PgnWriter, EmptyGameHasTheSevenTagRoster) {
  // PGN 8.1.1: the Seven Tag Roster, in this order, with unknown values.
  EXPECT_EQ(write(PgnGame{}),
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
            "[Result \"*\"]\n\n*\n");
}

TEST(PgnWriter, RosterFirstThenSetupThenOtherTags) {
  PgnGame g =
      read_one("[ECO \"B00\"]\n[White \"W\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[Event \"E\"]\n\n1. e4 1-0");
  EXPECT_EQ(write(g),
            "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"W\"]\n[Black \"?\"]\n"
            "[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[ECO \"B00\"]\n\n1. e4 1-0\n");
}

TEST(PgnWriter, Chess960GetsAVariantTag) {
  PgnGame g;
  g.start = chess960_start_position(518).value();
  std::string text = write(g);
  EXPECT_NE(text.find("[Variant \"Chess960\"]\n"), std::string::npos);
  EXPECT_EQ(text.find("[FEN"), std::string::npos);  // 518 is the usual start
  g.start = chess960_start_position(0).value();
  text = write(g);
  EXPECT_NE(text.find("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w"),
            std::string::npos)
      << text;
  expect_round_trip(g);
}

TEST(PgnWriter, TagValuesAreEscaped) {
  PgnGame g;
  g.tags.set("Event", "The \"Big\" Open");
  g.tags.set("Site", "C:\\chess");
  g.tags.set("Annotator", "two\nlines");
  std::string text = write(g);
  EXPECT_NE(text.find("[Event \"The \\\"Big\\\" Open\"]"), std::string::npos);
  EXPECT_NE(text.find("[Site \"C:\\\\chess\"]"), std::string::npos);
  EXPECT_NE(text.find("[Annotator \"two lines\"]"), std::string::npos);
  PgnGame back = read_one(text);
  EXPECT_EQ(back.tags.get("Event"), "The \"Big\" Open");
  EXPECT_EQ(back.tags.get("Site"), "C:\\chess");
}

TEST(PgnWriter, BadTagNameIsAnError) {
  PgnGame g;
  g.tags.set("Two words", "x");
  Result<std::string> text = write_pgn(g);
  ASSERT_FALSE(text.ok());
  EXPECT_NE(text.error().message.find("Two words"), std::string::npos);
}

TEST(PgnWriter, IllegalMoveIsAnError) {
  PgnGame g;
  g.mainline.moves.push_back(PgnNode{Move(SQ_E2, SQ_E5), {}, {}, {}, {}});
  Result<std::string> text = write_pgn(g);
  ASSERT_FALSE(text.ok());
  EXPECT_NE(text.error().message.find("move 1. e2e5 is not legal"), std::string::npos) << text.error().message;
}

TEST(PgnWriter, NagOutOfRangeIsAnError) {
  PgnGame g = read_one("1. e4 *");
  g.mainline.moves[0].nags = {256};
  Result<std::string> text = write_pgn(g);
  ASSERT_FALSE(text.ok());
  EXPECT_NE(text.error().message.find("NAG 256"), std::string::npos);
}

TEST(PgnWriter, MoveNumbersCommentsNagsAndVariations) {
  PgnGame g = read_one(
      "{Start} 1. e4! e5 2. Nf3 {Develops.} Nc6 (2... d6 3. d4) 3. Bb5 $14 a6 4. Ba4 ({Or} 4. Bxc6 dxc6) Nf6 *");
  EXPECT_EQ(movetext_of(write(g)),
            "{Start} 1. e4 $1 e5 2. Nf3 {Develops.} 2... Nc6 (2... d6 3. d4) 3. Bb5 $14 a6 4.\n"
            "Ba4 ({Or} 4. Bxc6 dxc6) 4... Nf6 *\n");
}

TEST(PgnWriter, ClockTimesAreKept) {
  PgnGame g = read_one("1. e4 {[%clk 0:05:00]} e5 {Book. [%clk 1:02:03.4]} *");
  EXPECT_EQ(movetext_of(write(g)), "1. e4 {[%clk 0:05:00]} 1... e5 {[%clk 1:02:03.4] Book.} *\n");
  expect_round_trip(g);
}

TEST(PgnWriter, OptionsLeaveOutAnnotations) {
  PgnGame g = read_one("1. e4 $1 {c [%clk 0:01:00]} (1. d4) e5 *");
  PgnWriteOptions plain;
  plain.comments = plain.nags = plain.variations = false;
  EXPECT_EQ(movetext_of(write(g, plain)), "1. e4 e5 *\n");
}

TEST(PgnWriter, BracesInCommentsAreDropped) {
  PgnGame g = read_one("1. e4 *");
  g.mainline.moves[0].comment = "a } b";
  EXPECT_EQ(movetext_of(write(g)), "1. e4 {a b} *\n");
}

TEST(PgnWriter, EmptyVariationSurvives) {
  PgnGame g = read_one("1. e4 () e5 *");
  ASSERT_EQ(g.mainline.moves[0].variations.size(), 1u);
  EXPECT_EQ(movetext_of(write(g)), "1. e4 () 1... e5 *\n");
  expect_round_trip(g);
}

TEST(PgnWriter, LinesStayWithin80Columns) {
  std::string text = "{" + std::string(30, 'x');
  for (int i = 0; i < 60; ++i) text += " word" + std::to_string(i);
  text +=
      "} 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 "
      "Nbd7 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 15. a4 c5 16. d5 c4 17. Bg5 h6 18. Be3 Nc5 *";
  PgnGame g = read_one(text);
  std::string out = write(g);
  std::istringstream lines(out);
  std::string line;
  int count = 0;
  while (std::getline(lines, line)) {
    EXPECT_LE(line.size(), 80u) << line;
    ++count;
  }
  EXPECT_GT(count, 12);
  expect_round_trip(g);
  PgnWriteOptions narrow;
  narrow.max_line_length = 40;
  std::istringstream narrow_lines(write(g, narrow));
  while (std::getline(narrow_lines, line)) EXPECT_LE(line.size(), 40u) << line;
}

TEST(PgnWriter, ResultTokenComesFromTheResultTag) {
  PgnGame g;
  g.tags.set("Result", "1/2-1/2");
  EXPECT_EQ(movetext_of(write(g)), "1/2-1/2\n");
  g.tags.set("Result", "unknown");
  EXPECT_EQ(movetext_of(write(g)), "*\n");
}

TEST(PgnWriter, RoundTripsAnnotatedGame) {
  expect_round_trip(read_one(
      "[Event \"R\"]\n[Round \"4\"]\n[Result \"0-1\"]\n[PlyCount \"6\"]\n\n{Intro} 1. f3 $2 {Weak.} e5 (1... d5 2. g4 "
      "(2. e4 {x} dxe4) 2... e5 (2... Nc6 {Also} $1)) 2. g4?? (2. e4 {better}) 2... Qh4# 0-1"));
}

TEST(PgnWriter, RoundTripsSetUpGameWithBlackToMove) {
  PgnGame g = read_one("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 4 40\"]\n\n40... Kd7 41. e4 {x} Kd6 *");
  EXPECT_EQ(movetext_of(write(g)), "40... Kd7 41. e4 {x} 41... Kd6 *\n");
  expect_round_trip(g);
}

TEST(PgnWriter, WritesSeveralGames) {
  PgnReadResult r = read_pgn_games("1. e4 *\n\n1. d4 1-0\n");
  Result<std::string> text = write_pgn_games(r.games);
  ASSERT_TRUE(text.ok());
  PgnReadResult back = read_pgn_games(text.value());
  EXPECT_EQ(back.games, r.games);
  EXPECT_TRUE(back.errors.empty());
  EXPECT_NE(text.value().find("*\n\n[Event"), std::string::npos);
}

// Null moves in variations ("--", "Z0" as databases write them) are kept and
// written back as "--"; the positions after them go on from the pass.
TEST(PgnWriter, NullMovesInVariationsRoundTrip) {
  PgnGame g = read_one("1. e4 e5 2. Nf3 (2. Bc4 Z0 3. Qh5 Nc6 4. Qxf7#) 2... Nc6 (2... -- 3. Nxe5) *\n");
  ASSERT_EQ(g.mainline.moves.size(), 4u);
  ASSERT_EQ(g.mainline.moves[2].variations.size(), 1u);
  EXPECT_TRUE(is_null_move(g.mainline.moves[2].variations[0].moves[1].move));
  std::string text = movetext_of(write(g));
  EXPECT_EQ(text, "1. e4 e5 2. Nf3 (2. Bc4 -- 3. Qh5 Nc6 4. Qxf7#) 2... Nc6 (2... -- 3. Nxe5) *\n");
  expect_round_trip(g);
}

TEST(PgnWriter, NullMoveInTheMainLineIsAnError) {
  PgnGame g = read_one("1. e4 e5 *\n");
  g.mainline.moves.push_back(PgnNode{});
  EXPECT_FALSE(write_pgn(g).ok());
}

}  // namespace
}  // namespace tabiya
