#include "laws/dead_position_cache.h"

#include "laws/dead_position.h"

namespace tabiya {

PositionIdentity PositionIdentity::of(const Position& pos) {
  PositionIdentity id;
  for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING}) id.by_type[std::size_t(pt - PAWN)] = pos.pieces(pt);
  id.white = pos.pieces(WHITE);
  id.castling_rooks = pos.castling_rooks();
  id.en_passant = pos.en_passant();
  id.side_to_move = pos.side_to_move();
  return id;
}

const DeadPositionCache::Verdict* DeadPositionCache::peek(const Position& pos, uint64_t max_nodes) const {
  auto it = entries_.find(Slot{pos.key(), max_nodes});
  if (it == entries_.end() || !(it->second.identity == PositionIdentity::of(pos))) return nullptr;
  return &it->second.verdict;
}

const DeadPositionCache::Verdict* DeadPositionCache::find(const Position& pos, uint64_t max_nodes) {
  const Verdict* known = peek(pos, max_nodes);
  count_lookup(known != nullptr);
  return known;
}

void DeadPositionCache::store(const Position& pos, uint64_t max_nodes, Verdict verdict) {
  if (capacity_ == 0) return;
  const Slot slot{pos.key(), max_nodes};
  // A colliding position replaces the one kept under its key.
  auto [it, inserted] = entries_.insert_or_assign(slot, Entry{PositionIdentity::of(pos), std::move(verdict)});
  (void)it;
  if (!inserted) return;
  order_.push_back(slot);
  while (entries_.size() > capacity_) {
    entries_.erase(order_.front());
    order_.pop_front();
  }
}

}  // namespace tabiya
