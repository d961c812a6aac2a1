// Micro-benchmarks for the robot: a fixed-depth search (nodes per second is
// reported as a counter) and the static exchange evaluation it calls for
// every capture. `tabiya bench` is the end-to-end figure.
#include <benchmark/benchmark.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "engine/search.h"
#include "engine/see.h"

namespace {

constexpr const char* KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

void BM_SearchDepth(benchmark::State& state) {
  const tabiya::Position pos = tabiya::parse_fen(KIWIPETE).value();
  tabiya::engine::Engine engine;
  tabiya::engine::SearchLimits limits;
  limits.depth = int(state.range(0));
  uint64_t nodes = 0;
  for (auto _ : state) {
    engine.new_game();
    engine.set_position(pos, {});
    nodes += engine.search(limits).nodes;
  }
  state.counters["nps"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
// The search runs on its own thread: measure wall time, not this thread's CPU time.
BENCHMARK(BM_SearchDepth)->Arg(6)->Arg(9)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_SeeAllCaptures(benchmark::State& state) {
  const tabiya::Position pos = tabiya::parse_fen(KIWIPETE).value();
  const tabiya::MoveList moves = tabiya::legal_moves(pos);
  for (auto _ : state)
    for (tabiya::Move m : moves)
      if (pos.is_capture(m)) benchmark::DoNotOptimize(tabiya::engine::see_at_least(pos, m, 0));
}
BENCHMARK(BM_SeeAllCaptures);

}  // namespace
