#include "core/position.h"

#include "core/fen.h"
#include "core/movegen.h"

namespace tabiya {

Position Position::startpos() {
  // The start FEN is a constant known to be valid.
  return parse_fen(START_FEN).value();
}

void Position::put_piece(Piece p, Square s) {
  board_[s] = p;
  by_type_[type_of(p)] |= square_bb(s);
  by_color_[color_of(p)] |= square_bb(s);
}

void Position::remove_piece(Square s) {
  Piece p = board_[s];
  by_type_[type_of(p)] ^= square_bb(s);
  by_color_[color_of(p)] ^= square_bb(s);
  board_[s] = NO_PIECE;
}

void Position::move_piece(Square from, Square to) {
  Piece p = board_[from];
  Bitboard both = square_bb(from) | square_bb(to);
  by_type_[type_of(p)] ^= both;
  by_color_[color_of(p)] ^= both;
  board_[from] = NO_PIECE;
  board_[to] = p;
}

Square Position::castling_king_to(Color c, Square king, Square rook) {
  return relative_square(c, rook > king ? SQ_G1 : SQ_C1);
}

Square Position::castling_rook_to(Color c, Square king, Square rook) {
  return relative_square(c, rook > king ? SQ_F1 : SQ_D1);
}

void Position::update_check_info() { find_checks_and_pins(side_, checkers_, pinned_); }

bool Position::any_legal_en_passant(Square ep) const {
  Bitboard capturers = pawn_attacks(~side_, ep) & pieces(side_, PAWN);
  while (capturers)
    if (en_passant_legal(pop_lsb(capturers), ep)) return true;
  return false;
}

void Position::finish_setup() {
  for (Color c : {WHITE, BLACK}) {
    Square ksq = king_square(c);
    for (CastlingSide side : {KING_SIDE, QUEEN_SIDE}) {
      castle_rook_[c][side] = SQ_NONE;
      castle_empty_[c][side] = castle_king_path_[c][side] = 0;
    }
    Bitboard rooks = castling_rooks_ & pieces(c, ROOK) & rank_bb(relative_rank(c, RANK_1));
    while (rooks) {
      Square rsq = pop_lsb(rooks);
      CastlingSide side = rsq > ksq ? KING_SIDE : QUEEN_SIDE;
      Square kto = castling_king_to(c, ksq, rsq), rto = castling_rook_to(c, ksq, rsq);
      castle_rook_[c][side] = rsq;
      castle_empty_[c][side] =
          (between(ksq, kto) | between(rsq, rto) | square_bb(kto) | square_bb(rto)) & ~square_bb(ksq) & ~square_bb(rsq);
      castle_king_path_[c][side] = between(ksq, kto) | square_bb(ksq);
    }
  }
  update_check_info();
  if (en_passant_ != SQ_NONE && !any_legal_en_passant(en_passant_)) en_passant_ = SQ_NONE;
  key_ = compute_key();
}

Key Position::compute_key() const {
  Key k = 0;
  for (int s = 0; s < 64; ++s)
    if (board_[s] != NO_PIECE) k ^= zobrist::piece_square(board_[s], Square(s));
  for (Bitboard b = castling_rooks_; b;) k ^= zobrist::castling_rook(pop_lsb(b));
  if (en_passant_ != SQ_NONE) k ^= zobrist::en_passant(file_of(en_passant_));
  if (side_ == BLACK) k ^= zobrist::black_to_move();
  return k;
}

bool Position::is_capture(Move m) const {
  return m.kind() == MoveKind::EN_PASSANT || (m.kind() != MoveKind::CASTLING && !empty(m.to()));
}

bool Position::is_legal(Move m) const { return legal_moves(*this).contains(m); }

void Position::save_state(UndoInfo& undo) const {
  undo.key = key_;
  undo.castling_rooks = castling_rooks_;
  undo.checkers = checkers_;
  undo.pinned = pinned_;
  undo.en_passant = en_passant_;
  undo.halfmove_clock = halfmove_clock_;
  undo.fullmove_number = uint16_t(fullmove_number_);
  undo.captured = NO_PIECE;
}

void Position::restore_state(const UndoInfo& undo) {
  key_ = undo.key;
  castling_rooks_ = undo.castling_rooks;
  checkers_ = undo.checkers;
  pinned_ = undo.pinned;
  en_passant_ = undo.en_passant;
  halfmove_clock_ = undo.halfmove_clock;
  fullmove_number_ = undo.fullmove_number;
}

void Position::do_move(Move m, UndoInfo& undo) {
  save_state(undo);

  Color us = side_, them = ~us;
  Square from = m.from(), to = m.to();
  Piece moving = board_[from];
  Key k = key_ ^ zobrist::black_to_move();
  if (en_passant_ != SQ_NONE) {
    k ^= zobrist::en_passant(file_of(en_passant_));
    en_passant_ = SQ_NONE;
  }
  if (halfmove_clock_ < MAX_HALFMOVE_CLOCK) ++halfmove_clock_;

  switch (m.kind()) {
    case MoveKind::CASTLING: {
      Square kto = castling_king_to(us, from, to), rto = castling_rook_to(us, from, to);
      Piece rook = board_[to];
      remove_piece(from);
      remove_piece(to);
      put_piece(moving, kto);
      put_piece(rook, rto);
      k ^= zobrist::piece_square(moving, from) ^ zobrist::piece_square(moving, kto) ^ zobrist::piece_square(rook, to) ^
           zobrist::piece_square(rook, rto);
      break;
    }
    case MoveKind::EN_PASSANT: {
      Square captured = Square(to - pawn_push(us));
      undo.captured = board_[captured];
      remove_piece(captured);
      move_piece(from, to);
      k ^= zobrist::piece_square(undo.captured, captured) ^ zobrist::piece_square(moving, from) ^
           zobrist::piece_square(moving, to);
      halfmove_clock_ = 0;
      break;
    }
    default: {
      if (board_[to] != NO_PIECE) {
        undo.captured = board_[to];
        k ^= zobrist::piece_square(undo.captured, to);
        remove_piece(to);
        halfmove_clock_ = 0;
      }
      move_piece(from, to);
      k ^= zobrist::piece_square(moving, from) ^ zobrist::piece_square(moving, to);
      if (type_of(moving) == PAWN) {
        halfmove_clock_ = 0;
        if (m.kind() == MoveKind::PROMOTION) {
          Piece promoted = make_piece(us, m.promotion());
          remove_piece(to);
          put_piece(promoted, to);
          k ^= zobrist::piece_square(moving, to) ^ zobrist::piece_square(promoted, to);
        } else if ((int(to) ^ int(from)) == 16) {
          // Remember the square only if the opponent may capture there; the
          // full legality test runs after the position is updated.
          Square ep = Square((from + to) / 2);
          if (pawn_attacks(us, ep) & pieces(them, PAWN)) en_passant_ = ep;
        }
      }
    }
  }

  // Castling rights go when the king moves or a castling rook moves or is captured.
  if (castling_rooks_) {
    Bitboard lost = castling_rooks_ & (square_bb(from) | square_bb(to));
    if (type_of(moving) == KING) lost |= castling_rooks_ & rank_bb(relative_rank(us, RANK_1));
    castling_rooks_ ^= lost;
    while (lost) k ^= zobrist::castling_rook(pop_lsb(lost));
  }

  side_ = them;
  if (us == BLACK && fullmove_number_ < MAX_FULLMOVE_NUMBER) ++fullmove_number_;
  update_check_info();
  if (en_passant_ != SQ_NONE) {
    if (any_legal_en_passant(en_passant_)) k ^= zobrist::en_passant(file_of(en_passant_));
    else en_passant_ = SQ_NONE;
  }
  key_ = k;
}

void Position::undo_move(Move m, const UndoInfo& undo) {
  side_ = ~side_;
  Color us = side_;
  Square from = m.from(), to = m.to();
  switch (m.kind()) {
    case MoveKind::CASTLING: {
      Square kto = castling_king_to(us, from, to), rto = castling_rook_to(us, from, to);
      Piece king = board_[kto], rook = board_[rto];
      remove_piece(kto);
      remove_piece(rto);
      put_piece(king, from);
      put_piece(rook, to);
      break;
    }
    case MoveKind::EN_PASSANT:
      move_piece(to, from);
      put_piece(undo.captured, Square(to - pawn_push(us)));
      break;
    default:
      if (m.kind() == MoveKind::PROMOTION) {
        remove_piece(to);
        put_piece(make_piece(us, PAWN), to);
      }
      move_piece(to, from);
      if (undo.captured != NO_PIECE) put_piece(undo.captured, to);
  }
  restore_state(undo);
}

void Position::do_null_move(UndoInfo& undo) {
  save_state(undo);
  Key k = key_ ^ zobrist::black_to_move();
  if (en_passant_ != SQ_NONE) {
    k ^= zobrist::en_passant(file_of(en_passant_));
    en_passant_ = SQ_NONE;
  }
  if (halfmove_clock_ < MAX_HALFMOVE_CLOCK) ++halfmove_clock_;
  // A pass by Black completes a move, as a move would (PGN null moves number on).
  if (side_ == BLACK && fullmove_number_ < MAX_FULLMOVE_NUMBER) ++fullmove_number_;
  side_ = ~side_;
  update_check_info();
  key_ = k;
}

void Position::undo_null_move(const UndoInfo& undo) {
  side_ = ~side_;
  restore_state(undo);
}

bool Position::operator==(const Position& o) const { return to_fen(*this) == to_fen(o); }

}  // namespace tabiya
