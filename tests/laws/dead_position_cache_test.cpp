// Dead-position verdicts (Art. 5.2.2, FIDE Laws 2018) kept per position key.
#include "laws/dead_position_cache.h"

#include <gtest/gtest.h>

#include "core/fen.h"
#include "laws/dead_position.h"
#include "laws/game.h"
#include "notation/move_reader.h"

namespace tabiya {
namespace {

Position fen(std::string_view text) { return *parse_fen(text); }

TEST(DeadPositionCache, KeepsAVerdictPerKeyAndBudget) {
  DeadPositionCache cache;
  EXPECT_EQ(cache.find(42, 1000), nullptr);
  cache.store(42, 1000, {DeadPositionVerdict::DEAD, WHITE, {}});
  ASSERT_NE(cache.find(42, 1000), nullptr);
  EXPECT_EQ(cache.find(42, 1000)->verdict, DeadPositionVerdict::DEAD);
  // UNDETERMINED means "not within this budget": another budget is another question.
  EXPECT_EQ(cache.find(42, 2000), nullptr);
  EXPECT_EQ(cache.hits(), 2u);
  EXPECT_EQ(cache.misses(), 2u);
}

TEST(DeadPositionCache, IsBoundedOldestFirst) {
  DeadPositionCache cache(3);
  for (Key k = 1; k <= 4; ++k) cache.store(k, 1, {DeadPositionVerdict::UNDETERMINED, WHITE, {}});
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_EQ(cache.find(1, 1), nullptr);
  EXPECT_NE(cache.find(4, 1), nullptr);
}

// The same positions seen by a second monitor sharing the cache are not searched again.
TEST(DeadPositionCache, AMonitorRecallsInsteadOfSearching) {
  auto cache = std::make_shared<DeadPositionCache>();
  // Not settled within the default budget: UNDETERMINED is kept for that budget too.
  const Position locked = fen("8/p7/P7/P5kB/8/8/4K3/8 w - - 0 1");
  DeadPositionMonitor first({}, cache);
  const DeadPositionVerdict verdict = first.check(locked);
  EXPECT_EQ(cache->searches(), 1u);
  DeadPositionMonitor second({}, cache);
  EXPECT_EQ(second.check(locked), verdict);
  EXPECT_EQ(cache->searches(), 1u);
  // An ALIVE verdict comes back with its proof, which the monitor carries on from.
  const Position start = Position::startpos();
  EXPECT_EQ(first.check(start), DeadPositionVerdict::ALIVE);
  EXPECT_EQ(cache->searches(), 2u);
  EXPECT_EQ(second.check(start), DeadPositionVerdict::ALIVE);
  EXPECT_EQ(cache->searches(), 2u);
  ASSERT_FALSE(second.mating_line().empty());
  EXPECT_EQ(second.mating_line(), first.mating_line());
  EXPECT_EQ(second.mating_side(), first.mating_side());
}

// A key is never a proof of life: a kept line that does not mate (as a
// Zobrist collision would give) is dropped and the position proved afresh.
TEST(DeadPositionCache, AnAliveLineThatDoesNotMateIsNotBelieved) {
  auto cache = std::make_shared<DeadPositionCache>();
  const Position bare = fen("8/8/4k3/8/8/4K3/8/8 w - - 0 1");  // K v K: dead (Art. 5.2.2)
  const Move wander = Move(SQ_E3, SQ_E4);
  cache->store(bare.key(), WinnabilityLimits{}.max_nodes, {DeadPositionVerdict::ALIVE, WHITE, {wander}});
  DeadPositionMonitor monitor({}, cache);
  EXPECT_EQ(monitor.check(bare), DeadPositionVerdict::DEAD);
  ASSERT_NE(cache->find(bare.key(), WinnabilityLimits{}.max_nodes), nullptr);
  EXPECT_EQ(cache->find(bare.key(), WinnabilityLimits{}.max_nodes)->verdict, DeadPositionVerdict::DEAD);
}

// Games sharing a cache decide exactly as games without one (Art. 5.2.2: a
// capture leaving K+B v K ends the game at once), the second without a search.
TEST(DeadPositionCache, GamesDecideTheSameWithAndWithoutIt) {
  const Position start = fen("4k3/8/8/8/8/8/3n4/2B1K3 w - - 0 1");
  GameOptions cached;
  cached.dead_position_cache = std::make_shared<DeadPositionCache>();
  for (int round = 0; round < 2; ++round) {
    Game plain(start);
    Game with(start, cached);
    ASSERT_TRUE(plain.play("Bxd2"));
    ASSERT_TRUE(with.play("Bxd2"));
    ASSERT_TRUE(with.outcome());
    ASSERT_TRUE(plain.outcome());
    EXPECT_EQ(with.outcome()->termination, Termination::DEAD_POSITION);
    EXPECT_EQ(with.outcome()->termination, plain.outcome()->termination);
  }
  EXPECT_GE(cached.dead_position_cache->hits(), 2u);
}

}  // namespace
}  // namespace tabiya
