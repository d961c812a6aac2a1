#include "engine/levels.h"

#include <algorithm>
#include <cstdlib>

namespace tabiya::engine {
namespace {

// Depth and nodes cap how far the robot sees; noise and margin decide how
// often it misjudges or settles for less. The Elo column is measured (README,
// "The robot": bench/level-ladder.sh, 100 games per adjacent pair, anchored by
// Stockfish's UCI_Elo). What the measurements taught:
// - at depths 1-4 each ply is worth 400-500 Elo in self-play, far more than
//   one level's step, so levels 1-5 all search depth 4 and differ by noise
//   and margin alone (each step 160-220 Elo in 60-game probes);
// - levels 7 to 10 are two or more plies apart (depth 6, 8, 10, and level 10
//   reaches 13-15 at 10s+0.1s), 140-530 Elo per step.
// clang-format off
constexpr LevelParams LEVELS[MAX_LEVEL] = {
    // level elo   depth nodes     noise cand margin
    {1,     740,   4,    20000,    300,  4,   350},
    {2,     930,   4,    20000,    230,  4,   270},
    {3,     1150,  4,    20000,    170,  3,   200},
    {4,     1310,  4,    20000,    110,  3,   130},
    {5,     1510,  4,    20000,    45,   3,   50},
    {6,     1630,  5,    50000,    30,   3,   35},
    {7,     1680,  6,    120000,   20,   2,   25},
    {8,     1850,  8,    400000,   12,   2,   12},
    {9,     1980,  10,   1000000,  5,    1,   0},
    {10,    2380,  0,    0,        0,    1,   0},
};
// clang-format on

}  // namespace

LevelParams level_params(int level) { return LEVELS[std::clamp(level, MIN_LEVEL, MAX_LEVEL) - 1]; }

int elo_for_level(int level) { return level_params(level).elo; }

int level_for_elo(int elo) {
  int best = MIN_LEVEL;
  for (const LevelParams& p : LEVELS)
    if (std::abs(p.elo - elo) < std::abs(elo_for_level(best) - elo)) best = p.level;
  return best;
}

}  // namespace tabiya::engine
