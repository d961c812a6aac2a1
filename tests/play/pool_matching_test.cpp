#include "play/pool_matching.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

namespace tabiya {
namespace {

std::string player_id(int i) {
  std::string id = "p";
  id += std::to_string(i);
  return id;
}

std::vector<PoolPlayer> random_pool(std::mt19937_64& rng, int n, int spread) {
  std::uniform_int_distribution<int> rating(1500 - spread, 1500 + spread);
  std::uniform_real_distribution<double> waited(0, 15);
  std::vector<PoolPlayer> pool;
  for (int i = 0; i < n; ++i) pool.push_back({rating(rng), waited(rng), player_id(i), ""});
  // Some of them played each other last.
  std::uniform_int_distribution<int> anyone(0, n - 1);
  for (int i = 0; i + 1 < n; i += 3) {
    const int other = anyone(rng);
    if (other == i) continue;
    pool[i].last_opponent = pool[other].id;
    pool[other].last_opponent = pool[i].id;
  }
  return pool;
}

void expect_valid(const std::vector<PoolPlayer>& pool, const PoolPairs& pairs, const PoolRules& rules) {
  std::set<int> seen;
  for (auto [a, b] : pairs) {
    EXPECT_TRUE(seen.insert(a).second) << "player " << a << " paired twice";
    EXPECT_TRUE(seen.insert(b).second) << "player " << b << " paired twice";
    EXPECT_TRUE(may_pair(pool[a], pool[b], rules)) << pool[a].rating << " vs " << pool[b].rating;
  }
}

// The heaviest matching by trying every one (small pools only).
std::int64_t brute_force(const std::vector<PoolPlayer>& pool, const PoolRules& rules, std::vector<bool>& taken,
                         int from) {
  const int n = static_cast<int>(pool.size());
  while (from < n && taken[from]) ++from;
  if (from >= n) return 0;
  taken[from] = true;
  std::int64_t best = brute_force(pool, rules, taken, from + 1);  // `from` stays unpaired
  for (int other = from + 1; other < n; ++other) {
    if (taken[other] || !may_pair(pool[from], pool[other], rules)) continue;
    taken[other] = true;
    best = std::max(best, pair_weight(pool[from], pool[other], rules) + brute_force(pool, rules, taken, from + 1));
    taken[other] = false;
  }
  taken[from] = false;
  return best;
}

TEST(PoolMatching, OptimalAgainstBruteForceOnSmallPools) {
  std::mt19937_64 rng(2121);
  const PoolRules rules;
  for (int trial = 0; trial < 600; ++trial) {
    const int n = 2 + trial % 8;  // up to window + 1 players: the band is the whole graph
    const auto pool = random_pool(rng, n, 400);
    const PoolPairs pairs = pair_wave(pool, rules);
    expect_valid(pool, pairs, rules);
    std::vector<bool> taken(pool.size(), false);
    EXPECT_EQ(pairing_weight(pool, pairs, rules), brute_force(pool, rules, taken, 0)) << "trial " << trial;
  }
}

TEST(PoolMatching, NeverWorseThanGreedy) {
  std::mt19937_64 rng(77);
  const PoolRules rules;
  for (int trial = 0; trial < 300; ++trial) {
    const int n = 10 + trial % 150;
    const auto pool = random_pool(rng, n, trial % 2 ? 300 : 900);
    const PoolPairs wave = pair_wave(pool, rules);
    expect_valid(pool, wave, rules);
    EXPECT_GE(pairing_weight(pool, wave, rules), pairing_weight(pool, greedy_pairing(pool, rules), rules))
        << "trial " << trial;
  }
}

TEST(PoolMatching, AcceptedRangeGrowsWithTheWait) {
  const PoolRules rules;
  PoolPlayer a{1500, 0, "a", ""}, b{1800, 0, "b", ""};
  EXPECT_FALSE(may_pair(a, b, rules));
  EXPECT_TRUE(pair_wave({a, b}, rules).empty());
  a.waited_seconds = b.waited_seconds = 5;  // 100 + 5 x 40 = 300
  EXPECT_TRUE(may_pair(a, b, rules));
  EXPECT_EQ(pair_wave({a, b}, rules).size(), 1u);
  b.waited_seconds = 1;  // b still accepts only 140
  EXPECT_FALSE(may_pair(a, b, rules));
  a.waited_seconds = 1e6;
  EXPECT_EQ(accepted_range(a, rules), rules.max_range);
}

TEST(PoolMatching, NoRematchWhenOthersAreAvailable) {
  const PoolRules rules;
  // a and b played last and are closest; c and d are there too.
  std::vector<PoolPlayer> pool{{1500, 0, "a", "b"}, {1501, 0, "b", "a"}, {1510, 0, "c", ""}, {1512, 0, "d", ""}};
  for (auto [x, y] : pair_wave(pool, rules)) {
    EXPECT_NE(std::set<int>({x, y}), std::set<int>({0, 1}));
  }
  EXPECT_EQ(pair_wave(pool, rules).size(), 2u);
  // Only the two of them: they meet again rather than wait forever.
  pool.resize(2);
  EXPECT_EQ(pair_wave(pool, rules).size(), 1u);
}

TEST(PoolMatching, PairsNeighboursByRating) {
  const PoolRules rules;
  const std::vector<PoolPlayer> pool{{1400, 0, "a", ""}, {1700, 0, "b", ""}, {1420, 0, "c", ""}, {1690, 0, "d", ""}};
  const PoolPairs pairs = pair_wave(pool, rules);
  ASSERT_EQ(pairs.size(), 2u);
  std::set<std::set<int>> got;
  for (auto [x, y] : pairs) got.insert({x, y});
  EXPECT_EQ(got, (std::set<std::set<int>>{{0, 2}, {1, 3}}));
}

TEST(PoolMatching, TenThousandPlayersInOneWave) {
  std::mt19937_64 rng(10000);
  const PoolRules rules;
  const auto pool = random_pool(rng, 10000, 900);
  const PoolPairs pairs = pair_wave(pool, rules);
  expect_valid(pool, pairs, rules);
  EXPECT_GE(pairs.size(), 4900u);  // nearly everyone is within reach of a neighbour
}

}  // namespace
}  // namespace tabiya
