// Private to the move reader: what a typed move says before the board is
// looked at. Symbols (SAN, long algebraic, UCI, ICCF) and words (spoken_move.h)
// are both read into it, so one matcher and one set of error messages serve both.
#pragma once

#include "core/types.h"

namespace tabiya {

struct MoveSyntax {
  bool castling = false;
  bool king_side = false;
  // PAWN when no piece is named; NO_PIECE_TYPE when no piece is named but the
  // whole departure square is (e2e4, g1f3): then it is whatever stands there.
  PieceType piece = NO_PIECE_TYPE;
  int from_file = -1, from_rank = -1;
  Square to = SQ_NONE;
  PieceType promotion = NO_PIECE_TYPE;
  bool en_passant = false;  // "e.p." was written

  bool has_from_square() const { return from_file >= 0 && from_rank >= 0; }
  Square from_square() const { return make_square(File(from_file), Rank(from_rank)); }
};

}  // namespace tabiya
