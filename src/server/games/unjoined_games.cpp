#include "server/games/unjoined_games.h"

#include <algorithm>

namespace tabiya::server {

bool unjoined(const Setup& setup, const std::vector<play::Action>& log) {
  if (setup.tournament_round > 0) return false;
  return std::all_of(log.begin(), log.end(), [&](const play::Action& a) {
    switch (a.kind) {
      case play::ActionKind::START:
        return setup.opponent != "invite";
      case play::ActionKind::FLAG:
      case play::ActionKind::DEADLINE:
        return true;
      default:
        return false;
    }
  });
}

bool unjoined(const Setup& setup, const std::vector<std::string>& action_lines) {
  std::vector<play::Action> log;
  for (const std::string& line : action_lines) {
    auto a = play::parse_action(line);
    if (!a) return false;
    log.push_back(*a);
  }
  return unjoined(setup, log);
}

}  // namespace tabiya::server
