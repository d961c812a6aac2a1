// The Dutch pairing's speed: a whole Swiss event paired round by round, with
// seeded results, against its target (500 players, 11 rounds, under 10 s
// in all). Smaller fields show how the time grows. Run:
//   build/tabiya_bench --benchmark_filter=DutchEvent
// No reference pairing engine is built with tabiya; bench/dutch-vs-bbp.sh
// times a bbpPairings binary you provide beside tabiya on the 500x11 event,
// in the same run, and checks that both pair every round alike.
#include <benchmark/benchmark.h>

#include <string>

#include "tournament/dutch.h"
#include "tournament/tournament.h"

namespace {

using tabiya::tournament::Colour;
using tabiya::tournament::Player;
using tabiya::tournament::RoundEntry;
using tabiya::tournament::Tournament;

// Pairs `rounds` rounds of a `players`-player event; results drawn from a
// seeded generator (a third each of wins, draws and losses for White).
bool play_event(int players, int rounds, unsigned seed) {
  Tournament t;
  t.total_rounds = rounds;
  t.initial_colour = Colour::white;
  for (int i = 1; i <= players; ++i) {
    Player p;
    p.number = i;
    p.name = "Player " + std::to_string(i);
    p.rating = 2800 - i;
    t.players.push_back(p);
  }
  unsigned state = seed;
  for (int r = 1; r <= rounds; ++r) {
    auto pairing = tabiya::tournament::pair_dutch(t, r);
    if (!pairing.ok()) return false;
    tabiya::tournament::apply_pairing(t, *pairing);
    for (const auto& b : pairing->boards) {
      state = state * 1103515245u + 12345u;
      int x = static_cast<int>((state >> 16) & 0x7fff) % 3;
      t.player(b.white)->rounds[r - 1].result = x == 0 ? '1' : x == 1 ? '=' : '0';
      t.player(b.black)->rounds[r - 1].result = x == 0 ? '0' : x == 1 ? '=' : '1';
    }
  }
  return true;
}

void BM_DutchEvent(benchmark::State& state) {
  const int players = static_cast<int>(state.range(0));
  const int rounds = static_cast<int>(state.range(1));
  for (auto _ : state) {
    if (!play_event(players, rounds, 2026)) state.SkipWithError("a round could not be paired");
  }
  state.counters["rounds"] = rounds;
}
BENCHMARK(BM_DutchEvent)
    ->Args({100, 9})
    ->Args({200, 11})
    ->Args({500, 11})
    ->Iterations(1)
    ->Unit(benchmark::kSecond)
    ->MeasureProcessCPUTime();

}  // namespace
