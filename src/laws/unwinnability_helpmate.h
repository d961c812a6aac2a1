// The cooperative ("helpmate") search behind can_checkmate: both sides play
// so that `winner` mates. Two stages share one move ordering:
//  - a quick search that follows the ordering closely (every move has a cost
//    growing with its rank, and the allowed total grows step by step), which
//    finds the short mates of positions with play in them after a few hundred
//    positions;
//  - an exhaustive walk over every position reachable from the root, each
//    visited once, which either finds a mate or, if it runs out of positions,
//    proves that none exists.
// Positions the static proofs (unwinnability_static.h: material, frozen
// pawn structures) show the winner can no longer mate from are dead ends for
// both stages.
#pragma once

#include <cstdint>
#include <vector>

#include "core/position.h"
#include "laws/dead_position.h"
#include "laws/work_cap.h"

namespace tabiya {

struct HelpmateBudget {
  uint64_t quick_nodes;       // for the quick stage
  uint64_t exhaustive_nodes;  // for the exhaustive stage (0 skips it)
  // Moves of an earlier proof (e.g. the mating line of the position before
  // the last move): tried first wherever they are legal, so the quick stage
  // repairs that line instead of starting afresh. Only the order changes.
  const std::vector<Move>* hints = nullptr;
  // Counts the positions visited, and stops the search once it is spent
  // (work_cap.h); the caller then drops the result. Null: no cap.
  WorkCap* cap = nullptr;
};

// Searches for a mate by `winner`. Returns WINNABLE with the line, UNWINNABLE
// when the exhaustive stage visited every reachable position, UNDETERMINED
// otherwise. pos must not already be checkmate or stalemate.
WinnabilityResult search_helpmate(const Position& pos, Color winner, const HelpmateBudget& budget);

}  // namespace tabiya
