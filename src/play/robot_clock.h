// How long the robot thinks on one move under a clock: decided here only, for
// the server and the terminal game (LiveGame::robot_limits). The engine's own
// time manager (engine/time_manager.h) plans for an engine that must use its
// clock well against another engine; the robot plays a person, who waits for
// it, so it plays at a pace that keeps its clock: about 1/80 of what is left
// plus half the increment. Its median move time is then well under the
// remaining time / 30 plus the increment, its clock settles where the
// increment pays for its moves instead of running down in blitz, and no move
// takes more than ROBOT_MAX_THINK_MS. Without a clock (untimed or
// correspondence games) the level's normal limits apply, not this.
#pragma once

#include <cstdint>

namespace tabiya::play {

struct RobotClock {
  int64_t remaining_ms = 0;  // on the robot's clock, before this move
  int64_t increment_ms = 0;  // added after this move (Fischer or Bronstein)
  int64_t delay_ms = 0;      // a simple delay: time before the clock runs
  int moves_to_control = 0;  // moves left to the next time control; 0: sudden death
};

// The longest thought worth having at the board, however long the clock.
inline constexpr int64_t ROBOT_MAX_THINK_MS = 30'000;
// The robot plans as if this many moves were still to come in sudden death.
inline constexpr int ROBOT_MOVE_HORIZON = 80;

// The robot's time for this move in ms (the search's hard limit; it stops
// sooner once its choice is settled). At least 1.
int64_t robot_move_time(const RobotClock& clock);

}  // namespace tabiya::play
