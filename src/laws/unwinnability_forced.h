// A short look-ahead proof that a side can never checkmate: every series of
// legal moves reaches, within a few plies, a position where the game is over
// without that side's mate (stalemate, or that side mated) or where a static
// proof (unwinnability_static.h) holds. Positions with few legal moves settle
// this way that no static test sees: every move of the side to move
// stalemates the opponent, or the only moves capture the last piece that
// could have mated.
//
// It is an AND-tree over all legal moves, depth first, giving up at the first
// line that is still open at the depth limit, so on positions with play in
// them it costs a handful of move generations.
#pragma once

#include <cstdint>

#include "core/position.h"

namespace tabiya {

struct ForcedLimits {
  int max_plies = 3;         // the deepest line examined
  uint64_t max_nodes = 128;  // positions visited before giving up
};

// True when every line from pos reaches a dead end for `winner` within
// limits.max_plies plies; false when a line stays open (or reaches the
// loser's mate, or the node budget runs out): nothing is proven then.
// `nodes` receives the positions visited. pos must have a legal move.
bool forced_unwinnable(const Position& pos, Color winner, const ForcedLimits& limits, uint64_t& nodes);

}  // namespace tabiya
