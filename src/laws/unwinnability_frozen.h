// The squares where the frozen-structure proof (unwinnability_static.h) could
// not rule a mate out: the helpmate search drives the defending king there.
#pragma once

#include "core/position.h"
#include "laws/unwinnability_static.h"

namespace tabiya {

// frozen_structure(pos, winner), and when it answers MAY_MATE with the pawns
// locked, the squares of the loser king's region where a mate may be built
// (0 when the pawns may move: then nothing is known).
FrozenStructure frozen_structure_with_squares(const Position& pos, Color winner, Bitboard& mating_squares);

// With the pawns locked for ever (frozen_structure_with_squares gave mating
// squares), the squares from which a piece of type pt (knight, bishop, rook
// or queen) and colour c may still play a part in a mate on one of
// mating_squares: a winner's piece must one day attack a mating square or a
// flight next to one, a loser's piece must one day stand on such a flight.
// A piece only ever moves within its flood over the pawn-free squares (the
// flood is the same from every square of it), so a piece standing outside
// these squares can never take part in such a mate. (It may still stand in
// another piece's way: the search uses this to prune where it only looks
// for mates, never to prove that there is none.)
Bitboard frozen_part_squares(const Position& pos, Color winner, Bitboard mating_squares, Color c, PieceType pt);

}  // namespace tabiya
