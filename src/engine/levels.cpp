#include "engine/levels.h"

#include <algorithm>
#include <cstdlib>

namespace tabiya::engine {
namespace {

// Best estimates before measurement: Elo roughly on the FIDE/CCRL-like scale
// used by engine rating lists. Depth and nodes cap how far the robot sees;
// noise and margin decide how often it misjudges or settles for less.
// Levels 7 to 10 are two or more plies apart (depth 6, 8, 10, and level 10
// reaches 13-15 at 10s+0.1s): at these depths a ply is worth roughly 100 Elo
// in self-play, so each scores well above 60% against the one below (the
// README's measured table). Level 1 has noise 350 / margin 400 because with
// 260 / 300 it scored 46% in 12 games against level 2.
// clang-format off
constexpr LevelParams LEVELS[MAX_LEVEL] = {
    // level elo   depth nodes     noise cand margin
    {1,     800,   1,    400,      350,  4,   400},
    {2,     1000,  1,    1000,     190,  4,   220},
    {3,     1200,  2,    3000,     130,  4,   160},
    {4,     1400,  3,    8000,     90,   3,   110},
    {5,     1600,  4,    20000,    45,   3,   50},
    {6,     1800,  5,    50000,    30,   3,   35},
    {7,     2000,  6,    120000,   20,   2,   25},
    {8,     2250,  8,    400000,   12,   2,   12},
    {9,     2500,  10,   1000000,  5,    1,   0},
    {10,    2900,  0,    0,        0,    1,   0},
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
