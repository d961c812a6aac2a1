// ICCF numeric notation, the language-free notation of correspondence chess:
// every square is two digits, file then rank (a = 1 ... h = 8), so a move is
// departure and arrival square, "5254" for e2-e4. Castling is written as the
// king's move ("5171" is White's short castling, "5131" the long one), and a
// promotion adds a fifth digit for the new piece: 1 queen, 2 rook, 3 bishop,
// 4 knight ("57581" is e7-e8=Q).
#pragma once

#include <string>
#include <string_view>

#include "core/position.h"
#include "core/result.h"

namespace tabiya {

struct IccfNumericMove {
  Square from = SQ_NONE;
  Square to = SQ_NONE;
  PieceType promotion = NO_PIECE_TYPE;
};

// True when the text has the shape of a numeric move: 4 or 5 ASCII digits and
// nothing else (move readers try this form first, as no other notation is all
// digits).
bool looks_like_iccf_numeric(std::u32string_view text);

// The squares and promotion piece the digits name, without looking at a
// board; the error says which digit is out of range.
Result<IccfNumericMove, std::string> read_iccf_numeric(std::u32string_view text);

// The numeric form of a legal move in pos. Castling is the king's move; a
// Chess960 castling in which the king does not move is written as the king
// taking its own rook, the only way the digits can tell it apart.
std::string to_iccf_numeric(const Position& pos, Move m);

}  // namespace tabiya
