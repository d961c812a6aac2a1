// Pawn structures that will freeze: pawns that may still advance, but only
// along their files until a pawn of the other colour stops them, and never
// capture. The frozen-structure proof (unwinnability_static.h) asks every pawn
// to be locked already; this one reasons over every future of the pawns at
// once, so a second row of pawns behind an interlocked chain, or pawns free to
// advance until blocked, are covered without playing the moves out.
#pragma once

#include "core/position.h"
#include "laws/unwinnability_static.h"

namespace tabiya {

// The same answers as frozen_structure() (NEVER_CHECKS, NO_MATING_SQUARE, or
// MAY_MATE when nothing is proven), with every statement about supersets:
//  - each pawn's future squares: its file from where it stands up to the
//    nearest man ahead of it that never moves (a pawn of the other colour, a
//    locked pawn, or a piece that never moves; an own pawn that may advance
//    stops it one square short of its own furthest square; nothing ahead: it
//    may promote, nothing is proven); a pawn whose future is its own square
//    is locked;
//  - pieces flood over every square but the locked pawns'; a piece whose
//    flood is its own square never moves and attacks the squares next to it
//    for ever, as locked pawns do; kings flood over the squares that hold no
//    own locked pawn and that the other side does not attack for ever;
//  - no pawn ever captures (no future square of one attacks a future square
//    of an enemy pawn or a square an enemy piece may reach), no piece or king
//    ever may reach or attack an enemy pawn's future square or a piece that
//    never moves: then no pawn and no such piece is ever captured, so the
//    futures and floods hold for ever (the induction);
//  - a mate needs a square of the loser king's flood that a winner's piece or
//    pawn may attack, each of whose free neighbours is attacked by a winner's
//    man, may hold one of the loser's pawns, or is filled by a loser's piece
//    of its own.
FrozenStructure freezing_structure(const Position& pos, Color winner);

}  // namespace tabiya
