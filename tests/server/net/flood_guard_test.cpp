#include "server/net/flood_guard.h"

#include <gtest/gtest.h>

namespace tabiya::server {
namespace {

using Verdict = FloodGuard::Verdict;

TEST(FloodGuard, AcceptsABurstThenRefusesAndTellsWhenToRetry) {
  FloodGuard guard(FloodLimits{.rate = 20, .burst = 60, .strikes = 20, .strike_decay = 1}, 0);
  for (int i = 0; i < 60; ++i) ASSERT_EQ(guard.on_message(0), Verdict::accept) << i;
  EXPECT_EQ(guard.on_message(0), Verdict::refuse);
  EXPECT_EQ(guard.retry_ms(), 50);  // one token at 20 a second
  EXPECT_EQ(guard.on_message(50), Verdict::accept);
}

TEST(FloodGuard, AllowsTwentyASecondForever) {
  FloodGuard guard({}, 0);
  for (int64_t t = 0; t < 600'000; t += 50) ASSERT_EQ(guard.on_message(t), Verdict::accept) << t;
}

TEST(FloodGuard, DisconnectsAClientThatKeepsFlooding) {
  FloodGuard guard(FloodLimits{.rate = 20, .burst = 60, .strikes = 20, .strike_decay = 1}, 0);
  for (int i = 0; i < 60; ++i) guard.on_message(0);
  for (int i = 0; i < 20; ++i) ASSERT_EQ(guard.on_message(0), Verdict::refuse) << i;
  EXPECT_EQ(guard.on_message(0), Verdict::disconnect);
}

TEST(FloodGuard, ForgivesOccasionalOverrunsAfterAQuietSpell) {
  FloodGuard guard({}, 0);
  for (int i = 0; i < 70; ++i) guard.on_message(0);  // 10 refused: 10 strikes
  // 30 s later the strikes have drained and the bucket is full again.
  for (int i = 0; i < 60; ++i) ASSERT_EQ(guard.on_message(30'000), Verdict::accept) << i;
  for (int i = 0; i < 20; ++i) ASSERT_EQ(guard.on_message(30'000), Verdict::refuse) << i;
}

TEST(FloodGuard, SteadyOverrunIsDisconnectedWithinSeconds) {
  FloodGuard guard({}, 0);
  // 40 messages a second: twice the rate.
  int64_t t = 0;
  Verdict last = Verdict::accept;
  for (; t < 20'000 && last != Verdict::disconnect; t += 25) last = guard.on_message(t);
  EXPECT_EQ(last, Verdict::disconnect);
  EXPECT_LT(t, 10'000);
}

}  // namespace
}  // namespace tabiya::server
