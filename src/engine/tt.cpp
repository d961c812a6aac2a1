#include "engine/tt.h"

#include <algorithm>

namespace tabiya::engine {
namespace {

// data layout: move 16 | score 16 | eval 16 | depth 8 | bound 2 | generation 6
uint64_t pack(Move move, int score, int eval, int depth, Bound bound, uint8_t generation) {
  return uint64_t(move.raw()) | (uint64_t(uint16_t(int16_t(score))) << 16) | (uint64_t(uint16_t(int16_t(eval))) << 32) |
         (uint64_t(uint8_t(std::clamp(depth, 0, 255))) << 48) | (uint64_t(bound) << 56) | (uint64_t(generation) << 58);
}

Move move_of(uint64_t data) {
  const uint16_t raw = uint16_t(data);
  return Move::make(MoveKind(raw >> 14), Square((raw >> 6) & 63), Square(raw & 63),
                    PieceType(((raw >> 12) & 3) + KNIGHT));
}

int depth_of(uint64_t data) { return int((data >> 48) & 0xFF); }
uint8_t generation_of(uint64_t data) { return uint8_t(data >> 58); }

}  // namespace

void TranspositionTable::resize(std::size_t megabytes) {
  megabytes = std::clamp<std::size_t>(megabytes, 1, 65536);
  megabytes_ = megabytes;
  count_ = megabytes * 1024 * 1024 / sizeof(Slot);
  slots_ = std::make_unique<Slot[]>(count_);
}

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < count_; ++i) {
    slots_[i].check.store(0, std::memory_order_relaxed);
    slots_[i].data.store(0, std::memory_order_relaxed);
  }
  generation_ = 0;
}

bool TranspositionTable::probe(Key key, TTEntry& entry) const {
  const Slot& s = slot(key);
  const uint64_t data = s.data.load(std::memory_order_relaxed);
  const uint64_t check = s.check.load(std::memory_order_relaxed);
  if ((check ^ data) != key || data == 0) return false;
  entry.move = move_of(data);
  entry.score = int16_t(uint16_t(data >> 16));
  entry.eval = int16_t(uint16_t(data >> 32));
  entry.depth = depth_of(data);
  entry.bound = Bound((data >> 56) & 3);
  return true;
}

void TranspositionTable::store(Key key, Move move, int score, int eval, int depth, Bound bound) {
  Slot& s = slot(key);
  const uint64_t old = s.data.load(std::memory_order_relaxed);
  const bool same = (s.check.load(std::memory_order_relaxed) ^ old) == key;
  // Keep a deeper entry of this search for another position; replace old ones.
  if (!same && old != 0 && generation_of(old) == generation_ && depth_of(old) > depth + 3 && bound != Bound::EXACT)
    return;
  if (same && !move.is_ok()) move = move_of(old);  // keep the old best move
  const uint64_t data = pack(move, score, eval, depth, bound, generation_);
  s.data.store(data, std::memory_order_relaxed);
  s.check.store(key ^ data, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
  int used = 0;
  const std::size_t sample = std::min<std::size_t>(1000, count_);
  for (std::size_t i = 0; i < sample; ++i) {
    const uint64_t data = slots_[i].data.load(std::memory_order_relaxed);
    if (data != 0 && generation_of(data) == generation_) ++used;
  }
  return int(used * 1000 / sample);
}

}  // namespace tabiya::engine
