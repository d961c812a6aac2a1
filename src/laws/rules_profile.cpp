#include "laws/rules_profile.h"

#include <array>

namespace tabiya {
namespace {

using std::chrono::minutes;
using std::chrono::seconds;

// One row per edition. Sources: ../shared/spec notes (seed 000 for 2001/2005/2009,
// seed 002 for 2014, seed 003 for the 2018 rapid annex).
const std::array<RulesProfile, 5> PROFILES = {{
    {RulesEdition::FIDE_2001,
     "fide-2001",
     "FIDE Laws of Chess 2001",
     FivefoldRule::NONE,
     /*75 moves*/ false,
     /*illegal to lose*/ 3,
     minutes(2),
     minutes(2),
     /*wrong claim*/ minutes(3),
     minutes(3),
     true,
     BothFlagsRule::CONTINUE,
     minutes(60),
     /*category*/ false,
     15,
     false,
     60,
     /*unsupervised loses*/ false,
     3,
     /*QPF*/ true,
     minutes(2),
     minutes(2),
     seconds(0),  // no 5 s request before 2014 App. G.4
     /*blitz C3*/ true},
    {RulesEdition::FIDE_2005,
     "fide-2005",
     "FIDE Laws of Chess 2005",
     FivefoldRule::NONE,
     false,
     3,
     minutes(2),
     minutes(2),
     minutes(3),
     minutes(3),
     false,
     BothFlagsRule::CONTINUE_UNLESS_LAST_PERIOD,
     minutes(60),
     false,
     15,
     false,
     60,
     false,
     3,
     true,
     minutes(2),
     minutes(2),
     seconds(0),
     false},
    {RulesEdition::FIDE_2009,
     "fide-2009",
     "FIDE Laws of Chess 2009",
     FivefoldRule::NONE,
     false,
     3,
     minutes(2),
     minutes(2),
     minutes(3),
     minutes(3),
     false,
     BothFlagsRule::CONTINUE_UNLESS_LAST_PERIOD,
     minutes(0),
     true,
     15,
     false,
     60,
     true,
     3,
     true,
     minutes(2),
     minutes(2),
     seconds(0),
     false},
    {RulesEdition::FIDE_2014,
     "fide-2014",
     "FIDE Laws of Chess 2014",
     FivefoldRule::CONSECUTIVE_ALTERNATE,
     true,
     2,
     minutes(2),
     minutes(1),
     minutes(2),
     minutes(1),
     false,
     BothFlagsRule::CONTINUE_UNLESS_LAST_PERIOD,
     minutes(0),
     true,
     10,
     true,
     60,
     true,
     10,
     true,
     minutes(2),
     minutes(2),
     seconds(5),
     false},
    {RulesEdition::FIDE_2018,
     "fide-2018",
     "FIDE Laws of Chess 2018 (2014 Laws, 2017 revision, 2018 rapid annex)",
     FivefoldRule::FIVE_TIMES,
     true,
     2,
     minutes(2),
     minutes(1),
     minutes(2),
     minutes(1),
     false,
     BothFlagsRule::CONTINUE_UNLESS_LAST_PERIOD,
     minutes(0),
     true,
     10,
     true,
     60,
     true,
     10,
     true,
     minutes(2),
     minutes(2),
     seconds(5),
     false},
}};

}  // namespace

const RulesProfile& rules_profile(RulesEdition edition) { return PROFILES[static_cast<std::size_t>(edition)]; }

std::optional<RulesEdition> parse_rules_edition(std::string_view name) {
  for (const RulesProfile& p : PROFILES)
    if (p.name == name) return p.edition;
  return std::nullopt;
}

const std::vector<RulesEdition>& all_rules_editions() {
  static const std::vector<RulesEdition> editions = {RulesEdition::FIDE_2001, RulesEdition::FIDE_2005,
                                                     RulesEdition::FIDE_2009, RulesEdition::FIDE_2014,
                                                     RulesEdition::FIDE_2018};
  return editions;
}

}  // namespace tabiya
