#include "core/bitboard.h"

#include <cstdlib>

namespace tabiya {
namespace detail {

Magic rook_magics[SQUARE_NB];
Magic bishop_magics[SQUARE_NB];
Bitboard pawn_attack_table[COLOR_NB][SQUARE_NB];
Bitboard knight_attack_table[SQUARE_NB];
Bitboard king_attack_table[SQUARE_NB];
Bitboard between_table[SQUARE_NB][SQUARE_NB];
Bitboard line_table[SQUARE_NB][SQUARE_NB];

namespace {

Bitboard rook_table[0x19000];
Bitboard bishop_table[0x1480];

// Attacks from s sliding in the given (file, rank) steps, stopping at blockers.
Bitboard slide(Square s, const int (*steps)[2], Bitboard occupied) {
  Bitboard attacks = 0;
  for (int i = 0; i < 4; ++i) {
    int f = file_of(s), r = rank_of(s);
    for (;;) {
      f += steps[i][0];
      r += steps[i][1];
      if (f < 0 || f > 7 || r < 0 || r > 7) break;
      Square t = make_square(File(f), Rank(r));
      attacks |= square_bb(t);
      if (occupied & square_bb(t)) break;
    }
  }
  return attacks;
}

constexpr int ROOK_STEPS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BISHOP_STEPS[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// xorshift64*: a tiny deterministic generator for the magic search.
struct Prng {
  uint64_t s;
  uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 2685821657736338717ULL;
  }
  uint64_t sparse() { return next() & next() & next(); }
};

void init_magics(Magic* magics, Bitboard* table, const int (*steps)[2]) {
  Bitboard occupancies[4096], references[4096];
  int epoch[4096] = {}, current = 0;
  Prng rng{0x9E3779B97F4A7C15ULL};
  Bitboard* next_slot = table;
  for (int sq = 0; sq < 64; ++sq) {
    Square s = Square(sq);
    // Edges never change the attack set, so they are left out of the mask.
    Bitboard edges =
        ((rank_bb(RANK_1) | rank_bb(RANK_8)) & ~rank_bb(s)) | ((file_bb(FILE_A) | file_bb(FILE_H)) & ~file_bb(s));
    Magic& m = magics[sq];
    m.mask = slide(s, steps, 0) & ~edges;
    m.shift = 64 - popcount(m.mask);
    m.attacks = next_slot;
    // Enumerate every subset of the mask (Carry-Rippler).
    int size = 0;
    Bitboard b = 0;
    do {
      occupancies[size] = b;
      references[size] = slide(s, steps, b);
      ++size;
      b = (b - m.mask) & m.mask;
    } while (b);
#if defined(__BMI2__)
    // PEXT indexes are perfect: no magic to search for.
    for (int i = 0; i < size; ++i) next_slot[m.index(occupancies[i])] = references[i];
    next_slot += size;
    continue;
#endif
    for (;;) {
      do m.magic = rng.sparse();
      while (popcount((m.magic * m.mask) >> 56) < 6);
      ++current;
      int i = 0;
      for (; i < size; ++i) {
        unsigned idx = m.index(occupancies[i]);
        if (epoch[idx] < current) {
          epoch[idx] = current;
          next_slot[idx] = references[i];
        } else if (next_slot[idx] != references[i]) {
          break;
        }
      }
      if (i == size) break;
    }
    next_slot += size;
  }
}

struct Init {
  Init() {
    for (int sq = 0; sq < 64; ++sq) {
      Square s = Square(sq);
      Bitboard b = square_bb(s);
      pawn_attack_table[WHITE][sq] = pawn_attacks<WHITE>(b);
      pawn_attack_table[BLACK][sq] = pawn_attacks<BLACK>(b);
      knight_attack_table[sq] = shift<8>(shift<9>(b)) | shift<8>(shift<7>(b)) | shift<-8>(shift<-7>(b)) |
                                shift<-8>(shift<-9>(b)) | shift<1>(shift<9>(b)) | shift<-1>(shift<7>(b)) |
                                shift<1>(shift<-7>(b)) | shift<-1>(shift<-9>(b));
      king_attack_table[sq] = shift<8>(b) | shift<-8>(b) | shift<1>(b) | shift<-1>(b) | shift<9>(b) | shift<7>(b) |
                              shift<-7>(b) | shift<-9>(b);
    }
    init_magics(rook_magics, rook_table, ROOK_STEPS);
    init_magics(bishop_magics, bishop_table, BISHOP_STEPS);
    for (int a = 0; a < 64; ++a)
      for (int b = 0; b < 64; ++b) {
        Square sa = Square(a), sb = Square(b);
        between_table[a][b] = square_bb(sb);
        if (a == b) continue;
        for (auto pt : {BISHOP, ROOK}) {
          Bitboard from_a = piece_attacks(pt, sa, 0);
          if (from_a & square_bb(sb)) {
            line_table[a][b] = (from_a & piece_attacks(pt, sb, 0)) | square_bb(sa) | square_bb(sb);
            between_table[a][b] |= piece_attacks(pt, sa, square_bb(sb)) & piece_attacks(pt, sb, square_bb(sa));
          }
        }
      }
  }
};
const Init init;

}  // namespace
}  // namespace detail

std::string square_name(Square s) {
  if (!is_ok(s)) return "-";
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

}  // namespace tabiya
