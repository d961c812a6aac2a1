// The storage thread waits for more changes only when they come often enough to be caught (a burst
// on a lightly loaded server must not make every answer wait the whole gathering).
#include "server/store/commit_gathering.h"

#include <gtest/gtest.h>

namespace tabiya::server {
namespace {

using std::chrono::microseconds;

struct Arrivals {
  CommitGathering gathering{microseconds(1000)};
  CommitGathering::Clock::time_point now{};
  void every(microseconds interval, int n) {
    for (int i = 0; i < n; ++i) {
      now += interval;
      gathering.arrived(now);
    }
  }
};

TEST(CommitGathering, AQuietServerCommitsEachChangeAtOnce) {
  Arrivals a;
  EXPECT_FALSE(a.gathering.worth_waiting());
  a.every(microseconds(0), 1);
  EXPECT_FALSE(a.gathering.worth_waiting());
}

TEST(CommitGathering, ChangesFasterThanOnePerGatheringAreGathered) {
  Arrivals a;
  a.every(microseconds(100), 40);  // 10,000 a second: 9,936 games each moving once a second
  EXPECT_TRUE(a.gathering.worth_waiting());
  EXPECT_LT(a.gathering.interval(), microseconds(200));
}

TEST(CommitGathering, ChangesSlowerThanOnePerGatheringAreNot) {
  Arrivals a;
  a.every(microseconds(100), 40);
  a.every(microseconds(4000), 40);  // 250 a second: 200 games and two attackers
  EXPECT_FALSE(a.gathering.worth_waiting());
  EXPECT_GT(a.gathering.interval(), microseconds(3000));
}

TEST(CommitGathering, ABurstOnALightlyLoadedServerDoesNotStartGathering) {
  Arrivals a;
  a.every(microseconds(4000), 40);
  a.every(microseconds(10), 3);  // a takeback offer, its acceptance and a move, at once
  EXPECT_FALSE(a.gathering.worth_waiting());
  a.every(microseconds(4000), 1);
  EXPECT_FALSE(a.gathering.worth_waiting());
}

TEST(CommitGathering, ALoadComingBackAfterAPauseIsGatheredWithinAFewChanges) {
  Arrivals a;
  a.every(microseconds(100), 40);
  a.every(std::chrono::duration_cast<microseconds>(std::chrono::hours(1)), 1);
  EXPECT_FALSE(a.gathering.worth_waiting());
  int changes = 0;
  while (!a.gathering.worth_waiting() && changes < 1000) {
    a.every(microseconds(100), 1);
    ++changes;
  }
  EXPECT_LE(changes, 30);
}

TEST(CommitGathering, NoGatheringNeverWaits) {
  CommitGathering none{microseconds(0)};
  CommitGathering::Clock::time_point now{};
  for (int i = 0; i < 100; ++i) none.arrived(now += microseconds(1));
  EXPECT_FALSE(none.worth_waiting());
}

}  // namespace
}  // namespace tabiya::server
