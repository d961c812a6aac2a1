#include "notation/san.h"

#include "core/movegen.h"
#include "notation/plain_san.h"

namespace tabiya {

namespace {

bool is_capture_move(const Position& pos, Move m) {
  if (m.kind() == MoveKind::EN_PASSANT) return true;
  // Castling is stored as king-takes-own-rook; it captures nothing.
  return m.kind() != MoveKind::CASTLING && !pos.empty(m.to());
}

std::string_view letter(PieceType pt, SanStyle style, Language lang) {
  return style == SanStyle::FIGURINE ? piece_figurine(pt) : piece_letter(lang, pt);
}

// Appendix C.13: 0-0 is castling with the rook on the king's side, 0-0-0 with
// the rook on the queen's side; in Chess960 the rook's file decides the side.
std::string castling_text(Move m) { return file_of(m.to()) > file_of(m.from()) ? "O-O" : "O-O-O"; }

// Appendix C.10: which part of the departure square tells this piece apart
// from other identical pieces that can legally reach the same square. `moves`
// holds at least every legal move of this piece type to m's square.
std::string disambiguation_among(const Position& pos, Move m, const MoveList& moves) {
  const PieceType pt = pos.moved_piece_type(m);
  bool clash = false, same_file = false, same_rank = false;
  for (Move other : moves) {
    if (other.to() != m.to() || other.from() == m.from() || pos.moved_piece_type(other) != pt) continue;
    clash = true;
    same_file |= file_of(other.from()) == file_of(m.from());
    same_rank |= rank_of(other.from()) == rank_of(m.from());
  }
  if (!clash) return {};
  const std::string from = square_name(m.from());
  if (!same_file) return from.substr(0, 1);  // file preferred (C.10)
  if (!same_rank) return from.substr(1, 1);
  return from;  // three or more pieces: both
}

bool has_twin(const Position& pos, Move m) {
  return more_than_one(pos.pieces(pos.side_to_move(), pos.moved_piece_type(m)));
}

std::string disambiguation(const Position& pos, Move m) {
  if (!has_twin(pos, m)) return {};  // the common case: no twin at all
  MoveList rivals;
  legal_moves_to(pos, pos.moved_piece_type(m), m.to(), rivals);
  return disambiguation_among(pos, m, rivals);
}

std::string check_suffix(const Position& pos, Move m) {
  Position after = pos;
  UndoInfo undo;
  after.do_move(m, undo);
  if (!after.in_check()) return {};
  return is_checkmate(after) ? "#" : "+";
}

std::string promotion_text(Move m, SanStyle style, Language lang) {
  if (m.kind() != MoveKind::PROMOTION) return {};
  std::string text = "=";  // (appending, not "=" + string: g++ 12 warns falsely on that)
  text += letter(m.promotion(), style, lang);
  return text;
}

}  // namespace

namespace {

// The SAN without its check suffix; `disambiguate` gives the C.10 part.
template <typename Disambiguate>
std::string san_without_suffix(const Position& pos, Move m, SanStyle style, Language lang,
                               const Disambiguate& disambiguate) {
  if (m.kind() == MoveKind::CASTLING) return castling_text(m);
  std::string san;
  const PieceType pt = pos.moved_piece_type(m);
  const bool capture = is_capture_move(pos, m);
  if (pt == PAWN) {
    // C.9: a pawn capture names its departure file; en passant is written
    // like any pawn capture, to the square where the pawn comes to rest.
    if (capture) san += char('a' + file_of(m.from()));
  } else {
    san += letter(pt, style, lang);
    san += disambiguate();
  }
  if (capture) san += 'x';
  san += square_name(m.to());
  san += promotion_text(m, style, lang);
  return san;
}

}  // namespace

std::string to_san(const Position& pos, Move m, SanStyle style, Language lang) {
  return san_without_suffix(pos, m, style, lang, [&] { return disambiguation(pos, m); }) + check_suffix(pos, m);
}

namespace {

// Does the normal move m (not castling, en passant or a promotion) give check?
// In a legal position the side not to move is not in check, so only the moved
// piece, from its new square, and our sliders, through the square it left, can
// attack the other king afterwards.
bool normal_move_gives_check(const Position& pos, Move m) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(~us);
  const PieceType pt = pos.moved_piece_type(m);
  const Bitboard occupied = (pos.pieces() ^ square_bb(m.from())) | square_bb(m.to());
  const Bitboard direct = pt == PAWN ? pawn_attacks(us, m.to()) : piece_attacks(pt, m.to(), occupied);
  if (direct & square_bb(king)) return true;
  const Bitboard ours = pos.pieces(us) ^ square_bb(m.from());
  return (rook_attacks(king, occupied) & ours & pos.pieces(ROOK, QUEEN)) ||
         (bishop_attacks(king, occupied) & ours & pos.pieces(BISHOP, QUEEN));
}

}  // namespace

std::vector<std::string> to_san_all(const Position& pos, const MoveList& legal, SanStyle style, Language lang) {
  // Where the legal moves of each piece type to each square come from (C.10's rivals).
  Bitboard origins[PIECE_TYPE_NB][SQUARE_NB] = {};
  for (Move m : legal)
    if (m.kind() == MoveKind::NORMAL) origins[pos.moved_piece_type(m)][m.to()] |= square_bb(m.from());
  std::vector<std::string> all;
  all.reserve(legal.size());
  Position scratch = pos;  // a check is played on it and taken back: no copy of the position per move
  for (Move m : legal) {
    std::string san = san_without_suffix(pos, m, style, lang, [&]() -> std::string {
      const Bitboard others = origins[pos.moved_piece_type(m)][m.to()] & ~square_bb(m.from());
      if (!others) return {};
      const std::string from = square_name(m.from());
      if (!(others & file_bb(m.from()))) return from.substr(0, 1);  // file preferred (C.10)
      if (!(others & rank_bb(m.from()))) return from.substr(1, 1);
      return from;  // three or more pieces: both
    });
    if (m.kind() != MoveKind::NORMAL || normal_move_gives_check(pos, m)) {
      UndoInfo undo;
      scratch.do_move(m, undo);
      if (scratch.in_check()) san += is_checkmate(scratch) ? '#' : '+';
      scratch.undo_move(m, undo);
    }
    all.push_back(std::move(san));
  }
  return all;
}

std::string to_long_algebraic(const Position& pos, Move m, Language lang) {
  if (m.kind() == MoveKind::CASTLING) return castling_text(m) + check_suffix(pos, m);
  std::string text(piece_letter(lang, pos.moved_piece_type(m)));
  text += square_name(m.from());
  text += is_capture_move(pos, m) ? 'x' : '-';
  text += square_name(m.to());
  text += promotion_text(m, SanStyle::LETTERS, lang);
  return text + check_suffix(pos, m);
}

}  // namespace tabiya
