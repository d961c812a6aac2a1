// Match statistics against values worked out by hand from the formulas in
// src/match/match_stats.h.
#include "match/match_stats.h"

#include <gtest/gtest.h>

#include <cmath>

namespace tabiya {
namespace {

TEST(MatchStatsTest, EloFromScoreIsTheLogisticInverse) {
  EXPECT_DOUBLE_EQ(elo_from_score(0.5), 0.0);
  // 0.75 = 1 / (1 + 10^(-e/400))  =>  e = 400 log10(3) = 190.848...
  EXPECT_NEAR(elo_from_score(0.75), 190.848501887865, 1e-9);
  EXPECT_NEAR(score_from_elo(190.848501887865), 0.75, 1e-12);
  EXPECT_TRUE(std::isinf(elo_from_score(1.0)));
  EXPECT_LT(elo_from_score(0.0), 0);
}

TEST(MatchStatsTest, TrinomialEloErrorBarAndLos) {
  // 30 wins, 50 draws, 20 losses: s = 0.55, elo = -400 log10(1/0.55 - 1) = 34.86;
  // v = (30*0.45^2 + 50*0.05^2 + 20*0.55^2)/100 = 0.1225, se = sqrt(v/100) = 0.035;
  // interval elo(0.55 -+ 1.96*0.035) = elo(0.48140)..elo(0.61860): half-width 48.47;
  // LOS = 1/2 (1 + erf(10 / sqrt(100))) = 0.92135.
  auto e = trinomial_elo({30, 50, 20});
  ASSERT_TRUE(e);
  EXPECT_DOUBLE_EQ(e->score, 0.55);
  EXPECT_NEAR(e->elo, 34.8600703, 1e-6);
  EXPECT_NEAR(e->error95, 48.4702281, 1e-6);
  EXPECT_NEAR(e->los, 0.9213504, 1e-6);
}

TEST(MatchStatsTest, NoGamesNoEstimateAndOneSidedScoreHasNoFiniteBar) {
  EXPECT_FALSE(trinomial_elo({0, 0, 0}));
  EXPECT_FALSE(pentanomial_elo({}));
  auto all_wins = trinomial_elo({4, 0, 0});
  ASSERT_TRUE(all_wins);
  EXPECT_TRUE(std::isinf(all_wins->elo));
  EXPECT_TRUE(std::isinf(all_wins->error95));
}

TEST(MatchStatsTest, PentanomialUsesPairScores) {
  // Pairs 0, 1/2, 1, 3/2, 2 points: 2, 5, 20, 12, 6 (45 pairs).
  // s = (5*0.25 + 20*0.5 + 12*0.75 + 6*1)/45 = 26.25/45 = 0.58333, elo 58.45;
  // v = sum P_k (x_k - s)^2 / 45 = 0.044290..., se = sqrt(v/45) = 0.031372;
  // half-width 52.04; LOS = Phi((s - 0.5)/se) = 0.98813.
  PentanomialCounts p;
  p.pairs = {2, 5, 20, 12, 6};
  auto e = pentanomial_elo(p);
  ASSERT_TRUE(e);
  EXPECT_NEAR(e->score, 0.5833333333, 1e-9);
  EXPECT_NEAR(e->elo, 58.4512143, 1e-6);
  EXPECT_NEAR(e->error95, 52.0408171, 1e-6);
  EXPECT_NEAR(e->los, 0.9881307, 1e-6);
}

TEST(MatchStatsTest, PairingNarrowsTheBarOfBalancedResults) {
  // Pairs 1, 2, 4, 2, 1 (10 pairs), symmetric: s = 0.5;
  // v = (1*0.25 + 2*0.0625 + 0 + 2*0.0625 + 1*0.25)/10 = 0.075, se = sqrt(0.0075) = 0.0866;
  // interval elo(0.5 -+ 0.16974): half-width = elo(0.66974) = 122.82.
  PentanomialCounts p;
  p.pairs = {1, 2, 4, 2, 1};
  auto e = pentanomial_elo(p);
  ASSERT_TRUE(e);
  EXPECT_DOUBLE_EQ(e->elo, 0.0);
  EXPECT_NEAR(e->error95, 122.8184239, 1e-6);
  EXPECT_NEAR(e->los, 0.5, 1e-12);
}

TEST(MatchStatsTest, SprtLlrAndBounds) {
  // s0 = 0.5, s1 = score(10) = 0.5143868; for 30/50/20: s = 0.55, v = 0.1225, N = 100:
  // LLR = (s1 - s0)(2s - s0 - s1) / (2 v / N) = 0.0143868 * 0.0856132 / 0.00245 = 0.50275.
  EXPECT_NEAR(sprt_llr(WdlCounts{30, 50, 20}, 0, 10), 0.5027459, 1e-6);
  PentanomialCounts p;
  p.pairs = {2, 5, 20, 12, 6};
  EXPECT_NEAR(sprt_llr(p, 0, 10), 0.8066396, 1e-6);
  // Bounds for alpha = beta = 0.05: ln(0.05/0.95) = -2.944439, ln(0.95/0.05) = +2.944439.
  SprtParameters params{0, 10, 0.05, 0.05};
  SprtState s = sprt_state(0.5, params);
  EXPECT_NEAR(s.lower, -2.9444390, 1e-6);
  EXPECT_NEAR(s.upper, 2.9444390, 1e-6);
  EXPECT_EQ(s.decision, SprtDecision::CONTINUE);
  EXPECT_EQ(sprt_state(3.0, params).decision, SprtDecision::ACCEPT_H1);
  EXPECT_EQ(sprt_state(-3.0, params).decision, SprtDecision::ACCEPT_H0);
  // All draws: with the 1e-3 regularisation, s = 0.5 and a tiny variance,
  // so strong evidence against +10 Elo; no games: no evidence.
  EXPECT_LT(sprt_llr(WdlCounts{0, 10, 0}, 0, 10), -2.95);
  EXPECT_EQ(sprt_llr(WdlCounts{}, 0, 10), 0.0);
}

TEST(MatchStatsTest, SprtLlrGrowsWithTheEvidence) {
  // The same score over ten times the games: ten times the LLR.
  EXPECT_NEAR(sprt_llr(WdlCounts{300, 500, 200}, 0, 10), 10 * sprt_llr(WdlCounts{30, 50, 20}, 0, 10), 1e-9);
}

}  // namespace
}  // namespace tabiya
