#include "laws/unwinnability_static.h"

namespace tabiya {

namespace {

constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;

Bitboard king_step(Bitboard b) {
  Bitboard sideways = b | shift<1>(b) | shift<-1>(b);
  return sideways | shift<8>(sideways) | shift<-8>(sideways);
}

Bitboard diagonal_step(Bitboard b) { return shift<7>(b) | shift<9>(b) | shift<-7>(b) | shift<-9>(b); }

// Squares reachable from `start` by repeated steps onto `passable` squares.
template <Bitboard (*Step)(Bitboard)>
Bitboard flood(Bitboard start, Bitboard passable) {
  Bitboard region = start;
  for (;;) {
    Bitboard grown = region | (Step(region) & passable);
    if (grown == region) return region;
    region = grown;
  }
}

}  // namespace

bool insufficient_material(const Position& pos, Color winner) {
  Color loser = ~winner;
  Bitboard winner_men = pos.pieces(winner) & ~pos.pieces(KING);
  if (!winner_men) return true;
  Bitboard loser_men = pos.pieces(loser) & ~pos.pieces(KING);
  if (!loser_men && !more_than_one(winner_men) && (winner_men & pos.pieces(KNIGHT, BISHOP))) return true;
  Bitboard all_men = winner_men | loser_men;
  if (all_men == pos.pieces(BISHOP)) {
    Bitboard bishops = pos.pieces(BISHOP);
    if (!(bishops & DARK_SQUARES) || !(bishops & ~DARK_SQUARES)) return true;
  }
  return false;
}

bool locked_pawns_unwinnable(const Position& pos, Color winner) {
  // A capture en passant is available right now: the structure is not locked.
  if (pos.en_passant() != SQ_NONE) return false;
  if (pos.pieces(KNIGHT, ROOK) | pos.pieces(QUEEN)) return false;
  Bitboard pawns = pos.pieces(PAWN);
  if (!pawns) return false;
  Bitboard white_pawns = pos.pieces(WHITE, PAWN), black_pawns = pos.pieces(BLACK, PAWN);
  // Every pawn must have a pawn (of either colour) directly in front of it; as
  // long as no capture ever happens, that holds for ever.
  if ((shift<8>(white_pawns) & ~pawns) || (shift<-8>(black_pawns) & ~pawns)) return false;

  Bitboard pawn_attacks_of[COLOR_NB] = {pawn_attacks<WHITE>(white_pawns), pawn_attacks<BLACK>(black_pawns)};
  Bitboard king_regions[COLOR_NB];
  Bitboard bishop_reach[COLOR_NB] = {0, 0};  // squares a side's bishops can ever attack
  for (Color c : {WHITE, BLACK}) {
    Color them = ~c;
    Bitboard their_pawns = pos.pieces(them, PAWN);
    // A pawn capture possible now (kings excepted: a king is never captured).
    if (pawn_attacks_of[c] & pos.pieces(them) & ~pos.pieces(KING)) return false;
    // Where c's king can ever stand: not on its own pawns, never on a square
    // their pawns attack. Reaching one of their pawns means it can be taken.
    Bitboard king = pos.pieces(c, KING);
    Bitboard region = flood<king_step>(king, ~pos.pieces(c, PAWN) & ~pawn_attacks_of[them]);
    if (region & their_pawns) return false;
    king_regions[c] = region;
    // Bishops slide through everything but pawns (other men can step aside).
    // A bishop that can take a pawn, or stand where a pawn takes it, could
    // change the structure.
    Bitboard bishops = pos.pieces(c, BISHOP);
    while (bishops) {
      Square s = pop_lsb(bishops);
      Bitboard reach = flood<diagonal_step>(square_bb(s), ~pawns);
      if ((diagonal_step(reach) & their_pawns) || (reach & pawn_attacks_of[them])) return false;
      Bitboard targets = reach;
      while (targets) bishop_reach[c] |= bishop_attacks(pop_lsb(targets), pawns);
    }
  }
  // Pawns never move again and kings never give check, so only winner's
  // bishops could, and they can never see a square the loser's king reaches.
  return !(bishop_reach[winner] & king_regions[~winner]);
}

}  // namespace tabiya
