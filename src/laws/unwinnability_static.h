// Static proofs that a side can never checkmate, whatever both sides play.
// Each test is a sufficient condition only: false means "not proven here",
// never "can mate". They cost a few bitboard operations, so the search engine
// and the server may call them after every move.
#pragma once

#include "core/position.h"

namespace tabiya {

// True when the material alone makes a mate by `winner` impossible:
//  - winner has a bare king;
//  - winner has king and one knight or one bishop, loser a bare king;
//  - no pawns, knights, rooks or queens anywhere and every bishop of either
//    side on squares of one colour (a king in check from such bishops always
//    has a neighbouring square of the other colour that nothing can cover).
// K+B v K+B on opposite colours and K+N v K+N are not here: they can be mated
// with the loser's piece blocking its own king.
bool insufficient_material(const Position& pos, Color winner);

// True when the pawns are locked for ever and `winner` can never give check:
// every pawn is blocked by a pawn in front of it, no king or bishop can ever
// reach a square from which it captures a pawn or is captured by one, there
// are no knights, rooks or queens, and no square the loser's king can reach
// is ever attacked by one of winner's bishops. (Pawn walls that only kings
// and wrong-coloured bishops face: the classic dead fortresses.)
bool locked_pawns_unwinnable(const Position& pos, Color winner);

// Either of the above.
inline bool statically_unwinnable(const Position& pos, Color winner) {
  return insufficient_material(pos, winner) || locked_pawns_unwinnable(pos, winner);
}

}  // namespace tabiya
