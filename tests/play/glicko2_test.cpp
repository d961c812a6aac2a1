#include "play/glicko2.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace tabiya {
namespace {

// Glickman, "Example of the Glicko-2 system": 1500/200/0.06 with tau 0.5 beats 1400/30 and loses to 1550/100
// and 1700/300 in one rating period.
TEST(Glicko2, PaperExample) {
  Glicko2Parameters p;
  p.tau = 0.5;
  const Glicko2 glicko(p);
  const Glicko2Rating after =
      glicko.update({1500, 200, 0.06}, {{{1400, 30, 0.06}, 1.0}, {{1550, 100, 0.06}, 0.0}, {{1700, 300, 0.06}, 0.0}});
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.deviation, 151.52, 0.01);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, LichessDefaults) {
  const Glicko2 glicko;
  const Glicko2Rating fresh;
  EXPECT_EQ(fresh.rating, 1500);
  EXPECT_EQ(fresh.deviation, 500);
  EXPECT_EQ(fresh.volatility, 0.09);
  EXPECT_EQ(glicko.parameters().tau, 0.75);
  EXPECT_TRUE(glicko.provisional(fresh));
  EXPECT_TRUE(glicko.provisional({1500, 110, 0.06}));
  EXPECT_FALSE(glicko.provisional({1500, 109.9, 0.06}));
}

TEST(Glicko2, NewPlayersDeviationShrinksWithEveryGame) {
  const Glicko2 glicko;
  Glicko2Rating r;
  for (int i = 0; i < 30; ++i) {
    const Glicko2Rating next = glicko.after_game(r, {1500.0 + (i % 5) * 80 - 160, 80, 0.06}, (i % 3) / 2.0).white;
    EXPECT_LT(next.deviation, r.deviation) << "game " << i;
    r = next;
  }
  EXPECT_FALSE(glicko.provisional(r));
}

TEST(Glicko2, DeviationStaysWithinBounds) {
  const Glicko2 glicko;
  Glicko2Rating r{1800, 46, 0.06};
  for (int i = 0; i < 50; ++i) r = glicko.after_game(r, {1800, 45, 0.06}, 0.5).white;
  EXPECT_GE(r.deviation, 45.0);
  const Glicko2Rating idle = glicko.after_inactivity({1800, 300, 0.09}, 1e6);
  EXPECT_EQ(idle.deviation, 500.0);
  EXPECT_EQ(idle.rating, 1800.0);
}

TEST(Glicko2, DeviationGrowsWithInactivity) {
  const Glicko2 glicko;
  const Glicko2Rating r{1700, 60, 0.06};
  const Glicko2Rating month = glicko.after_inactivity(r, 30 * kRatingPeriodsPerDay);
  const Glicko2Rating year = glicko.after_inactivity(r, 365 * kRatingPeriodsPerDay);
  EXPECT_GT(month.deviation, r.deviation);
  EXPECT_GT(year.deviation, month.deviation);
  EXPECT_EQ(glicko.after_inactivity(r, 0), r);
}

// Properties over seeded random pairs: a win never lowers a rating, a loss never raises it, the two players'
// changes mirror each other when they are equally sure and equally rated, and RD shrinks after an informative
// game.
TEST(Glicko2, Properties) {
  const Glicko2 glicko;
  std::mt19937_64 rng(21);
  std::uniform_real_distribution<double> rating(600, 2900), rd(45, 500), vol(0.03, 0.12);
  for (int i = 0; i < 2000; ++i) {
    const Glicko2Rating a{rating(rng), rd(rng), vol(rng)};
    const Glicko2Rating b{rating(rng), rd(rng), vol(rng)};
    const auto win = glicko.after_game(a, b, 1.0);
    const auto loss = glicko.after_game(a, b, 0.0);
    const auto draw = glicko.after_game(a, b, 0.5);
    EXPECT_GE(win.white.rating, a.rating);
    EXPECT_LE(win.black.rating, b.rating);
    EXPECT_LE(loss.white.rating, a.rating);
    EXPECT_GE(loss.black.rating, b.rating);
    EXPECT_LT(loss.white.rating, draw.white.rating);
    EXPECT_LT(draw.white.rating, win.white.rating);
    for (const auto* pair : {&win, &loss, &draw}) {
      // A game never leaves RD above what the rating period alone would (RD grown by the new volatility), and an
      // informative game (an opponent within 400 points and surely rated, a player not yet near the floor that
      // their volatility sets) shrinks it; a game against a far stronger or weaker player tells almost nothing,
      // so the volatility's growth can outweigh it.
      const auto grown = [](const Glicko2Rating& before, const Glicko2Rating& after) {
        return std::hypot(before.deviation, after.volatility * 173.7178);
      };
      EXPECT_LT(pair->white.deviation, grown(a, pair->white) + 1e-9);
      EXPECT_LT(pair->black.deviation, grown(b, pair->black) + 1e-9);
      if (std::abs(a.rating - b.rating) <= 400 && b.deviation <= 200 && a.deviation > 100) {
        EXPECT_LT(pair->white.deviation, a.deviation) << a.rating << "/" << a.deviation << " vs " << b.rating;
      }
    }
    // Symmetry: swapping the colours and the result swaps the outcomes.
    const auto swapped = glicko.after_game(b, a, 0.0);
    EXPECT_NEAR(swapped.white.rating, win.black.rating, 1e-9);
    EXPECT_NEAR(swapped.black.rating, win.white.rating, 1e-9);
    // Two identical players: what one gains the other loses.
    const auto twins = glicko.after_game(a, a, 1.0);
    EXPECT_NEAR(twins.white.rating - a.rating, a.rating - twins.black.rating, 1e-6);
    EXPECT_NEAR(twins.white.deviation, twins.black.deviation, 1e-9);
  }
}

}  // namespace
}  // namespace tabiya
