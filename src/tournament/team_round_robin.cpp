#include "tournament/team_round_robin.h"

#include "tournament/berger.h"

namespace tabiya::tournament {

std::vector<std::vector<TeamMatch>> team_round_robin(int teams, int boards, int cycles) {
  std::vector<std::vector<TeamMatch>> rounds;
  for (const TableRound& table_round : round_robin_schedule(teams, cycles)) {
    std::vector<TeamMatch> matches;
    TeamMatch bye;
    for (const TableGame& g : table_round) {
      if (g.white > teams || g.black > teams) {
        bye.first = g.white > teams ? g.black : g.white;  // the dummy's opponent rests
        continue;
      }
      TeamMatch m;
      m.first = g.white;
      m.second = g.black;
      m.boards.resize(boards);
      for (int b = 1; b <= boards; ++b) m.boards[b - 1].first_colour = board_colour(Colour::white, b);
      matches.push_back(std::move(m));
    }
    if (bye.first != 0) matches.push_back(bye);
    rounds.push_back(std::move(matches));
  }
  return rounds;
}

}  // namespace tabiya::tournament
