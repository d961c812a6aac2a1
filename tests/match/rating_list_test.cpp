// The rating-list fit against values worked out by hand from the model in
// src/match/rating_list.h, and the ratings command's input errors.
#include "match/rating_list.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "match/match_stats.h"
#include "ratings_command.h"

namespace tabiya {
namespace {

std::vector<RatedGame> results(const std::string& a, const std::string& b, int wins, int draws, int losses) {
  std::vector<RatedGame> games;
  for (int i = 0; i < wins; ++i) games.push_back({a, b, 1});
  for (int i = 0; i < draws; ++i) games.push_back({b, a, 0.5});
  for (int i = 0; i < losses; ++i) games.push_back({b, a, 1});
  return games;
}

const PlayerRating& find(const std::vector<PlayerRating>& list, const std::string& name) {
  for (const PlayerRating& p : list)
    if (p.name == name) return p;
  throw std::runtime_error("no player " + name);
}

TEST(RatingListTest, TwoPlayersGiveTheMatchScoreEloAndItsErrorBar) {
  // 30 wins, 50 draws, 20 losses with a prior of one virtual draw: s = 55.5/101.
  auto list = fit_ratings(results("a", "b", 30, 50, 20), {{"b", 1000}}, RatingOptions{1.0});
  ASSERT_TRUE(list) << list.error().message;
  const PlayerRating& a = find(*list, "a");
  double s = 55.5 / 101;
  EXPECT_NEAR(a.elo, 1000 + elo_from_score(s), 1e-6);
  // With one unknown the information is k^2 n p^2(1-p)^2 / v, v the per-game variance:
  // the error bar is 1.96 sqrt(v/n) / (k p (1-p)), the delta method on elo(s).
  double v = (30 * (1 - s) * (1 - s) + 51 * (0.5 - s) * (0.5 - s) + 20 * s * s) / 101;
  double k = std::log(10.0) / 400;
  EXPECT_NEAR(a.error95, 1.959964 * std::sqrt(v / 101) / (k * s * (1 - s)), 1e-6);
  EXPECT_EQ(a.games, 100);
  EXPECT_DOUBLE_EQ(a.points, 55);
  EXPECT_TRUE(find(*list, "b").anchored);
  EXPECT_EQ(find(*list, "b").error95, 0);
  EXPECT_EQ(list->front().name, "a");  // best first
}

TEST(RatingListTest, AChainAddsItsDifferencesAndItsErrors) {
  // c - b and b - a each 75%: +190.85 each step from the anchor a.
  auto games = results("b", "a", 75, 0, 25);
  auto more = results("c", "b", 75, 0, 25);
  games.insert(games.end(), more.begin(), more.end());
  auto list = fit_ratings(games, {{"a", 0}}, RatingOptions{1e-9});
  ASSERT_TRUE(list) << list.error().message;
  EXPECT_NEAR(find(*list, "b").elo, 190.8485, 1e-3);
  EXPECT_NEAR(find(*list, "c").elo, 381.6970, 1e-3);
  // Independent steps: the variances add.
  double eb = find(*list, "b").error95;
  EXPECT_NEAR(find(*list, "c").error95, std::sqrt(2.0) * eb, 1e-6);
}

TEST(RatingListTest, AllWinsStayFiniteThroughThePrior) {
  auto list = fit_ratings(results("strong", "weak", 20, 0, 0), {{"weak", 0}});
  ASSERT_TRUE(list);
  // s = 20.5 / 21 with one virtual draw.
  EXPECT_NEAR(find(*list, "strong").elo, elo_from_score(20.5 / 21), 1e-6);
}

TEST(RatingListTest, ConsistentResultsAgreeAcrossATriangle) {
  // a-b +100, b-c +100, a-c +200 exactly (large samples at the model's scores).
  auto games = std::vector<RatedGame>{};
  auto add = [&](const std::string& x, const std::string& y, double diff) {
    int n = 100000;
    int wins = int(std::lround(n * score_from_elo(diff)));
    auto r = results(x, y, wins, 0, n - wins);
    games.insert(games.end(), r.begin(), r.end());
  };
  add("a", "b", 100);
  add("b", "c", 100);
  add("a", "c", 200);
  auto list = fit_ratings(games, {{"c", 1500}});
  ASSERT_TRUE(list);
  EXPECT_NEAR(find(*list, "a").elo, 1700, 0.5);
  EXPECT_NEAR(find(*list, "b").elo, 1600, 0.5);
}

TEST(RatingListTest, ErrorsNameWhatIsWrong) {
  auto games = results("a", "b", 3, 1, 2);
  auto more = results("x", "y", 1, 1, 1);
  games.insert(games.end(), more.begin(), more.end());
  auto unconnected = fit_ratings(games, {{"a", 1000}});
  ASSERT_FALSE(unconnected);
  EXPECT_NE(unconnected.error().message.find("\"x\", \"y\""), std::string::npos) << unconnected.error().message;
  auto unknown = fit_ratings(results("a", "b", 1, 0, 0), {{"c", 1000}});
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find("anchor \"c\""), std::string::npos);
  EXPECT_FALSE(fit_ratings({}, {}));
  EXPECT_FALSE(fit_ratings(results("a", "b", 1, 0, 0), {}, RatingOptions{0}));
}

TEST(RatingsCommandTest, ReadsPgnTagsAndRejectsBadInput) {
  std::istringstream good(
      "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n"
      "[White \"b\"]\n[Black \"a\"]\n[Result \"*\"]\n\n1. d4 *\n\n"
      "[White \"b\"]\n[Black \"a\"]\n[Result \"1/2-1/2\"]\n\n1. d4 1/2-1/2\n");
  auto games = cli::read_rated_games(good, "good.pgn");
  ASSERT_TRUE(games) << games.error().message;
  ASSERT_EQ(games->size(), 2u);
  EXPECT_EQ((*games)[1].white, "b");
  EXPECT_DOUBLE_EQ((*games)[1].white_points, 0.5);

  std::istringstream bad("[White \"a\"]\n[Black \"b\"]\n[Result \"2-0\"]\n\n1. e4 *\n");
  auto broken = cli::read_rated_games(bad, "bad.pgn");
  ASSERT_FALSE(broken);
  EXPECT_NE(broken.error().message.find("bad.pgn: game 1"), std::string::npos) << broken.error().message;

  EXPECT_TRUE(cli::parse_rating_anchor("sf-1350=1350"));
  EXPECT_DOUBLE_EQ(cli::parse_rating_anchor("a=b=1500")->elo, 1500);
  EXPECT_EQ(cli::parse_rating_anchor("a=b=1500")->player, "a=b");
  EXPECT_FALSE(cli::parse_rating_anchor("sf-1350"));
  EXPECT_FALSE(cli::parse_rating_anchor("x=12a"));
  EXPECT_FALSE(cli::parse_rating_anchor("=100"));

  std::ostringstream out, err;
  EXPECT_EQ(cli::run_ratings({{"/nonexistent/games.pgn"}, {}, 1.0}, out, err), 2);
  EXPECT_NE(err.str().find("/nonexistent/games.pgn"), std::string::npos);
}

}  // namespace
}  // namespace tabiya
