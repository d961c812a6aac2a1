#include "notation/plain_san.h"

namespace tabiya {

namespace {

// Can the side to move play from -> to with a piece other than the king,
// given the checks and pins of the position (en passant aside)?
bool keeps_king_safe(const Position& pos, Square from, Square to) {
  const Square king = pos.king_square(pos.side_to_move());
  if (const Bitboard checkers = pos.checkers()) {
    if (more_than_one(checkers)) return false;                          // double check: only the king moves
    if (!(between(king, lsb(checkers)) & square_bb(to))) return false;  // neither captures nor blocks
  }
  return !(pos.pinned() & square_bb(from)) || aligned(king, from, to);
}

void add_pawn_move(const Position& pos, Square from, Square to, MoveList& out) {
  if (!keeps_king_safe(pos, from, to)) return;
  if (relative_rank(pos.side_to_move(), to) == RANK_8) {
    for (PieceType promo : {QUEEN, ROOK, BISHOP, KNIGHT}) out.add(Move::make(MoveKind::PROMOTION, from, to, promo));
  } else {
    out.add(Move(from, to));
  }
}

PieceType piece_of_letter(char c) {
  switch (c) {
    case 'N':
      return KNIGHT;
    case 'B':
      return BISHOP;
    case 'R':
      return ROOK;
    case 'Q':
      return QUEEN;
    case 'K':
      return KING;
    default:
      return NO_PIECE_TYPE;
  }
}

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

}  // namespace

void legal_moves_to(const Position& pos, PieceType pt, Square to, MoveList& out) {
  const Color us = pos.side_to_move(), them = ~us;
  const Bitboard occupied = pos.pieces();
  if (pos.pieces(us) & square_bb(to)) return;
  if (pt == KING) {
    const Square king = pos.king_square(us);
    // The king may not stand where an enemy attacks, itself no longer blocking a slider.
    if ((king_attacks(king) & square_bb(to)) && !pos.attacked_by(them, to, occupied ^ square_bb(king)))
      out.add(Move(king, to));
    return;
  }
  if (pt == PAWN) {
    const Bitboard pawns = pos.pieces(us, PAWN);
    if (pos.empty(to)) {
      const Square one = Square(int(to) - pawn_push(us));
      if (relative_rank(us, to) >= RANK_2 && (pawns & square_bb(one))) {
        add_pawn_move(pos, one, to, out);
      } else if (relative_rank(us, to) == RANK_4 && pos.empty(one)) {
        const Square two = Square(int(one) - pawn_push(us));
        if (pawns & square_bb(two)) add_pawn_move(pos, two, to, out);
      }
      if (to == pos.en_passant()) {
        for (Bitboard b = pawn_attacks(them, to) & pawns; b;) {
          const Square from = pop_lsb(b);
          if (pos.en_passant_legal(from, to)) out.add(Move::make(MoveKind::EN_PASSANT, from, to));
        }
      }
    } else {
      for (Bitboard b = pawn_attacks(them, to) & pawns; b;) add_pawn_move(pos, pop_lsb(b), to, out);
    }
    return;
  }
  for (Bitboard b = piece_attacks(pt, to, occupied) & pos.pieces(us, pt); b;) {
    const Square from = pop_lsb(b);
    if (keeps_king_safe(pos, from, to)) out.add(Move(from, to));
  }
}

bool is_legal_move(const Position& pos, Move m) {
  if (m.kind() == MoveKind::CASTLING) return legal_moves(pos).contains(m);
  const Piece piece = pos.piece_on(m.from());
  if (piece == NO_PIECE || color_of(piece) != pos.side_to_move()) return false;
  MoveList moves;
  legal_moves_to(pos, type_of(piece), m.to(), moves);
  return moves.contains(m);
}

bool has_legal_move(const Position& pos) {
  const Color us = pos.side_to_move(), them = ~us;
  const Square king = pos.king_square(us);
  const Bitboard without_king = pos.pieces() ^ square_bb(king);
  for (Bitboard b = king_attacks(king) & ~pos.pieces(us); b;)
    if (!pos.attacked_by(them, pop_lsb(b), without_king)) return true;
  if (!pos.in_check()) {
    // A knight that is not pinned can go to any square it attacks that its side does not hold.
    for (Bitboard b = pos.pieces(us, KNIGHT) & ~pos.pinned(); b;)
      if (knight_attacks(pop_lsb(b)) & ~pos.pieces(us)) return true;
  }
  return count_legal(pos) > 0;
}

std::optional<Move> read_plain_san(const Position& pos, std::string_view text) {
  if (!text.empty() && (text.back() == '+' || text.back() == '#')) text.remove_suffix(1);
  if (text.size() < 2 || text.size() > 7) return std::nullopt;
  std::size_t i = 0;
  PieceType piece = piece_of_letter(text[0]);
  if (piece != NO_PIECE_TYPE) ++i;
  else piece = PAWN;
  // The promotion piece at the end: e8=Q or e8Q.
  std::size_t end = text.size();
  PieceType promotion = piece_of_letter(text[end - 1]);
  if (promotion != NO_PIECE_TYPE) {
    if (promotion == KING || piece != PAWN) return std::nullopt;
    --end;
    if (end > i && text[end - 1] == '=') --end;
  }
  if (end < i + 2 || !is_file(text[end - 2]) || !is_rank(text[end - 1])) return std::nullopt;
  const Square to = make_square(File(text[end - 2] - 'a'), Rank(text[end - 1] - '1'));
  int from_file = -1, from_rank = -1;
  std::size_t middle_end = end - 2;
  if (i < middle_end && is_file(text[i])) from_file = text[i++] - 'a';
  if (i < middle_end && is_rank(text[i])) from_rank = text[i++] - '1';
  const bool capture = i < middle_end && text[i] == 'x';
  if (capture) ++i;
  if (i != middle_end) return std::nullopt;
  // What the general reader refuses or reads as something else.
  if (piece == PAWN && from_file < 0 && (capture || from_rank >= 0)) return std::nullopt;
  if (from_file >= 0 && from_rank >= 0 && (piece == KING || piece == PAWN)) return std::nullopt;  // e1g1, e2e4
  MoveList moves;
  legal_moves_to(pos, piece, to, moves);
  std::optional<Move> found;
  for (Move m : moves) {
    if (from_file >= 0 && int(file_of(m.from())) != from_file) continue;
    if (from_rank >= 0 && int(rank_of(m.from())) != from_rank) continue;
    if (promotion != NO_PIECE_TYPE && (m.kind() != MoveKind::PROMOTION || m.promotion() != promotion)) continue;
    if (promotion == NO_PIECE_TYPE && m.kind() == MoveKind::PROMOTION) return std::nullopt;  // which piece?
    if (found) return std::nullopt;                                                          // ambiguous
    found = m;
  }
  return found;
}

}  // namespace tabiya
