// The transposition table: search results shared by all search threads,
// indexed by Zobrist key. Entries are written and read without locks; each is
// two 64-bit words stored with the key XORed into the data, so a torn entry
// (written by two threads at once) fails the key check instead of being used.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/position.h"

namespace tabiya::engine {

enum class Bound : uint8_t { NONE, UPPER, LOWER, EXACT };

struct TTEntry {
  Move move;
  int score = 0;
  int eval = 0;
  int depth = 0;
  Bound bound = Bound::NONE;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }

  void resize(std::size_t megabytes);
  void clear();
  // A new search: older entries become preferred victims.
  void new_search() { generation_ = uint8_t((generation_ + 1) & 63); }

  bool probe(Key key, TTEntry& entry) const;
  // Starts loading the slot for `key` into the cache (call right after a move).
  void prefetch(Key key) const { __builtin_prefetch(&slot(key)); }
  void store(Key key, Move move, int score, int eval, int depth, Bound bound);
  // Permille of sampled slots used by the current search (UCI hashfull).
  int hashfull() const;
  std::size_t megabytes() const { return megabytes_; }

 private:
  struct Slot {
    std::atomic<uint64_t> check{0};  // key ^ data
    std::atomic<uint64_t> data{0};
  };
  Slot& slot(Key key) const { return slots_[(unsigned __int128)key * count_ >> 64]; }

  std::unique_ptr<Slot[]> slots_;
  std::size_t count_ = 0;
  std::size_t megabytes_ = 0;
  uint8_t generation_ = 0;
};

}  // namespace tabiya::engine
