// How fast is "can anyone still checkmate?" (FIDE 2014 Art. 5.2.b, 6.9) on
// real game positions? bench/data/game_endings.txt holds the final positions
// of Stockfish self-play games and their moves (see make_game_endings.py).
//   BM_DeadPositionGameEndings    dead_position() on every final position
//   BM_CanCheckmateGameEndings    can_checkmate() for the side that moved last
//   BM_QuickModeGameEndings       can_checkmate_quick() (flag fall, servers)
//                                 for both colours on every final position;
//                                 counters "us_per_query" and, in the same
//                                 run, "make_gen_us" (a make + generate, the
//                                 reference) and the verdict counts
//   BM_InsufficientMaterial       the cheap material filter, per position
//   BM_MakeAndGenerate            one move made and the replies generated,
//                                 for every move of every game
//   BM_DeadPositionPerMove        is_dead_position() after every move of every
//                                 game; counter "ratio" = its cost divided by
//                                 the cost of making the move and generating
//                                 the replies
//   BM_DeadPositionMonitorPerMove the same through DeadPositionMonitor (what
//                                 Game uses), which carries the last mating
//                                 line forward and searches only when it
//                                 cannot; counters "searched_fraction" (full
//                                 dead_position() calls) and "mended_fraction"
//                                 (short hinted searches)
#include <benchmark/benchmark.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "laws/dead_position.h"
#include "notation/uci_reader.h"

