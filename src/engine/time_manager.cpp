#include "engine/time_manager.h"

#include <algorithm>

namespace tabiya::engine {

TimeBudget plan_time(const SearchLimits& limits, Color us, int64_t move_overhead) {
  TimeBudget budget;
  if (limits.movetime > 0) {
    budget.limited = true;
    budget.optimum = budget.maximum = std::max<int64_t>(1, limits.movetime - move_overhead);
  }
  if (!limits.has_clock(us)) return budget;
  // Time that is really ours: the clock less the overhead; a delay is free.
  const int64_t left = std::max<int64_t>(1, limits.time[us] - move_overhead);
  const int64_t bonus = limits.increment[us] + limits.delay;
  const int moves = limits.movestogo > 0 ? std::min(limits.movestogo, 40) : 35;
  int64_t optimum = left / moves + bonus * 3 / 4;
  // Never plan to spend more than a fraction of the clock on one move,
  // except on the last move before the control.
  const int64_t cap = moves == 1 ? left * 3 / 4 : left / 3;
  int64_t maximum = std::min(cap, optimum * 4);
  optimum = std::min(optimum, cap);
  maximum = std::max<int64_t>(1, std::min(maximum, left - 1 + limits.delay));
  optimum = std::clamp<int64_t>(optimum, 1, maximum);
  if (budget.limited) {  // movetime and a clock: the tighter of the two
    optimum = std::min(optimum, budget.optimum);
    maximum = std::min(maximum, budget.maximum);
  }
  budget.limited = true;
  budget.from_clock = true;
  budget.optimum = optimum;
  budget.maximum = maximum;
  return budget;
}

}  // namespace tabiya::engine
