#include "laws/rules_profile.h"

#include <array>

namespace tabiya {
namespace {

using std::chrono::minutes;
using std::chrono::seconds;

// One row per edition. Sources: ../shared/spec notes (seed 000 for 2001/2005/2009,
// seed 002 for 2014, seed 003 for the 2018 rapid annex).
const std::array<RulesProfile, 5> PROFILES = {{
    {
        .edition = RulesEdition::FIDE_2001,
        .name = "fide-2001",
        .title = "FIDE Laws of Chess 2001",
        .fivefold = FivefoldRule::NONE,
        .seventy_five_moves = false,
        .illegal_moves_to_lose = 3,
        .illegal_move_bonus = minutes(2),
        .illegal_move_bonus_blitz = minutes(2),
        .wrong_claim_bonus = minutes(3),
        .wrong_claim_bonus_blitz = minutes(3),
        .wrong_claim_cuts_claimant_time = true,
        .both_flags = BothFlagsRule::CONTINUE,
        .default_time = minutes(60),
        .increment_counts_for_category = false,
        .rapid_min_minutes = 15,
        .rapid_min_exclusive = false,
        .rapid_max_minutes = 60,
        .unsupervised_illegal_move_loses = false,
        .setup_claim_cutoff_moves = 3,
        .quickplay_finish_available = true,
        .quickplay_claim_threshold = minutes(2),
        .quickplay_bonus = minutes(2),
        .quickplay_added_increment = seconds(0),  // no 5 s request before 2014 App. G.4
        .blitz_first_illegal_move_loses = true,
    },
    {
        .edition = RulesEdition::FIDE_2005,
        .name = "fide-2005",
        .title = "FIDE Laws of Chess 2005",
        .fivefold = FivefoldRule::NONE,
        .seventy_five_moves = false,
        .illegal_moves_to_lose = 3,
        .illegal_move_bonus = minutes(2),
        .illegal_move_bonus_blitz = minutes(2),
        .wrong_claim_bonus = minutes(3),
        .wrong_claim_bonus_blitz = minutes(3),
        .wrong_claim_cuts_claimant_time = false,
        .both_flags = BothFlagsRule::CONTINUE_UNLESS_LAST_PERIOD,
        .default_time = minutes(60),
        .increment_counts_for_category = false,
        .rapid_min_minutes = 15,
        .rapid_min_exclusive = false,
        .rapid_max_minutes = 60,
        .unsupervised_illegal_move_loses = false,
        .setup_claim_cutoff_moves = 3,
        .quickplay_finish_available = true,
        .quickplay_claim_threshold = minutes(2),
        .quickplay_bonus = minutes(2),
        .quickplay_added_increment = seconds(0),
        .blitz_first_illegal_move_loses = false,
    },
    {
        .edition = RulesEdition::FIDE_2009,
        .name = "fide-2009",
        .title = "FIDE Laws of Chess 2009",
        .fivefold = FivefoldRule::NONE,
        .seventy_five_moves = false,
        .illegal_moves_to_lose = 3,
        .illegal_move_bonus = minutes(2),
        .illegal_move_bonus_blitz = minutes(2),
        .wrong_claim_bonus = minutes(3),
        .wrong_claim_bonus_blitz = minutes(3),
        .wrong_claim_cuts_claimant_time = false,
        .both_flags = BothFlagsRule::CONTINUE_UNLESS_LAST_PERIOD,
        .default_time = minutes(0),
        .increment_counts_for_category = true,
        .rapid_min_minutes = 15,
        .rapid_min_exclusive = false,
        .rapid_max_minutes = 60,
        .unsupervised_illegal_move_loses = true,
        .setup_claim_cutoff_moves = 3,
        .quickplay_finish_available = true,
        .quickplay_claim_threshold = minutes(2),
        .quickplay_bonus = minutes(2),
        .quickplay_added_increment = seconds(0),
        .blitz_first_illegal_move_loses = false,
    },
    {
        .edition = RulesEdition::FIDE_2014,
        .name = "fide-2014",
        .title = "FIDE Laws of Chess 2014",
        .fivefold = FivefoldRule::CONSECUTIVE_ALTERNATE,
        .seventy_five_moves = true,
        .illegal_moves_to_lose = 2,
        .illegal_move_bonus = minutes(2),
        .illegal_move_bonus_blitz = minutes(1),
        .wrong_claim_bonus = minutes(2),
        .wrong_claim_bonus_blitz = minutes(1),
        .wrong_claim_cuts_claimant_time = false,
        .both_flags = BothFlagsRule::CONTINUE_UNLESS_LAST_PERIOD,
        .default_time = minutes(0),
        .increment_counts_for_category = true,
        .rapid_min_minutes = 10,
        .rapid_min_exclusive = true,
        .rapid_max_minutes = 60,
        .unsupervised_illegal_move_loses = true,
        .setup_claim_cutoff_moves = 10,
        .quickplay_finish_available = true,
        .quickplay_claim_threshold = minutes(2),
        .quickplay_bonus = minutes(2),
        .quickplay_added_increment = seconds(5),
        .blitz_first_illegal_move_loses = false,
    },
    {
        .edition = RulesEdition::FIDE_2018,
        .name = "fide-2018",
        .title = "FIDE Laws of Chess 2018 (2014 Laws, 2017 revision, 2018 rapid annex)",
        .fivefold = FivefoldRule::FIVE_TIMES,
        .seventy_five_moves = true,
        .illegal_moves_to_lose = 2,
        .illegal_move_bonus = minutes(2),
        .illegal_move_bonus_blitz = minutes(1),
        .wrong_claim_bonus = minutes(2),
        .wrong_claim_bonus_blitz = minutes(1),
        .wrong_claim_cuts_claimant_time = false,
        .both_flags = BothFlagsRule::CONTINUE_UNLESS_LAST_PERIOD,
        .default_time = minutes(0),
        .increment_counts_for_category = true,
        .rapid_min_minutes = 10,
        .rapid_min_exclusive = true,
        .rapid_max_minutes = 60,
        .unsupervised_illegal_move_loses = true,
        .setup_claim_cutoff_moves = 10,
        .quickplay_finish_available = true,
        .quickplay_claim_threshold = minutes(2),
        .quickplay_bonus = minutes(2),
        .quickplay_added_increment = seconds(5),
        .blitz_first_illegal_move_loses = false,
    },
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
