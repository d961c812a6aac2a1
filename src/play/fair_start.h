// The fair start of an online game: the server's rule, not the Laws'. Over
// the board White's clock is started at the start of the game (2018 Art. 6.6)
// and the terminal game (`tabiya play`) and the library keep it so. Online a
// player may still be reading the page, so until each side has made its first
// move of this game:
//   - neither clock runs (the chess clock reads ClockTime, paused meanwhile);
//   - either player may abort the game: it ends without a result (Score::NO_RESULT);
//   - the side to move has a time limit of its own for its first move (below);
//     when it passes, a casual game is aborted, and a tournament game is lost
//     by default by the absent player as Art. 6.7 of the edition in force says.
// The robot's first move is never timed: it moves at once. Tournament games
// cannot be aborted: the event's rules (Art. 6.7) decide a no-show.
#pragma once

#include <memory>
#include <optional>

#include "laws/time_source.h"

namespace tabiya::play {

struct StartOptions;

// The plies of this game (start moves of a continued PGN not counted) that make up the fair start: one move each.
inline constexpr int FAIR_START_PLIES = 2;
// The first-move limit of a game with a chess clock (lichess gives about the same).
inline constexpr Millis LIVE_FIRST_MOVE_LIMIT{30'000};

// How long the side to move has for its first move: 30 s with a chess clock; a correspondence game's days per
// move; none in a game with neither (nothing is waiting on it). The same for both sides.
std::optional<Millis> first_move_limit(const StartOptions& options);

// A time source for the chess clock: the game's time less the time spent in the fair start, so that the clock
// stands still while it lasts and runs on from where it stood afterwards. Deterministic in its base time: a
// replayed log pauses and resumes it at the same instants.
class ClockTime final : public TimeSource {
 public:
  explicit ClockTime(std::shared_ptr<const TimeSource> base) : base_(std::move(base)) {}
  Millis now() const override { return (paused_ ? paused_at_ : base_->now()) - excluded_; }
  bool paused() const { return paused_; }
  // From the base's `now()`: the clock stops; pausing a paused clock changes nothing.
  void pause();
  void resume();
  // The base instant at which a clock instant is reached if the clock runs from now on.
  Millis base_instant(Millis clock_instant) const { return clock_instant + excluded_; }
  // Paused at the base's zero, as at the setup of a game.
  void reset();
  // Running, less `excluded` (what the fair start took): as a game's setup and the move that ended its fair start
  // leave it.
  void run_excluding(Millis excluded) {
    paused_ = false;
    excluded_ = excluded;
  }

 private:
  std::shared_ptr<const TimeSource> base_;
  bool paused_ = true;
  Millis paused_at_{0};
  Millis excluded_{0};
};

}  // namespace tabiya::play
