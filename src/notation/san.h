// Writing moves in Standard Algebraic Notation (FIDE Laws Appendix C):
// piece letter, disambiguation by file, then rank, then both (only among
// legal moves); x for captures; en passant as an ordinary pawn capture (exd6);
// =Q for promotion; O-O / O-O-O; + for check and # for mate. These are the PGN
// forms: FIDE's scoresheet forms (d8Q, 0-0, "e.p.") are read but not written.
// Chess960 castling (king takes own rook) is O-O when the rook is on the
// king's h-side, O-O-O when on the a-side.
#pragma once

#include <string>
#include <vector>

#include "core/movegen.h"

#include "core/position.h"
#include "notation/language.h"

namespace tabiya {

enum class SanStyle {
  LETTERS,   // Nf3 (piece letters of the chosen language)
  FIGURINE,  // ♘f3 (white figurines for both colours, as lichess and ChessBase print)
};

// m must be legal in pos.
std::string to_san(const Position& pos, Move m, SanStyle style = SanStyle::LETTERS, Language lang = Language::EN);
// to_san of every move of `legal`, which must be all the legal moves of pos, in
// its order: the same texts for about half the cost (a move event lists them
// all). The rivals a move must be told apart from (C.10) come from the list,
// and only the moves that give check are played out (for + or #).
std::vector<std::string> to_san_all(const Position& pos, const MoveList& legal, SanStyle style = SanStyle::LETTERS,
                                    Language lang = Language::EN);
// Long algebraic as on scoresheets: e2-e4, Ng1-f3, Nb1xc3, e7-e8=Q, O-O.
std::string to_long_algebraic(const Position& pos, Move m, Language lang = Language::EN);

}  // namespace tabiya
