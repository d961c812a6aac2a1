#include "play/takeback_rule.h"

namespace tabiya::play {

bool takebacks_allowed(const StartOptions& options) {
  return options.casual || options.seats[WHITE].robot || options.seats[BLACK].robot;
}

bool casual_by_default(bool has_clock) { return !has_clock; }

}  // namespace tabiya::play
