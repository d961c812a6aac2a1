// The FIDE Rating Regulations (Handbook B.02, effective from 1 March 2024,
// with the amendment in force from 1 October 2025) and the performance
// ratings of the Tie-Break Regulations (C.07 10.1-10.3), on examples worked
// by hand from the regulations' tables.
#include "tournament/fide_rating.h"

#include <gtest/gtest.h>

namespace tabiya::tournament {
namespace {

// 8.1.2: the table's bands at their edges; the lower rated player gets the
// complement; differences beyond 800 count as 800 (8.1.2's last band, 736+).
TEST(FideRatingTest, ExpectedScoreTable) {
  EXPECT_EQ(expected_score_hundredths(2000, 2000), 50);
  EXPECT_EQ(expected_score_hundredths(2003, 2000), 50);
  EXPECT_EQ(expected_score_hundredths(2004, 2000), 51);
  EXPECT_EQ(expected_score_hundredths(2100, 2000), 64);
  EXPECT_EQ(expected_score_hundredths(2000, 2100), 36);
  EXPECT_EQ(expected_score_hundredths(2302, 2000), 85);
  EXPECT_EQ(expected_score_hundredths(2303, 2000), 86);
  EXPECT_EQ(expected_score_hundredths(2400, 2000), 92);
  EXPECT_EQ(expected_score_hundredths(2735, 2000), 99);
  EXPECT_EQ(expected_score_hundredths(2736, 2000), 100);
  EXPECT_EQ(expected_score_hundredths(1000, 2500), 0);
  // The table never falls as the difference grows, and the two players'
  // expectations add up to one.
  for (int d = 0; d < 900; ++d) {
    EXPECT_LE(expected_score_hundredths(2000 + d, 2000), expected_score_hundredths(2001 + d, 2000)) << d;
    EXPECT_EQ(expected_score_hundredths(2000 + d, 2000) + expected_score_hundredths(2000, 2000 + d), 100) << d;
  }
}

// 8.1.1: dp for p.
TEST(FideRatingTest, DifferenceForScore) {
  EXPECT_EQ(rating_difference_for_score(50), 0);
  EXPECT_EQ(rating_difference_for_score(75), 193);
  EXPECT_EQ(rating_difference_for_score(25), -193);
  EXPECT_EQ(rating_difference_for_score(99), 677);
  EXPECT_EQ(rating_difference_for_score(100), 800);
  EXPECT_EQ(rating_difference_for_score(0), -800);
  EXPECT_EQ(rating_difference_for_score(57), 50);
}

// 8.3.1: the 400-point rule, for every game (since 1 March 2024), except for
// players rated 2650 or more (since 1 October 2025).
TEST(FideRatingTest, FourHundredPointRule) {
  EXPECT_EQ(rating_for_change(2000, 2500), 2400);
  EXPECT_EQ(rating_for_change(2000, 1500), 1600);
  EXPECT_EQ(rating_for_change(2000, 2300), 2300);
  EXPECT_EQ(rating_for_change(2649, 2100), 2249);
  EXPECT_EQ(rating_for_change(2650, 2100), 2100);
  EXPECT_EQ(rating_for_change(2700, 2200), 2200);
}

// 8.3.3: K factors.
TEST(FideRatingTest, KFactor) {
  EXPECT_EQ(k_factor({.rating = 1800, .games_before = 10}), 40);  // new to the list
  EXPECT_EQ(k_factor({.rating = 2250, .games_before = 100, .under_18 = true}), 40);
  EXPECT_EQ(k_factor({.rating = 2350, .games_before = 100, .under_18 = true}), 20);
  EXPECT_EQ(k_factor({.rating = 2399, .games_before = 100}), 20);
  EXPECT_EQ(k_factor({.rating = 2390, .games_before = 100, .reached_2400 = true}), 10);
  EXPECT_EQ(k_factor({.rating = 2500, .games_before = 100}), 10);
  // K x games in the period no more than 700: 40 games at K 20 -> 17.
  EXPECT_EQ(k_factor({.rating = 2000, .games_before = 100, .games_in_period = 40}), 17);
  EXPECT_EQ(k_factor({.rating = 2000, .games_before = 100, .games_in_period = 35}), 20);
}

// A player rated 2000 (K 20) wins against 2100 (expected 0.36), draws against
// 1900 (0.64) and loses against 2500, counted as 2400 (0.08): score 1.5,
// expected 1.08, change 20 x 0.42 = +8.4.
TEST(FideRatingTest, ChangePerEvent) {
  const RatingChange c = rating_change(2000, 20, {{2100, 100}, {1900, 50}, {2500, 0}});
  EXPECT_EQ(c.games, 3);
  EXPECT_EQ(c.score_hundredths, 150);
  EXPECT_EQ(c.expected_hundredths, 108);
  EXPECT_EQ(c.change_hundredths, 840);
  // 2700 beats 2200: the actual difference of 500 (expected 0.96), +0.4 at
  // K 10; under the rule as it stood before October 2025, 400 (0.92), +0.8.
  EXPECT_EQ(rating_change(2700, 10, {{2200, 100}}).change_hundredths, 40);
  EXPECT_EQ(rating_change(2640, 10, {{2140, 100}}).change_hundredths, 80);
}

// 7.1 (2024): first ratings. Five games against 1600 1700 1800 1900 2000
// scoring 3, and two hypothetical draws against 1800: average 12600 / 7 =
// 1800, p = 4 / 7 = 0.57, dp 50: 1850.
// 2024 (as summarised by circlechess.com from the regulations of 1 March
// 2024): a first rating is at most 2200, and a zero score in the first event
// is disregarded. Five wins against 2300: average (5 x 2300 + 2 x 1800) / 7 =
// 2157, p = 6 / 7 = 0.86, dp 309: 2466, published as 2200.
TEST(FideRatingTest, FirstRatingAtMost2200AndNotFromAZeroScore) {
  const std::vector<RatedGame> wins(5, RatedGame{2300, 100});
  EXPECT_EQ(first_rating(wins), 2200);
  // Two wins and three losses against 2200: (11000 + 3600) / 7 = 2086, p = 3
  // / 7 = 0.43, dp -50: 2036, under the cap.
  EXPECT_EQ(first_rating({{2200, 100}, {2200, 100}, {2200, 0}, {2200, 0}, {2200, 0}}), 2036);
  // Five losses against 2400: the two hypothetical draws alone would give
  // (12000 + 3600) / 7 = 2229, p = 1 / 7 = 0.14, dp -309: 1920, but a zero
  // score gives no rating.
  EXPECT_EQ(first_rating(std::vector<RatedGame>(5, RatedGame{2400, 0})), std::nullopt);
}

TEST(FideRatingTest, FirstRating) {
  EXPECT_EQ(first_rating({{1600, 100}, {1700, 100}, {1800, 50}, {1900, 50}, {2000, 0}}), 1850);
  EXPECT_EQ(first_rating({{1600, 100}, {1700, 100}, {1800, 50}, {1900, 50}}), std::nullopt);  // 4 games
  // Five losses against 1400: average 10600 / 7 = 1514, p = 1 / 7 = 0.14,
  // dp -309: 1205, under the floor of 1400.
  EXPECT_EQ(first_rating({{1400, 0}, {1400, 0}, {1400, 0}, {1400, 0}, {1400, 0}}), std::nullopt);
}

// C.07 10.1-10.3 on two games: a win against 2100 and a draw against 1900.
// ARO 2000; TPR 2000 + dp(0.75) = 2193; PTP the lowest R with
// E(R - 2100) + E(R - 1900) >= 1.5: 2203 gives 0.64 + 0.86 = 1.50, 2202
// gives 0.64 + 0.85.
TEST(FideRatingTest, Performances) {
  EXPECT_EQ(average_rating({2100, 1900}), 2000);
  EXPECT_EQ(average_rating({2100, 1900, 1900}), 1967);
  EXPECT_EQ(average_rating({2001, 2000}), 2001);  // 2000.5: halves up
  EXPECT_EQ(tournament_performance({2100, 1900}, 150), 2193);
  EXPECT_EQ(perfect_performance({2100, 1900}, 150), 2203);
  EXPECT_EQ(perfect_performance({2100, 1900}, 0), 1100);    // lowest opponent - 800
  EXPECT_EQ(perfect_performance({2100, 1900}, 200), 2836);  // every expectation 1.00: 2100 + 736
  EXPECT_EQ(tournament_performance({}, 0), 0);
}

}  // namespace
}  // namespace tabiya::tournament
