// Static exchange evaluation: the material balance of the capture sequence on
// one square, each side recapturing with its least valuable attacker and
// free to stop. Orders and prunes captures in the search.
#pragma once

#include "core/position.h"

namespace tabiya::engine {

// Piece values used for exchanges and capture ordering (not the evaluation).
inline constexpr int SEE_VALUE[PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 950, 20000};

// True if the exchange started by m gains at least `threshold` centipawns.
// Pins are ignored (as usual for SEE); castling counts as a quiet move.
bool see_at_least(const Position& pos, Move m, int threshold);

}  // namespace tabiya::engine
