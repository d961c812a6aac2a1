// Forsyth-Edwards Notation: reading (standard FEN, X-FEN and Shredder-FEN
// castling fields) with validation that names the field and the problem, and
// writing in the form a reader expects.
#pragma once

#include <string>
#include <string_view>

#include "core/position.h"
#include "core/result.h"

namespace tabiya {

inline constexpr std::string_view START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Parses a FEN. Missing move counters default to "0 1". Castling letters may be
// KQkq (outermost rook on that side), file letters (Shredder/X-FEN), or a mix.
// A position whose castling needs file letters is marked Chess960.
// Counters: halfmove clock 0..MAX_HALFMOVE_CLOCK, fullmove number
// 0..MAX_FULLMOVE_NUMBER with 0 read as 1 (core/position.h); anything else is
// refused with an error naming the field. to_fen of any position reached by
// legal moves from a parsed one is accepted again (the counters saturate).
Result<Position> parse_fen(std::string_view fen);

// Also reads the abbreviated forms people paste: the placement and side to
// move only ("8/8/8/4k3/8/8/8/4K3 w"), filled as "- - 0 1", and the first four
// fields without the move counters, filled as "0 1". Errors name the field
// as parse_fen's do.
Result<Position> parse_abbreviated_fen(std::string_view fen);

enum class CastlingFormat {
  // KQkq where unambiguous (X-FEN), file letters otherwise.
  XFEN,
  // Always file letters (HAha).
  SHREDDER,
};

std::string to_fen(const Position& pos, CastlingFormat format = CastlingFormat::XFEN);

}  // namespace tabiya
