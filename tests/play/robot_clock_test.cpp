// The robot's pace under a clock (play/robot_clock.h): a pure function of the clock, checked against the
// bound it must keep (median no more than about remaining / 30 + increment) and against running the clock down.
#include "play/robot_clock.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace tabiya::play {
namespace {

constexpr int64_t S = 1000;  // ms

TEST(RobotClock, FiveThreeAtTheStartThinksAFewSeconds) {
  // Level 10 once thought 7.4 s a move (median) at 5+3; the hard limit is now under that.
  const int64_t t = robot_move_time({300 * S, 3 * S, 0, 0});
  EXPECT_EQ(t, 300 * S / ROBOT_MOVE_HORIZON + 3 * S / 2);
  EXPECT_LT(t, 7400);
}

TEST(RobotClock, NeverMoreThanRemainingOver30PlusIncrement) {
  for (int64_t remaining :
       {int64_t{0}, int64_t{1}, int64_t{50}, int64_t{999}, 10 * S, 60 * S, 180 * S, 300 * S, 900 * S, 5400 * S})
    for (int64_t increment : {int64_t{0}, 1 * S, 2 * S, 3 * S, 5 * S, 10 * S, 30 * S})
      for (int to_control : {0, 1, 2, 10, 40}) {
        const int64_t t = robot_move_time({remaining, increment, 0, to_control});
        EXPECT_GE(t, 1);
        EXPECT_LE(t, std::max<int64_t>(1, remaining / 30 + increment)) << remaining << "+" << increment;
        EXPECT_LE(t, std::max<int64_t>(1, remaining / 10)) << "a tenth of the clock at most";
        EXPECT_LE(t, ROBOT_MAX_THINK_MS);
      }
}

TEST(RobotClock, LongClocksAreCappedAtTheBoard) {
  EXPECT_EQ(robot_move_time({90 * 60 * S, 30 * S, 0, 0}), ROBOT_MAX_THINK_MS);
  EXPECT_EQ(robot_move_time({90 * 60 * S, 30 * S, 0, 40}), ROBOT_MAX_THINK_MS);
}

TEST(RobotClock, TheLastMovesBeforeAControlAreNotLongThinks) {
  const int64_t sudden = robot_move_time({600 * S, 0, 0, 0});
  const int64_t last = robot_move_time({600 * S, 0, 0, 1});
  EXPECT_GT(last, sudden);        // fewer moves to share the time with
  EXPECT_LE(last, 600 * S / 10);  // but never a tenth of the clock or more
}

TEST(RobotClock, ADelayIsFreeTime) {
  EXPECT_EQ(robot_move_time({60 * S, 0, 2 * S, 0}), robot_move_time({60 * S, 0, 0, 0}) + 2 * S);
  EXPECT_EQ(robot_move_time({0, 0, 2 * S, 0}), 2 * S);  // the delay alone, when the clock is empty
}

TEST(RobotClock, ThinkingTheWholeAllowanceEveryMoveNeverRunsTheClockDown) {
  // The worst case: every move takes the full hard limit. Sudden death keeps most of its clock for 100 moves;
  // with an increment the clock settles where the increment pays for the moves.
  struct Control {
    int64_t base, increment;
  };
  for (Control c : {Control{60 * S, 0}, Control{180 * S, 2 * S}, Control{300 * S, 3 * S}, Control{900 * S, 10 * S}}) {
    int64_t remaining = c.base;
    for (int move = 0; move < 100; ++move) {
      remaining -= robot_move_time({remaining, c.increment, 0, 0});
      ASSERT_GT(remaining, 0) << c.base << "+" << c.increment << " move " << move;
      remaining += c.increment;
    }
    if (c.increment == 0) EXPECT_GT(remaining, c.base / 10);
    else EXPECT_GT(remaining, std::min(c.base, 30 * c.increment) * 9 / 10) << c.base << "+" << c.increment;
  }
}

}  // namespace
}  // namespace tabiya::play
