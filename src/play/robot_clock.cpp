#include "play/robot_clock.h"

#include <algorithm>

namespace tabiya::play {

int64_t robot_move_time(const RobotClock& clock) {
  const int64_t left = std::max<int64_t>(0, clock.remaining_ms);
  // Before a control only the moves still owed share the time, with a margin of 30 so that no move takes more
  // than the remaining time / 30 (the last one before the control included).
  const int horizon =
      clock.moves_to_control > 0 ? std::min(ROBOT_MOVE_HORIZON, clock.moves_to_control + 30) : ROBOT_MOVE_HORIZON;
  int64_t think = left / horizon + clock.increment_ms / 2;
  // Never more than a tenth of the clock: a string of long thoughts cannot empty it.
  think = std::min(think, left / 10);
  // A simple delay is free: the clock does not run during it.
  think += clock.delay_ms;
  return std::clamp<int64_t>(think, 1, ROBOT_MAX_THINK_MS);
}

}  // namespace tabiya::play
