// The evaluation as a linear function of its weights, for the tuner: for one
// position, how many times each weight was counted for each colour, plus the
// game phase and endgame scale that weigh the middlegame and endgame halves.
// With these, evaluation = sum over weights of (white - black count) times
// (mg * phase + eg * scale / 64 * (24 - phase)) / 24, from White's side.
#pragma once

#include <array>
#include <cstdint>

#include "core/position.h"
#include "engine/eval_params.h"

namespace tabiya::engine {

inline constexpr int MAX_PHASE = 24;   // all pieces on the board
inline constexpr int FULL_SCALE = 64;  // endgame half unscaled

struct EvalTrace {
  std::array<std::array<int16_t, COLOR_NB>, param::COUNT> count{};
  int phase = 0;  // 0 (pawns and kings only) .. MAX_PHASE
  int scale = FULL_SCALE;
};

// evaluate(pos, params), also filling trace (which must start zeroed).
int evaluate_traced(const Position& pos, const EvalParams& params, EvalTrace& trace);

}  // namespace tabiya::engine
