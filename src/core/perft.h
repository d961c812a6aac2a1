// Perft: counts the leaf nodes of the legal move tree to a fixed depth, the
// standard oracle for move generation.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/position.h"

namespace tabiya {

uint64_t perft(Position& pos, int depth);
// Node counts per root move ("divide"), computed on `threads` threads.
std::vector<std::pair<Move, uint64_t>> perft_divide(const Position& pos, int depth, int threads = 1);

}  // namespace tabiya
