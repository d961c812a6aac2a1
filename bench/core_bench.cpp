// Micro-benchmarks for the hot path of the core library. Figures are only
// meaningful relative to each other in one run (see bench/perft-vs-stockfish.sh
// for the comparison against a reference engine).
#include <benchmark/benchmark.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "notation/san.h"

namespace {

constexpr const char* KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

void BM_GenerateLegal(benchmark::State& state) {
  tabiya::Position pos = tabiya::parse_fen(KIWIPETE).value();
  tabiya::MoveList list;
  for (auto _ : state) {
    tabiya::generate_legal(pos, list);
    benchmark::DoNotOptimize(list.count);
  }
}
BENCHMARK(BM_GenerateLegal);

void BM_CountLegal(benchmark::State& state) {
  tabiya::Position pos = tabiya::parse_fen(KIWIPETE).value();
  for (auto _ : state) benchmark::DoNotOptimize(tabiya::count_legal(pos));
}
BENCHMARK(BM_CountLegal);

void BM_DoUndo(benchmark::State& state) {
  tabiya::Position pos = tabiya::parse_fen(KIWIPETE).value();
  tabiya::MoveList list = tabiya::legal_moves(pos);
  tabiya::UndoInfo undo;
  for (auto _ : state)
    for (tabiya::Move m : list) {
      pos.do_move(m, undo);
      pos.undo_move(m, undo);
    }
  state.SetItemsProcessed(state.iterations() * int64_t(list.size()));
}
BENCHMARK(BM_DoUndo);

void BM_PerftKiwipete3(benchmark::State& state) {
  tabiya::Position pos = tabiya::parse_fen(KIWIPETE).value();
  uint64_t nodes = 0;
  for (auto _ : state) nodes += tabiya::perft(pos, 3);
  state.SetItemsProcessed(int64_t(nodes));
}
BENCHMARK(BM_PerftKiwipete3);

void BM_ParseFen(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(tabiya::parse_fen(KIWIPETE));
}
BENCHMARK(BM_ParseFen);

// SAN of every legal move, as a move event lists them: one by one, then all at once.
void BM_SanOfEveryLegalMoveOneByOne(benchmark::State& state) {
  tabiya::Position pos = tabiya::parse_fen(KIWIPETE).value();
  const tabiya::MoveList legal = tabiya::legal_moves(pos);
  for (auto _ : state)
    for (tabiya::Move m : legal) benchmark::DoNotOptimize(tabiya::to_san(pos, m));
}
BENCHMARK(BM_SanOfEveryLegalMoveOneByOne);

void BM_SanOfEveryLegalMoveAtOnce(benchmark::State& state) {
  tabiya::Position pos = tabiya::parse_fen(KIWIPETE).value();
  const tabiya::MoveList legal = tabiya::legal_moves(pos);
  for (auto _ : state) benchmark::DoNotOptimize(tabiya::to_san_all(pos, legal));
}
BENCHMARK(BM_SanOfEveryLegalMoveAtOnce);

}  // namespace
