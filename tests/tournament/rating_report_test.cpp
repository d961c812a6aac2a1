// The rating report (rating_report.h) on an event worked by hand with the
// FIDE Rating Regulations effective 1 March 2024 (8.1.2 expected scores,
// 8.3.3 K factors) and the 2024 rules for unrated players (7.1).
#include "tournament/rating_report.h"

#include <gtest/gtest.h>

#include "tournament_test_support.h"

namespace tabiya::tournament {
namespace {

using test::add_player;
using test::game;

// test::four_player_swiss() (tournament_test_support.h), with 3 born 2010 (under 18 in 2026).
//   R3  2-3 +/- is a forfeit: not rated.
// Rated games (both players rated, played): 1-2 and 3-1.
//   1: 1.5 from 2100 (We 0.36) and 1900 (0.64): We 1.00, K 20: +10.00
//   2: 0 from 2000 (0.64), K 20: -12.80 (K 40 when new: -25.60)
//   3: 0.5 from 2000 (0.36), K 40 (under 18, under 2300): +5.60
//   4: 3 games against rated opponents: no first rating (5 needed)
Tournament event() {
  Tournament t = test::four_player_swiss();
  t.player(1)->birth_date = "1990/05/01";
  t.player(3)->birth_date = "2010";
  t.set_header("042", "2026/03/01");
  return t;
}

TEST(RatingReportTest, ChangesWorkedByHand) {
  const Tournament t = event();
  auto r = rating_report(t, {});
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->year, 2026);
  const auto& rows = r->rows;
  EXPECT_EQ(rows[0].change.games, 2);
  EXPECT_EQ(rows[0].change.expected_hundredths, 100);
  EXPECT_EQ(rows[0].change.k, 20);
  EXPECT_EQ(rows[0].change.change_hundredths, 1000);
  EXPECT_EQ(rows[1].change.games, 1);  // the forfeit win and the game against the unrated 4 do not count
  EXPECT_EQ(rows[1].change.change_hundredths, -1280);
  EXPECT_TRUE(rows[2].under_18);
  EXPECT_EQ(rows[2].change.k, 40);
  EXPECT_EQ(rows[2].change.change_hundredths, 560);
  EXPECT_EQ(rows[3].change.games, 3);
  EXPECT_FALSE(rows[3].first_rating);
  const std::string text = format_rating_report(t, *r);
  for (const char* s : {"+10.00", "-12.80", "+5.60", "(under 18)", "no rating (5 games needed)"})
    EXPECT_NE(text.find(s), std::string::npos) << s << "\n" << text;
  // Per game: 1's win against 2 (We 0.36, +12.80) and draw with 3 (We 0.64, -2.80).
  ASSERT_EQ(rows[0].games.size(), 2u);
  EXPECT_EQ(rows[0].games[0].round, 1);
  EXPECT_EQ(rows[0].games[0].opponent, 2);
  EXPECT_EQ(rows[0].games[0].change_hundredths, 1280);
  EXPECT_EQ(rows[0].games[1].round, 2);
  EXPECT_EQ(rows[0].games[1].change_hundredths, -280);
  const std::string detail = format_rating_report(t, *r, true);
  EXPECT_NE(detail.find("round 1 against 2 (2100): 1.00, We 0.36, +12.80"), std::string::npos) << detail;
}

// 8.3.1: a game against an opponent more than 400 points away is shown with
// the rating it counts as.
TEST(RatingReportTest, FourHundredPointRulePerGame) {
  Tournament t;
  add_player(t, "Low", 1800);
  add_player(t, "High", 2500);
  game(t, 1, 1, 2, '=', '=');
  auto r = rating_report(t, {});
  ASSERT_TRUE(r);
  // Low: 2500 counts as 2200, We 0.08, K 20: +8.40; High: 1800 counts as
  // 2100, We 0.92, K 10: -4.20.
  EXPECT_EQ(r->rows[0].games[0].counted_rating, 2200);
  EXPECT_EQ(r->rows[0].change.change_hundredths, 840);
  EXPECT_EQ(r->rows[1].change.k, 10);
  EXPECT_EQ(r->rows[1].change.change_hundredths, -420);
  EXPECT_NE(format_rating_report(t, *r, true).find("(2500, counted as 2200)"), std::string::npos);
}

TEST(RatingReportTest, Options) {
  const Tournament t = event();
  RatingReportOptions o;
  o.new_players = {2};
  auto r = rating_report(t, o);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->rows[1].change.k, 40);
  EXPECT_EQ(r->rows[1].change.change_hundredths, -2560);
  // Without a date no one is known to be under 18.
  o = {};
  Tournament undated = event();
  undated.headers.clear();
  r = rating_report(undated, o);
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->rows[2].under_18);
  EXPECT_EQ(r->rows[2].change.k, 20);
  o.new_players = {9};
  EXPECT_EQ(rating_report(t, o).error().message, "rating-report: no player 9");
  o = {};
  o.date = "soon";
  EXPECT_NE(rating_report(t, o).error().message.find("--date \"soon\""), std::string::npos);
}

// An unrated player with five games against rated opponents: 1850 (see
// fide_rating_test: 3 points from 1600 1700 1800 1900 2000).
TEST(RatingReportTest, FirstRating) {
  Tournament t;
  add_player(t, "New", 0);
  const int ratings[] = {1600, 1700, 1800, 1900, 2000};
  const char results[] = {'1', '1', '=', '=', '0'};
  for (int i = 0; i < 5; ++i) {
    add_player(t, "Opp", ratings[i]);
    game(t, i + 1, 1, i + 2, results[i], results[i] == '1' ? '0' : results[i] == '0' ? '1' : '=');
  }
  auto r = rating_report(t, {});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->rows[0].first_rating, 1850);
  EXPECT_NE(format_rating_report(t, *r).find("first rating 1850"), std::string::npos);
}

}  // namespace
}  // namespace tabiya::tournament
