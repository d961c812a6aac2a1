// How long to think about one move, from the UCI `go` limits: an optimum
// (stop deepening after an iteration that used a good part of it) and a
// hard maximum (the search is stopped when reached). Move overhead (GUI and
// network lag) is taken off first, so the robot never loses on time.
#pragma once

#include <cstdint>

#include "core/types.h"

namespace tabiya::engine {

struct SearchLimits {
  int depth = 0;                      // 0: none
  uint64_t nodes = 0;                 // 0: none
  int64_t movetime = 0;               // ms; 0: none
  int mate = 0;                       // search for a mate in this many moves; 0: none
  int64_t time[COLOR_NB] = {-1, -1};  // ms left on each clock; -1: no clock
  int64_t increment[COLOR_NB] = {0, 0};
  int64_t delay = 0;      // simple/Bronstein delay per move, ms (not in UCI)
  int movestogo = 0;      // moves to the next time control; 0: sudden death
  bool infinite = false;  // search until stopped
  bool ponder = false;    // pondering until ponderhit or stop

  bool has_clock(Color c) const { return time[c] >= 0; }
};

struct TimeBudget {
  bool limited = false;
  int64_t optimum = 0;  // ms
  int64_t maximum = 0;  // ms
  // From a clock: stop deepening early once the optimum is mostly used. A
  // bare movetime is used in full instead.
  bool from_clock = false;
};

TimeBudget plan_time(const SearchLimits& limits, Color us, int64_t move_overhead);

}  // namespace tabiya::engine
