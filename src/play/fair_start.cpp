#include "play/fair_start.h"

#include "play/live_game.h"

namespace tabiya::play {

std::optional<Millis> first_move_limit(const StartOptions& options) {
  if (options.days) return Millis{*options.days * DAY_MS};
  if (options.time_control && options.time_control->has_clock()) return LIVE_FIRST_MOVE_LIMIT;
  return std::nullopt;
}

void ClockTime::pause() {
  if (paused_) return;
  paused_at_ = base_->now();
  paused_ = true;
}

void ClockTime::resume() {
  if (!paused_) return;
  excluded_ += base_->now() - paused_at_;
  paused_ = false;
}

void ClockTime::reset() {
  paused_ = true;
  paused_at_ = Millis{0};
  excluded_ = Millis{0};
}

}  // namespace tabiya::play
