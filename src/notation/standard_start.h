// The standard start position, built once: a game file starts thousands of
// games from it, and Position::startpos() reads its FEN each time.
#pragma once

#include "core/position.h"

namespace tabiya {

const Position& standard_start_position();

}  // namespace tabiya
