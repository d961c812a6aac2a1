#include "server/events/team_pairing.h"

#include "tournament/team_office.h"

namespace tabiya::server {
namespace tn = tabiya::tournament;

namespace {

tn::TeamPairing pairing_of(TeamPairingSystem system) {
  return {system == TeamPairingSystem::swiss, system == TeamPairingSystem::double_round_robin ? 2 : 1};
}

}  // namespace

int team_rounds(const TeamEntry& e) {
  if (e.system == TeamPairingSystem::swiss) return e.event.players.total_rounds;
  return tn::team_round_robin_rounds(static_cast<int>(e.event.teams.size()), pairing_of(e.system).cycles);
}

Result<std::vector<tn::TeamMatch>> pair_team_round(const TeamEntry& e, int round) {
  // A team Swiss pairs from the rounds before this one, every match with its result (publish asks for it).
  std::vector<int> absent;
  if (auto it = e.absent.find(round); it != e.absent.end()) absent.assign(it->second.begin(), it->second.end());
  return tn::pair_team_round(e.event, pairing_of(e.system), round, absent);
}

}  // namespace tabiya::server
