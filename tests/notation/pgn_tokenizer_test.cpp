#include "notation/pgn_tokenizer.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace tabiya {
namespace {

using K = PgnTokenKind;

std::vector<PgnToken> tokenize(std::string_view text) {
  PgnTokenizer tokenizer(text);
  std::vector<PgnToken> tokens;
  while (true) {
    PgnToken token = tokenizer.next();
    if (token.kind == K::END) break;
    tokens.push_back(std::move(token));
    if (tokens.size() > 10000) ADD_FAILURE() << "tokenizer does not end";
  }
  return tokens;
}

std::vector<K> kinds(std::string_view text) {
  std::vector<K> out;
  for (const PgnToken& t : tokenize(text)) out.push_back(t.kind);
  return out;
}

std::vector<std::string> texts(std::string_view text) {
  std::vector<std::string> out;
  for (const PgnToken& t : tokenize(text)) out.push_back(t.text);
  return out;
}

TEST(PgnTokenizer, TagPair) {
  auto tokens = tokenize("[Event \"F/S Return Match\"]");
  ASSERT_EQ(tokens.size(), 4u);
  EXPECT_EQ(tokens[0].kind, K::TAG_OPEN);
  EXPECT_EQ(tokens[1].kind, K::SYMBOL);
  EXPECT_EQ(tokens[1].text, "Event");
  EXPECT_EQ(tokens[2].kind, K::STRING);
  EXPECT_EQ(tokens[2].text, "F/S Return Match");
  EXPECT_EQ(tokens[3].kind, K::TAG_CLOSE);
}

TEST(PgnTokenizer, StringEscapesQuoteAndBackslash) {
  // PGN 7: \" stands for a quote and \\ for a backslash inside a string.
  auto tokens = tokenize(R"(["The \"Big\" Open" "C:\\chess" "a\b"])");
  ASSERT_EQ(tokens.size(), 5u);
  EXPECT_EQ(tokens[1].text, "The \"Big\" Open");
  EXPECT_EQ(tokens[2].text, "C:\\chess");
  EXPECT_EQ(tokens[3].text, "a\\b");  // other escapes stay as written
}

TEST(PgnTokenizer, UnterminatedStringEndsAtLineEnd) {
  auto tokens = tokenize("[Event \"no end\n1. e4");
  ASSERT_GE(tokens.size(), 3u);
  EXPECT_EQ(tokens[2].kind, K::STRING);
  EXPECT_TRUE(tokens[2].unterminated);
  EXPECT_EQ(tokens[2].text, "no end");
  EXPECT_EQ(tokens[3].text, "1");
  EXPECT_EQ(tokens[3].line, 2);
}

TEST(PgnTokenizer, MovetextTokens) {
  EXPECT_EQ(texts("1. e4 e5 2.Nf3 Nc6 3...a6 O-O-O e8=Q+ Qxf7# 1/2-1/2 *"),
            (std::vector<std::string>{"1", ".", "e4", "e5", "2", ".", "Nf3", "Nc6", "3", "...", "a6", "O-O-O",
                                      "e8=Q+", "Qxf7#", "1/2-1/2", "*"}));
}

TEST(PgnTokenizer, AnnotationsAndNags) {
  auto tokens = tokenize("e4!? Nf3?? $14 $ Bb5!");
  ASSERT_EQ(tokens.size(), 8u);
  EXPECT_EQ(tokens[0].text, "e4");
  EXPECT_EQ(tokens[1].kind, K::SUFFIX);
  EXPECT_EQ(tokens[1].text, "!?");
  EXPECT_EQ(tokens[3].text, "??");
  EXPECT_EQ(tokens[4].kind, K::NAG);
  EXPECT_EQ(tokens[4].text, "14");
  EXPECT_EQ(tokens[5].kind, K::UNKNOWN);  // '$' without digits
  EXPECT_EQ(tokens[7].kind, K::SUFFIX);
}

TEST(PgnTokenizer, BraceCommentsSpanLines) {
  auto tokens = tokenize("e4 {first\nsecond} e5");
  ASSERT_EQ(tokens.size(), 3u);
  EXPECT_EQ(tokens[1].kind, K::COMMENT);
  EXPECT_EQ(tokens[1].text, "first\nsecond");
  EXPECT_FALSE(tokens[1].unterminated);
  EXPECT_EQ(tokens[2].line, 2);
  EXPECT_EQ(tokens[2].column, 9);
}

TEST(PgnTokenizer, CommentsHideEverythingInside) {
  EXPECT_EQ(kinds("{ [Event \"x\"] (1. e4) ; % }"), (std::vector<K>{K::COMMENT}));
}

TEST(PgnTokenizer, LineCommentRunsToEndOfLine) {
  auto tokens = tokenize("e4 ; a {note} here\ne5");
  ASSERT_EQ(tokens.size(), 3u);
  EXPECT_EQ(tokens[1].kind, K::LINE_COMMENT);
  EXPECT_EQ(tokens[1].text, " a {note} here");
  EXPECT_EQ(tokens[2].text, "e5");
}

TEST(PgnTokenizer, EscapeLinesAreIgnored) {
  // PGN 6: a % in the first column makes the whole line an escape line.
  EXPECT_EQ(texts("%tabiya private data [x\ne4 %not-escape\n%e5\nd5"),
            (std::vector<std::string>{"e4", "%", "not-escape", "d5"}));
}

