// The static evaluation's speed over a fixed set of positions, and its cost
// measured in make+unmake pairs (a unit that does not depend on the machine).
#include <benchmark/benchmark.h>

#include <chrono>
#include <random>
#include <vector>

#include "core/movegen.h"
#include "engine/evaluate.h"

namespace {

// Positions every 5 plies of 20 seeded random games, each with one legal move.
struct Sample {
  tabiya::Position pos;
  tabiya::Move move;
};

const std::vector<Sample>& samples() {
  static const std::vector<Sample> set = [] {
    std::vector<Sample> out;
    std::mt19937 rng(7);
    for (int game = 0; game < 20; ++game) {
      tabiya::Position pos = tabiya::Position::startpos();
      for (int ply = 0; ply < 100; ++ply) {
        tabiya::MoveList moves = tabiya::legal_moves(pos);
        if (moves.empty()) break;
        tabiya::Move m = moves[rng() % moves.size()];
        if (ply % 5 == 4) out.push_back({pos, m});
        tabiya::UndoInfo undo;
        pos.do_move(m, undo);
      }
    }
    return out;
  }();
  return set;
}

void BM_Evaluate(benchmark::State& state) {
  const auto& set = samples();
  for (auto _ : state)
    for (const Sample& s : set) benchmark::DoNotOptimize(tabiya::engine::evaluate(s.pos));
  state.SetItemsProcessed(state.iterations() * int64_t(set.size()));
}
BENCHMARK(BM_Evaluate);

void BM_MakeUnmake(benchmark::State& state) {
  std::vector<Sample> set = samples();
  tabiya::UndoInfo undo;
  for (auto _ : state)
    for (Sample& s : set) {
      s.pos.do_move(s.move, undo);
      s.pos.undo_move(s.move, undo);
      benchmark::ClobberMemory();
    }
  state.SetItemsProcessed(state.iterations() * int64_t(set.size()));
}
BENCHMARK(BM_MakeUnmake);

// Both loops timed in the same run; the counter is how many make+unmake
// pairs one evaluation costs.
void BM_EvaluateInMakeUnmakes(benchmark::State& state) {
  std::vector<Sample> set = samples();
  tabiya::UndoInfo undo;
  double eval_seconds = 0, move_seconds = 0;
  using clock = std::chrono::steady_clock;
  for (auto _ : state) {
    auto t0 = clock::now();
    for (const Sample& s : set) benchmark::DoNotOptimize(tabiya::engine::evaluate(s.pos));
    auto t1 = clock::now();
    for (Sample& s : set) {
      s.pos.do_move(s.move, undo);
      s.pos.undo_move(s.move, undo);
      benchmark::ClobberMemory();
    }
    auto t2 = clock::now();
    eval_seconds += std::chrono::duration<double>(t1 - t0).count();
    move_seconds += std::chrono::duration<double>(t2 - t1).count();
  }
  state.counters["eval_per_make_unmake"] = move_seconds > 0 ? eval_seconds / move_seconds : 0;
  state.counters["positions"] = double(set.size());
}
BENCHMARK(BM_EvaluateInMakeUnmakes);

}  // namespace
