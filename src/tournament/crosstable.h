// The crosstable of an event as text and the standings and crosstable as an
// HTML page. Unplayed games are marked as the FIDE Tournament Rules 11(d)
// ask: "+" for the player whose opponent did not come, "-" for the absent
// player, "--" when neither came.
#pragma once

#include <string>

#include "tournament/event.h"
#include "tournament/standings.h"
#include "tournament/tournament.h"

namespace tabiya::tournament {

// Round robins: one row per pairing number, one column per opponent (two
// results per cell in a double round robin), then points and rank. Swiss
// events: one row per player in rank order, one column per round
// ("12w1": opponent 12, White, won; byes U H F Z; "-" absent).
std::string format_crosstable(const Tournament& t, const EventSettings& settings, const Standings& s);

// A standalone HTML page with the standings and the crosstable.
std::string export_html(const Tournament& t, const EventSettings& settings, const Standings& s);

// The mark of one round for a crosstable cell: "1" "½" "0" "+" "-" "--",
// "." for a game without a result yet.
std::string result_mark(const Tournament& t, const RoundRecord& r);

}  // namespace tabiya::tournament
