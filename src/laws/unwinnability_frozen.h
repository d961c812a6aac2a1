// The squares where the frozen-structure proof (unwinnability_static.h) could
// not rule a mate out: the helpmate search drives the defending king there.
#pragma once

#include "core/position.h"
#include "laws/unwinnability_static.h"

namespace tabiya {

// frozen_structure(pos, winner), and when it answers MAY_MATE with the pawns
// locked, the squares of the loser king's region where a mate may be built
// (0 when the pawns may move: then nothing is known).
FrozenStructure frozen_structure_with_squares(const Position& pos, Color winner, Bitboard& mating_squares);

}  // namespace tabiya
