// A chess position: placement, side to move, castling rights, en passant
// square and move counters, with make/unmake and the cached facts move
// generation needs (checkers, pinned pieces, Zobrist key).
//
// Positions are built only through validated constructors (parse_fen in
// core/fen.h, Position::startpos(), chess960_start_position()), so every
// Position obeys the invariants the generator relies on: one king per side,
// no pawns on the back ranks, side not to move not in check, castling rooks
// where rights say they are.
#pragma once

#include <algorithm>
#include <array>
#include <string>

#include "core/bitboard.h"
#include "core/piece_sets.h"
#include "core/types.h"
#include "core/zobrist.h"

namespace tabiya {

enum CastlingSide : uint8_t { KING_SIDE, QUEEN_SIDE, CASTLING_SIDE_NB };

// Bounds of the move counters, shared by the FEN reader, the writer and move
// making so that every position one can reach writes a FEN one can read back.
// Four digits each, as lichess' chessops reads them: far beyond the 150 plies
// of the 75-move rule (FIDE 2014 Art. 9.6.2) and the ~8,850 moves of the
// longest possible game under it. At the bound a counter stays put ("at least
// this much"), which is all the Laws ask of it (>= 100, >= 150).
inline constexpr int MAX_HALFMOVE_CLOCK = 9999;
inline constexpr int MAX_FULLMOVE_NUMBER = 9999;

// What do_move must remember so undo_move can restore the previous position.
struct UndoInfo {
  Key key;
  Bitboard castling_rooks;
  Bitboard checkers;
  Bitboard pinned;
  Square en_passant;
  Piece captured;
  uint16_t halfmove_clock;
  uint16_t fullmove_number;
};

class Position : public PieceSets {
 public:
  // The standard starting position.
  static Position startpos();

  // --- Placement ---
  Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == NO_PIECE; }
  // pieces(...), king_square(), attackers_to() and attacked_by() come from PieceSets.

  // --- State ---
  Color side_to_move() const { return side_; }
  // Castling rights as the set of rooks that may still castle.
  Bitboard castling_rooks() const { return castling_rooks_; }
  bool can_castle(Color c, CastlingSide side) const {
    Square rook = castle_rook_[c][side];
    return rook != SQ_NONE && (castling_rooks_ & square_bb(rook));
  }
  // The rook square for a castling right (meaningful only if can_castle).
  Square castling_rook(Color c, CastlingSide side) const { return castle_rook_[c][side]; }
  // The square behind a pawn that just made a double step, kept only when the
  // side to move has a legal en passant capture (FIDE Art. 9.2 identity).
  Square en_passant() const { return en_passant_; }
  // 0..MAX_HALFMOVE_CLOCK and 1..MAX_FULLMOVE_NUMBER; moves saturate at the bound.
  int halfmove_clock() const { return halfmove_clock_; }
  int fullmove_number() const { return fullmove_number_; }
  // Chess960 changes only how castling is written (e1h1 vs e1g1, X-FEN).
  bool is_chess960() const { return chess960_; }
  void set_chess960(bool on) { chess960_ = on; }
  Key key() const { return key_; }
  Key compute_key() const;  // from scratch, for checking the incremental key

  // --- Attacks ---
  Bitboard checkers() const { return checkers_; }
  bool in_check() const { return checkers_ != 0; }
  // Pieces of the side to move pinned to their own king.
  Bitboard pinned() const { return pinned_; }
  using PieceSets::attackers_to;
  Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }

  // --- Moves ---
  // m must be legal in this position (see movegen.h).
  void do_move(Move m, UndoInfo& undo);
  void undo_move(Move m, const UndoInfo& undo);
  // Passes the move (the search's null-move pruning); only when not in check.
  void do_null_move(UndoInfo& undo);
  void undo_null_move(const UndoInfo& undo);
  bool is_legal(Move m) const;  // m is among the legal moves
  bool is_capture(Move m) const;
  PieceType moved_piece_type(Move m) const { return type_of(board_[m.from()]); }
  // Where the king and rook land for a castling move (king takes rook).
  static Square castling_king_to(Color c, Square king, Square rook);
  static Square castling_rook_to(Color c, Square king, Square rook);
  // True if the side to move could capture en passant on ep with the pawn on from.
  bool en_passant_legal(Square from, Square ep) const { return en_passant_safe(side_, from, ep); }
  // Squares other than king and rook that must be empty to castle, and the
  // squares the king stands on, crosses and reaches (none may be attacked).
  Bitboard castling_empty_mask(Color c, CastlingSide side) const { return castle_empty_[c][side]; }
  Bitboard castling_king_path(Color c, CastlingSide side) const { return castle_king_path_[c][side]; }

  bool operator==(const Position& o) const;  // same FEN

  // Low-level construction, used by the validated builders (FEN, Chess960).
  // Not validated: call finish_setup() and then the validator in fen.cpp.
  Position() = default;
  void put_piece(Piece p, Square s);
  void set_side_to_move(Color c) { side_ = c; }
  void set_castling_rooks(Bitboard rooks) { castling_rooks_ = rooks; }
  void set_en_passant(Square s) { en_passant_ = s; }
  // Clamped into the bounds above (the FEN reader refuses what lies outside).
  void set_counters(int halfmove, int fullmove) {
    halfmove_clock_ = uint16_t(std::clamp(halfmove, 0, MAX_HALFMOVE_CLOCK));
    fullmove_number_ = std::clamp(fullmove, 1, MAX_FULLMOVE_NUMBER);
  }
  // Derives castling paths, checkers, pins and the key from the raw fields.
  // Drops an en passant square that no legal capture uses.
  void finish_setup();

 private:
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  void update_check_info();
  // The fields do_move changes besides the placement, kept for undo_move.
  void save_state(UndoInfo& undo) const;
  void restore_state(const UndoInfo& undo);
  bool any_legal_en_passant(Square ep) const;

  std::array<Piece, SQUARE_NB> board_{};
  Bitboard castling_rooks_ = 0;
  Bitboard checkers_ = 0;
  Bitboard pinned_ = 0;
  Key key_ = 0;
  // Fixed while a right exists: the rook's start square, the squares that must
  // be empty (besides king and rook) and the squares the king must not cross
  // attacked (its start, path and destination).
  Square castle_rook_[COLOR_NB][CASTLING_SIDE_NB]{};
  Bitboard castle_empty_[COLOR_NB][CASTLING_SIDE_NB]{};
  Bitboard castle_king_path_[COLOR_NB][CASTLING_SIDE_NB]{};
  Square en_passant_ = SQ_NONE;
  Color side_ = WHITE;
  uint16_t halfmove_clock_ = 0;
  int fullmove_number_ = 1;
  bool chess960_ = false;
};

}  // namespace tabiya
