#include "tournament/team_office.h"

#include <algorithm>
#include <string>

#include "tournament/team_round_robin.h"
#include "tournament/team_swiss.h"

namespace tabiya::tournament {

int team_round_robin_rounds(int teams, int cycles) {
  if (teams < 2) return 0;
  return cycles * (teams % 2 == 0 ? teams - 1 : teams);
}

Result<std::vector<TeamMatch>> pair_team_round(const TeamEvent& event, const TeamPairing& pairing, int round,
                                               const std::vector<int>& absent) {
  const int teams = static_cast<int>(event.teams.size());
  if (teams < 2) return fail("two teams are needed");
  if (pairing.swiss) {
    auto rules = team_swiss_rules(event);
    if (!rules) return rules.error();
    return pair_team_swiss_round(event, *rules, round, absent);
  }
  if (!absent.empty()) return fail("a round robin's rounds are fixed by the Berger tables: no team can be left out");
  auto schedule = team_round_robin(teams, event.boards, pairing.cycles);
  if (round < 1 || round > static_cast<int>(schedule.size()))
    return fail("round " + std::to_string(round) + " is beyond the round robin's " + std::to_string(schedule.size()) +
                " rounds");
  std::vector<TeamMatch> matches = std::move(schedule[static_cast<std::size_t>(round - 1)]);
  number_matches(matches);
  return matches;
}

bool team_round_finished(const TeamEvent& event, int round) {
  if (round < 1 || round > static_cast<int>(event.rounds.size())) return false;
  for (const TeamMatch& m : event.rounds[static_cast<std::size_t>(round - 1)])
    if (!m.bye() && !score_match(event, m).complete) return false;
  return true;
}

std::vector<int> registered_lineup(const TeamEvent& event, int team) {
  const Team* t = event.team(team);
  if (!t) return {};
  return std::vector<int>(t->members.begin(),
                          t->members.begin() + std::min<std::size_t>(std::size_t(event.boards), t->members.size()));
}

}  // namespace tabiya::tournament
