#include "play/opponent_gone.h"

#include "play/live_game.h"

namespace tabiya::play {

bool opponent_gone_rule_applies(const StartOptions& options) {
  return !options.tournament && !options.seats[WHITE].robot && !options.seats[BLACK].robot;
}

}  // namespace tabiya::play
