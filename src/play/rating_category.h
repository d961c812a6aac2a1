// Which rating a game counts for. A player has one Glicko-2 rating per
// category, as on lichess: bullet, blitz, rapid and classical by the game's
// estimated duration, correspondence (days per move, no chess clock), and
// Chess960 apart whatever its clock.
//
// Estimated duration = base time + 40 x increment (a 40-move game for each
// player), the boundaries lichess uses:
//   < 3 min bullet (lichess's "ultrabullet", <= 29 s, counts as bullet here),
//   < 8 min blitz, < 25 min rapid, otherwise classical.
//
// These are not the Laws' categories (laws/game_category.h), which decide
// which rules apply, not which rating moves: FIDE 2018 Appendix A.1 calls a game
// rapid when each player has more than 10 and less than 60 minutes, counting
// base + 60 x increment, and Appendix B.1 blitz when that is 10 minutes or
// less. So 5+3 is blitz both ways (8 min here, 8 min there), but 10+0 is rapid
// here and blitz under the Laws (10 min is not "more than 10"), 15+10 is rapid
// here (21.7 min) and rapid there (25 min), and 45+15 is classical here and
// standard under the Laws (105 min >= 60) while 30+0 is classical here and rapid
// under the Laws.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "laws/time_control.h"

namespace tabiya {

enum class RatingCategory { BULLET, BLITZ, RAPID, CLASSICAL, CORRESPONDENCE, CHESS960 };

constexpr std::array<RatingCategory, 6> kRatingCategories = {RatingCategory::BULLET,         RatingCategory::BLITZ,
                                                             RatingCategory::RAPID,          RatingCategory::CLASSICAL,
                                                             RatingCategory::CORRESPONDENCE, RatingCategory::CHESS960};

// "bullet", "blitz", "rapid", "classical", "correspondence", "chess960".
std::string_view rating_category_name(RatingCategory category);
std::optional<RatingCategory> rating_category_from_name(std::string_view name);

// Base + 40 x increment of the first period (the only one in the lobby's time controls).
Millis estimated_duration(Millis base, Millis increment);

// The category of a clocked game of `base` + `increment`.
RatingCategory rating_category_for_clock(Millis base, Millis increment);

// The category of a game: Chess960 first, then correspondence (`days` per move), then by the clock. nullopt for a
// game that no rating counts (no chess clock and no days: untimed, sandclock).
std::optional<RatingCategory> rating_category(const TimeControl& tc, std::optional<int> days, bool chess960);

}  // namespace tabiya
