// Baku Acceleration, FIDE Handbook C.04.5.1: before round 1 the pairing list
// is split into GA (the first half of the players rounded up to an even
// number, 2 * ceil(N / 4)) and GB. The accelerated rounds are the first half
// of the rounds, rounded up; GA players get 1 virtual point in the first
// half (rounded up) of them and 0.5 in the rest; GB players never get any.
// The pairing score is the score plus the virtual points.
#pragma once

#include <map>
#include <vector>

#include "core/result.h"
#include "tournament/tournament.h"

namespace tabiya::tournament {

// The virtual points per player and round, in the form of the TRF(x) XXA
// lines (Tournament::accelerations): GA = start numbers 1 .. 2 * ceil(N / 4)
// of the N players in the file (the pairing list, properly sorted, is the
// start-number order). Fails without the number of rounds or with a point
// system other than 1 - 1/2 - 0 (the method's premise).
Result<std::map<int, std::vector<Points>>> baku_accelerations(const Tournament& t);

}  // namespace tabiya::tournament
