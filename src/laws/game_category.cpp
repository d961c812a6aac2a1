#include "laws/game_category.h"

namespace tabiya {

std::string_view category_name(GameCategory category) {
  switch (category) {
    case GameCategory::STANDARD:
      return "standard";
    case GameCategory::RAPID:
      return "rapid";
    case GameCategory::BLITZ:
      return "blitz";
  }
  return "?";
}

std::optional<Millis> category_time(const TimeControl& tc, const RulesProfile& profile) {
  if (!tc.has_clock()) return std::nullopt;
  const TimePeriod& first = tc.periods().front();
  // A notional 60-move game: 60 bonuses of `bonus` seconds add `bonus` minutes.
  return profile.increment_counts_for_category ? first.base + 60 * first.bonus : first.base;
}

std::optional<GameCategory> classify_time_control(const TimeControl& tc, const RulesProfile& profile) {
  const std::optional<Millis> time = category_time(tc, profile);
  if (!time) return std::nullopt;
  const Millis rapid_min = std::chrono::minutes(profile.rapid_min_minutes);
  const Millis rapid_max = std::chrono::minutes(profile.rapid_max_minutes);
  if (*time >= rapid_max) return GameCategory::STANDARD;
  const bool above_blitz = profile.rapid_min_exclusive ? *time > rapid_min : *time >= rapid_min;
  return above_blitz ? GameCategory::RAPID : GameCategory::BLITZ;
}

bool quickplay_finish_applies(GameCategory category, const TimeControl& tc, const RulesProfile& profile) {
  if (!profile.quickplay_finish_available || category == GameCategory::BLITZ) return false;
  if (!tc.has_clock() || tc.has_bonus()) return false;
  return tc.is_last_period(tc.periods().size() - 1);
}

}  // namespace tabiya
