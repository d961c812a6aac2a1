// Baku Acceleration, FIDE Handbook C.04.5.1: before round 1 the pairing list
// is split into GA (the first half of the players rounded up to an even
// number, 2 * ceil(N / 4)) and GB. The accelerated rounds are the first half
// of the rounds, rounded up; GA players get 1 virtual point in the first half
// (rounded up) of them and 0.5 in the rest; GB players never get any.
// The pairing score is the score plus the virtual points.
//
// Late entries (the rule's "Late entries" section): players who join after
// round 1 take their place in the pairing list by the initial order
// (C.04.2), and the last GA player stays the same player as before, so a late
// entrant joins GA when he stands above that player (GA may become odd) and
// GB otherwise; in GA he gets the same virtual points as the others.
#pragma once

#include <map>
#include <vector>

#include "core/result.h"
#include "tournament/tournament.h"

namespace tabiya::tournament {

// Whether the player is not in round 1's pairing list, i.e. a late entry
// once round 1 is paired: his round-1 entry is "0000 -" (the absence tabiya
// writes for the rounds paired before a player was added, and for players
// who left before round 1), or blank although round 1 has been paired.
// Requested byes (H F Z) in round 1 keep a player in that round's list.
bool late_entry(const Tournament& t, const Player& p);

// The virtual points per player and round, in the form of the TRF(x) XXA
// lines (Tournament::accelerations). GA = the first 2 * ceil(N / 4) of the N
// players in round 1's pairing list (the start-number order, properly sorted
// by the initial order before round 1); a late entry joins GA when he is
// rated above the last GA player (equal ratings: the lower start number
// first), else GB. Fails without the number of rounds or with a point system
// other than 1 - 1/2 - 0 (the method's premise).
Result<std::map<int, std::vector<Points>>> baku_accelerations(const Tournament& t);

}  // namespace tabiya::tournament
