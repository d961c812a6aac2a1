// Basic chess types shared by every layer: colours, pieces, squares, moves.
// Encodings follow the usual bitboard conventions (A1 = 0 ... H8 = 63) so that
// square arithmetic is plain integer arithmetic on the hot path.
#pragma once

#include <cstdint>
#include <string>

namespace tabiya {

enum Color : uint8_t { WHITE, BLACK, COLOR_NB = 2 };

constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : uint8_t { NO_PIECE_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB = 7 };

// A piece is (colour << 3) | type, so the type is the low three bits and the
// colour is bit 3. NO_PIECE is zero, so a zeroed board is empty.
enum Piece : uint8_t {
  NO_PIECE,
  W_PAWN = 1, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
  B_PAWN = 9, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING,
  PIECE_NB = 16
};

constexpr Piece make_piece(Color c, PieceType pt) { return Piece((c << 3) | pt); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 7); }
constexpr Color color_of(Piece p) { return Color(p >> 3); }

// clang-format off
enum Square : uint8_t {
  SQ_A1, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
  SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2,
  SQ_A3, SQ_B3, SQ_C3, SQ_D3, SQ_E3, SQ_F3, SQ_G3, SQ_H3,
  SQ_A4, SQ_B4, SQ_C4, SQ_D4, SQ_E4, SQ_F4, SQ_G4, SQ_H4,
  SQ_A5, SQ_B5, SQ_C5, SQ_D5, SQ_E5, SQ_F5, SQ_G5, SQ_H5,
  SQ_A6, SQ_B6, SQ_C6, SQ_D6, SQ_E6, SQ_F6, SQ_G6, SQ_H6,
  SQ_A7, SQ_B7, SQ_C7, SQ_D7, SQ_E7, SQ_F7, SQ_G7, SQ_H7,
  SQ_A8, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
  SQ_NONE, SQUARE_NB = 64
};
// clang-format on

enum File : uint8_t { FILE_A, FILE_B, FILE_C, FILE_D, FILE_E, FILE_F, FILE_G, FILE_H, FILE_NB };
enum Rank : uint8_t { RANK_1, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8, RANK_NB };

constexpr Square make_square(File f, Rank r) { return Square((r << 3) | f); }
constexpr File file_of(Square s) { return File(s & 7); }
constexpr Rank rank_of(Square s) { return Rank(s >> 3); }
constexpr bool is_ok(Square s) { return s < SQ_NONE; }
// The same square seen from the other side of the board (a1 <-> a8).
constexpr Square flip_rank(Square s) { return Square(s ^ 56); }
// Rank as seen by colour c: white's RANK_2 is black's RANK_7.
constexpr Rank relative_rank(Color c, Rank r) { return Rank(r ^ (c * 7)); }
constexpr Rank relative_rank(Color c, Square s) { return relative_rank(c, rank_of(s)); }
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
// One step forward for colour c's pawns.
constexpr int pawn_push(Color c) { return c == WHITE ? 8 : -8; }

std::string square_name(Square s);  // "e4"; "-" for SQ_NONE

// A move in 16 bits: destination (0-5), origin (6-11), promotion piece minus
// KNIGHT (12-13), kind (14-15). Castling is stored as "king takes own rook" so
// standard chess and Chess960 share one code path; notation turns it into
// e1g1 / O-O at the boundary.
enum class MoveKind : uint8_t { NORMAL, PROMOTION, EN_PASSANT, CASTLING };

class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to) : data_(uint16_t((from << 6) | to)) {}
  static constexpr Move make(MoveKind kind, Square from, Square to, PieceType promo = KNIGHT) {
    Move m;
    m.data_ = uint16_t((uint16_t(kind) << 14) | ((promo - KNIGHT) << 12) | (from << 6) | to);
    return m;
  }
  static constexpr Move none() { return Move(); }

  constexpr Square from() const { return Square((data_ >> 6) & 0x3F); }
  constexpr Square to() const { return Square(data_ & 0x3F); }
  constexpr MoveKind kind() const { return MoveKind(data_ >> 14); }
  // Only meaningful for MoveKind::PROMOTION.
  constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + KNIGHT); }
  constexpr bool is_ok() const { return from() != to(); }
  constexpr uint16_t raw() const { return data_; }

  constexpr bool operator==(const Move&) const = default;

 private:
  uint16_t data_ = 0;
};

static_assert(sizeof(Move) == 2);

// How castling moves and rights are written at the notation boundary.
// STANDARD: e1g1 and KQkq. CHESS960: king-takes-rook (e1h1) and X-FEN / Shredder.
enum class CastlingMode : uint8_t { STANDARD, CHESS960 };

}  // namespace tabiya
