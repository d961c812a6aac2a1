#include "laws/unwinnability_stalemate.h"

#include <algorithm>
#include <cstdlib>

#include "core/movegen.h"
#include "laws/unwinnability_steps.h"

namespace tabiya {

namespace {

int distance(Square a, Square b) {
  return std::max(std::abs(int(file_of(a)) - int(file_of(b))), std::abs(int(rank_of(a)) - int(rank_of(b))));
}

Bitboard pawn_attacks_of(Color c, Bitboard pawns) {
  return c == WHITE ? pawn_attacks<WHITE>(pawns) : pawn_attacks<BLACK>(pawns);
}

// Where the other side's pieces (not king, not pawns) may ever stand and
// attack while no pawn moves, and where its sliders of each kind may stand.
struct PieceReach {
  Bitboard stands = 0;
  Bitboard attacks = 0;
  Bitboard diagonal_sliders = 0;    // bishops and queens
  Bitboard orthogonal_sliders = 0;  // rooks and queens
};

PieceReach piece_reach(const Position& pos, Color side, Bitboard pawns) {
  PieceReach reach;
  Bitboard open = ~pawns;
  Bitboard men = pos.pieces(side) & ~pos.pieces(PAWN, KING);
  while (men) {
    Square s = pop_lsb(men);
    Bitboard start = square_bb(s), stands = 0, attacks = 0;
    switch (type_of(pos.piece_on(s))) {
      case KNIGHT:
        stands = steps::flood<steps::knight_step>(start, open);
        attacks = steps::knight_step(stands);
        break;
      case BISHOP:
        stands = steps::flood<steps::diagonal_step>(start, open);
        attacks = steps::diagonal_step(stands);
        reach.diagonal_sliders |= stands;
        break;
      case ROOK:
        stands = steps::flood<steps::orthogonal_step>(start, open);
        attacks = steps::orthogonal_step(stands);
        reach.orthogonal_sliders |= stands;
        break;
      default:  // a queen: a king's steps are its single steps
        stands = steps::flood<steps::king_step>(start, open);
        attacks = steps::king_step(stands);
        reach.diagonal_sliders |= stands;
        reach.orthogonal_sliders |= stands;
        break;
    }
    reach.stands |= stands;
    reach.attacks |= attacks;
  }
  return reach;
}

// Can the king stepping from `from` to `to` uncover a check on a king on k?
// Only when `from` is on a line to k with no pawn between, `to` is off that
// line, and a slider of the line's kind may stand beyond `from`.
bool may_uncover_check(Square k, Square from, Square to, Bitboard pawns, const PieceReach& sliders) {
  Bitboard through = line(k, from);
  if (!through || (through & square_bb(to))) return false;
  if (between(k, from) & ~square_bb(from) & pawns) return false;
  Bitboard beyond = 0;
  for (Bitboard b = through; b;) {
    Square s = pop_lsb(b);
    if (s != from && (between(k, s) & square_bb(from))) beyond |= square_bb(s);
  }
  bool diagonal = file_of(k) != file_of(from) && rank_of(k) != rank_of(from);
  return beyond & (diagonal ? sliders.diagonal_sliders : sliders.orthogonal_sliders);
}

bool mates_in_one(const Position& pos) {
  Position p = pos;
  for (Move m : legal_moves(pos)) {
    UndoInfo undo;
    p.do_move(m, undo);
    bool mate = is_checkmate(p);
    p.undo_move(m, undo);
    if (mate) return true;
  }
  return false;
}

// The proof of the header with `shut` as S. Assumes S has only king and pawns.
bool shut_in_proof(const Position& pos, Color shut, Color winner) {
  Color other = ~shut;
  Bitboard pawns = pos.pieces(PAWN);
  Bitboard shut_pawns = pos.pieces(shut, PAWN), other_pawns = pos.pieces(other, PAWN);
  Bitboard shut_pawn_attacks = pawn_attacks_of(shut, shut_pawns);
  Bitboard other_pawn_attacks = pawn_attacks_of(other, other_pawns);
  if ((shut_pawn_attacks & pos.pieces(other)) || (other_pawn_attacks & pos.pieces(shut))) return false;
  PieceReach pieces = piece_reach(pos, other, pawns);
  if ((pieces.stands & shut_pawn_attacks) || (pieces.attacks & shut_pawns)) return false;
  Bitboard shut_king = steps::flood<steps::king_step>(square_bb(pos.king_square(shut)),
                                                      ~shut_pawns & ~other_pawn_attacks & ~other_pawns);
  if (steps::king_step(shut_king) & other_pawns & ~other_pawn_attacks) return false;  // S's king may take one
  Bitboard other_king = steps::flood<steps::king_step>(square_bb(pos.king_square(other)),
                                                       ~other_pawns & ~shut_pawn_attacks & ~shut_pawns);

  // O's king taking an S pawn must stalemate S.
  Bitboard takeable = shut_pawns & ~shut_pawn_attacks & steps::king_step(other_king);
  while (takeable) {
    Square taken = pop_lsb(takeable);
    Bitboard pinned_in = shut_king & ~king_attacks(taken);
    while (pinned_in) {
      Square k = pop_lsb(pinned_in);
      if (king_attacks(k) & shut_king & ~king_attacks(taken)) return false;  // S's king keeps a move
      Bitboard from = king_attacks(taken) & other_king;
      while (from)
        if (may_uncover_check(k, pop_lsb(from), taken, pawns, pieces)) return false;
    }
  }
  if (winner == shut) return true;  // S's pawns never attack O's king

  if (pos.side_to_move() == other && mates_in_one(pos)) return false;
  Bitboard checkable = shut_king & pieces.attacks;
  while (checkable) {
    Square k = pop_lsb(checkable);
    Bitboard neighbours = king_attacks(k) & shut_king;
    // A flight only O's king can cover, from squares it can reach only by
    // a quiet step that gives no check: then no mate on k.
    bool held = false;
    for (Bitboard flights = neighbours & ~pieces.attacks; flights && !held;) {
      Square flight = pop_lsb(flights);
      held = true;
      Bitboard covers = king_attacks(flight) & other_king & ~king_attacks(k) & ~square_bb(k);
      while (covers && held) {
        Square cover = pop_lsb(covers);
        if (neighbours & ~king_attacks(cover)) held = false;  // S's king may come to k with O's king there
        for (Bitboard from = king_attacks(cover) & other_king; from && held;)
          if (may_uncover_check(k, pop_lsb(from), cover, pawns, pieces)) held = false;
      }
    }
    if (!held) return false;
  }
  return true;
}

}  // namespace

bool stalemate_lock_unwinnable(const Position& pos, Color winner) {
  Bitboard pawns = pos.pieces(PAWN);
  // Every pawn with a pawn right in front: rejects almost every real position at once.
  if ((shift<8>(pos.pieces(WHITE, PAWN)) & ~pawns) || (shift<-8>(pos.pieces(BLACK, PAWN)) & ~pawns)) return false;
  if (pos.castling_rooks() || pos.en_passant() != SQ_NONE || pos.in_check()) return false;
  Square white_king = pos.king_square(WHITE), black_king = pos.king_square(BLACK);
  if (distance(white_king, black_king) < 2) return false;
  Color waiting = ~pos.side_to_move();
  if (pos.attackers_to(pos.king_square(waiting), pos.pieces()) & pos.pieces(pos.side_to_move())) return false;
  for (Color shut : {WHITE, BLACK}) {
    if (!pos.pieces(shut, PAWN) || (pos.pieces(shut) & ~pos.pieces(PAWN, KING))) continue;
    if (shut_in_proof(pos, shut, winner)) return true;
  }
  return false;
}

}  // namespace tabiya
