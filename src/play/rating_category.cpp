#include "play/rating_category.h"

#include <chrono>

namespace tabiya {

std::string_view rating_category_name(RatingCategory category) {
  switch (category) {
    case RatingCategory::BULLET:
      return "bullet";
    case RatingCategory::BLITZ:
      return "blitz";
    case RatingCategory::RAPID:
      return "rapid";
    case RatingCategory::CLASSICAL:
      return "classical";
    case RatingCategory::CORRESPONDENCE:
      return "correspondence";
    case RatingCategory::CHESS960:
      return "chess960";
  }
  return "?";
}

std::optional<RatingCategory> rating_category_from_name(std::string_view name) {
  for (RatingCategory c : kRatingCategories)
    if (rating_category_name(c) == name) return c;
  return std::nullopt;
}

Millis estimated_duration(Millis base, Millis increment) { return base + 40 * increment; }

RatingCategory rating_category_for_clock(Millis base, Millis increment) {
  using std::chrono::minutes;
  const Millis estimate = estimated_duration(base, increment);
  if (estimate < minutes(3)) return RatingCategory::BULLET;
  if (estimate < minutes(8)) return RatingCategory::BLITZ;
  if (estimate < minutes(25)) return RatingCategory::RAPID;
  return RatingCategory::CLASSICAL;
}

std::optional<RatingCategory> rating_category(const TimeControl& tc, std::optional<int> days, bool chess960) {
  if (chess960) return RatingCategory::CHESS960;
  if (days) return RatingCategory::CORRESPONDENCE;
  if (!tc.has_clock()) return std::nullopt;
  const TimePeriod& first = tc.periods().front();
  return rating_category_for_clock(first.base, first.bonus);
}

}  // namespace tabiya
