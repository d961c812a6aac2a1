// Ratings for many players from the games they played against each other
// (engine rating lists, the robot's levels on one scale).
//
// Model: the logistic Elo model, P(i scores against j) = 1 / (1 + 10^(-(r_i - r_j)/400)).
// The ratings maximise the likelihood of the points scored, pair by pair
// (a draw counts half a win), with the anchors held at their given ratings;
// without anchors the first player met is rated 0.
//
// Prior: each pair of players who met gets `prior_draws` extra virtual draws,
// so a 100% score still gives a finite rating (as BayesElo's prior does).
//
// Error bars: the quasi-likelihood information matrix, in which each pair's
// observed per-game variance replaces the binomial p(1-p) (draws make results
// less noisy than wins and losses alone would be):
//   J += w on (i,i) and (j,j), -w on (i,j),  w = k^2 n (p(1-p))^2 / v,  k = ln 10 / 400,
// covariance = J^-1 over the players not anchored; the 95% bar is
// 1.959964 sqrt(cov_ii). So a player's bar is relative to the anchors and
// grows along a chain of matches away from them.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace tabiya {

struct RatedGame {
  std::string white, black;
  double white_points = 0.5;  // 1, 0.5 or 0
};

struct RatingAnchor {
  std::string player;
  double elo = 0;
};

struct PlayerRating {
  std::string name;
  double elo = 0;
  double error95 = 0;  // 0 for anchors
  bool anchored = false;
  int games = 0;
  double points = 0;
};

struct RatingOptions {
  double prior_draws = 1.0;
};

// Best first. Errors: no games, an anchor who played no game, players with
// no chain of games to an anchor (named), a bad prior.
Result<std::vector<PlayerRating>> fit_ratings(const std::vector<RatedGame>& games,
                                              const std::vector<RatingAnchor>& anchors,
                                              const RatingOptions& options = {});

}  // namespace tabiya
