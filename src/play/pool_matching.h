// Quick pairing: the players waiting in one pool (one time control) are paired
// in waves. A wave is a maximum-weight matching where each possible pair is
// worth a fixed amount less its rating difference, so the wave first pairs as
// many players as it can and then keeps the differences small. Two players may
// meet only if their difference is within what both accept; what a player
// accepts grows with the time they have waited. A pair that played each other
// last costs a rematch penalty, so they meet again only when no other pairing
// seats as many players.
//
// The solver is exact on a band: sorted by rating, each player may be paired
// with the `window` players on either side; a dynamic programme over the
// sorted list, whose state is which of the last `window` players are still
// free, finds the heaviest matching on that band in O(n 2^window window).
// Players it leaves free are solved again among themselves (their neighbours
// are then other free players) until a round adds no pair. With n <= window + 1
// the band is the whole graph, so the wave is optimal; 10,000 players take a
// few tens of milliseconds.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tabiya {

struct PoolPlayer {
  int rating = 1500;
  double waited_seconds = 0;  // since the player joined the pool
  std::string id;
  std::string last_opponent;  // id of the previous opponent; empty: none
};

struct PoolRules {
  int base_range = 100;                    // accepted rating difference on joining
  double range_per_second = 40;            // ... growing with the wait
  int max_range = 1000;                    // ... up to this
  std::int64_t pair_value = 1'000'000;     // worth of seating a pair (well above any rating difference)
  std::int64_t rematch_penalty = 100'000;  // costs a pair that played each other last
  int window = 8;                          // neighbours on each side the band solver considers (<= 16)
};

using PoolPairs = std::vector<std::pair<int, int>>;  // indices into the players, each pair once

// The rating difference `player` accepts now.
int accepted_range(const PoolPlayer& player, const PoolRules& rules);
// Whether a and b may be paired (both accept their difference).
bool may_pair(const PoolPlayer& a, const PoolPlayer& b, const PoolRules& rules);
// What pairing a with b is worth (only meaningful when may_pair).
std::int64_t pair_weight(const PoolPlayer& a, const PoolPlayer& b, const PoolRules& rules);
// Sum of the pairs' weights: the quantity a wave maximises.
std::int64_t pairing_weight(const std::vector<PoolPlayer>& players, const PoolPairs& pairs, const PoolRules& rules);

// One wave: the pairs to seat now; everyone else keeps waiting.
PoolPairs pair_wave(const std::vector<PoolPlayer>& players, const PoolRules& rules = {});

// The greedy pairing the wave must never be worse than: every allowed pair by weight, heaviest first, taken when
// both are still free. Quadratic: for tests and the benchmark.
PoolPairs greedy_pairing(const std::vector<PoolPlayer>& players, const PoolRules& rules = {});

}  // namespace tabiya
