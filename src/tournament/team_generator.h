// A random team event generator (the team mode of `tabiya tournament
// generate`), for checking team tie-breaks against other programs: teams of
// random players with reserves, paired either by the Berger tables (a team
// round robin) or at random without repeats (the shape of a Swiss event, for
// tie-breaks; not a FIDE team Swiss pairing), line-ups drawn from the team in
// registered order, random results with draws, empty boards, board forfeits,
// double forfeits and whole teams staying away. The same options and seed give
// the same file on every platform (Lot, lot.h).
#pragma once

#include <cstdint>

#include "core/result.h"
#include "tournament/team.h"

namespace tabiya::tournament {

struct TeamGeneratorOptions {
  std::uint64_t seed = 1;
  int teams = 8;
  int boards = 4;
  int reserves = 1;
  int rounds = 0;                     // 0: a whole round robin (with random pairings: teams - 2, at most 7)
  bool random_pairings = false;       // a Swiss-like event: random pairings, no team met twice
  double draw_rate = 0.3;             // of the boards played
  double empty_board_rate = 0.02;     // per board and side: nobody there
  double forfeit_rate = 0.02;         // per board played: one player did not come ("+" "-")
  double double_forfeit_rate = 0.01;  // per board: neither came
  double absent_team_rate = 0.02;     // per match and team: the whole team stayed away
  MatchPointSystem match_points;
};

Result<TeamEvent> generate_team_event(const TeamGeneratorOptions& options);

}  // namespace tabiya::tournament
