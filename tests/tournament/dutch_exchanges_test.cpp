// Resident exchanges, FIDE (Dutch) System (Handbook C.04.3, applied from
// 1 July 2025), Article 4.3.2, checked against the article's own examples
// (all in an eleven-player bracket: S1 = BSNs 1-5, S2 = BSNs 6-11) and a
// whole eight-player order worked by hand from its four rules.
#include "tournament/dutch_exchanges.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tabiya::tournament {
namespace {

// "out>in" in 1-based BSNs, e.g. "5+2>6+7".
std::string name(const ResidentExchange& e) {
  auto join = [](const std::vector<int>& bsns) {
    std::string s;
    for (int b : bsns) {
      if (!s.empty()) s.push_back('+');
      s.append(std::to_string(b + 1));
    }
    return s;
  };
  return join(e.out) + ">" + join(e.in);
}

// Where an exchange stands in the order (-1 if absent).
int place(const std::vector<ResidentExchange>& order, const std::string& exchange) {
  for (size_t i = 0; i < order.size(); ++i)
    if (name(order[i]) == exchange) return static_cast<int>(i);
  return -1;
}

TEST(TournamentDutchExchanges, Article432ExamplesInAnElevenPlayerBracket) {
  const auto order = resident_exchanges(5, 11, 2);
  ASSERT_EQ(order.size(), 5u * 6u + 10u * 15u);
  auto before = [&](const std::string& better, const std::string& worse) {
    int b = place(order, better), w = place(order, worse);
    ASSERT_GE(b, 0) << better;
    ASSERT_GE(w, 0) << worse;
    EXPECT_LT(b, w) << better << " should come before " << worse;
  };
  // a. Fewer exchanged players first: every single exchange before any pair.
  before("1>11", "5+4>6+7");
  // b. The smaller difference of the sums moved: 6 with 4 before 8 with 5;
  //    8+6 with 4+3 before 9+8 with 5+4.
  before("4>6", "5>8");
  before("4+3>6+8", "5+4>8+9");
  // c. The highest BSN moved from S1 (the sums being equal): 5 before 4,
  //    5-2 before 4-3.
  before("5>7", "4>6");
  before("5+2>6+7", "4+3>6+7");
  // d. The lowest BSN moved from S2: 6 before 7, 6-9 before 7-8.
  before("5+4>6+9", "5+4>7+8");
  before("5>6", "5>7");
}

TEST(TournamentDutchExchanges, WholeSingleExchangeOrderOfAnEightPlayerBracket) {
  // S1 = 1-4, S2 = 5-8: by difference 1..7, within each the highest BSN
  // leaving S1 first.
  const std::vector<std::string> want = {"4>5", "4>6", "3>5", "4>7", "3>6", "2>5", "4>8", "3>7",
                                         "2>6", "1>5", "3>8", "2>7", "1>6", "2>8", "1>7", "1>8"};
  std::vector<std::string> got;
  for (const ResidentExchange& e : resident_exchanges(4, 8, 1)) got.push_back(name(e));
  EXPECT_EQ(got, want);
  // An odd bracket: S1 = 1-3, S2 = 4-7 (S2 has the extra player).
  got.clear();
  for (const ResidentExchange& e : resident_exchanges(3, 7, 1)) got.push_back(name(e));
  EXPECT_EQ(got, (std::vector<std::string>{"3>4", "3>5", "2>4", "3>6", "2>5", "1>4", "3>7", "2>6", "1>5", "2>7", "1>6",
                                           "1>7"}));
}

}  // namespace
}  // namespace tabiya::tournament
