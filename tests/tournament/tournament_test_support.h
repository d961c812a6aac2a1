// Builds small events in memory for the standings and tie-break tests.
#pragma once

#include <string>

#include "tournament/berger.h"
#include "tournament/event.h"
#include "tournament/tournament.h"

namespace tabiya::tournament::test {

inline void add_player(Tournament& t, const std::string& name, int rating = 0) {
  Player p;
  p.number = static_cast<int>(t.players.size()) + 1;
  p.name = name;
  p.rating = rating;
  t.players.push_back(p);
}

inline void set(Tournament& t, int round, int number, RoundEntry e) {
  Player* p = t.player(number);
  if (static_cast<int>(p->rounds.size()) < round) p->rounds.resize(round);
  p->rounds[round - 1] = e;
}

// A game with its TRF result codes, e.g. game(t, 1, 3, 6, '+', '-').
inline void game(Tournament& t, int round, int white, int black, char w, char b) {
  set(t, round, white, {black, Colour::white, w});
  set(t, round, black, {white, Colour::black, b});
}

// A round robin of `n` players whose game i-j ends with `points[i][j]` for
// i (in tenths), played on the days and with the colours of the Berger table.
template <class Matrix>
Tournament round_robin(int n, const Matrix& points) {
  Tournament t;
  for (int i = 1; i <= n; ++i) add_player(t, std::string("Player ").append(std::to_string(i)), 2000 - 10 * i);
  auto table = berger_table(n);
  for (size_t r = 0; r < table.size(); ++r) {
    for (const TableGame& g : table[r]) {
      if (g.white > n || g.black > n) continue;
      const int pw = points[g.white - 1][g.black - 1];
      auto code = [](int p) { return p == 10 ? '1' : p == 5 ? '=' : '0'; };
      game(t, static_cast<int>(r) + 1, g.white, g.black, code(pw), code(10 - pw));
    }
  }
  t.total_rounds = static_cast<int>(table.size());
  return t;
}

inline EventSettings settings(PairingSystem s, std::vector<std::string> tie_breaks = {}) {
  EventSettings e;
  e.system = s;
  e.system_declared = true;
  e.tie_breaks = std::move(tie_breaks);
  return e;
}

}  // namespace tabiya::tournament::test
