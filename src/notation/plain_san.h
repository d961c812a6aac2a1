// The fast road for the moves PGN files are made of. A game file is plain
// ASCII SAN almost move for move (Nf3, exd5, Rad1, e8=Q+), and reading or
// writing one such move needs only the pieces that can reach its arrival
// square, not the list of every legal move.
//
// Both functions give exactly what the general code gives (move_reader.h,
// san.h), and say so by returning nothing when they cannot: the general
// code then answers, with its leniencies and error messages.
#pragma once

#include <optional>
#include <string_view>

#include "core/movegen.h"
#include "core/position.h"

namespace tabiya {

// Every legal move of the side to move's pieces of type `pt` that arrives
// on `to`, castling excepted: for pawns the pushes, captures, en passant
// captures and promotions (each promotion piece a move of its own).
void legal_moves_to(const Position& pos, PieceType pt, Square to, MoveList& out);

// legal_moves(pos).contains(m), without listing every legal move (castling
// aside, which is checked on the full list).
bool is_legal_move(const Position& pos, Move m);

// count_legal(pos) > 0, mostly answered by a king or knight move without
// generating the others.
bool has_legal_move(const Position& pos);

// Reads [NBRQK][file][rank][x]<square>[=][NBRQ][+|#] - the SAN of FIDE
// Appendix C with its usual leniencies (x optional and unchecked, a
// departure file or rank where none is needed, e8Q for e8=Q) - when it names
// exactly one legal move. nullopt for anything else: other forms (castling,
// UCI, figurines, "e.p.", annotations), syntax the general reader refuses,
// and illegal or ambiguous moves, which parse_move() then explains.
std::optional<Move> read_plain_san(const Position& pos, std::string_view text);

}  // namespace tabiya
