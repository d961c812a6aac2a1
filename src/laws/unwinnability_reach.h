// Where every man may ever go, captures and promotions included: a proof for
// pawn structures that change (a king that may take a pawn, pawns that may
// capture into another locked structure) where the frozen and freezing
// proofs (unwinnability_static.h, unwinnability_freezing.h) ask that no pawn
// is ever captured.
#pragma once

#include "core/position.h"
#include "laws/unwinnability_static.h"

namespace tabiya {

// The same answers as frozen_structure() (NEVER_CHECKS, NO_MATING_SQUARE, or
// MAY_MATE when nothing is proven). Every statement is about supersets:
//  - each man (by the square it stands on now) gets the squares it may ever
//    stand on; a man is "fixed" while those are its own square alone and no
//    enemy man may ever move onto it (it is then there, and uncaptured, in
//    every position to come);
//  - a piece may step (a slider one square at a time, a knight a jump) onto
//    any square not held by a fixed man; a king also never onto a square a
//    fixed enemy man attacks; a pawn pushes onto squares not held by a fixed
//    man and captures onto squares an enemy man may stand on; a pawn that may
//    reach its last rank may become any piece, which may then go anywhere a
//    queen or knight steps;
//  - a pawn that never captures never passes a "calm" pawn ahead of it on
//    its file (one that never captures, is never taken and never promotes):
//    it stays behind that pawn's furthest square from it;
//  - the fixed men are the largest set consistent with the sets (men that
//    guard one another from the kings stay fixed together), and the sets
//    grow from the men's squares until nothing changes: they are then closed
//    under every legal move (the induction: the fixed men are still on their
//    squares, so no move passes through them), so they hold for ever;
//  - a mate needs a square s the loser's king may stand on that a winner's
//    man (not its king) may attack, with every neighbour of s attacked by a
//    winner's man or filled by a loser's man of its own (matched square to
//    man), the winner's king at least two squares from s covering its part.
// No castling rights: castling moves two men at once (the proof gives up).
FrozenStructure reachable_squares_structure(const Position& pos, Color winner);

// True when reachable_squares_structure() seldom proves anything: no pawn
// stands head-on against an enemy pawn (nothing holds the pawns for good), or
// a pawn has no man ahead of it on its file (it may promote, and the new piece
// may go anywhere). A few shifts, true on most real endings: the search and
// the root ask this first.
bool reach_proof_unlikely(const Position& pos);

}  // namespace tabiya
