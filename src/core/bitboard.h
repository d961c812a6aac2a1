// Bitboards (one bit per square) and the attack tables built on them.
// Sliding attacks use PEXT bitboards where the CPU has BMI2, and otherwise
// "fancy" magic bitboards, with magics found at start-up by a seeded search so
// the tables are reproducible and no constants are copied.
#pragma once

#include <bit>
#include <cstdint>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "core/types.h"

namespace tabiya {

using Bitboard = uint64_t;

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard file_bb(File f) { return FILE_A_BB << f; }
constexpr Bitboard file_bb(Square s) { return file_bb(file_of(s)); }
constexpr Bitboard rank_bb(Rank r) { return RANK_1_BB << (8 * r); }
constexpr Bitboard rank_bb(Square s) { return rank_bb(rank_of(s)); }
constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }

constexpr bool more_than_one(Bitboard b) { return b & (b - 1); }
inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}

// Shift every bit one step in a direction, dropping bits that leave the board.
template <int D>
constexpr Bitboard shift(Bitboard b) {
  constexpr Bitboard notA = ~FILE_A_BB, notH = ~(FILE_A_BB << 7);
  if constexpr (D == 8) return b << 8;
  else if constexpr (D == -8) return b >> 8;
  else if constexpr (D == 16) return b << 16;
  else if constexpr (D == -16) return b >> 16;
  else if constexpr (D == 1) return (b & notH) << 1;
  else if constexpr (D == -1) return (b & notA) >> 1;
  else if constexpr (D == 9) return (b & notH) << 9;
  else if constexpr (D == 7) return (b & notA) << 7;
  else if constexpr (D == -7) return (b & notH) >> 7;
  else if constexpr (D == -9) return (b & notA) >> 9;
  else static_assert(D == 0, "unsupported shift");
}

// Squares attacked by all pawns of colour c standing on b.
template <Color C>
constexpr Bitboard pawn_attacks(Bitboard b) {
  if constexpr (C == WHITE) return shift<9>(b) | shift<7>(b);
  else return shift<-7>(b) | shift<-9>(b);
}

namespace detail {
struct Magic {
  Bitboard mask;
  Bitboard magic;
  const Bitboard* attacks;
  unsigned shift;
  // With BMI2, PEXT packs the relevant occupancy bits into a perfect index; the
  // magic multiply is the portable fallback.
  unsigned index(Bitboard occupied) const {
#if defined(__BMI2__)
    return unsigned(_pext_u64(occupied, mask));
#else
    return unsigned(((occupied & mask) * magic) >> shift);
#endif
  }
};
extern Magic rook_magics[SQUARE_NB];
extern Magic bishop_magics[SQUARE_NB];
extern Bitboard pawn_attack_table[COLOR_NB][SQUARE_NB];
extern Bitboard knight_attack_table[SQUARE_NB];
extern Bitboard king_attack_table[SQUARE_NB];
extern Bitboard between_table[SQUARE_NB][SQUARE_NB];
extern Bitboard line_table[SQUARE_NB][SQUARE_NB];
}  // namespace detail

inline Bitboard pawn_attacks(Color c, Square s) { return detail::pawn_attack_table[c][s]; }
inline Bitboard knight_attacks(Square s) { return detail::knight_attack_table[s]; }
inline Bitboard king_attacks(Square s) { return detail::king_attack_table[s]; }
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  const detail::Magic& m = detail::bishop_magics[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  const detail::Magic& m = detail::rook_magics[s];
  return m.attacks[m.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}
// Attacks of a non-pawn piece type from s (0 for a pawn); inline, as move
// ordering and evaluation call it for every piece of every node.
inline Bitboard piece_attacks(PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case KNIGHT:
      return knight_attacks(s);
    case BISHOP:
      return bishop_attacks(s, occupied);
    case ROOK:
      return rook_attacks(s, occupied);
    case QUEEN:
      return queen_attacks(s, occupied);
    case KING:
      return king_attacks(s);
    default:
      return 0;
  }
}

// Squares strictly between a and b if they share a line, plus b itself;
// just b otherwise. (Including b makes "block or capture the checker" one mask.)
inline Bitboard between(Square a, Square b) { return detail::between_table[a][b]; }
// The whole line (rank, file or diagonal) through a and b, or 0.
inline Bitboard line(Square a, Square b) { return detail::line_table[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return line(a, b) & square_bb(c); }

}  // namespace tabiya
