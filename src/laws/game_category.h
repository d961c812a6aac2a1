// Standard, rapid or blitz: the category follows from the time control and the
// edition (FIDE 2014 Appendices A.1 and B.1; 2009 and 2001 rapid/blitz
// appendices), and decides which special rules apply, e.g. the quickplay
// finish of Appendix G.
#pragma once

#include <optional>
#include <string_view>

#include "laws/rules_profile.h"
#include "laws/time_control.h"

namespace tabiya {

std::string_view category_name(GameCategory category);  // "standard", "rapid", "blitz"

// The time that decides the category, from the FIRST period: its base time plus
// 60 x its per-move bonus in editions that count the bonus (2009+: "the time
// allotted plus 60 times any increment"), the base time alone before. A delay
// counts like an increment (the Laws say "any increment" and do not mention
// delays). nullopt without a chess clock (untimed, unknown, sandclock).
std::optional<Millis> category_time(const TimeControl& tc, const RulesProfile& profile);

// 2014/2018: blitz <= 10 min < rapid < 60 min <= standard.
// 2001-2009: blitz < 15 min <= rapid < 60 min <= standard.
// nullopt without a chess clock.
std::optional<GameCategory> classify_time_control(const TimeControl& tc, const RulesProfile& profile);

// Appendix G.3 (2014), Art. 10 (2001-2009): a quickplay finish exists in standard
// and rapid games without increment or delay that end with a period for all the
// remaining moves; never in blitz (2014 G.3; 2001 Appendix C.4).
bool quickplay_finish_applies(GameCategory category, const TimeControl& tc, const RulesProfile& profile);

}  // namespace tabiya
