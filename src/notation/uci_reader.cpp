#include "notation/uci_reader.h"

#include "core/movegen.h"

namespace tabiya {

namespace {

bool is_square(std::string_view text) {
  return text.size() == 2 && text[0] >= 'a' && text[0] <= 'h' && text[1] >= '1' && text[1] <= '8';
}

Square square_at(std::string_view text) { return make_square(File(text[0] - 'a'), Rank(text[1] - '1')); }

PieceType promotion_piece(char c) {
  switch (c) {
    case 'q':
      return QUEEN;
    case 'r':
      return ROOK;
    case 'b':
      return BISHOP;
    case 'n':
      return KNIGHT;
    default:
      return NO_PIECE_TYPE;
  }
}

// The arrival square as to_uci() writes it.
Square written_to(Move m, Color us, UciCastling castling) {
  if (m.kind() == MoveKind::CASTLING && castling == UciCastling::KING_TO_SQUARE)
    return Position::castling_king_to(us, m.from(), m.to());
  return m.to();
}

UciError error(UciErrorKind kind, std::string_view text, const std::string& what) {
  std::string message = "\"";  // (appending, not "\"" + string: g++ 12 warns falsely on that)
  message.append(text);
  message += "\" ";
  message += what;
  return UciError{kind, std::move(message)};
}

}  // namespace

std::string_view uci_error_code(UciErrorKind kind) {
  switch (kind) {
    case UciErrorKind::NOT_A_MOVE:
      return "not_a_move";
    case UciErrorKind::NO_PIECE:
      return "no_piece";
    case UciErrorKind::ILLEGAL:
      return "illegal";
    case UciErrorKind::PROMOTION_REQUIRED:
      return "promotion_required";
  }
  return "illegal";
}

Result<Move, UciError> move_from_uci(const Position& pos, std::string_view text, UciCastling castling) {
  const bool shaped = (text.size() == 4 || text.size() == 5) && is_square(text.substr(0, 2)) &&
                      is_square(text.substr(2, 2)) && (text.size() == 4 || promotion_piece(text[4]) != NO_PIECE_TYPE);
  if (!shaped)
    return error(UciErrorKind::NOT_A_MOVE, text,
                 "is not a move in UCI form (two squares, then q, r, b or n to promote)");
  const Square from = square_at(text.substr(0, 2));
  const Square to = square_at(text.substr(2, 2));
  const PieceType promotion = text.size() == 5 ? promotion_piece(text[4]) : NO_PIECE_TYPE;
  const Color us = pos.side_to_move();

  bool promotes_there = false;
  for (Move m : legal_moves(pos)) {
    if (m.from() != from || written_to(m, us, castling) != to) continue;
    const PieceType made = m.kind() == MoveKind::PROMOTION ? m.promotion() : NO_PIECE_TYPE;
    if (made == promotion) return m;
    promotes_there |= made != NO_PIECE_TYPE && promotion == NO_PIECE_TYPE;
  }

  const Piece piece = pos.piece_on(from);
  const std::string side = us == WHITE ? "White" : "Black";
  if (piece == NO_PIECE || color_of(piece) != us)
    return error(UciErrorKind::NO_PIECE, text, "moves no piece: " + side + " has none on " + square_name(from));
  if (promotes_there)
    return error(UciErrorKind::PROMOTION_REQUIRED, text,
                 "needs the piece the pawn becomes: " + std::string(text) + "q, r, b or n");
  return error(UciErrorKind::ILLEGAL, text, "is not a legal move here");
}

}  // namespace tabiya
