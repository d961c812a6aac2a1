// How much heap a Game holds, by its length (the target: at most 64 KB of server memory per game).
//   BM_GameMemory/N           200 games of N plies (a seeded random walk that no rule ends), casual without clock:
//                             counter "bytes_per_game" = the heap they hold (glibc's mallinfo2, malloc's own
//                             overhead included) divided by their number, the Game object itself included
//   BM_RewindableGameMemory/N the same for games that keep rewind points (a server's casual game with takebacks)
// Each runs once: the figure is a measure of memory, the time only says what building the games cost.
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "../tests/laws/random_walk.h"  // the tests' seeded walk: the games measured are the games tested
#include "laws/game.h"

namespace {

using namespace tabiya;

std::size_t heap_in_use() {
  const struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

void measure(benchmark::State& state, bool rewindable) {
  constexpr int GAMES = 200;
  const int plies = int(state.range(0));
  const std::vector<Move> line = game_test::random_walk(plies, 19);
  GameOptions options;
  options.rewindable = rewindable;
  double bytes = 0;
  // A first game, dropped, so that what any game sets up once (static tables, caches) is not counted.
  {
    Game warm_up(Position::startpos(), options);
    for (Move m : line) (void)warm_up.play(m);
  }
  for (auto _ : state) {
    std::vector<std::unique_ptr<Game>> games;
    games.reserve(GAMES);
    const std::size_t before = heap_in_use();
    for (int g = 0; g < GAMES; ++g) {
      auto game = std::make_unique<Game>(Position::startpos(), options);
      for (Move m : line)
        if (!game->play(m) || game->is_over()) throw std::runtime_error("the walk's game ended early");
      games.push_back(std::move(game));
    }
    bytes = double(heap_in_use() - before) / GAMES;
    benchmark::DoNotOptimize(games.data());
  }
  state.counters["bytes_per_game"] = bytes;
}

void BM_GameMemory(benchmark::State& state) { measure(state, false); }
void BM_RewindableGameMemory(benchmark::State& state) { measure(state, true); }
BENCHMARK(BM_GameMemory)->Arg(0)->Arg(40)->Arg(100)->Arg(300)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RewindableGameMemory)->Arg(0)->Arg(40)->Arg(100)->Arg(300)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
