// Verdicts of Art. 5.2.2 (dead position, FIDE Laws 2018) kept per position,
// so that a game replayed (a takeback, a restored game) or a position that
// comes back never has its verdict proved twice.
//
// What a verdict depends on is the key: the position itself (where every
// piece stands, the side to move, castling rights, en passant square; the
// move counters do not matter, as the test ignores the 50- and 75-move rules)
// and the search budget, since UNDETERMINED only means "not settled within
// that budget". The Zobrist key finds the entry and the position's identity,
// compared in full, confirms it: a key collision is a miss, never a verdict.
//
// Bounded: past `capacity` entries the oldest ones go first. Not thread-safe:
// one game (and its rebuilds) owns one cache.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <unordered_map>
#include <vector>

#include "core/position.h"

namespace tabiya {

enum class DeadPositionVerdict;

// Everything about a position that a dead-position verdict depends on.
struct PositionIdentity {
  std::array<Bitboard, 6> by_type{};  // PAWN..KING, both colours
  Bitboard white = 0;
  Bitboard castling_rooks = 0;
  Square en_passant = SQ_NONE;
  Color side_to_move = WHITE;

  static PositionIdentity of(const Position& pos);
  bool operator==(const PositionIdentity&) const = default;
};

class DeadPositionCache {
 public:
  struct Verdict {
    DeadPositionVerdict verdict;
    Color mating_side = WHITE;      // ALIVE: who mates at the end of the line
    std::vector<Move> mating_line;  // ALIVE: the proof, legal moves ending in mate
  };

  explicit DeadPositionCache(std::size_t capacity = 1024) : capacity_(capacity) {}

  // The verdict kept for this position under this budget, or nullptr.
  const Verdict* find(const Position& pos, uint64_t max_nodes);
  // The same without counting a hit or a miss (a trial counts them later, with count_lookup, if it is kept).
  const Verdict* peek(const Position& pos, uint64_t max_nodes) const;
  void count_lookup(bool hit) { ++(hit ? hits_ : misses_); }
  void store(const Position& pos, uint64_t max_nodes, Verdict verdict);

  // Counter hooks, for tests and benchmarks.
  uint64_t hits() const { return hits_; }
  uint64_t misses() const { return misses_; }
  // Full dead_position() searches, and short mending searches, run by the
  // monitors that use this cache.
  uint64_t searches() const { return searches_; }
  uint64_t repairs() const { return repairs_; }
  void count_search() { ++searches_; }
  void count_repair() { ++repairs_; }
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
  struct Entry {
    PositionIdentity identity;
    Verdict verdict;
  };

  std::size_t capacity_;
  std::unordered_map<Slot, Entry, SlotHash> entries_;
  std::deque<Slot> order_;  // oldest first, for eviction
  uint64_t hits_ = 0;
  uint64_t misses_ = 0;
  uint64_t searches_ = 0;
  uint64_t repairs_ = 0;
};

}  // namespace tabiya
