#include "engine/see.h"

namespace tabiya::engine {

bool see_at_least(const Position& pos, Move m, int threshold) {
  if (m.kind() == MoveKind::CASTLING) return 0 >= threshold;
  const Square from = m.from(), to = m.to();
  int gain = m.kind() == MoveKind::EN_PASSANT ? SEE_VALUE[PAWN] : SEE_VALUE[type_of(pos.piece_on(to))];
  PieceType next_victim = pos.moved_piece_type(m);
  if (m.kind() == MoveKind::PROMOTION) {
    gain += SEE_VALUE[m.promotion()] - SEE_VALUE[PAWN];
    next_victim = m.promotion();
  }
  // swap: what the side to move has gained if the exchange stops now,
  // measured against the threshold, negated at each turn.
  int swap = gain - threshold;
  if (swap < 0) return false;
  swap = SEE_VALUE[next_victim] - swap;
  if (swap <= 0) return true;  // even losing the mover, we stay above threshold

  Bitboard occupied = pos.pieces() ^ square_bb(from) ^ square_bb(to);
  if (m.kind() == MoveKind::EN_PASSANT) occupied ^= square_bb(Square(to - pawn_push(pos.side_to_move())));
  Bitboard attackers = pos.attackers_to(to, occupied);
  const Bitboard diagonal = pos.pieces(BISHOP, QUEEN), straight = pos.pieces(ROOK, QUEEN);
  Color side = pos.side_to_move();
  int result = 1;  // flips each time a side recaptures
  for (;;) {
    side = ~side;
    attackers &= occupied;
    const Bitboard ours = attackers & pos.pieces(side);
    if (!ours) break;
    result ^= 1;
    PieceType pt = PAWN;
    while (!(ours & pos.pieces(pt))) pt = PieceType(pt + 1);
    // A king may only recapture if the square is no longer defended.
    if (pt == KING) return (attackers & ~pos.pieces(side)) ? !result : result;
    swap = SEE_VALUE[pt] - swap;
    if (swap < result) break;
    occupied ^= square_bb(lsb(ours & pos.pieces(pt)));
    if (pt == PAWN || pt == BISHOP || pt == QUEEN) attackers |= bishop_attacks(to, occupied) & diagonal;
    if (pt == ROOK || pt == QUEEN) attackers |= rook_attacks(to, occupied) & straight;
  }
  return result;
}

}  // namespace tabiya::engine
