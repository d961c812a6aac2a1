#include "laws/unwinnability_static.h"

#include <array>
#include <cstddef>

#include "laws/unwinnability_frozen.h"
#include "laws/unwinnability_steps.h"

namespace tabiya {

using namespace steps;

namespace {

constexpr Bitboard DARK_SQUARES = 0xAA55AA55AA55AA55ULL;

}  // namespace

bool insufficient_material(const Position& pos, Color winner) {
  Color loser = ~winner;
  Bitboard winner_men = pos.pieces(winner) & ~pos.pieces(KING);
  if (!winner_men) return true;
  Bitboard loser_men = pos.pieces(loser) & ~pos.pieces(KING);
  if (!loser_men && !more_than_one(winner_men) && (winner_men & pos.pieces(KNIGHT, BISHOP))) return true;
  // A lone knight or bishop against a lone queen, or a lone bishop against a
  // lone rook, with no pawn left to promote: no position with this material
  // is a mate by the minor's side (the loser's one piece must fill the last
  // flight, and from there it always takes the checking minor or the check
  // leaves two flights; dead_position_census_test.cpp counts every
  // placement), and the material only shrinks. So a pawn that promoted to a
  // queen where only a knight would have let the other side mate loses that
  // side every mating chance.
  if (!more_than_one(winner_men) && loser_men && !more_than_one(loser_men) &&
      (winner_men & pos.pieces(KNIGHT, BISHOP))) {
    if (loser_men & pos.pieces(QUEEN)) return true;
    if ((winner_men & pos.pieces(BISHOP)) && (loser_men & pos.pieces(ROOK))) return true;
  }
  Bitboard all_men = winner_men | loser_men;
  if (all_men == pos.pieces(BISHOP)) {
    Bitboard bishops = pos.pieces(BISHOP);
    if (!(bishops & DARK_SQUARES) || !(bishops & ~DARK_SQUARES)) return true;
  }
  // Winner's bishops all on one colour, and the loser has no pawn, no knight
  // and no bishop of the other colour. A bishop's check (the only kind; two
  // such bishops never give double check, as a bishop cannot discover another
  // one's check) runs through a diagonal neighbour d of the king; the two
  // squares next to both the king and d are of the other colour, so only the
  // winner's king may cover them, and it covers at most one (it cannot stand
  // on d). The other must hold a loser's piece, which can only be a rook or a
  // queen: it takes the bishop on d or steps between (it cannot be pinned,
  // the winner having no rook or queen). So no position is mate, and the
  // material only shrinks.
  if (winner_men == pos.pieces(winner, BISHOP) && !pos.pieces(loser, PAWN) && !pos.pieces(loser, KNIGHT)) {
    Bitboard colour = (winner_men & DARK_SQUARES) ? DARK_SQUARES : ~DARK_SQUARES;
    if (!(winner_men & ~colour) && !(pos.pieces(loser, BISHOP) & ~colour)) return true;
  }
  return false;
}

FrozenStructure frozen_structure(const Position& pos, Color winner) {
  Bitboard unused;
  return frozen_structure_with_squares(pos, winner, unused);
}

FrozenStructure frozen_structure_with_squares(const Position& pos, Color winner, Bitboard& mating_squares) {
  constexpr FrozenStructure MAY = FrozenStructure::MAY_MATE;
  mating_squares = 0;
  if (pos.en_passant() != SQ_NONE || pos.castling_rooks()) return MAY;
  Bitboard pawns = pos.pieces(PAWN);
  if (!pawns) return MAY;
  Bitboard white_pawns = pos.pieces(WHITE, PAWN), black_pawns = pos.pieces(BLACK, PAWN);
  // Every pawn must have a pawn (of either colour) directly in front of it; as
  // long as no capture ever happens, that holds for ever.
  if ((shift<8>(white_pawns) & ~pawns) || (shift<-8>(black_pawns) & ~pawns)) return MAY;

  Bitboard pawn_attacks_of[COLOR_NB] = {pawn_attacks<WHITE>(white_pawns), pawn_attacks<BLACK>(black_pawns)};
  Bitboard king_region[COLOR_NB];                // where each king may ever stand
  Bitboard piece_attacks_of[COLOR_NB] = {0, 0};  // what each side's pieces (kings, pawns excepted) may ever attack
  Bitboard piece_squares[COLOR_NB] = {0, 0};     // where each side's pieces (kings excepted) may ever stand
  // Where each of the loser's pieces may ever stand, one entry per piece.
  std::array<Bitboard, 16> loser_reach{};
  std::size_t loser_pieces = 0;
  for (Color c : {WHITE, BLACK}) {
    Color them = ~c;
    Bitboard their_pawns = pos.pieces(them, PAWN);
    // A pawn capture possible now, or a pawn giving check now.
    if (pawn_attacks_of[c] & pos.pieces(them)) return MAY;
    Bitboard region = flood<king_step>(pos.pieces(c, KING), ~pos.pieces(c, PAWN) & ~pawn_attacks_of[them]);
    if (region & their_pawns) return MAY;  // a pawn the king may take
    king_region[c] = region;
    Bitboard men = pos.pieces(c) & ~pos.pieces(PAWN, KING);
    while (men) {
      Square s = pop_lsb(men);
      Bitboard reach = 0, attacks = 0;
      switch (type_of(pos.piece_on(s))) {
        case KNIGHT:
          reach = flood<knight_step>(square_bb(s), ~pawns);
          attacks = knight_step(reach);
          break;
        case BISHOP:
          reach = flood<diagonal_step>(square_bb(s), ~pawns);
          attacks = diagonal_step(reach);
          break;
        case ROOK:
          reach = flood<orthogonal_step>(square_bb(s), ~pawns);
          attacks = orthogonal_step(reach);
          break;
        default:
          reach = flood<king_step>(square_bb(s), ~pawns);
          attacks = king_step(reach);
          break;
      }
      // It may stand where a pawn takes it, or take a pawn: the structure may change.
      if ((reach & pawn_attacks_of[them]) || (attacks & their_pawns)) return MAY;
      piece_squares[c] |= reach;
      piece_attacks_of[c] |= attacks;
      if (c != winner && loser_pieces < loser_reach.size()) loser_reach[loser_pieces++] = reach;
    }
  }
  Color loser = ~winner;
  Bitboard checks = king_region[loser] & piece_attacks_of[winner];
  if (!checks) return FrozenStructure::NEVER_CHECKS;
  Bitboard covered = piece_attacks_of[winner] | king_step(king_region[winner]) | pawn_attacks_of[winner];
  // More than 16 pieces cannot happen in a legal position with pawns on the
  // board; if it did, every piece is assumed to fill every square it reaches.
  bool counted = std::size_t(popcount(pos.pieces(loser) & ~pos.pieces(PAWN, KING))) == loser_pieces;
  while (checks) {
    Square s = pop_lsb(checks);
    // The flights nothing of the winner's may attack: each needs a loser's piece of its own on it.
    Bitboard open = king_attacks(s) & king_region[loser] & ~covered;
    if (!(open & ~piece_squares[loser]) && (!counted || fills_each(open, loser_reach.data(), loser_pieces, 0)))
      mating_squares |= square_bb(s);  // s may be a mating square
  }
  return mating_squares ? MAY : FrozenStructure::NO_MATING_SQUARE;
}

Bitboard frozen_part_squares(const Position& pos, Color winner, Bitboard mating_squares, Color c, PieceType pt) {
  Bitboard pawns = pos.pieces(PAWN);
  Bitboard near = king_step(mating_squares) & ~pawns;  // the mating squares and their flights
  Bitboard flights = near & ~mating_squares;
  Bitboard useful = 0, seen = pawns;
  while (~seen) {
    Square s = lsb(~seen);
    Bitboard component = 0, attacks = 0;
    switch (pt) {
      case KNIGHT:
        component = flood<knight_step>(square_bb(s), ~pawns);
        attacks = knight_step(component);
        break;
      case BISHOP:
        component = flood<diagonal_step>(square_bb(s), ~pawns);
        attacks = diagonal_step(component);
        break;
      case ROOK:
        component = flood<orthogonal_step>(square_bb(s), ~pawns);
        attacks = orthogonal_step(component);
        break;
      default:  // a queen steps like a king
        component = flood<king_step>(square_bb(s), ~pawns);
        attacks = king_step(component);
        break;
    }
    seen |= component;
    // Slider attacks are unions of single steps within the flood plus one
    // step out of it, so `attacks` is a superset of what the piece may attack.
    if (c == winner ? (attacks & near) : (component & flights)) useful |= component;
  }
  return useful;
}

}  // namespace tabiya
