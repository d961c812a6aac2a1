// Chess960 start positions by their standard number (0..959; 518 is the
// normal start), following FIDE Laws Appendix F.
#pragma once

#include <string>

#include "core/position.h"
#include "core/result.h"

namespace tabiya {

// White's back rank for position n, e.g. "RNBQKBNR" for 518.
Result<std::string> chess960_back_rank(int n);
// The start position for n, marked as Chess960 (even n = 518).
Result<Position> chess960_start_position(int n);
// The number of a back rank such as "RNBQKBNR", or -1 if it is not a Chess960 arrangement.
int chess960_number(std::string_view back_rank);

}  // namespace tabiya
