// Time management: budgets from the UCI clock fields, and a real short search
// that must come back well inside its clock.
#include "engine/time_manager.h"

#include <gtest/gtest.h>

#include <chrono>

#include "core/movegen.h"
#include "engine/search.h"

namespace tabiya::engine {
namespace {

SearchLimits clock_limits(int64_t time, int64_t increment, int movestogo = 0) {
  SearchLimits limits;
  limits.time[WHITE] = limits.time[BLACK] = time;
  limits.increment[WHITE] = limits.increment[BLACK] = increment;
  limits.movestogo = movestogo;
  return limits;
}

TEST(TimeManager, NoClockNoBudget) {
  EXPECT_FALSE(plan_time(SearchLimits{}, WHITE, 30).limited);
  SearchLimits depth_only;
  depth_only.depth = 8;
  EXPECT_FALSE(plan_time(depth_only, BLACK, 30).limited);
}

TEST(TimeManager, MovetimeLessOverhead) {
  SearchLimits limits;
  limits.movetime = 1000;
  const TimeBudget b = plan_time(limits, WHITE, 30);
  EXPECT_TRUE(b.limited);
  EXPECT_EQ(b.maximum, 970);
  EXPECT_EQ(b.optimum, 970);
  EXPECT_FALSE(b.from_clock);  // a fixed time per move is used in full
}

TEST(TimeManager, SuddenDeathSpendsASmallShare) {
  const TimeBudget b = plan_time(clock_limits(60'000, 0), WHITE, 30);
  EXPECT_TRUE(b.limited);
  EXPECT_TRUE(b.from_clock);
  EXPECT_GT(b.optimum, 500);
  EXPECT_LT(b.optimum, 3000);
  EXPECT_GE(b.maximum, b.optimum);
  EXPECT_LE(b.maximum, 60'000 / 3);
}

TEST(TimeManager, IncrementIsMostlySpent) {
  const TimeBudget without = plan_time(clock_limits(10'000, 0), WHITE, 30);
  const TimeBudget with = plan_time(clock_limits(10'000, 1000), WHITE, 30);
  EXPECT_GT(with.optimum, without.optimum + 500);
}

TEST(TimeManager, LastMoveBeforeTheControlMayUseMore) {
  const TimeBudget one = plan_time(clock_limits(10'000, 0, 1), WHITE, 30);
  const TimeBudget many = plan_time(clock_limits(10'000, 0, 30), WHITE, 30);
  EXPECT_GT(one.optimum, many.optimum);
  EXPECT_LT(one.maximum, 10'000 - 30);
}

TEST(TimeManager, ReadsOnlyTheMoversClock) {
  SearchLimits limits = clock_limits(60'000, 0);
  limits.time[BLACK] = 1000;
  EXPECT_GT(plan_time(limits, WHITE, 30).optimum, plan_time(limits, BLACK, 30).optimum);
}

TEST(TimeManager, NeverPlansBeyondTheClock) {
  for (int64_t time : {0, 1, 5, 31, 100, 1000}) {
    for (int64_t overhead : {0, 30, 100}) {
      const TimeBudget b = plan_time(clock_limits(time, 10), WHITE, overhead);
      EXPECT_GE(b.optimum, 1);
      EXPECT_LE(b.optimum, b.maximum);
      EXPECT_LE(b.maximum, std::max<int64_t>(1, time - overhead)) << time << " " << overhead;
    }
  }
}

TEST(TimeManager, DelayIsFreeTime) {
  SearchLimits limits = clock_limits(5'000, 0);
  const TimeBudget plain = plan_time(limits, WHITE, 30);
  limits.delay = 2'000;
  EXPECT_GT(plan_time(limits, WHITE, 30).optimum, plain.optimum + 1000);
}

TEST(TimeManager, ARealSearchOnOneSecondReturnsWellInside) {
  // go wtime 1000 winc 10: the search must answer long before the flag. Its hard limit, the one the search is
  // stopped at, is planned well inside the second (no wall-clock assertion: the plan is what the search obeys).
  const SearchLimits limits = clock_limits(1000, 10);
  const TimeBudget budget = plan_time(limits, WHITE, 0);
  EXPECT_TRUE(budget.limited);
  EXPECT_LT(budget.maximum, 500);
  EXPECT_LE(budget.optimum, budget.maximum);
  Engine engine;
  engine.set_position(Position::startpos(), {});
  const SearchResult r = engine.search(limits);
  EXPECT_TRUE(legal_moves(Position::startpos()).contains(r.best));
}

}  // namespace
}  // namespace tabiya::engine
