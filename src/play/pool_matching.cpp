#include "play/pool_matching.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace tabiya {

int accepted_range(const PoolPlayer& player, const PoolRules& rules) {
  const double grown = rules.base_range + rules.range_per_second * std::max(0.0, player.waited_seconds);
  return static_cast<int>(std::min<double>(grown, rules.max_range));
}

bool may_pair(const PoolPlayer& a, const PoolPlayer& b, const PoolRules& rules) {
  const int difference = std::abs(a.rating - b.rating);
  return difference <= accepted_range(a, rules) && difference <= accepted_range(b, rules);
}

std::int64_t pair_weight(const PoolPlayer& a, const PoolPlayer& b, const PoolRules& rules) {
  const bool rematch =
      (!a.last_opponent.empty() && a.last_opponent == b.id) || (!b.last_opponent.empty() && b.last_opponent == a.id);
  return rules.pair_value - std::abs(a.rating - b.rating) - (rematch ? rules.rematch_penalty : 0);
}

std::int64_t pairing_weight(const std::vector<PoolPlayer>& players, const PoolPairs& pairs, const PoolRules& rules) {
  std::int64_t total = 0;
  for (auto [a, b] : pairs) total += pair_weight(players[a], players[b], rules);
  return total;
}

namespace {

// The heaviest matching of `order` (indices sorted by rating) in which only players at most `window` apart in
// that order meet. State before position i: bit b set when position i-1-b is still free to be paired.
PoolPairs solve_band(const std::vector<PoolPlayer>& players, const std::vector<int>& order, const PoolRules& rules) {
  const int n = static_cast<int>(order.size());
  const int k = std::clamp(rules.window, 1, 16);
  const std::uint32_t states = 1u << k, full = states - 1;
  constexpr std::int64_t kUnreached = std::numeric_limits<std::int64_t>::min();
  std::vector<std::int64_t> value(states, kUnreached), next(states);
  // choice[i][mask]: 0 left position i free, b+1 paired it with position i-1-b; the mask it came from is
  // recomputed from the choice on the way back, so only the choice is kept.
  std::vector<std::uint8_t> choice(static_cast<std::size_t>(n) * states);
  std::vector<std::uint32_t> from(static_cast<std::size_t>(n) * states);
  value[0] = 0;
  for (int i = 0; i < n; ++i) {
    std::fill(next.begin(), next.end(), kUnreached);
    const PoolPlayer& me = players[order[i]];
    const std::size_t row = static_cast<std::size_t>(i) * states;
    for (std::uint32_t mask = 0; mask < states; ++mask) {
      const std::int64_t here = value[mask];
      if (here == kUnreached) continue;
      const auto offer = [&](std::uint32_t to, std::int64_t v, std::uint8_t how) {
        if (v > next[to]) {
          next[to] = v;
          choice[row + to] = how;
          from[row + to] = mask;
        }
      };
      offer(((mask << 1) | 1u) & full, here, 0);
      for (int b = 0; b < k && b < i; ++b) {
        if (!(mask & (1u << b))) continue;
        const PoolPlayer& other = players[order[i - 1 - b]];
        if (!may_pair(me, other, rules)) continue;
        offer(((mask & ~(1u << b)) << 1) & full, here + pair_weight(me, other, rules),
              static_cast<std::uint8_t>(b + 1));
      }
    }
    value.swap(next);
  }
  std::uint32_t best = 0;
  for (std::uint32_t mask = 0; mask < states; ++mask)
    if (value[mask] > value[best]) best = mask;
  PoolPairs pairs;
  for (int i = n - 1; i >= 0; --i) {
    const std::size_t at = static_cast<std::size_t>(i) * states + best;
    if (const int how = choice[at]; how > 0) pairs.emplace_back(order[i - how], order[i]);
    best = from[at];
  }
  return pairs;
}

}  // namespace

PoolPairs pair_wave(const std::vector<PoolPlayer>& players, const PoolRules& rules) {
  std::vector<int> order(players.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return players[a].rating < players[b].rating; });
  PoolPairs all;
  while (order.size() >= 2) {
    const PoolPairs round = solve_band(players, order, rules);
    if (round.empty()) break;
    std::vector<bool> taken(players.size(), false);
    for (auto [a, b] : round) taken[a] = taken[b] = true;
    all.insert(all.end(), round.begin(), round.end());
    std::erase_if(order, [&](int i) { return taken[i]; });
  }
  return all;
}

PoolPairs greedy_pairing(const std::vector<PoolPlayer>& players, const PoolRules& rules) {
  struct Edge {
    std::int64_t weight;
    int a, b;
  };
  std::vector<Edge> edges;
  const int n = static_cast<int>(players.size());
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b)
      if (may_pair(players[a], players[b], rules)) edges.push_back({pair_weight(players[a], players[b], rules), a, b});
  std::stable_sort(edges.begin(), edges.end(), [](const Edge& x, const Edge& y) { return x.weight > y.weight; });
  std::vector<bool> taken(players.size(), false);
  PoolPairs pairs;
  for (const Edge& e : edges) {
    if (taken[e.a] || taken[e.b]) continue;
    taken[e.a] = taken[e.b] = true;
    pairs.emplace_back(e.a, e.b);
  }
  return pairs;
}

}  // namespace tabiya
