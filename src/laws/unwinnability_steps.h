// Single steps of each kind of man as bitboard shifts, and the flood of such
// steps over a set of squares: the "where may it ever stand" supersets behind
// the pawn-structure proofs (unwinnability_static.cpp, unwinnability_freezing.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/bitboard.h"

namespace tabiya::steps {

inline Bitboard king_step(Bitboard b) {
  Bitboard sideways = b | shift<1>(b) | shift<-1>(b);
  return sideways | shift<8>(sideways) | shift<-8>(sideways);
}

inline Bitboard diagonal_step(Bitboard b) { return shift<7>(b) | shift<9>(b) | shift<-7>(b) | shift<-9>(b); }

inline Bitboard orthogonal_step(Bitboard b) { return shift<1>(b) | shift<-1>(b) | shift<8>(b) | shift<-8>(b); }

inline Bitboard knight_step(Bitboard b) {
  Bitboard one = shift<1>(b) | shift<-1>(b);                       // a file aside, then two ranks
  Bitboard two = shift<1>(shift<1>(b)) | shift<-1>(shift<-1>(b));  // two files aside, then a rank
  return shift<16>(one) | shift<-16>(one) | shift<8>(two) | shift<-8>(two);
}

// Squares reachable from `start` by repeated steps onto `passable` squares.
template <Bitboard (*Step)(Bitboard)>
Bitboard flood(Bitboard start, Bitboard passable) {
  Bitboard region = start;
  for (;;) {
    Bitboard grown = region | (Step(region) & passable);
    if (grown == region) return region;
    region = grown;
  }
}

// Can the squares of `open` be filled by distinct pieces, each standing on a
// square of its reach? (A matching of squares to pieces, by backtracking: at
// most 8 squares and a handful of pieces.)
inline bool fills_each(Bitboard open, const Bitboard* reach, std::size_t pieces, uint32_t used) {
  if (!open) return true;
  Square s = lsb(open);
  for (std::size_t i = 0; i < pieces; ++i)
    if (!(used & (1u << i)) && (reach[i] & square_bb(s)) &&
        fills_each(open & (open - 1), reach, pieces, used | (1u << i)))
      return true;
  return false;
}

}  // namespace tabiya::steps
