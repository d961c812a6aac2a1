#include "tournament/boards.h"

#include <algorithm>
#include <tuple>

#include "tournament/berger.h"

namespace tabiya::tournament {

std::vector<RoundBoard> boards_of_round(const Tournament& t, const EventSettings& settings, int round) {
  std::vector<RoundBoard> boards;
  const int n = static_cast<int>(t.players.size());
  if (settings.round_robin()) {
    auto schedule = round_robin_schedule(n, settings.cycles());
    if (round < 1 || round > static_cast<int>(schedule.size())) return boards;
    for (const TableGame& g : schedule[round - 1]) {
      if (g.white > n || g.black > n) continue;  // the dummy: a bye, no board
      const Player* w = t.player(g.white);
      if (w && w->entry(round).opponent == g.black) boards.push_back({g.white, g.black});
    }
    return boards;
  }
  std::vector<RoundBoard> byes;
  for (const Player& p : t.players) {
    const RoundEntry e = p.entry(round);
    if (e.pairing_allocated_bye()) {
      byes.push_back({p.number, 0});
    } else if (e.opponent != 0) {
      const Player* o = t.player(e.opponent);
      if (!o) continue;
      const bool white = e.colour == Colour::white || (e.colour == Colour::none && p.number < o->number);
      if (white) boards.push_back({p.number, o->number});
    }
  }
  auto key = [&](const RoundBoard& b) {
    const Points sw = t.score_after(*t.player(b.white), round - 1);
    const Points sb = t.score_after(*t.player(b.black), round - 1);
    return std::make_tuple(-std::max(sw, sb), -(sw + sb), std::min(b.white, b.black));
  };
  std::stable_sort(boards.begin(), boards.end(),
                   [&](const RoundBoard& a, const RoundBoard& b) { return key(a) < key(b); });
  boards.insert(boards.end(), byes.begin(), byes.end());
  return boards;
}

}  // namespace tabiya::tournament
