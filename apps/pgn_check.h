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
  int unsupported_variants = 0;   // games of a variant other than chess and Chess960: skipped, not checked
  // [%clk] readings that contradict the record: a time forfeit by a player
  // whose clock was stopped with time left (an error, counted in
  // contradicting_results), and clocks that rose by more than the time
  // control adds (warnings only: an arbiter or the opponent may add time,
  // FIDE 2014 Art. 7.5.b, 9.5.b, and servers let players give time).
  int clock_warnings = 0;
};

// Writes one line per problem and a summary line; `source` names the input.
PgnCheckSummary check_pgn(std::istream& in, const std::string& source, RulesEdition default_rules, std::ostream& out);

}  // namespace tabiya::cli
