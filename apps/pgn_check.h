// `tabiya pgn check`: replays every game of a PGN file under the Laws and
// reports illegal moves and results that contradict the Laws.
#pragma once

#include <istream>
#include <ostream>
#include <string>

#include "laws/rules_profile.h"

namespace tabiya::cli {

struct PgnCheckSummary {
  int games = 0;
  int games_with_problems = 0;
  int illegal_moves = 0;          // unreadable or illegal moves
  int contradicting_results = 0;  // results the Laws do not allow
};

// Writes one line per problem and a summary line; `source` names the input.
PgnCheckSummary check_pgn(std::istream& in, const std::string& source, RulesEdition default_rules, std::ostream& out);

}  // namespace tabiya::cli
