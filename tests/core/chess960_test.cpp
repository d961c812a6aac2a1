// Chess960 start positions (FIDE 2014 Appendix F.2) and their standard numbers.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <set>
#include <string>

#include "core/chess960.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/perft.h"

namespace tabiya {
namespace {

// The standard numbering, derived independently of the library: n = 0..959 is
// read as digits: light-squared bishop (n % 4 on b,d,f,h), dark-squared bishop
// ((n / 4) % 4 on a,c,e,g), queen ((n / 16) % 6 on the free squares), knights
// ((n / 96), one of the 10 pairs of the 5 free squares), then R, K, R.
std::string reference_back_rank(int n) {
  std::string rank(8, ' ');
  rank[2 * (n % 4) + 1] = 'B';
  n /= 4;
  rank[2 * (n % 4)] = 'B';
  n /= 4;
  auto put_on_free = [&rank](int index, char piece) {
    for (char& c : rank)
      if (c == ' ' && index-- == 0) {
        c = piece;
        return;
      }
  };
  put_on_free(n % 6, 'Q');
  n /= 6;
  constexpr std::array<std::array<int, 2>, 10> knight_pairs = {
      {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}};
  // Place the second knight first so the first one's index is unaffected.
  put_on_free(knight_pairs[n][1], 'N');
  put_on_free(knight_pairs[n][0], 'N');
  put_on_free(0, 'R');
  put_on_free(0, 'K');
  put_on_free(0, 'R');
  return rank;
}

TEST(Chess960, ReferenceDerivationReproducesKnownNumbers) {
  // Guard for the oracle itself.
  EXPECT_EQ(reference_back_rank(0), "BBQNNRKR");
  EXPECT_EQ(reference_back_rank(518), "RNBQKBNR");
  EXPECT_EQ(reference_back_rank(959), "RKRNNQBB");
}

TEST(Chess960, KnownNumbers) {
  // 518 is the standard initial position (FIDE 2014 Art. 2.3).
  EXPECT_EQ(chess960_back_rank(518).value(), "RNBQKBNR");
  EXPECT_EQ(chess960_back_rank(0).value(), "BBQNNRKR");
  EXPECT_EQ(chess960_back_rank(1).value(), "BQNBNRKR");
  EXPECT_EQ(chess960_back_rank(2).value(), "BQNNRBKR");
  EXPECT_EQ(chess960_back_rank(4).value(), "QBBNNRKR");
  EXPECT_EQ(chess960_back_rank(95).value(), "NNRKRQBB");
  EXPECT_EQ(chess960_back_rank(96).value(), "BBQNRNKR");
  EXPECT_EQ(chess960_back_rank(300).value(), "QBNRKRBN");
  EXPECT_EQ(chess960_back_rank(700).value(), "RBQKNNBR");
  EXPECT_EQ(chess960_back_rank(959).value(), "RKRNNQBB");
}

TEST(Chess960, EveryNumberMatchesTheStandardDerivation) {
  for (int n = 0; n < 960; ++n) {
    auto rank = chess960_back_rank(n);
    ASSERT_TRUE(rank.ok()) << n;
    EXPECT_EQ(rank.value(), reference_back_rank(n)) << n;
  }
}

// FIDE 2014 Appendix F.2: king between the rooks, bishops on opposite colours,
// the usual set of pieces; there are 960 such arrangements.
TEST(Chess960, AllArrangementsAreDistinctAndFollowAppendixF2) {
  std::set<std::string> seen;
  for (int n = 0; n < 960; ++n) {
    const std::string rank = chess960_back_rank(n).value();
    ASSERT_EQ(rank.size(), 8u) << n;
    std::string sorted = rank;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, "BBKNNQRR") << n << " " << rank;
    const auto first_bishop = rank.find('B'), last_bishop = rank.rfind('B');
    EXPECT_NE(first_bishop % 2, last_bishop % 2) << n << " bishops on one colour: " << rank;
    const auto king = rank.find('K');
    EXPECT_LT(rank.find('R'), king) << n << " " << rank;
    EXPECT_GT(rank.rfind('R'), king) << n << " " << rank;
    seen.insert(rank);
  }
  EXPECT_EQ(seen.size(), 960u);
}

TEST(Chess960, NumberIsTheInverse) {
  for (int n = 0; n < 960; ++n) EXPECT_EQ(chess960_number(chess960_back_rank(n).value()), n);
  EXPECT_EQ(chess960_number("RNBQKBNR"), 518);
}

TEST(Chess960, NumberOfNonArrangementsIsMinusOne) {
  EXPECT_EQ(chess960_number("RBNBKQNR"), -1);   // bishops on the same (light) colour
  EXPECT_EQ(chess960_number("KRRQBBNN"), -1);   // king not between the rooks
  EXPECT_EQ(chess960_number("RNBQKBNN"), -1);   // wrong pieces
  EXPECT_EQ(chess960_number("RNBQKBN"), -1);    // too short
  EXPECT_EQ(chess960_number("RNBQKBNRR"), -1);  // too long
  EXPECT_EQ(chess960_number(""), -1);
  EXPECT_EQ(chess960_number("RNBQXBNR"), -1);
}

TEST(Chess960, OutOfRangeNumbersAreErrors) {
  for (int n : {-1, 960, 1000, -960}) {
    auto rank = chess960_back_rank(n);
    ASSERT_FALSE(rank.ok()) << n;
    EXPECT_NE(rank.error().message.find(std::to_string(n)), std::string::npos) << rank.error().message;
    auto pos = chess960_start_position(n);
    ASSERT_FALSE(pos.ok()) << n;
    EXPECT_NE(pos.error().message.find(std::to_string(n)), std::string::npos) << pos.error().message;
  }
}

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// FIDE 2014 Appendix F.2: white pawns on the second rank, black mirrors white;
// both sides keep both castling rights. Move counts checked with Stockfish.
TEST(Chess960, StartPositions) {
  struct Case {
    int number;
    uint64_t d1, d3;
  };
  // 3 and 674 can castle on the first move (Appendix F.3, note 3): king-rook swaps f1/g1 and d1/c1.
  for (Case c : {Case{0, 20, 9006}, Case{1, 20, 8948}, Case{2, 20, 8988}, Case{3, 21, 10238}, Case{95, 20, 8832},
                 Case{96, 20, 9066}, Case{300, 19, 7759}, Case{518, 20, 8902}, Case{674, 21, 10177},
                 Case{700, 20, 8990}, Case{959, 20, 9006}}) {
    const std::string rank = chess960_back_rank(c.number).value();
    auto pos = chess960_start_position(c.number);
    ASSERT_TRUE(pos.ok()) << c.number;
    EXPECT_TRUE(pos->is_chess960()) << c.number;
    EXPECT_EQ(to_fen(pos.value(), CastlingFormat::XFEN),
              lower(rank) + "/pppppppp/8/8/8/8/PPPPPPPP/" + rank + " w KQkq - 0 1");
    // Shredder letters: the rooks' files, king side first.
    std::string files;
    for (int f = 7; f >= 0; --f)
      if (rank[f] == 'R') files += char('A' + f);
    EXPECT_EQ(to_fen(pos.value(), CastlingFormat::SHREDDER),
              lower(rank) + "/pppppppp/8/8/8/8/PPPPPPPP/" + rank + " w " + files + lower(files) + " - 0 1");
    EXPECT_EQ(pos->key(), pos->compute_key()) << c.number;
    Position p = pos.value();
    EXPECT_EQ(perft(p, 1), c.d1) << c.number;
    EXPECT_EQ(perft(p, 3), c.d3) << c.number;
  }
  // 518 is the standard start, only marked Chess960 (which changes notation, not rules).
  Position p518 = chess960_start_position(518).value();
  EXPECT_EQ(to_fen(p518), START_FEN);
  EXPECT_EQ(p518.castling_rooks(), Position::startpos().castling_rooks());
  EXPECT_EQ(p518.key(), Position::startpos().key());
}

}  // namespace
}  // namespace tabiya
