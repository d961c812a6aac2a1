#include "tournament/baku.h"

#include <algorithm>

namespace tabiya::tournament {

bool late_entry(const Tournament& t, const Player& p) {
  const RoundEntry e = p.entry(1);
  if (e.paired()) return false;
  if (e.empty()) return t.rounds_paired() >= 1;  // added after round 1 was paired
  return e.opponent == 0 && e.result == '-';     // "0000 -": not in round 1's list
}

Result<std::map<int, std::vector<Points>>> baku_accelerations(const Tournament& t) {
  if (t.total_rounds < 1) return fail("Baku acceleration needs the number of rounds (XXR)");
  if (t.points.win != 10 || t.points.draw != 5 || t.points.loss != 0)
    return fail("Baku acceleration applies to the standard point system (1, 1/2, 0) only (C.04.5.1)");
  std::vector<const Player*> first_list;  // round 1's pairing list, in start-number order
  for (const Player& p : t.players)
    if (!late_entry(t, p)) first_list.push_back(&p);
  const int players = static_cast<int>(first_list.size());
  const int ga_size = 2 * ((players + 3) / 4);       // 2 * Q, Q = N / 4 rounded up
  const int accelerated = (t.total_rounds + 1) / 2;  // the first half of the rounds, rounded up
  const int full_point = (accelerated + 1) / 2;      // of those, the first half (rounded up) at 1 point
  std::vector<Points> virtual_points(accelerated, 5);
  for (int r = 0; r < full_point; ++r) virtual_points[r] = 10;
  std::map<int, std::vector<Points>> out;
  for (int i = 0; i < players && i < ga_size; ++i) out[first_list[i]->number] = virtual_points;
  if (players == 0) return out;
  // Late entries: above the last GA player in the pairing list -> GA.
  const Player& last_ga = *first_list[std::min(players, ga_size) - 1];
  for (const Player& p : t.players) {
    if (!late_entry(t, p)) continue;
    const bool above = p.rating != last_ga.rating ? p.rating > last_ga.rating : p.number < last_ga.number;
    if (above) out[p.number] = virtual_points;
  }
  return out;
}

}  // namespace tabiya::tournament
