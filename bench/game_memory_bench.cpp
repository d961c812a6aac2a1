// How much heap a Game holds, by its length (issue 19: at most 64 KB of server memory per game).
//   BM_GameMemory/N           200 games of N plies (a seeded random walk that no rule ends), casual without clock:
//                             counter "bytes_per_game" = the heap they hold (glibc's mallinfo2, malloc's own
//                             overhead included) divided by their number, the Game object itself included
//   BM_RewindableGameMemory/N the same for games that keep rewind points (a server's casual game with takebacks)
// Each runs once: the figure is a measure of memory, the time only says what building the games cost.
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <memory>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "laws/game.h"

namespace {

using namespace tabiya;

// A line of `plies` moves from the initial position that no rule ends: each move, drawn with a seeded generator,
// goes to a position not seen before and leaves the opponent a legal move; captures only when nothing else is
// left (keeps mating material on the board), pawn moves and captures first once the fifty-move count reaches 80
// plies.
std::vector<Move> random_walk(int plies, unsigned seed) {
  std::mt19937 rng(seed);
  Position pos = Position::startpos();
  std::set<Key> seen{pos.key()};
  std::vector<Move> line;
  while (int(line.size()) < plies) {
    std::vector<Move> quiet, pawn, other;
    for (Move m : legal_moves(pos)) {
      Position next = pos;
      UndoInfo undo;
      next.do_move(m, undo);
      if (seen.contains(next.key()) || legal_moves(next).size() == 0) continue;
      if (pos.is_capture(m)) other.push_back(m);
      else (pos.moved_piece_type(m) == PAWN ? pawn : quiet).push_back(m);
    }
    // Once the fifty-move count reaches 80 plies, a move that resets it comes first.
    const std::vector<std::vector<Move>*> order = pos.halfmove_clock() >= 80
                                                      ? std::vector<std::vector<Move>*>{&pawn, &other, &quiet}
                                                      : std::vector<std::vector<Move>*>{&quiet, &pawn, &other};
    const std::vector<Move>* chosen = nullptr;
    for (const std::vector<Move>* moves : order)
      if (!chosen && !moves->empty()) chosen = moves;
    if (!chosen) throw std::runtime_error("the walk ran out of moves at ply " + std::to_string(line.size()));
    const std::vector<Move>& from = *chosen;
    const Move m = from[std::uniform_int_distribution<std::size_t>(0, from.size() - 1)(rng)];
    UndoInfo undo;
    pos.do_move(m, undo);
    seen.insert(pos.key());
    line.push_back(m);
  }
  return line;
}

std::size_t heap_in_use() {
  const struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

void measure(benchmark::State& state, bool rewindable) {
  constexpr int GAMES = 200;
  const int plies = int(state.range(0));
  const std::vector<Move> line = random_walk(plies, 19);
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