TEST(PgnTokenizer, ByteOrderMarkAndCrlfAreWhitespace) {
  auto tokens = tokenize("\xEF\xBB\xBF[Event \"x\"]\r\n\r\n1. e4\r\n");
  ASSERT_EQ(tokens.size(), 7u);
  EXPECT_EQ(tokens[0].kind, K::TAG_OPEN);
  EXPECT_EQ(tokens[0].column, 4);
  EXPECT_EQ(tokens[2].text, "x");
  EXPECT_EQ(tokens[6].text, "e4");
  EXPECT_TRUE(tokens[4].blank_line_before);
}

TEST(PgnTokenizer, LinePositionFlags) {
  auto tokens = tokenize("a b\n\n  c\nd");
  ASSERT_EQ(tokens.size(), 4u);
  EXPECT_TRUE(tokens[0].first_on_line);
  EXPECT_FALSE(tokens[1].first_on_line);
  EXPECT_TRUE(tokens[2].first_on_line);
  EXPECT_TRUE(tokens[2].blank_line_before);
  EXPECT_EQ(tokens[2].line, 3);
  EXPECT_EQ(tokens[2].column, 3);
  EXPECT_FALSE(tokens[3].blank_line_before);
}

TEST(PgnTokenizer, UnterminatedCommentStopsAtNextTagSection) {
  auto tokens = tokenize("1. e4 {never closed\nstill comment\n\n[Event \"next\"]\n1. d4 *");
  ASSERT_GE(tokens.size(), 5u);
  EXPECT_EQ(tokens[3].kind, K::COMMENT);
  EXPECT_TRUE(tokens[3].unterminated);
  EXPECT_EQ(tokens[4].kind, K::TAG_OPEN);
  EXPECT_EQ(tokens[4].line, 4);
}

TEST(PgnTokenizer, UnterminatedCommentAtEndOfInput) {
  auto tokens = tokenize("e4 {open");
  ASSERT_EQ(tokens.size(), 2u);
  EXPECT_TRUE(tokens[1].unterminated);
}

TEST(PgnTokenizer, GarbageBecomesUnknownTokens) {
  auto tokens = tokenize("e4 @@ } <> e5");
  ASSERT_EQ(tokens.size(), 5u);
  EXPECT_EQ(tokens[1].kind, K::UNKNOWN);
  EXPECT_EQ(tokens[1].text, "@@");
  EXPECT_EQ(tokens[2].kind, K::UNKNOWN);
  EXPECT_EQ(tokens[3].text, "<>");
  EXPECT_EQ(tokens[4].text, "e5");
}

TEST(PgnTokenizer, Utf8StaysInsideSymbols) {
  EXPECT_EQ(texts("\xE2\x99\x98" "f3 \xC2\xBD-\xC2\xBD"),
            (std::vector<std::string>{"\xE2\x99\x98" "f3", "\xC2\xBD-\xC2\xBD"}));
  // The UTF-8 no-break space separates tokens like a space.
  EXPECT_EQ(texts("e4\xC2\xA0" "e5"), (std::vector<std::string>{"e4", "e5"}));
}

TEST(PgnTokenizer, PeekDoesNotConsume) {
  PgnTokenizer tokenizer("e4 e5");
  EXPECT_EQ(tokenizer.peek().text, "e4");
  EXPECT_EQ(tokenizer.peek().text, "e4");
  EXPECT_EQ(tokenizer.next().text, "e4");
  EXPECT_EQ(tokenizer.next().text, "e5");
  EXPECT_EQ(tokenizer.next().kind, K::END);
  EXPECT_EQ(tokenizer.next().kind, K::END);
}

TEST(PgnTokenizer, PeekFurtherAhead) {
  PgnTokenizer tokenizer("[Event \"x\"]");
  const PgnToken& first = tokenizer.peek();
  EXPECT_EQ(tokenizer.peek(2).text, "x");
  EXPECT_EQ(tokenizer.peek(1).text, "Event");
  EXPECT_EQ(first.kind, K::TAG_OPEN);  // still valid after looking further
  EXPECT_EQ(tokenizer.next().kind, K::TAG_OPEN);
  EXPECT_EQ(tokenizer.next().text, "Event");
  EXPECT_EQ(tokenizer.peek(1).kind, K::TAG_CLOSE);
  EXPECT_EQ(tokenizer.peek(5).kind, K::END);
}

TEST(PgnTokenizer, StreamAndStringGiveTheSameTokens) {
  const std::string text = "\xEF\xBB\xBF[Event \"a\"]\r\n%skip\r\n\r\n1. e4 {c\r\nd} (1. d4) $2 e5?! 1-0\r\n";
  std::istringstream in(text);
  PgnTokenizer from_stream(in);
  PgnTokenizer from_string(text);
  while (true) {
    PgnToken a = from_stream.next(), b = from_string.next();
    EXPECT_EQ(a.kind, b.kind);
    EXPECT_EQ(a.text, b.text);
    EXPECT_EQ(a.line, b.line);
    EXPECT_EQ(a.column, b.column);
    if (a.kind == K::END || b.kind == K::END) break;
  }
}

}  // namespace
}  // namespace tabiya
