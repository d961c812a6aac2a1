#include "play/takeback_rule.h"

#include <gtest/gtest.h>

namespace tabiya::play {
namespace {

TEST(TakebackRule, CasualGamesAllowThem) {
  StartOptions o;
  o.casual = true;
  EXPECT_TRUE(takebacks_allowed(o));
  o.casual = false;
  EXPECT_FALSE(takebacks_allowed(o));
}

// A drift now fixed: the terminal refused takebacks against the robot
// in a timed game while the server granted them. Against the robot a game is
// always casual, clocks or not.
TEST(TakebackRule, AGameAgainstTheRobotIsAlwaysCasual) {
  for (Color robot : {WHITE, BLACK}) {
    StartOptions o;
    o.casual = false;
    o.time_control = *parse_human_time_control("5+0");
    o.seats[robot] = Seat{true, 3};
    EXPECT_TRUE(takebacks_allowed(o));
  }
}

TEST(TakebackRule, WhereNobodyIsAskedOnlyAGameWithoutClocksIsCasual) {
  EXPECT_TRUE(casual_by_default(false));
  EXPECT_FALSE(casual_by_default(true));
}

// The live game refuses or grants by the same rule.
TEST(TakebackRule, TheLiveGameFollowsIt) {
  StartOptions o;
  o.casual = false;
  o.time_control = *parse_human_time_control("5+0");
  o.seats[BLACK] = Seat{true, 1};
  auto time = std::make_shared<ManualTimeSource>();
  auto live = std::move(LiveGame::create(o, time).value());
  ASSERT_TRUE(live->start());
  ASSERT_TRUE(live->move(WHITE, "e2e4"));
  ASSERT_TRUE(live->move(BLACK, "e7e5"));
  auto granted = live->takeback_offer(WHITE);
  ASSERT_TRUE(granted) << granted.error().detail;
  EXPECT_TRUE(granted->rewritten);

  o.seats[BLACK] = Seat{};
  auto serious = std::move(LiveGame::create(o, time).value());
  ASSERT_TRUE(serious->start());
  ASSERT_TRUE(serious->move(WHITE, "e2e4"));
  auto refused = serious->takeback_offer(WHITE);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().reason, "not_casual");
}

}  // namespace
}  // namespace tabiya::play
