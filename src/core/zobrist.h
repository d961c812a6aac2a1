// Zobrist hashing keys, fixed at compile time so hashes are stable across runs.
// The position key is updated incrementally by do_move; Position::compute_key()
// rebuilds it from scratch so tests and fuzzers can compare the two.
#pragma once

#include <cstdint>

#include "core/types.h"

namespace tabiya {

using Key = uint64_t;

namespace zobrist {

struct Keys {
  Key piece_square[PIECE_NB][SQUARE_NB]{};
  // One key per castling rook square: castling rights are a set of rook squares.
  Key castling_rook[SQUARE_NB]{};
  Key en_passant_file[FILE_NB]{};
  Key black_to_move = 0;
};

constexpr Keys make_keys() {
  Keys k;
  uint64_t state = 0x7AB1A2026ULL;
  auto next = [&state] {  // splitmix64
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  for (auto& row : k.piece_square)
    for (auto& key : row) key = next();
  for (auto& key : k.castling_rook) key = next();
  for (auto& key : k.en_passant_file) key = next();
  k.black_to_move = next();
  return k;
}

inline constexpr Keys KEYS = make_keys();

inline constexpr Key piece_square(Piece p, Square s) { return KEYS.piece_square[p][s]; }
inline constexpr Key castling_rook(Square s) { return KEYS.castling_rook[s]; }
inline constexpr Key en_passant(File f) { return KEYS.en_passant_file[f]; }
inline constexpr Key black_to_move() { return KEYS.black_to_move; }

}  // namespace zobrist
}  // namespace tabiya
