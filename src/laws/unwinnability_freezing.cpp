#include "laws/unwinnability_freezing.h"

#include <array>
#include <cstddef>

#include "laws/unwinnability_steps.h"

namespace tabiya {

using namespace steps;

namespace {

// Every square on or below (above) a square of b, file by file.
Bitboard fill_down(Bitboard b) {
  b |= b >> 8;
  b |= b >> 16;
  return b | (b >> 32);
}
Bitboard fill_up(Bitboard b) {
  b |= b << 8;
  b |= b << 16;
  return b | (b << 32);
}

// Squares strictly above / below s on its file.
Bitboard above(Square s) { return file_bb(s) & ~((Bitboard(2) << s) - 1); }
Bitboard below(Square s) { return file_bb(s) & ((Bitboard(1) << s) - 1); }

// Every square each colour's pawns may ever stand on, and the locked pawns
// (those that never leave their square), given the men that never leave
// theirs (`stoppers`: the pawns, and pieces found unable to move). A pawn
// never passes the man in front of it on its file: a stopper stops it one
// square short, a pawn of its own colour one square short of that pawn's own
// furthest square. Returns false when a pawn has no stopper ahead of it (it
// may promote; its future then runs to the last rank).
bool pawn_futures(const Position& pos, Bitboard stoppers, Bitboard future[COLOR_NB], Bitboard& locked) {
  Bitboard white = pos.pieces(WHITE, PAWN), black = pos.pieces(BLACK, PAWN);
  future[WHITE] = future[BLACK] = locked = 0;
  bool bounded = true;
  std::array<Square, SQUARE_NB> furthest{};
  // White pawns from the top down, so the pawn ahead is settled first.
  for (Bitboard b = white; b;) {
    Square s = msb(b);
    b ^= square_bb(s);
    Bitboard ahead = stoppers & above(s);
    Square last = msb(file_bb(s));
    if (ahead) {
      Square next = lsb(ahead);
      last = Square((white & square_bb(next) ? furthest[next] : next) - 8);
    } else {
      bounded = false;
    }
    furthest[s] = last;
    future[WHITE] |= (square_bb(s) | above(s)) & (below(last) | square_bb(last));
    if (last == s) locked |= square_bb(s);
  }
  // Black pawns from the bottom up.
  for (Bitboard b = black; b;) {
    Square s = pop_lsb(b);
    Bitboard ahead = stoppers & below(s);
    Square last = lsb(file_bb(s));
    if (ahead) {
      Square next = msb(ahead);
      last = Square((black & square_bb(next) ? furthest[next] : next) + 8);
    } else {
      bounded = false;
    }
    furthest[s] = last;
    future[BLACK] |= (square_bb(s) | below(s)) & (above(last) | square_bb(last));
    if (last == s) locked |= square_bb(s);
  }
  return bounded;
}

// Where a piece of type pt on s may ever stand, and what it may attack, when
// only the `locked` squares are closed to it.
void piece_flood(PieceType pt, Square s, Bitboard locked, Bitboard& reach, Bitboard& attacks) {
  switch (pt) {
    case KNIGHT:
      reach = flood<knight_step>(square_bb(s), ~locked);
      attacks = knight_step(reach);
      break;
    case BISHOP:
      reach = flood<diagonal_step>(square_bb(s), ~locked);
      attacks = diagonal_step(reach);
      break;
    case ROOK:
      reach = flood<orthogonal_step>(square_bb(s), ~locked);
      attacks = orthogonal_step(reach);
      break;
    default:
      reach = flood<king_step>(square_bb(s), ~locked);
      attacks = king_step(reach);
      break;
  }
}

// The pieces (kings aside) that can never leave their square: every step
// leads onto a locked pawn or off the board.
Bitboard immobile_pieces(const Position& pos, Bitboard locked) {
  Bitboard result = 0;
  for (Bitboard men = pos.pieces() & ~pos.pieces(PAWN, KING); men;) {
    Square s = pop_lsb(men);
    Bitboard reach, attacks;
    piece_flood(type_of(pos.piece_on(s)), s, locked, reach, attacks);
    if (reach == square_bb(s)) result |= reach;
  }
  return result;
}

}  // namespace

FrozenStructure freezing_structure(const Position& pos, Color winner) {
  constexpr FrozenStructure MAY = FrozenStructure::MAY_MATE;
  if (pos.en_passant() != SQ_NONE || pos.castling_rooks() || !pos.pieces(PAWN)) return MAY;
  // A pawn with no man ahead of it (the common case in real endings) may
  // promote: whole-board fills settle that at once.
  Bitboard pawns = pos.pieces(PAWN), men = pos.pieces() & ~pos.pieces(KING);
  if ((pos.pieces(WHITE, PAWN) & ~fill_down(men >> 8)) || (pos.pieces(BLACK, PAWN) & ~fill_up(men << 8))) return MAY;
  // Pawns locked by pawns leave some pieces no move; those stop pawns in
  // turn, which may lock more pawns: repeat while the stoppers grow.
  Bitboard future[COLOR_NB], locked, stoppers = pawns;
  for (;;) {
    bool bounded = pawn_futures(pos, stoppers, future, locked);
    Bitboard more = stoppers | immobile_pieces(pos, locked);
    if (more == stoppers) {
      if (!bounded) return MAY;
      break;
    }
    stoppers = more;
  }
  Bitboard future_attacks[COLOR_NB] = {pawn_attacks<WHITE>(future[WHITE]), pawn_attacks<BLACK>(future[BLACK])};
  // A pawn that may one day attack a square an enemy pawn may stand on may capture.
  if ((future_attacks[WHITE] & future[BLACK]) || (future_attacks[BLACK] & future[WHITE])) return MAY;
  Bitboard locked_attacks[COLOR_NB] = {pawn_attacks<WHITE>(locked & pos.pieces(WHITE)),
                                       pawn_attacks<BLACK>(locked & pos.pieces(BLACK))};

  Bitboard piece_attacks_of[COLOR_NB] = {0, 0};
  Bitboard piece_squares[COLOR_NB] = {0, 0};
  // Squares a side attacks in every position to come: those of its locked
  // pawns and of its pieces that can never move (a bishop hemmed in by
  // locked pawns), for these only ever attack the squares next to them.
  Bitboard guarded[COLOR_NB] = {locked_attacks[WHITE], locked_attacks[BLACK]};
  Bitboard immobile[COLOR_NB] = {0, 0};
  std::array<Bitboard, 16> loser_reach{};
  std::size_t loser_pieces = 0;
  for (Color c : {WHITE, BLACK}) {
    Color them = ~c;
    Bitboard men = pos.pieces(c) & ~pos.pieces(PAWN, KING);
    while (men) {
      Square s = pop_lsb(men);
      Bitboard reach, attacks;
      piece_flood(type_of(pos.piece_on(s)), s, locked, reach, attacks);
      // It may stand where a pawn may take it, or may take a pawn.
      if ((reach & future_attacks[them]) || (attacks & future[them])) return MAY;
      piece_squares[c] |= reach;
      piece_attacks_of[c] |= attacks;
      if (reach == square_bb(s)) {
        immobile[c] |= reach;
        guarded[c] |= attacks;
      }
      if (c != winner && loser_pieces < loser_reach.size()) loser_reach[loser_pieces++] = reach;
    }
  }
  Bitboard king_region[COLOR_NB];
  for (Color c : {WHITE, BLACK}) {
    Color them = ~c;
    Bitboard region = flood<king_step>(pos.pieces(c, KING), ~(locked & pos.pieces(c)) & ~guarded[them]);
    if (region & future[them]) return MAY;  // the king may take a pawn
    // A guard that may be taken may not guard for ever.
    if ((region | piece_attacks_of[c]) & immobile[them]) return MAY;
    king_region[c] = region;
  }
  Color loser = ~winner;
  Bitboard hits = piece_attacks_of[winner] | future_attacks[winner];
  Bitboard checks = king_region[loser] & hits;
  if (!checks) return FrozenStructure::NEVER_CHECKS;
  Bitboard covered = hits | king_step(king_region[winner]);
  bool counted = std::size_t(popcount(pos.pieces(loser) & ~pos.pieces(PAWN, KING))) == loser_pieces;
  while (checks) {
    Square s = pop_lsb(checks);
    // Flights a loser's pawn may stand on count as filled; the rest each need a loser's piece.
    Bitboard open = king_attacks(s) & king_region[loser] & ~covered & ~future[loser];
    if (!(open & ~piece_squares[loser]) && (!counted || fills_each(open, loser_reach.data(), loser_pieces, 0)))
      return MAY;  // s may be a mating square
  }
  return FrozenStructure::NO_MATING_SQUARE;
}

}  // namespace tabiya
