// The robot's pace under real clocks: it plays itself through LiveGame, as the server seats
// it, at several time controls and levels, and each case reports the move times it really took (median and
// max, ms) beside its allocation (play/robot_clock.h: the hard limit it was given, median) and the bound it
// must keep (remaining / 30 + increment, median over the same moves). The game clock is a manual one advanced
// by the measured thinking time, so the clock the allocation reads is the one a server would show.
//   build/tabiya_bench --benchmark_filter=RobotMoveTime
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <vector>

#include "core/uci_move.h"
#include "engine/search.h"
#include "laws/time_control.h"
#include "laws/time_source.h"
#include "play/live_game.h"
#include "play/robot_policy.h"

namespace {

using namespace tabiya;

constexpr int PLIES = 16;  // 8 moves a side: the opening, where the clocks are fullest and level 10 thinks longest

const char* const CONTROLS[] = {"1+0", "3+2", "5+3", "10+5", "15+10"};

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// Args: level, index into CONTROLS.
void BM_RobotMoveTime(benchmark::State& state) {
  const int level = int(state.range(0));
  const char* control = CONTROLS[state.range(1)];
  std::vector<double> taken, allowed, bound;
  double least_clock = 1e18;
  for (auto _ : state) {
    play::StartOptions options;
    options.time_control = parse_human_time_control(control).value();
    options.seats[WHITE] = options.seats[BLACK] = play::Seat{true, level};
    auto time = std::make_shared<ManualTimeSource>();
    auto live = std::move(play::LiveGame::create(options, time).value());
    (void)live->start();
    engine::EngineOptions engine_options;
    engine_options.level = level;
    engine_options.seed = 20;
    engine::Engine engine(engine_options);
    engine.new_game();
    for (int ply = 0; ply < PLIES && !live->over(); ++ply) {
      const Color us = live->turn();
      const engine::SearchLimits limits = live->robot_limits();
      engine.set_position(live->game().start_position(), live->move_list());
      const auto began = std::chrono::steady_clock::now();
      const engine::SearchResult result = engine.search(limits);
      const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - began);
      time->advance(Millis{took.count()});
      taken.push_back(double(took.count()));
      allowed.push_back(double(limits.movetime));
      bound.push_back(double(limits.time[us]) / 30 + double(limits.increment[us]));
      const play::RobotAction action = play::robot_action(*live, result);
      if (!action.move.is_ok()) break;
      if (!live->move(us, to_uci(action.move, live->game().position()), ply)) break;
      if (const Clock* clock = live->game().clock())
        least_clock = std::min(least_clock, double(clock->remaining(us).count()));
    }
  }
  state.counters["median_ms"] = median(taken);
  state.counters["max_ms"] = taken.empty() ? 0 : *std::max_element(taken.begin(), taken.end());
  state.counters["allocation_median_ms"] = median(allowed);
  state.counters["bound_median_ms"] = median(bound);
  state.counters["least_clock_s"] = least_clock / 1000;
  state.SetLabel(std::string("level ") + std::to_string(level) + " at " + control);
}
BENCHMARK(BM_RobotMoveTime)
    ->ArgsProduct({{10}, {0, 1, 2, 3}})
    ->Args({5, 2})
    ->Args({8, 2})
    ->Args({9, 1})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