namespace {

struct Games {
  std::vector<tabiya::Position> endings;
  // Every position of every game, with the move played from it.
  std::vector<std::pair<tabiya::Position, tabiya::Move>> moves;
  std::vector<std::size_t> game_starts;  // indices into moves
};

const Games& games() {
  static const Games loaded = [] {
    Games g;
    std::filesystem::path file = std::filesystem::path(__FILE__).parent_path() / "data" / "game_endings.txt";
    std::ifstream in(file);
    if (!in) throw std::runtime_error("cannot read " + file.string());
    for (std::string line; std::getline(in, line);) {
      if (line.empty() || line[0] == '#') continue;
      std::vector<std::string> fields;
      std::stringstream ss(line);
      for (std::string field; std::getline(ss, field, ';');) fields.push_back(field);
      auto pos = tabiya::parse_fen(fields[0]);
      if (!pos) throw std::runtime_error(pos.error().message);
      g.endings.push_back(*pos);
      if (fields.size() < 3) continue;
      tabiya::Position replay = tabiya::Position::startpos();
      g.game_starts.push_back(g.moves.size());
      std::istringstream words(fields[2]);
      for (std::string word; words >> word;) {
        auto read = tabiya::move_from_uci(replay, word);
        if (!read) throw std::runtime_error(read.error().message + " in " + line);
        const tabiya::Move m = *read;
        g.moves.emplace_back(replay, m);
        tabiya::UndoInfo undo;
        replay.do_move(m, undo);
      }
    }
    return g;
  }();
  return loaded;
}

void BM_DeadPositionGameEndings(benchmark::State& state) {
  const auto& endings = games().endings;
  uint64_t nodes = 0;
  int dead = 0, undetermined = 0;
  for (auto _ : state) {
    nodes = 0, dead = 0, undetermined = 0;
    for (const tabiya::Position& pos : endings) {
      tabiya::DeadPositionResult r = tabiya::dead_position(pos);
      nodes += r.nodes;
      dead += r.verdict == tabiya::DeadPositionVerdict::DEAD;
      undetermined += r.verdict == tabiya::DeadPositionVerdict::UNDETERMINED;
    }
  }
  state.SetItemsProcessed(state.iterations() * int64_t(endings.size()));
  state.counters["positions"] = double(endings.size());
  state.counters["dead"] = dead;
  state.counters["undetermined"] = undetermined;
  state.counters["nodes_per_position"] = double(nodes) / double(endings.size());
}
BENCHMARK(BM_DeadPositionGameEndings)->Unit(benchmark::kMillisecond);

void BM_CanCheckmateGameEndings(benchmark::State& state) {
  const auto& endings = games().endings;
  for (auto _ : state)
    for (const tabiya::Position& pos : endings)
      benchmark::DoNotOptimize(tabiya::can_checkmate(pos, ~pos.side_to_move()).verdict);
  state.SetItemsProcessed(state.iterations() * int64_t(endings.size()));
}
BENCHMARK(BM_CanCheckmateGameEndings)->Unit(benchmark::kMillisecond);

// CPU time of this thread: the machine may be shared, and whole loops are
// timed, so the clock's own cost does not matter.
double cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

double make_and_generate_seconds(const Games& g);

void BM_QuickModeGameEndings(benchmark::State& state) {
  const Games& g = games();
  const auto& endings = g.endings;
  double quick = 0, make = 0;
  int verdicts[4] = {0, 0, 0, 0};
  for (auto _ : state) {
    make = make_and_generate_seconds(g);
    std::fill(std::begin(verdicts), std::end(verdicts), 0);
    double start = cpu_seconds();
    for (const tabiya::Position& pos : endings)
      for (tabiya::Color c : {tabiya::WHITE, tabiya::BLACK})
        ++verdicts[int(tabiya::can_checkmate_quick(pos, c).verdict)];
    quick = cpu_seconds() - start;
  }
  double queries = 2.0 * double(endings.size());
  state.SetItemsProcessed(state.iterations() * int64_t(queries));
  state.counters["us_per_query"] = quick * 1e6 / queries;
  state.counters["make_gen_us"] = make * 1e6 / double(g.moves.size());
  state.counters["ratio"] = (quick / queries) / (make / double(g.moves.size()));
  state.counters["winnable"] = verdicts[int(tabiya::Winnability::WINNABLE)];
  state.counters["unwinnable"] = verdicts[int(tabiya::Winnability::UNWINNABLE)];
  state.counters["probably"] = verdicts[int(tabiya::Winnability::PROBABLY_WINNABLE)];
}
BENCHMARK(BM_QuickModeGameEndings)->Unit(benchmark::kMillisecond)->Iterations(5);

void BM_InsufficientMaterial(benchmark::State& state) {
  const auto& endings = games().endings;
  for (auto _ : state)
    for (const tabiya::Position& pos : endings) {
      benchmark::DoNotOptimize(tabiya::insufficient_material(pos, tabiya::WHITE));
      benchmark::DoNotOptimize(tabiya::insufficient_material(pos, tabiya::BLACK));
    }
  state.SetItemsProcessed(state.iterations() * int64_t(endings.size()));
}
BENCHMARK(BM_InsufficientMaterial);

void BM_MakeAndGenerate(benchmark::State& state) {
  const auto& moves = games().moves;
  tabiya::MoveList list;
  for (auto _ : state)
    for (const auto& [start, move] : moves) {
      tabiya::Position pos = start;
      tabiya::UndoInfo undo;
      pos.do_move(move, undo);
      tabiya::generate_legal(pos, list);
      benchmark::DoNotOptimize(list.count);
    }
  state.SetItemsProcessed(state.iterations() * int64_t(moves.size()));
}
BENCHMARK(BM_MakeAndGenerate)->Unit(benchmark::kMillisecond);

// Seconds to make every move of every game and generate the replies.
double make_and_generate_seconds(const Games& g) {
  tabiya::MoveList list;
  double start = cpu_seconds();
  for (const auto& [before, move] : g.moves) {
    tabiya::Position pos = before;
    tabiya::UndoInfo undo;
    pos.do_move(move, undo);
    tabiya::generate_legal(pos, list);
    benchmark::DoNotOptimize(list.count);
  }
  return cpu_seconds() - start;
}

std::vector<tabiya::Position> positions_after_moves(const Games& g) {
  std::vector<tabiya::Position> after;
  for (const auto& [before, move] : g.moves) {
    after.push_back(before);
    tabiya::UndoInfo undo;
    after.back().do_move(move, undo);
  }
  return after;
}

void report_per_move(benchmark::State& state, const Games& g, double check_seconds, double make_seconds) {
  double moves = double(g.moves.size());
  state.SetItemsProcessed(state.iterations() * int64_t(g.moves.size()));
  state.counters["moves"] = moves;
  state.counters["check_us_per_move"] = check_seconds * 1e6 / moves;
  state.counters["make_gen_us_per_move"] = make_seconds * 1e6 / moves;
  state.counters["ratio"] = check_seconds / make_seconds;
}

void BM_DeadPositionPerMove(benchmark::State& state) {
  const Games& g = games();
  std::vector<tabiya::Position> after = positions_after_moves(g);
  double check = 0, make = 0;
  for (auto _ : state) {
    make = make_and_generate_seconds(g);
    double start = cpu_seconds();
    for (const tabiya::Position& pos : after) benchmark::DoNotOptimize(tabiya::is_dead_position(pos));
    check = cpu_seconds() - start;
  }
  report_per_move(state, g, check, make);
}
BENCHMARK(BM_DeadPositionPerMove)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_DeadPositionMonitorPerMove(benchmark::State& state) {
  const Games& g = games();
  std::vector<tabiya::Position> after = positions_after_moves(g);
  double check = 0, make = 0;
  int searches = 0, repairs = 0;
  for (auto _ : state) {
    make = make_and_generate_seconds(g);
    searches = 0, repairs = 0;
    double start = cpu_seconds();
    for (std::size_t game = 0; game < g.game_starts.size(); ++game) {
      std::size_t end = game + 1 < g.game_starts.size() ? g.game_starts[game + 1] : g.moves.size();
      tabiya::DeadPositionMonitor monitor;
      if (g.game_starts[game] < end) monitor.check(g.moves[g.game_starts[game]].first);
      for (std::size_t i = g.game_starts[game]; i < end; ++i)
        benchmark::DoNotOptimize(monitor.after_move(g.moves[i].first, g.moves[i].second, after[i]));
      searches += monitor.searches();
      repairs += monitor.repairs();
    }
    check = cpu_seconds() - start;
  }
  report_per_move(state, g, check, make);
  state.counters["searched_fraction"] = double(searches) / double(g.moves.size());
  state.counters["mended_fraction"] = double(repairs) / double(g.moves.size());
}
BENCHMARK(BM_DeadPositionMonitorPerMove)->Unit(benchmark::kMillisecond)->Iterations(3);

// The same on seeded random games (200 plies at most), as `tabiya loadtest` plays them against a server.
void BM_DeadPositionMonitorRandomGames(benchmark::State& state) {
  std::vector<std::pair<tabiya::Position, tabiya::Move>> moves;
  std::vector<std::size_t> starts;
  std::mt19937_64 random(19);
  for (int game = 0; game < 200; ++game) {
    starts.push_back(moves.size());
    tabiya::Position pos = tabiya::Position::startpos();
    for (int ply = 0; ply < 200; ++ply) {
      tabiya::MoveList legal = tabiya::legal_moves(pos);
      if (legal.empty()) break;
      tabiya::Move m = legal[std::size_t(random() % legal.size())];
      moves.emplace_back(pos, m);
      tabiya::UndoInfo undo;
      pos.do_move(m, undo);
    }
  }
  int searches = 0, repairs = 0;
  double check = 0;
  for (auto _ : state) {
    searches = 0, repairs = 0;
    double start = cpu_seconds();
    for (std::size_t game = 0; game < starts.size(); ++game) {
      std::size_t end = game + 1 < starts.size() ? starts[game + 1] : moves.size();
      tabiya::DeadPositionMonitor monitor;
      monitor.check(moves[starts[game]].first);
      for (std::size_t i = starts[game]; i < end; ++i) {
        tabiya::Position after = moves[i].first;
        tabiya::UndoInfo undo;
        after.do_move(moves[i].second, undo);
        if (monitor.after_move(moves[i].first, moves[i].second, after) == tabiya::DeadPositionVerdict::DEAD) break;
      }
      searches += monitor.searches();
      repairs += monitor.repairs();
    }
    check = cpu_seconds() - start;
  }
  state.counters["check_us_per_move"] = check * 1e6 / double(moves.size());
  state.counters["searched_fraction"] = double(searches) / double(moves.size());
  state.counters["mended_fraction"] = double(repairs) / double(moves.size());
}
BENCHMARK(BM_DeadPositionMonitorRandomGames)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
