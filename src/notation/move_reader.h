// Reading a move typed by a person or copied from an old scoresheet, in any of
// the forms tabiya accepts: SAN (with or without x, +, #, ++, e.p., and
// annotations such as ! ? !?), castling with letters or zeros, promotions as
// e8Q / e8=Q / e8(Q) / e8/Q, long algebraic (e2-e4, Ng1-f3, Nb1xc3), UCI
// (e2e4, e7e8q, and king-takes-rook castling), figurines (♘f3) and national
// piece letters.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "core/result.h"
#include "notation/language.h"

namespace tabiya {

struct MoveReadOptions {
  // Piece letters accepted besides figurines. English letters are always
  // tried when the text does not make sense in the chosen language.
  Language language = Language::EN;
};

enum class MoveErrorKind {
  SYNTAX,     // not a move in any accepted form
  ILLEGAL,    // well formed, but no legal move matches
  AMBIGUOUS,  // several legal moves match
};

struct MoveError {
  MoveErrorKind kind;
  std::string message;          // names the text and the problem
  std::vector<Move> candidates; // for AMBIGUOUS (and ILLEGAL when close matches exist)
};

Result<Move, MoveError> parse_move(const Position& pos, std::string_view text, const MoveReadOptions& options = {});

}  // namespace tabiya
