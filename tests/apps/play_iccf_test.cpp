// The terminal game (`tabiya play`) reads ICCF numeric notation as it reads
// every other form: each square two digits, file then rank, castling as the
// king's move, a fifth digit for the promotion piece (ICCF convention).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "terminal_game.h"

namespace tabiya::cli {
namespace {

using ::testing::EndsWith;
using ::testing::HasSubstr;

std::string play(const std::string& input, Language lang = Language::EN) {
  PlayOptions options;
  options.date = "2024.06.01";
  options.language = lang;
  std::istringstream in(input);
  std::ostringstream out;
  EXPECT_EQ(run_terminal_game(in, out, options), 0);
  return out.str();
}

TEST(PlayIccfNumeric, FoolsMateInDigits) {
  // 1. f3 e5 2. g4 Qh4#: f2-f3 = 6263, e7-e5 = 5755, g2-g4 = 7274, d8-h4 = 4884.
  const std::string out = play("6263\n5755\n7274\n4884\n");
  EXPECT_THAT(out, HasSubstr("Checkmate: Black wins 0-1 (FIDE 2018 Art. 5.1.1)\n"));
  EXPECT_THAT(out, EndsWith("\n1. f3 e5 2. g4 Qh4# 0-1\n"));
}

TEST(PlayIccfNumeric, CastlingAsTheKingsMoveWithPolishLetters) {
  // Digits mixed with Polish letters (S = knight, G = bishop): 4. 5171 is O-O.
  const std::string out = play("5254\n5755\nSf3\n2836\nGb5\n1716\n5171\n", Language::PL);
  EXPECT_THAT(out, HasSubstr("Last move: 4. O-O\n"));
}

TEST(PlayIccfNumeric, AnOutOfRangeDigitIsExplained) {
  const std::string out = play("5294\n");
  EXPECT_THAT(out, HasSubstr("digit 3 (arrival file) must be 1 to 8"));
}

}  // namespace
}  // namespace tabiya::cli
