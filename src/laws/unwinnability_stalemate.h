// A proof for a king shut in a pocket behind locked pawns, where the only
// ways to change the structure (the other king taking one of its pawns) or to
// take away the pocket's last flight square leave the shut-in side without a
// legal move: the game ends in stalemate (Laws of Chess, 2018, Art. 5.2.1)
// before any mate, so the position is dead for the mate the query asks about
// (Art. 5.2.2, 9.6.2).
#pragma once

#include "core/position.h"

namespace tabiya {

// True when `winner` can never mate because of the stalemate lock below.
// False means "not proven here". The proof (each step a superset, so the
// conclusion holds in every position reachable from pos):
//
// Preconditions, or the answer is false: one side S ("shut in") has only its
// king and pawns; the other side is O. No castling right, no en passant
// square, nobody in check, kings apart. Every pawn of either colour has a
// pawn right in front of it. No pawn attacks an enemy man.
//
// Invariant: every pawn stays on its square. Floods over squares without
// pawns: each O piece (single steps of its kind, a knight's jumps) stands
// only on its reach and attacks only its reach's neighbours in its step;
// S's king stays in R_S (no S pawn, no square an O pawn attacks, no O pawn);
// O's king stays in R_O (no O pawn, no square an S pawn attacks, no S pawn).
// The invariant holds from move to move while:
//  - no pawn can push (a pawn stands in front of each, and stays);
//  - no O piece's reach holds a square an S pawn attacks, and no O piece
//    attacks an S pawn square (S pawns capture nothing, O pieces take no
//    S pawn); no pawn attacks an enemy man now, and kings are never taken;
//  - every O pawn next to R_S is guarded by an O pawn (S's king takes none);
//  - O's king takes an S pawn p (one next to R_O and guarded by no S pawn)
//    only in a stalemate: for every square k of R_S not next to p, every
//    neighbour of k in R_S is next to p (S's king has no move once O's king
//    stands on p; S's pawns still have none: the pawn behind p is blocked by
//    O's king, and S pawns capture nothing), and the king's step onto p
//    cannot uncover a check (no O slider may stand on the line through k and
//    the square it left, beyond that square, with no pawn between). The game
//    then ends (Art. 5.2.1): nothing after it matters.
//
// Mate by S: S checks only with its pawns, and O's king never stands where
// they attack. Never.
// Mate by O, with S's king on k in R_S: k must be attackable by an O piece
// (O pawns attack no square of R_S, kings never check). Then some flight f
// of k (a neighbour in R_S) that no O piece can attack must be covered by
// O's king, from a square a of R_O next to f and not next to k. If, for every
// such a,
//  - every neighbour of k in R_S is next to a: S's king came to k from such a
//    square (it is S's only mobile man); had O's king stood on a already, the
//    position before S's move was illegal, so O's mating move is a king move
//    to a; and
//  - no step of O's king onto a can uncover a check on k (as above): a king
//    move gives check only by uncovering one,
// then no mate on k. A mate in one from the given position, when O is to move
// (no position before it), is ruled out by trying every legal move.
bool stalemate_lock_unwinnable(const Position& pos, Color winner);

}  // namespace tabiya
