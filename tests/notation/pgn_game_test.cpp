#include "notation/pgn_game.h"

#include <gtest/gtest.h>

#include <sstream>

#include "core/fen.h"
#include "core/movegen.h"
#include "notation/pgn.h"

namespace tabiya {
namespace {

using Tags = std::vector<std::pair<std::string, std::string>>;

TEST(PgnTags, RosterIsAlwaysFirstWithDefaults) {
  PgnTags tags;
  EXPECT_EQ(tags.entries(), (Tags{{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
                                  {"White", "?"}, {"Black", "?"}, {"Result", "*"}}));
  tags.set("ECO", "C20");
  tags.set("White", "Morphy");
  tags.set("Annotator", "me");
  tags.set("ECO", "C41");
  EXPECT_EQ(tags.entries()[4], (std::pair<std::string, std::string>{"White", "Morphy"}));
  EXPECT_EQ(tags.entries()[7], (std::pair<std::string, std::string>{"ECO", "C41"}));
  EXPECT_EQ(tags.entries()[8], (std::pair<std::string, std::string>{"Annotator", "me"}));
  EXPECT_EQ(tags.get("ECO"), "C41");
  EXPECT_FALSE(tags.get("Opening").has_value());
  tags.erase("ECO");
  tags.erase("White");
  EXPECT_FALSE(tags.get("ECO").has_value());
  EXPECT_EQ(tags.get("White"), "?");
  EXPECT_EQ(tags.entries().size(), 8u);
  EXPECT_EQ(tags.get("Annotator"), "me");  // found after an earlier tag was removed
  tags.set("Annotator", "you");
  EXPECT_EQ(tags.entries()[7], (std::pair<std::string, std::string>{"Annotator", "you"}));
}

TEST(PgnClock, ParsesHoursMinutesSecondsAndFractions) {
  EXPECT_EQ(parse_clock("0:05:00"), 300000);
  EXPECT_EQ(parse_clock("1:02:03.4"), 3723400);
  EXPECT_EQ(parse_clock("0:00:00.05"), 50);
  EXPECT_EQ(parse_clock("0:00:01.2345"), 1234);  // digits past milliseconds are dropped
  EXPECT_EQ(parse_clock("12:00:00"), 43200000);
  EXPECT_FALSE(parse_clock("5:00").has_value());
  EXPECT_FALSE(parse_clock("0:60:00").has_value());
  EXPECT_FALSE(parse_clock("0:05:00.").has_value());
  EXPECT_FALSE(parse_clock("0:05:00x").has_value());
  EXPECT_FALSE(parse_clock("99999999999999999999:00:00").has_value());
  EXPECT_FALSE(parse_clock("").has_value());
}

TEST(PgnClock, FormatsAndReadsBack) {
  EXPECT_EQ(format_clock(300000), "0:05:00");
  EXPECT_EQ(format_clock(3723400), "1:02:03.4");
  EXPECT_EQ(format_clock(59999), "0:00:59.999");
  EXPECT_EQ(format_clock(50), "0:00:00.05");
  for (int64_t ms : {0LL, 1LL, 999LL, 1000LL, 61010LL, 3600000LL, 36000123LL}) {
    EXPECT_EQ(parse_clock(format_clock(ms)), ms) << ms;
  }
}

TEST(PgnClock, ExtractsTheCommandFromAComment) {
  std::string comment = "Good move. [%clk 0:04:55] [%eval 0.1]";
  EXPECT_EQ(extract_clock(comment), 295000);
  EXPECT_EQ(comment, "Good move. [%eval 0.1]");
  std::string nested = "[%clk [%clk 0:00:07] x";
  EXPECT_EQ(extract_clock(nested), 7000);
  EXPECT_EQ(nested, "[%clk x");
  std::string bad = "[%clk soon] text";
  EXPECT_FALSE(extract_clock(bad).has_value());
  EXPECT_EQ(bad, "[%clk soon] text");
  std::string only = "[%clk 1:00:00]";
  EXPECT_EQ(extract_clock(only), 3600000);
  EXPECT_EQ(only, "");
}

TEST(PgnComment, NormalizeCollapsesWhitespace) {
  EXPECT_EQ(normalize_comment("  a\n  b\r\n\tc  "), "a b c");
  EXPECT_EQ(normalize_comment(" \n "), "");
}

TEST(PgnGameLabel, MoveNumberLabel) {
  Position pos = Position::startpos();
  EXPECT_EQ(move_number_label(pos), "1.");
  EXPECT_EQ(move_number_label(parse_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 37").value()), "37...");
}

PgnGame read_one(std::string_view text) {
  PgnReadResult r = read_pgn_games(text);
  EXPECT_EQ(r.games.size(), 1u);
  for (const auto& e : r.errors) ADD_FAILURE() << e.message;
  return r.games.empty() ? PgnGame{} : r.games[0];
}

TEST(GameBuilder, TagsMovesAndResult) {
  PgnGame g = read_one("[White \"Morphy\"]\n[Event \"Opera\"]\n[ECO \"C41\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0");
  EXPECT_EQ(g.tags.get("White"), "Morphy");
  EXPECT_EQ(g.tags.entries()[0].second, "Opera");
  EXPECT_EQ(g.tags.entries()[7].first, "ECO");
  EXPECT_EQ(g.result(), "1-0");
  EXPECT_EQ(mainline_san(g), (std::vector<std::string>{"e4", "e5"}));
}

TEST(GameBuilder, ResultTokenFillsAMissingResultTag) {
  EXPECT_EQ(read_one("1. e4 e5 0-1").result(), "0-1");
  EXPECT_EQ(read_one("[Result \"*\"]\n1. e4 1/2-1/2").result(), "1/2-1/2");
}

TEST(GameBuilder, CommentsNagsAndClocks) {
  PgnGame g = read_one(
      "{Game\ncomment} 1. e4 {[%clk 0:05:00]} 1... e5 $1 $14 {Solid. [%clk 0:04:59.5]} {More.} 2. Nf3?! *");
  EXPECT_EQ(g.mainline.starting_comment, "Game comment");
  ASSERT_EQ(g.mainline.moves.size(), 3u);
  EXPECT_EQ(g.mainline.moves[0].clock_ms, 300000);
  EXPECT_EQ(g.mainline.moves[0].comment, "");
  EXPECT_EQ(g.mainline.moves[1].nags, (std::vector<int>{1, 14}));
  EXPECT_EQ(g.mainline.moves[1].comment, "Solid. More.");
  EXPECT_EQ(g.mainline.moves[1].clock_ms, 4 * 60000 + 59500);
  EXPECT_EQ(g.mainline.moves[2].nags, (std::vector<int>{6}));
  EXPECT_FALSE(g.mainline.moves[2].clock_ms.has_value());
}

TEST(GameBuilder, VariationsFormATree) {
  PgnGame g = read_one("1. e4 e5 (1... c5 {Sicilian} 2. Nf3 (2. c3) (2. Nc3) 2... d6) (1... e6) 2. Nf3 *");
  ASSERT_EQ(g.mainline.moves.size(), 3u);
  const PgnNode& e5 = g.mainline.moves[1];
  ASSERT_EQ(e5.variations.size(), 2u);
  const PgnLine& sicilian = e5.variations[0];
  ASSERT_EQ(sicilian.moves.size(), 3u);
  EXPECT_EQ(sicilian.moves[0].comment, "Sicilian");
  EXPECT_EQ(sicilian.moves[1].variations.size(), 2u);
  EXPECT_EQ(sicilian.moves[1].variations[1].moves[0].move, Move(SQ_B1, SQ_C3));
  EXPECT_EQ(e5.variations[1].moves.size(), 1u);
  EXPECT_EQ(e5.variations[1].moves[0].move, Move(SQ_E7, SQ_E6));
}

TEST(GameBuilder, VariationStartingComment) {
  PgnGame g = read_one("1. e4 ({Or} 1. d4) *");
  EXPECT_EQ(g.mainline.moves[0].variations[0].starting_comment, "Or");
}

TEST(GameBuilder, SetUpFenAndVariantFoldIntoTheStart) {
  PgnGame g = read_one(
      "[Event \"x\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
      "[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n[Annotator \"y\"]\n\n1. g3 *");
  EXPECT_TRUE(g.start.is_chess960());
  EXPECT_EQ(to_fen(g.start), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  EXPECT_FALSE(g.tags.get("FEN").has_value());
  EXPECT_FALSE(g.tags.get("SetUp").has_value());
  EXPECT_FALSE(g.tags.get("Variant").has_value());
  EXPECT_EQ(g.tags.get("Annotator"), "y");
  EXPECT_EQ(g.tags.entries().size(), 8u);
}

TEST(GameBuilder, UnusableSetupTagsAreKept) {
  PgnReadResult r = read_pgn_games("[FEN \"not a fen\"]\n\n1. e4 *\n");
  ASSERT_EQ(r.games.size(), 1u);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.games[0].tags.get("FEN"), "not a fen");
  EXPECT_TRUE(r.games[0].mainline.moves.empty());
  PgnReadResult crazy = read_pgn_games("[Variant \"Atomic\"]\n\n1. e4 *\n");
  EXPECT_EQ(crazy.games[0].tags.get("Variant"), "Atomic");
}

TEST(GameBuilder, BrokenGameKeepsMovesBeforeTheError) {
  PgnReadResult r = read_pgn_games("1. e4 e5 2. Ke3 Nc6 *\n\n1. d4 *");
  ASSERT_EQ(r.games.size(), 2u);
  EXPECT_EQ(mainline_san(r.games[0]), (std::vector<std::string>{"e4", "e5"}));
  EXPECT_EQ(mainline_san(r.games[1]), (std::vector<std::string>{"d4"}));
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].game_number, 1);
  EXPECT_EQ(r.errors[0].move_number, "2.");
  EXPECT_EQ(r.errors[0].text, "Ke3");
}

TEST(GameBuilder, GameEqualityLooksAtEverything) {
  PgnGame a = read_one("1. e4 {x} e5 *");
  PgnGame b = a;
  EXPECT_EQ(a, b);
  b.mainline.moves[0].comment = "y";
  EXPECT_NE(a, b);
  b = a;
  b.mainline.moves[1].nags.push_back(1);
  EXPECT_NE(a, b);
  b = a;
  b.start.set_chess960(true);
  EXPECT_NE(a, b);
  b = a;
  b.tags.set("Event", "z");
  EXPECT_NE(a, b);
}

TEST(PgnGameReader, StreamsGamesWithTheirErrors) {
  std::istringstream in("1. e4 *\n\njunk line\n\n1. d4 d4 *\n\n1. c4 *\n");
  PgnGameReader reader(in);
  auto g1 = reader.next();
  ASSERT_TRUE(g1.has_value());
  EXPECT_TRUE(reader.errors().empty());
  auto g2 = reader.next();
  ASSERT_TRUE(g2.has_value());
  ASSERT_EQ(reader.errors().size(), 2u);  // the junk line, then the illegal move
  EXPECT_EQ(reader.errors()[1].game_number, 2);
  EXPECT_EQ(g2->mainline.moves.size(), 1u);
  auto g3 = reader.next();
  ASSERT_TRUE(g3.has_value());
  EXPECT_EQ(reader.games_read(), 3);
  EXPECT_FALSE(reader.next().has_value());
}

}  // namespace
}  // namespace tabiya
