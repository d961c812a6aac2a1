// Where the pieces stand, as one bitboard per colour and per piece type, with
// the attack questions that need nothing else. Position builds on it; so does
// the light child board perft uses for its bulk-counted last ply.
#pragma once

#include "core/bitboard.h"
#include "core/types.h"

namespace tabiya {

class PieceSets {
 public:
  Bitboard pieces() const { return by_color_[WHITE] | by_color_[BLACK]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(PieceType a, PieceType b) const { return by_type_[a] | by_type_[b]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const { return by_color_[c] & (by_type_[a] | by_type_[b]); }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }

  // Pieces of both colours attacking s, with sliders seeing through `occupied`.
  Bitboard attackers_to(Square s, Bitboard occupied) const {
    return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN)) | (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) |
           (knight_attacks(s) & pieces(KNIGHT)) | (bishop_attacks(s, occupied) & pieces(BISHOP, QUEEN)) |
           (rook_attacks(s, occupied) & pieces(ROOK, QUEEN)) | (king_attacks(s) & pieces(KING));
  }
  bool attacked_by(Color c, Square s, Bitboard occupied) const {
    return (pawn_attacks(~c, s) & pieces(c, PAWN)) || (knight_attacks(s) & pieces(c, KNIGHT)) ||
           (king_attacks(s) & pieces(c, KING)) || (bishop_attacks(s, occupied) & pieces(c, BISHOP, QUEEN)) ||
           (rook_attacks(s, occupied) & pieces(c, ROOK, QUEEN));
  }

  // The enemy pieces giving check to `us`, and `us`'s pieces pinned to its king.
  void find_checks_and_pins(Color us, Bitboard& checkers, Bitboard& pinned) const {
    Color them = ~us;
    Square ksq = king_square(us);
    Bitboard occupied = pieces();
    checkers = attackers_to(ksq, occupied) & pieces(them);
    // A piece is pinned when it is the only one between our king and an enemy
    // slider that sees the king along that line on an empty board.
    pinned = 0;
    Bitboard snipers =
        (rook_attacks(ksq, 0) & pieces(them, ROOK, QUEEN)) | (bishop_attacks(ksq, 0) & pieces(them, BISHOP, QUEEN));
    while (snipers) {
      Square s = pop_lsb(snipers);
      Bitboard blockers = (between(ksq, s) ^ square_bb(s)) & occupied;
      if (blockers && !more_than_one(blockers)) pinned |= blockers & pieces(us);
    }
  }

  // Whether `us` capturing en passant from `from` onto `ep` leaves its king
  // safe: two pawns leave one line at once, so pins alone cannot tell.
  bool en_passant_safe(Color us, Square from, Square ep) const {
    Square captured = Square(ep - pawn_push(us));
    Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
    Bitboard attackers = attackers_to(king_square(us), occupied) & pieces(~us) & ~square_bb(captured);
    return !attackers;
  }

 protected:
  void toggle(Color c, PieceType pt, Square s) {
    by_type_[pt] ^= square_bb(s);
    by_color_[c] ^= square_bb(s);
  }

  Bitboard by_type_[PIECE_TYPE_NB]{};
  Bitboard by_color_[COLOR_NB]{};
};

}  // namespace tabiya
