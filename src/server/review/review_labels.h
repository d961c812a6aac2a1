// Labels for the moves of a reviewed game: inaccuracy, mistake, blunder, by
// the loss in winning chances, following lichess's published convention
// (lila's analysis "Advice"): winning chances from centipawns are
// 2 / (1 + exp(-0.00368208 * cp)) - 1, in -1..1 for the mover, and a move that
// lowers its mover's chances by at least 0.1 is an inaccuracy, 0.2 a mistake,
// 0.3 a blunder. Our own code. Evaluations are capped at +-1000 centipawns as
// lichess caps them; a mate counts as the cap (lichess judges mates by rules of
// their own; this is our simplification).
#pragma once

#include <optional>
#include <string_view>

#include "core/types.h"

namespace tabiya::server {

inline constexpr int EVAL_CAP_CP = 1000;

// The mover's chances of winning, -1 (lost) .. 1 (won), from its evaluation in centipawns.
double winning_chances(int cp);

// An evaluation from White's point of view, in centipawns capped at EVAL_CAP_CP: a mate in n
// counts as the cap; `mate` 0 means `to_move` is mated on the board.
int capped_cp(std::optional<int> cp, std::optional<int> mate, Color to_move);

enum class MoveLabel { NONE, INACCURACY, MISTAKE, BLUNDER };

// The label of a move by `mover` that took White's evaluation from `before` to `after` (capped centipawns).
MoveLabel label_move(int before, int after, Color mover);
// The centipawns the move cost its mover (0 when it did not lose).
int centipawn_loss(int before, int after, Color mover);

std::string_view label_name(MoveLabel label);  // "" | "inaccuracy" | "mistake" | "blunder"
int label_nag(MoveLabel label);                // PGN NAG: 0, 6 (?!), 2 (?), 4 (??)
MoveLabel label_from_name(std::string_view name);

}  // namespace tabiya::server
