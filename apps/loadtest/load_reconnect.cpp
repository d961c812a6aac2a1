#include "loadtest/load_reconnect.h"

#include <algorithm>
#include <cmath>

namespace tabiya::loadtest {

double reconnect_pause_ms(int attempt, double jitter) {
  const double pause = std::min(5000.0, 300.0 * std::pow(2.0, std::clamp(attempt, 0, 16)));
  return pause * (0.5 + 0.5 * std::clamp(jitter, 0.0, 1.0));
}

MoveListCheck check_move_list(const KnownGame& known, const std::vector<std::string>& state_moves) {
  MoveListCheck check;
  for (std::size_t i = 0; i < known.moves.size(); ++i) {
    if (i < state_moves.size() && state_moves[i] == known.moves[i]) continue;
    ++check.announced_missing;
  }
  for (int ply : known.acknowledged) {
    const std::size_t at = static_cast<std::size_t>(ply) - 1;
    const bool there =
        ply >= 1 && at < state_moves.size() && at < known.moves.size() && state_moves[at] == known.moves[at];
    if (!there) ++check.acknowledged_missing;
  }
  return check;
}

bool move_landed(int ply, const std::string& uci, const std::vector<std::string>& state_moves) {
  return ply >= 0 && static_cast<std::size_t>(ply) < state_moves.size() && state_moves[ply] == uci;
}

}  // namespace tabiya::loadtest
