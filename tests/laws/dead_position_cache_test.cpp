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

TEST(DeadPositionCache, KeepsAVerdictPerPositionAndBudget) {
  DeadPositionCache cache;
  const Position bare = fen("8/8/4k3/8/8/4K3/8/8 w - - 0 1");
  EXPECT_EQ(cache.find(bare, 1000), nullptr);
  cache.store(bare, 1000, {DeadPositionVerdict::DEAD, WHITE, {}});
  ASSERT_NE(cache.find(bare, 1000), nullptr);
  EXPECT_EQ(cache.find(bare, 1000)->verdict, DeadPositionVerdict::DEAD);
  // The move counters are no part of the question (Art. 5.2.2 ignores the 50- and 75-move rules).
  EXPECT_NE(cache.find(fen("8/8/4k3/8/8/4K3/8/8 w - - 37 90"), 1000), nullptr);
  // UNDETERMINED means "not within this budget": another budget is another question.
  EXPECT_EQ(cache.find(bare, 2000), nullptr);
  // Another side to move is another position.
  EXPECT_EQ(cache.find(fen("8/8/4k3/8/8/4K3/8/8 b - - 0 1"), 1000), nullptr);
  EXPECT_EQ(cache.hits(), 3u);
  EXPECT_EQ(cache.misses(), 3u);
}

// The identity that confirms a key: placement, side to move, castling, en passant.
TEST(DeadPositionCache, APositionsIdentityIsAllTheVerdictDependsOn) {
  const Position castling = fen("r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
  const Position no_castling = fen("r3k3/8/8/8/8/8/8/4K2R w q - 0 1");
  EXPECT_FALSE(PositionIdentity::of(castling) == PositionIdentity::of(no_castling));
  EXPECT_TRUE(PositionIdentity::of(castling) == PositionIdentity::of(fen("r3k3/8/8/8/8/8/8/4K2R w Kq - 12 40")));
  const Position a = fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  const Position b = fen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1");  // same squares, other colour
  EXPECT_FALSE(PositionIdentity::of(a) == PositionIdentity::of(b));
}

TEST(DeadPositionCache, IsBoundedOldestFirst) {
  DeadPositionCache cache(3);
  const char* fens[] = {"8/8/4k3/8/8/4K3/8/8 w - - 0 1", "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
                        "8/8/4k3/8/8/2K5/8/8 w - - 0 1", "8/8/4k3/8/8/1K6/8/8 w - - 0 1"};
  for (const char* f : fens) cache.store(fen(f), 1, {DeadPositionVerdict::DEAD, WHITE, {}});
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_EQ(cache.find(fen(fens[0]), 1), nullptr);
  EXPECT_NE(cache.find(fen(fens[3]), 1), nullptr);
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
