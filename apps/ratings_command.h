// tabiya ratings: one Elo scale for every player in a set of PGN files
// (the robot's levels, engines of a match ladder), with anchors of known
// rating held fixed. The model is in src/match/rating_list.h.
#pragma once

#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "core/result.h"
#include "match/rating_list.h"

namespace tabiya::cli {

struct RatingsSettings {
  std::vector<std::string> pgn_files;
  std::vector<std::string> anchors;  // NAME=ELO
  double prior_draws = 1.0;
};

// Reads White, Black and Result of every finished game ("*" is skipped).
// Errors name the source and the game number.
Result<std::vector<RatedGame>> read_rated_games(std::istream& in, const std::string& source_name);

// "NAME=ELO", the name may itself contain '='; the last one splits.
Result<RatingAnchor> parse_rating_anchor(const std::string& text);

// Prints the rating list; returns the exit code (errors go to `err`).
int run_ratings(const RatingsSettings& settings, std::ostream& out, std::ostream& err);

}  // namespace tabiya::cli
