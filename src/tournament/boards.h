// The boards of one round, in board order. Round robins take the order of
// the Berger table; Swiss rounds the usual one (the higher score of the
// pair, then the sum of both scores, then the higher-placed player's start
// number), the pairing-allocated bye last.
#pragma once

#include <vector>

#include "tournament/event.h"
#include "tournament/tournament.h"

namespace tabiya::tournament {

struct RoundBoard {
  int white = 0;
  int black = 0;  // 0: the pairing-allocated bye of `white`
  bool operator==(const RoundBoard&) const = default;
};

std::vector<RoundBoard> boards_of_round(const Tournament& t, const EventSettings& settings, int round);

}  // namespace tabiya::tournament
