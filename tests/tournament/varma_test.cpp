// Restricted drawing with the Varma tables: FIDE Tournament Rules 9(h) and
// the instructions for the restricted drawing of numbers (the edition in seed
// 000: General Assembly 1986, amended to 2006).
#include "tournament/varma.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace tabiya::tournament {
namespace {

TEST(TournamentVarmaTest, PublishedGroups) {
  auto g = varma_groups(16);
  ASSERT_TRUE(g);
  EXPECT_EQ((*g)[0], (std::vector<int>{5, 6, 7, 12, 13, 14}));
  EXPECT_EQ((*g)[1], (std::vector<int>{1, 2, 3, 9, 10}));
  EXPECT_EQ((*g)[2], (std::vector<int>{8, 11, 15}));
  EXPECT_EQ((*g)[3], (std::vector<int>{4, 16}));
  g = varma_groups(24);
  ASSERT_TRUE(g);
  EXPECT_EQ((*g)[0], (std::vector<int>{6, 7, 8, 9, 10, 11, 19, 20, 21, 22}));
  EXPECT_EQ((*g)[3], (std::vector<int>{5, 24}));
  // Odd numbers use the next row without its highest number (the bye).
  g = varma_groups(9);
  ASSERT_TRUE(g);
  EXPECT_EQ((*g)[3], (std::vector<int>{2}));
  EXPECT_EQ((*g)[0], (std::vector<int>{3, 4, 8}));
}

TEST(TournamentVarmaTest, EveryRowHoldsEachNumberOnce) {
  for (int n = 9; n <= 24; ++n) {
    SCOPED_TRACE(n);
    auto g = varma_groups(n);
    ASSERT_TRUE(g);
    std::multiset<int> all;
    for (const auto& group : *g) all.insert(group.begin(), group.end());
    ASSERT_EQ(static_cast<int>(all.size()), n);
    int expected = 1;
    for (int x : all) EXPECT_EQ(x, expected++);
  }
}

TEST(TournamentVarmaTest, OutsideTheTable) {
  EXPECT_EQ(varma_groups(8).error().message, "Varma tables: they cover 9 to 24 players (got 8)");
  EXPECT_FALSE(varma_groups(25));
  std::vector<VarmaEntrant> few(5, VarmaEntrant{"X, Y", "NOR"});
  EXPECT_FALSE(varma_draw(few, 1));
}

std::vector<VarmaEntrant> fourteen() {
  return {{"Aa, A", "NOR"}, {"Bb, B", "NOR"}, {"Cc, C", "NOR"}, {"Dd, D", "NOR"}, {"Ee, E", "SWE"},
          {"Ff, F", "SWE"}, {"Gg, G", "SWE"}, {"Hh, H", "DEN"}, {"Ii, I", "DEN"}, {"Jj, J", "DEN"},
          {"Kk, K", "FIN"}, {"Ll, L", "ISL"}, {"Mm, M", ""},    {"Nn, N", "GER"}};
}

TEST(TournamentVarmaTest, AFederationDrawsFromOneGroup) {
  auto groups = varma_groups(14);
  ASSERT_TRUE(groups);
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    auto d = varma_draw(fourteen(), seed);
    ASSERT_TRUE(d) << d.error().message;
    // Numbers 1..14, each once.
    std::vector<int> sorted = d->numbers;
    std::sort(sorted.begin(), sorted.end());
    for (int i = 0; i < 14; ++i) ASSERT_EQ(sorted[i], i + 1);
    auto group_of = [&](int number) {
      for (int g = 0; g < 4; ++g)
        if (std::count((*groups)[g].begin(), (*groups)[g].end(), number)) return g;
      return -1;
    };
    // Norway (4 players, drawing first) takes group A or B (the only ones
    // with 4 numbers); Sweden and Denmark (3 each) a group with 3 left.
    for (auto [first, last] : {std::pair{0, 3}, std::pair{4, 6}, std::pair{7, 9}}) {
      for (int i = first + 1; i <= last; ++i) EXPECT_EQ(group_of(d->numbers[i]), group_of(d->numbers[first])) << seed;
    }
    EXPECT_LE(group_of(d->numbers[0]), 1);
  }
}

TEST(TournamentVarmaTest, DrawingOrderAndReplay) {
  auto a = varma_draw(fourteen(), 42);
  auto b = varma_draw(fourteen(), 42);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->numbers, b->numbers);
  EXPECT_EQ(a->steps, b->steps);
  // Most players first (NOR), then the federations of three by code (DEN
  // before SWE), the federations of one by code, the player without one last.
  std::vector<std::string> pickers;
  for (const std::string& s : a->steps)
    if (s.find(" picks group ") != std::string::npos) pickers.push_back(s.substr(0, s.find(" picks")));
  ASSERT_EQ(pickers.size(), 7u);
  EXPECT_EQ(pickers[0], "Aa, A (NOR)");
  EXPECT_EQ(pickers[1], "Hh, H (DEN)");
  EXPECT_EQ(pickers[2], "Ee, E (SWE)");
  EXPECT_EQ(pickers[3], "Kk, K (FIN)");
  EXPECT_EQ(pickers[4], "Nn, N (GER)");
  EXPECT_EQ(pickers[5], "Ll, L (ISL)");
  EXPECT_EQ(pickers[6], "Mm, M");
  // Some other seed gives another lot.
  bool differs = false;
  for (std::uint64_t seed = 1; seed < 20 && !differs; ++seed)
    differs = varma_draw(fourteen(), seed)->numbers != a->numbers;
  EXPECT_TRUE(differs);
}

TEST(TournamentVarmaTest, AFederationLargerThanAnyGroupSpills) {
  std::vector<VarmaEntrant> e;
  for (int i = 0; i < 7; ++i) e.push_back({std::string("P").append(std::to_string(i)), "IND"});
  for (int i = 0; i < 3; ++i) e.push_back({std::string("Q").append(std::to_string(i)), "SRI"});
  auto d = varma_draw(e, 3);  // 10 players: no group holds 7 numbers
  ASSERT_TRUE(d);
  std::vector<int> sorted = d->numbers;
  std::sort(sorted.begin(), sorted.end());
  for (int i = 0; i < 10; ++i) EXPECT_EQ(sorted[i], i + 1);
}

}  // namespace
}  // namespace tabiya::tournament
