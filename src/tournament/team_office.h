// The team office: the decisions of a team event that `tabiya tournament team` and the server's team events both
// take, so each is made in one place (as office.h is for individual events): which teams meet in the next round,
// whether a round is finished, and the line-up a team plays when it submitted none.
#pragma once

#include <vector>

#include "core/result.h"
#include "tournament/team.h"

namespace tabiya::tournament {

// How a team event is paired: by FIDE's Swiss Team Pairing System (team_swiss.h), or by the Berger tables of a
// round robin played once or twice (team_round_robin.h).
struct TeamPairing {
  bool swiss = false;
  int cycles = 1;  // a round robin's: 2 for a double round robin
};

// The rounds of a round robin of `teams` teams played `cycles` times (an odd number of teams adds a bye).
int team_round_robin_rounds(int teams, int cycles);

// The matches of round `round`, numbered: a team Swiss pairs it from the results of the rounds before (every one
// finished), leaving out the teams in `absent`; a round robin takes it from the Berger tables, where no team can be
// left out. The error names what stands in the way (too few teams, a round beyond the schedule, no legal pairing).
Result<std::vector<TeamMatch>> pair_team_round(const TeamEvent& event, const TeamPairing& pairing, int round,
                                               const std::vector<int>& absent = {});

// Whether every match of round `round` (1-based, paired) has its result; a bye needs none.
bool team_round_finished(const TeamEvent& event, int round);

// The line-up of a team that submitted none: its registered order, the first `boards` members (the others are
// its reserves; team.h).
std::vector<int> registered_lineup(const TeamEvent& event, int team);

}  // namespace tabiya::tournament
