// Static proofs that a side can never checkmate, whatever both sides play.
// Each test is a sufficient condition only: false means "not proven here",
// never "can mate". They cost a few bitboard operations, so the search engine
// and the server may call them after every move.
#pragma once

#include <cstdint>

#include "core/position.h"

namespace tabiya {

// True when the material alone makes a mate by `winner` impossible:
//  - winner has a bare king;
//  - winner has king and one knight or one bishop, loser a bare king;
//  - no pawns, knights, rooks or queens anywhere and every bishop of either
//    side on squares of one colour (a king in check from such bishops always
//    has a neighbouring square of the other colour that nothing can cover).
//  - winner has king and one knight or bishop, loser king and one queen (or,
//    against a bishop, one rook), and nothing else: no such position is mate;
//  - winner has king and bishops all on squares of one colour, loser no pawn,
//    no knight and no bishop on the other colour (rooks and queens only ever
//    block a flight next to the checking line, and can then break the check);
// K+B v K+B on opposite colours and K+N v K+N are not here: they can be mated
// with the loser's piece blocking its own king.
bool insufficient_material(const Position& pos, Color winner);

// What the frozen-structure argument proves about `winner`'s mating chances.
enum class FrozenStructure : uint8_t {
  MAY_MATE,          // not proven: the pawns may move, or a mate may be possible
  NEVER_CHECKS,      // pawns locked for ever and no winner's man ever attacks a square the loser's king reaches
  NO_MATING_SQUARE,  // pawns locked for ever; checks may come, but on every square the loser's king can be
                     // checked it keeps a flight no winner's man can attack and no loser's piece can fill
};

// The semi-static proof. Every statement is about supersets ("may"), so a
// negative answer is a proof:
//  - every pawn stands head-on against a pawn, there is no en passant square
//    and no castling right;
//  - where each piece may ever stand: the flood of its single steps (a
//    slider's line, one square at a time; a knight's jumps) over squares
//    without pawns, since other pieces can always step aside; where each king
//    may ever stand: the flood over squares that hold no own pawn and no enemy
//    pawn attacks;
//  - none of these floods holds a square an enemy pawn attacks or lets the
//    piece attack an enemy pawn, and no king's flood holds an enemy pawn: then
//    no pawn is ever captured or captures, so no pawn ever moves, and the
//    floods stay valid for ever (the induction that makes this a proof);
//  - a mate needs a square s of the loser king's flood that a winner's piece
//    may attack (kings and locked pawns never check) and every neighbour of s
//    in that flood attacked by a winner's man or filled by a loser's piece,
//    a different piece on each (matched square to piece).
FrozenStructure frozen_structure(const Position& pos, Color winner);

// True when frozen_structure() proves `winner` can never mate. (Pawn walls
// that kings, wrong-coloured bishops and trapped pieces face: the classic
// dead fortresses.)
inline bool locked_pawns_unwinnable(const Position& pos, Color winner) {
  return frozen_structure(pos, winner) != FrozenStructure::MAY_MATE;
}

// Either of the above. (The pawns-will-freeze proof, unwinnability_freezing.h,
// is tried once per query instead: at every search node it cost 5% of full
// mode's time on game endings and decided one more held-out query of 477.)
inline bool statically_unwinnable(const Position& pos, Color winner) {
  return insufficient_material(pos, winner) || locked_pawns_unwinnable(pos, winner);
}

}  // namespace tabiya
