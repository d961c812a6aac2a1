// Legal move generation. Moves are generated legal directly (check and pin
// masks), so callers never filter; count_legal() counts without listing, which
// is what perft's last ply needs.
#pragma once

#include <cstddef>

#include "core/position.h"

namespace tabiya {

struct MoveList {
  Move moves[256];
  std::size_t count = 0;

  void add(Move m) { moves[count++] = m; }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + count; }
  std::size_t size() const { return count; }
  bool empty() const { return count == 0; }
  bool contains(Move m) const;
  Move operator[](std::size_t i) const { return moves[i]; }
};

void generate_legal(const Position& pos, MoveList& list);
MoveList legal_moves(const Position& pos);
int count_legal(const Position& pos);
// count_legal() of the position after the legal move m, without making m:
// perft's bulk-counted last ply, several times cheaper than do/undo_move.
int count_legal_after(const Position& pos, Move m);

inline bool is_checkmate(const Position& pos) { return pos.in_check() && count_legal(pos) == 0; }
inline bool is_stalemate(const Position& pos) { return !pos.in_check() && count_legal(pos) == 0; }

}  // namespace tabiya
