// Rules profiles: the numbers and switches that differ between editions of the
// FIDE Laws of Chess. Every rule in src/laws reads its edition-dependent value
// from here, so adding an edition is adding a row.
#pragma once

#include <chrono>
#include <optional>
#include <string_view>
#include <vector>

namespace tabiya {

using Millis = std::chrono::milliseconds;

enum class RulesEdition { FIDE_2001, FIDE_2005, FIDE_2009, FIDE_2014, FIDE_2018 };

// How the game is classified by its time control (Appendices A and B).
enum class GameCategory { STANDARD, RAPID, BLITZ };

// What happens when both flags have fallen and it cannot be known which fell first.
enum class BothFlagsRule {
  CONTINUE,                     // 2001 Art. 6.12: the game continues (draw only in a quickplay finish)
  CONTINUE_UNLESS_LAST_PERIOD,  // 2005+ Art. 6.11/6.12: continues, but drawn in the last period
};

// Automatic draw by repetition (Art. 9.6.a), absent before 2014.
enum class FivefoldRule {
  NONE,
  // 2014 text: "the same position has appeared ... for at least five consecutive
  // alternate moves by each player": five occurrences four plies apart, in a row.
  CONSECUTIVE_ALTERNATE,
  // 2017 revision, used from the 2018 profile: "at least five times", anywhere.
  FIVE_TIMES,
};

struct RulesProfile {
  RulesEdition edition;
  std::string_view name;   // "fide-2014"
  std::string_view title;  // "FIDE Laws of Chess 2014"

  // --- Automatic endings (Art. 9.6) ---
  FivefoldRule fivefold;    // repetition that ends the game without a claim (2014 Art. 9.6.a)
  bool seventy_five_moves;  // 75 moves each without capture or pawn move (2014 Art. 9.6.2)

  // --- Illegal moves in standard play (Art. 7) ---
  int illegal_moves_to_lose;  // completed illegal moves by one player that lose (3 before 2014, 2 since)
  Millis illegal_move_bonus;  // time added to the opponent for each earlier illegal move
  Millis illegal_move_bonus_blitz;

  // --- Draw claims (Art. 9.5) ---
  Millis wrong_claim_bonus;  // opponent's extra time after an incorrect 9.2/9.3 claim
  Millis wrong_claim_bonus_blitz;
  bool wrong_claim_cuts_claimant_time;  // 2001 Art. 9.5.b: claimant loses half (max 3 min) / down to 1 min

  // --- Clock (Art. 6) ---
  BothFlagsRule both_flags;
  Millis default_time;  // lateness that loses the game (Art. 6.6/6.7); 0 = must be present

  // --- Time-control categories (Appendices A, B) ---
  // Minutes counted as base + 60 x increment when increment_counts is set.
  bool increment_counts_for_category;
  int rapid_min_minutes;  // rapid if effective minutes >= this (rapid_min_exclusive: >)
  bool rapid_min_exclusive;
  int rapid_max_minutes;  // rapid if effective minutes < this
  // Rapid/blitz without full supervision (A.4/B.4): the first completed illegal move loses.
  bool unsupervised_illegal_move_loses;
  int setup_claim_cutoff_moves;  // moves each after which set-up claims are barred (A.4.a)

  // --- Quickplay finish (Appendix G / 2001 Art. 10) ---
  bool quickplay_finish_available;
  Millis quickplay_claim_threshold;  // claim only with less than this on the clock
  Millis quickplay_bonus;            // opponent's extra time when rejected
  // 2014 G.4: 5 s delay or increment for both; 0 = no such request (2001-2009 Art. 10.2).
  Millis quickplay_added_increment;

  // --- Blitz (2001 Appendix C3) ---
  // The first completed illegal move in blitz loses (draw if the opponent
  // cannot mate), whatever the supervision: 2001 C3. Later editions tie this
  // to games without full supervision (2014 B.4 -> A.4.b).
  bool blitz_first_illegal_move_loses;

  // Win, draw and loss points are the same (1, 1/2, 0) in every edition; 3/1/0
  // is an event choice (see scoring.h).
};

const RulesProfile& rules_profile(RulesEdition edition);
// "fide-2001" ... "fide-2018"; nullopt for an unknown name.
std::optional<RulesEdition> parse_rules_edition(std::string_view name);
const std::vector<RulesEdition>& all_rules_editions();
inline constexpr RulesEdition DEFAULT_RULES_EDITION = RulesEdition::FIDE_2018;

}  // namespace tabiya
