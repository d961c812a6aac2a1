// The robot's static evaluation: a tapered (middlegame/endgame) score of a
// quiet position, in centipawns, from the side to move's point of view.
// The search calls it at every leaf, so it must be fast and allocation-free.
#pragma once

#include "core/position.h"
#include "engine/eval_params.h"

namespace tabiya::engine {

// Score of a pawn in the endgame; scores are reported as centipawns relative to it.
inline constexpr int PAWN_VALUE_EG = 100;

// Positive: good for the side to move.
int evaluate(const Position& pos);

// The same with other weights (the tuner and tests use it).
int evaluate(const Position& pos, const EvalParams& params);

}  // namespace tabiya::engine
