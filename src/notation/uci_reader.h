// The strict reading of a move in UCI coordinates (e2e4, e7e8q, e1g1 or
// e1h1), for text that machines write: the game protocol, UCI engines and
// stored game logs. Only the exact form core/uci_move.h writes is accepted,
// so to_uci() and move_from_uci() are each other's inverse; people's text
// (SAN, national letters, words) goes to parse_move() in move_reader.h.
#pragma once

#include <string>
#include <string_view>

#include "core/position.h"
#include "core/result.h"

namespace tabiya {

// Why a text is not a legal move; the codes are the protocol's `illegal_move`
// reasons (docs/protocol.md).
enum class UciErrorKind {
  NOT_A_MOVE,          // not two squares and an optional q, r, b or n
  NO_PIECE,            // no piece of the side to move on the departure square
  ILLEGAL,             // that piece cannot make that move
  PROMOTION_REQUIRED,  // a pawn reaching the last rank without its new piece named
};

struct UciError {
  UciErrorKind kind;
  std::string message;  // English: the text in quotes, then the problem
};

// "not_a_move", "no_piece", "illegal", "promotion_required".
std::string_view uci_error_code(UciErrorKind kind);

// How castling is written: the king's move (e1g1), as in standard chess, or
// king takes own rook (e1h1), as in Chess960 (Appendix F) where the king may
// already stand on its destination.
enum class UciCastling { KING_TO_SQUARE, KING_TAKES_ROOK };

// The form to_uci() writes for this position.
inline UciCastling uci_castling(const Position& pos) {
  return pos.is_chess960() ? UciCastling::KING_TAKES_ROOK : UciCastling::KING_TO_SQUARE;
}

// The legal move that `text` names in the given castling form.
Result<Move, UciError> move_from_uci(const Position& pos, std::string_view text, UciCastling castling);
// The same in the position's own form (e1g1 in standard chess, e1h1 in Chess960).
inline Result<Move, UciError> move_from_uci(const Position& pos, std::string_view text) {
  return move_from_uci(pos, text, uci_castling(pos));
}

}  // namespace tabiya
