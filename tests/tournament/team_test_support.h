// Builds small team events in memory for the team tests.
#pragma once

#include <string>
#include <vector>

#include "tournament/team.h"
#include "tournament/team_round_robin.h"

namespace tabiya::tournament::test {

// `teams` teams of `members` players each ("A1".."A5", "B1".., ratings
// falling by board), start numbers team by team in registered order.
inline TeamEvent team_event(int teams, int boards, int members) {
  TeamEvent e;
  e.boards = boards;
  for (int t = 1; t <= teams; ++t) {
    Team team;
    team.number = t;
    team.name = std::string("Team ") + static_cast<char>('A' + t - 1);
    for (int m = 1; m <= members; ++m) {
      Player p;
      p.number = static_cast<int>(e.players.players.size()) + 1;
      p.name = std::string(1, static_cast<char>('A' + t - 1));
      p.name += std::to_string(m);
      p.rating = 2400 - 20 * m - t;
      e.players.players.push_back(p);
      team.members.push_back(p.number);
    }
    e.teams.push_back(team);
  }
  return e;
}

// The line-up of boards 1..boards of `team`: its first registered players.
inline std::vector<int> first_players(const TeamEvent& e, int team) {
  const Team& t = *e.team(team);
  return {t.members.begin(), t.members.begin() + e.boards};
}

}  // namespace tabiya::tournament::test
