// Team round robins: the FIDE Berger tables (C.05 Annex 1, berger.h) with
// teams in the players' places. The table's White takes White on board 1, so
// board 1's colours alternate as the table alternates them; on the other
// boards they alternate by board (boards 1 and 3 alike, 2 and 4 the other).
// For an odd number of teams the team drawn against the table's dummy has the
// bye of that round.
#pragma once

#include <vector>

#include "tournament/team.h"

namespace tabiya::tournament {

// The matches of every round of a `teams`-team round robin of `cycles`
// cycles (the second cycle with the colours reversed), each match with its
// boards' colours and no line-up yet.
std::vector<std::vector<TeamMatch>> team_round_robin(int teams, int boards, int cycles);

}  // namespace tabiya::tournament
