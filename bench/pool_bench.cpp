// One quick-pairing wave (play/pool_matching.h) over N waiting players with
// ratings spread over 1500 +- 900 and waits of 0-15 s (the target:
// 10,000 players in under 1 s). Counter "pairs" = pairs seated by the wave.
//   BM_PoolWave/N        the band solver, window 8
//   BM_PoolGreedy/N      the quadratic greedy pairing, for comparison
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "play/pool_matching.h"

namespace {

std::string player_id(int i) {
  std::string id = "p";
  id += std::to_string(i);
  return id;
}

using namespace tabiya;

std::vector<PoolPlayer> waiting(int n) {
  std::mt19937_64 rng(21);
  std::uniform_int_distribution<int> rating(600, 2400);
  std::uniform_real_distribution<double> waited(0, 15);
  std::vector<PoolPlayer> pool;
  for (int i = 0; i < n; ++i) pool.push_back({rating(rng), waited(rng), player_id(i), ""});
  return pool;
}

void BM_PoolWave(benchmark::State& state) {
  const auto pool = waiting(static_cast<int>(state.range(0)));
  std::size_t pairs = 0;
  for (auto _ : state) pairs = pair_wave(pool).size();
  state.counters["pairs"] = static_cast<double>(pairs);
}
BENCHMARK(BM_PoolWave)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

void BM_PoolGreedy(benchmark::State& state) {
  const auto pool = waiting(static_cast<int>(state.range(0)));
  std::size_t pairs = 0;
  for (auto _ : state) pairs = greedy_pairing(pool).size();
  state.counters["pairs"] = static_cast<double>(pairs);
}
BENCHMARK(BM_PoolGreedy)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);

}  // namespace
