// The robot's playing levels 1 (a child who has just learned the moves) to
// 10 (full strength), and the one table that ties them to Elo ratings. Weaker
// levels are weak the way people are: they look less deep, misjudge positions
// a little (noise on the evaluation, fixed per position and seed) and now and
// then pick a plausible second-best move. From level 5 up the noise and the
// margin for second-best moves are small enough that the robot never leaves a
// queen to be taken in one move.
#pragma once

#include <cstdint>

namespace tabiya::engine {

inline constexpr int MIN_LEVEL = 1;
inline constexpr int MAX_LEVEL = 10;

struct LevelParams {
  int level = MAX_LEVEL;
  int elo = 0;             // measured strength (README, "The robot")
  int max_depth = 0;       // 0: no depth limit
  uint64_t max_nodes = 0;  // 0: no node limit
  int eval_noise = 0;      // evaluation noise amplitude, centipawns
  int candidates = 1;      // moves considered for the final choice (MultiPV)
  int choice_margin = 0;   // a candidate this close to the best may be chosen
};

LevelParams level_params(int level);  // level clamped to 1..10
// The level whose measured Elo is nearest to `elo` (UCI_Elo).
int level_for_elo(int elo);
int elo_for_level(int level);
inline constexpr int MIN_ELO = 740;
inline constexpr int MAX_ELO = 2380;

}  // namespace tabiya::engine
