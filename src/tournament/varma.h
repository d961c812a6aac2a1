// Restricted drawing of pairing numbers with the Varma tables (FIDE
// Tournament Rules 9(h) and their instructions): for round robins of 9/10 to
// 23/24 players the numbers are split into four groups A B C D so that
// players of one federation, drawing from one group, meet early in the event.
// Federations with most players draw first (ties by federation code, players
// of a federation by surname); the first player of a federation picks a
// group that still has numbers enough for the whole federation, and its
// players draw their numbers from it. The lot is replayed from its seed.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"

namespace tabiya::tournament {

// The four groups of the Varma table for `players` (9..24); for an odd
// number the table of the next even number without its highest number.
Result<std::array<std::vector<int>, 4>> varma_groups(int players);

struct VarmaEntrant {
  std::string name;        // "Surname, Firstname" as in the TRF
  std::string federation;  // FIDE code; empty = none (draws alone)
};

struct VarmaDraw {
  std::vector<int> numbers;        // numbers[i]: the pairing number entrant i drew
  std::vector<std::string> steps;  // what happened, in order, for the record
};

// Draws the pairing numbers of `entrants` (9..24 of them).
Result<VarmaDraw> varma_draw(const std::vector<VarmaEntrant>& entrants, std::uint64_t seed);

}  // namespace tabiya::tournament
