// What an engine or the robot is told about the next move's bonus: one
// definition (Clock::increment_for_next_move / delay_for_next_move) used by
// the live game and the match runner alike.
#include <gtest/gtest.h>

#include <memory>

#include "laws/clock.h"

namespace tabiya {
namespace {

using std::chrono::minutes;
using std::chrono::seconds;

Clock started(TimeControl tc, const std::shared_ptr<ManualTimeSource>& time) {
  Clock clock = Clock::create(tc, time).value();
  EXPECT_TRUE(clock.start());
  return clock;
}

// FIDE Laws 2018 Art. 6.3 and Guidelines on time controls: a Fischer bonus
// is an increment; a delay (simple or Bronstein) is not.
TEST(ClockBonus, AnIncrementIsFischerOnly) {
  auto time = std::make_shared<ManualTimeSource>(seconds(10));
  const Clock fischer = started(TimeControl::sudden_death(minutes(5), seconds(3)), time);
  EXPECT_EQ(fischer.increment_for_next_move(WHITE), seconds(3));
  EXPECT_EQ(fischer.increment_for_next_move(BLACK), seconds(3));
  EXPECT_EQ(fischer.delay_for_next_move(WHITE), Millis{0});
  for (BonusMode delay : {BonusMode::SIMPLE_DELAY, BonusMode::BRONSTEIN_DELAY}) {
    const Clock clock = started(TimeControl::sudden_death(minutes(5), seconds(5), delay), time);
    EXPECT_EQ(clock.increment_for_next_move(WHITE), Millis{0});
    EXPECT_EQ(clock.delay_for_next_move(WHITE), seconds(5));
  }
}

// The bonus follows the period of the player's next move: after two moves
// in "2/60+10:60", the second period has none.
TEST(ClockBonus, FollowsThePeriodOfTheNextMove) {
  auto time = std::make_shared<ManualTimeSource>(seconds(10));
  Clock clock = started(parse_pgn_time_control("2/60+10:60").value(), time);
  EXPECT_EQ(clock.increment_for_next_move(WHITE), seconds(10));
  for (int ply = 0; ply < 4; ++ply) {
    time->advance(seconds(1));
    ASSERT_TRUE(clock.press());
  }
  EXPECT_EQ(clock.increment_for_next_move(WHITE), Millis{0});
  EXPECT_EQ(clock.increment_for_next_move(BLACK), Millis{0});
}

}  // namespace
}  // namespace tabiya
