// Reading a move typed by a person or copied from an old scoresheet, in any of
// the forms tabiya accepts: SAN (with or without x, +, #, ++, e.p., and
// annotations such as ! ? !?), castling with letters or zeros, promotions as
// e8Q / e8=Q / e8(Q) / e8/Q, long algebraic (e2-e4, Ng1-f3, Nb1xc3), UCI
// (e2e4, e7e8q, and king-takes-rook castling), figurines (♘f3), national
// piece letters and ICCF numeric notation (5254, 5171, 57581; see
// iccf_numeric.h), which no other form can be confused with; and moves said in
// words: the Appendix D words ("Springer Felix drei", "Kurze Rochade") and
// each language's own ("knight to f3", "skoczek na f3", "кінь на f3"; see
// spoken_move.h), so the web app, the blind mode and the terminal read alike.
//
// Leniency, decided once for every caller:
// - x, +, #, ++, e.p. and annotations are optional and not checked against
//   the position ("Nxf3" to an empty f3 reads as Nf3); only "e.p." narrows the
//   reading, to en passant captures.
// - Over-specified text (Ngf3, Ng1f3 where Nf3 would do) is accepted.
// - Piece letters are capitals and files lowercase, so "bxc3" is a pawn and
//   "Bxc3" a bishop; "Kg1" is a king move, never castling.
// - UCI e1g1 means castling only when no ordinary king move reads the same;
//   e1h1 (king takes rook) is castling in any position.
// - For Cyrillic languages, Latin look-alikes (K, O, T, C, Kp) count as the
//   national letters, as on real scoresheets and in the FIDE Bulgarian text.
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
  // Also read moves said in words (several words with at least one of the
  // vocabulary); text without spaces is never read as words.
  bool words = true;
};

enum class MoveErrorKind {
  SYNTAX,     // not a move in any accepted form
  ILLEGAL,    // well formed, but no legal move matches
  AMBIGUOUS,  // several legal moves match
};

struct MoveError {
  MoveErrorKind kind;
  // Starts with the text in quotes, then the problem, e.g.
  // "e9": no such square "e9"  /  "Nd2" is ambiguous: Nbd2, Nfd2
  std::string message;
  // AMBIGUOUS: every matching legal move. ILLEGAL: legal moves close to the
  // text (that piece to that square, else from that square), maybe none.
  // Sorted by departure square.
  std::vector<Move> candidates;
};

Result<Move, MoveError> parse_move(const Position& pos, std::string_view text, const MoveReadOptions& options = {});
// The same reading by matching the text against the list of every legal
// move; parse_move() first tries the fast road of plain_san.h and comes here
// for everything else. Tests compare the two.
Result<Move, MoveError> parse_move_by_listing(const Position& pos, std::string_view text,
                                              const MoveReadOptions& options = {});

}  // namespace tabiya
