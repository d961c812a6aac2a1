#include "tournament/baku.h"

namespace tabiya::tournament {

Result<std::map<int, std::vector<Points>>> baku_accelerations(const Tournament& t) {
  if (t.total_rounds < 1) return fail("Baku acceleration needs the number of rounds (XXR)");
  if (t.points.win != 10 || t.points.draw != 5 || t.points.loss != 0)
    return fail("Baku acceleration applies to the standard point system (1, 1/2, 0) only (C.04.5.1)");
  const int players = static_cast<int>(t.players.size());
  const int last_ga = 2 * ((players + 3) / 4);       // 2 * Q, Q = N / 4 rounded up
  const int accelerated = (t.total_rounds + 1) / 2;  // the first half of the rounds, rounded up
  const int full_point = (accelerated + 1) / 2;      // of those, the first half (rounded up) at 1 point
  std::map<int, std::vector<Points>> out;
  for (int i = 0; i < players && i < last_ga; ++i) {  // GB (the rest) gets no virtual points
    std::vector<Points> v(accelerated, 5);
    for (int r = 0; r < full_point; ++r) v[r] = 10;
    out[t.players[i].number] = v;
  }
  return out;
}

}  // namespace tabiya::tournament
