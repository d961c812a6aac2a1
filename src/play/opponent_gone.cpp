#include "play/opponent_gone.h"

#include "play/live_game.h"

namespace tabiya::play {

bool opponent_gone_rule_applies(const StartOptions& options) {
  // By correspondence a player is away between moves as a rule: the days per move decide instead.
  return !options.tournament && !options.days && !options.seats[WHITE].robot && !options.seats[BLACK].robot;
}

}  // namespace tabiya::play
