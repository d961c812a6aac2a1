// The pairing system of an online team event as a parameter: the service asks here for the number of rounds and
// for a round's matches, whatever the system; the team office (tournament/team_office.h) decides them, for
// `tabiya tournament team` as for the server.
#pragma once

#include <vector>

#include "core/result.h"
#include "server/events/team_event.h"

namespace tabiya::server {

// The event's number of rounds with its registered teams: the round robin's, or the team Swiss's declared ones.
int team_rounds(const TeamEntry& e);

// The matches of `round` (1-based) with their boards' colours and no line-up yet, numbered (team.h); a team
// Swiss leaves out the teams marked absent from the round (e.absent).
Result<std::vector<tournament::TeamMatch>> pair_team_round(const TeamEntry& e, int round);

}  // namespace tabiya::server
