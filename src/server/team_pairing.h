// The pairing system of an online team event as a parameter: the service asks here for the number of rounds and
// for a round's matches, whatever the system. The round robins (tournament/team_round_robin.h, Berger tables) are
// wired; a team Swiss is one more case in these two functions.
#pragma once

#include <vector>

#include "core/result.h"
#include "server/team_event.h"

namespace tabiya::server {

// The event's number of rounds for `teams` teams.
int team_rounds(TeamPairingSystem system, int teams);

// The matches of `round` (1-based) with their boards' colours and no line-up yet, numbered (team.h).
Result<std::vector<tournament::TeamMatch>> pair_team_round(const TeamEntry& e, int round);

}  // namespace tabiya::server
