// Verdicts of Art. 5.2.b (dead position, FIDE Laws 2018) kept per position, so
// that a game replayed (a takeback, a restored game) or a position that comes
// back never has its verdict proved twice.
//
// What a verdict depends on is the key: the position's Zobrist key (pieces,
// side to move, castling rights, en passant square; the move counters do not
// matter, as the test ignores the 50- and 75-move rules) and the search
// budget, since UNDETERMINED only means "not settled within that budget".
// An ALIVE verdict keeps its mating line, which the reader replays before
// trusting it, so a key collision can never make a dead position alive.
//
// Bounded: past `capacity` entries the oldest ones go first. Not thread-safe:
// one game (and its rebuilds) owns one cache.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <unordered_map>
#include <vector>

#include "core/position.h"

namespace tabiya {

enum class DeadPositionVerdict;

class DeadPositionCache {
 public:
  struct Verdict {
    DeadPositionVerdict verdict;
    Color mating_side = WHITE;      // ALIVE: who mates at the end of the line
    std::vector<Move> mating_line;  // ALIVE: the proof, legal moves ending in mate
  };

  explicit DeadPositionCache(std::size_t capacity = 2048) : capacity_(capacity) {}

  // The verdict kept for this position under this budget, or nullptr.
  const Verdict* find(Key key, uint64_t max_nodes);
  void store(Key key, uint64_t max_nodes, Verdict verdict);
  // The reader found a kept ALIVE line that does not prove mate (a key collision): it is dropped.
  void forget(Key key, uint64_t max_nodes);

  // Counter hooks, for tests and benchmarks.
  uint64_t hits() const { return hits_; }
  uint64_t misses() const { return misses_; }
  // Full dead_position() searches run by the monitors that use this cache.
  uint64_t searches() const { return searches_; }
  void count_search() { ++searches_; }
  std::size_t size() const { return entries_.size(); }

 private:
  struct Slot {
    Key key;
    uint64_t max_nodes;
    bool operator==(const Slot&) const = default;
  };
  struct SlotHash {
    std::size_t operator()(const Slot& s) const { return std::size_t(s.key ^ (s.max_nodes * 0x9E3779B97F4A7C15ULL)); }
  };

  std::size_t capacity_;
  std::unordered_map<Slot, Verdict, SlotHash> entries_;
  std::deque<Slot> order_;  // oldest first, for eviction
  uint64_t hits_ = 0;
  uint64_t misses_ = 0;
  uint64_t searches_ = 0;
};

}  // namespace tabiya
