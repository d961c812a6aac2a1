#include "server/events/team_pairing.h"

#include <string>

#include "tournament/team_round_robin.h"
#include "tournament/team_swiss.h"

namespace tabiya::server {
namespace tn = tabiya::tournament;

namespace {

int cycles(TeamPairingSystem system) { return system == TeamPairingSystem::double_round_robin ? 2 : 1; }

}  // namespace

int team_rounds(const TeamEntry& e) {
  if (e.system == TeamPairingSystem::swiss) return e.event.players.total_rounds;
  const int teams = static_cast<int>(e.event.teams.size());
  if (teams < 2) return 0;
  return cycles(e.system) * (teams % 2 == 0 ? teams - 1 : teams);
}

Result<std::vector<tn::TeamMatch>> pair_team_round(const TeamEntry& e, int round) {
  const int teams = static_cast<int>(e.event.teams.size());
  switch (e.system) {
    case TeamPairingSystem::round_robin:
    case TeamPairingSystem::double_round_robin: {
      auto schedule = tn::team_round_robin(teams, e.event.boards, cycles(e.system));
      if (round < 1 || round > static_cast<int>(schedule.size()))
        return fail("round " + std::to_string(round) + " is beyond the round robin's " +
                    std::to_string(schedule.size()) + " rounds");
      std::vector<tn::TeamMatch> matches = std::move(schedule[static_cast<std::size_t>(round - 1)]);
      tn::number_matches(matches);
      return matches;
    }
    case TeamPairingSystem::swiss: {
      // The rounds before this one are in the event, every match with its result (publish asks for it).
      auto rules = tn::team_swiss_rules(e.event);
      if (!rules) return rules.error();
      std::vector<int> absent;
      if (auto it = e.absent.find(round); it != e.absent.end()) absent.assign(it->second.begin(), it->second.end());
      return tn::pair_team_swiss_round(e.event, *rules, round, absent);
    }
  }
  return fail("unknown pairing system");
}

}  // namespace tabiya::server
