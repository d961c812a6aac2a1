#include "tournament/fide_rating.h"

#include <algorithm>
#include <cstdlib>

namespace tabiya::tournament {
namespace {

// 8.1.2: the largest difference D for each expected score of the higher
// rated player from 0.50 to 0.99 (index PD - 50); above 735 it is 1.00.
constexpr int kLargestDifference[50] = {3,   10,  17,  25,  32,  39,  46,  53,  61,  68,  76,  83,  91,
                                        98,  106, 113, 121, 129, 137, 145, 153, 162, 170, 179, 188, 197,
                                        206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344,
                                        357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735};

// 8.1.1: dp for p = 0.50 .. 1.00 (index p - 50); below 0.50 the negatives.
constexpr int kDifferenceForScore[51] = {0,   7,   14,  21,  29,  36,  43,  50,  57,  65,  72,  80,  87,
                                         95,  102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184, 193,
                                         202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
                                         351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800};

// 2024: a first rating is never published above 2200.
constexpr int kHighestFirstRating = 2200;

int higher_rated_expectation(int difference) {
  for (int i = 0; i < 50; ++i)
    if (difference <= kLargestDifference[i]) return 50 + i;
  return 100;
}

// Halves up, for non-negative numerators and positive denominators.
int rounded_ratio(long long numerator, long long denominator) {
  return static_cast<int>((2 * numerator + denominator) / (2 * denominator));
}

}  // namespace

int expected_score_hundredths(int rating, int opponent) {
  const int difference = std::min(800, std::abs(rating - opponent));
  const int higher = higher_rated_expectation(difference);
  return rating >= opponent ? higher : 100 - higher;
}

int rating_difference_for_score(int p) {
  p = std::clamp(p, 0, 100);
  return p >= 50 ? kDifferenceForScore[p - 50] : -kDifferenceForScore[50 - p];
}

int rating_for_change(int rating, int opponent) {
  if (rating >= 2650) return opponent;  // amendment of 1 October 2025
  return std::clamp(opponent, rating - 400, rating + 400);
}

int k_factor(const KFactorInputs& in) {
  int k;
  if (in.games_before < 30 || (in.under_18 && in.rating < 2300)) k = 40;
  else if (!in.reached_2400 && in.rating < 2400) k = 20;
  else k = 10;
  // K x games in the period may not exceed 700.
  if (in.games_in_period > 0 && k * in.games_in_period > 700) k = 700 / in.games_in_period;
  return k;
}

RatingChange rating_change(int rating, int k, const std::vector<RatedGame>& games) {
  RatingChange c;
  c.k = k;
  for (const RatedGame& g : games) {
    ++c.games;
    c.score_hundredths += g.score_hundredths;
    c.expected_hundredths += expected_score_hundredths(rating, rating_for_change(rating, g.opponent_rating));
  }
  c.change_hundredths = k * (c.score_hundredths - c.expected_hundredths);
  return c;
}

int average_rating(const std::vector<int>& ratings) {
  if (ratings.empty()) return 0;
  long long sum = 0;
  for (int r : ratings) sum += r;
  return rounded_ratio(sum, static_cast<long long>(ratings.size()));
}

std::optional<int> first_rating(const std::vector<RatedGame>& games) {
  if (games.size() < 5) return std::nullopt;
  // A zero score against rated opponents is disregarded: no rating from it.
  if (std::none_of(games.begin(), games.end(), [](const RatedGame& g) { return g.score_hundredths > 0; }))
    return std::nullopt;
  std::vector<int> ratings;
  int score = 0;
  for (const RatedGame& g : games) {
    ratings.push_back(g.opponent_rating);
    score += g.score_hundredths;
  }
  // Two hypothetical draws against opponents rated 1800.
  ratings.push_back(1800);
  ratings.push_back(1800);
  score += 100;
  const int p = rounded_ratio(score, static_cast<long long>(ratings.size()));
  const int rating = average_rating(ratings) + rating_difference_for_score(p);
  if (rating < 1400) return std::nullopt;
  return std::min(rating, kHighestFirstRating);
}

int tournament_performance(const std::vector<int>& ratings, int score_hundredths) {
  if (ratings.empty()) return 0;
  const int p = rounded_ratio(score_hundredths, static_cast<long long>(ratings.size()));
  return average_rating(ratings) + rating_difference_for_score(p);
}

int perfect_performance(const std::vector<int>& ratings, int score_hundredths) {
  if (ratings.empty()) return 0;
  const auto [low, high] = std::minmax_element(ratings.begin(), ratings.end());
  if (score_hundredths <= 0) return *low - 800;
  auto expected = [&](int r) {
    int sum = 0;
    for (int o : ratings) sum += expected_score_hundredths(r, o);
    return sum;
  };
  // The expected score grows with the rating: the lowest rating that reaches
  // the score lies in (low - 800, high + 800].
  int lo = *low - 800, hi = *high + 800;
  if (expected(hi) < score_hundredths) return hi;
  while (hi - lo > 1) {
    const int mid = lo + (hi - lo) / 2;
    (expected(mid) >= score_hundredths ? hi : lo) = mid;
  }
  return hi;
}

}  // namespace tabiya::tournament
