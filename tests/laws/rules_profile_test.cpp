// The numbers and switches that differ between editions of the FIDE Laws
// (sources: the FIDE Laws of Chess of 2014; those of 2009 with the 2001 and
// 2005 texts; the 2018 rapid annex).
#include "laws/rules_profile.h"

#include <gtest/gtest.h>

#include <string>

namespace tabiya {
namespace {

using std::chrono::minutes;

const RulesProfile& fide(RulesEdition e) { return rules_profile(e); }
constexpr RulesEdition E2001 = RulesEdition::FIDE_2001;
constexpr RulesEdition E2005 = RulesEdition::FIDE_2005;
constexpr RulesEdition E2009 = RulesEdition::FIDE_2009;
constexpr RulesEdition E2014 = RulesEdition::FIDE_2014;
constexpr RulesEdition E2018 = RulesEdition::FIDE_2018;

TEST(RulesProfile, NamesReadBackAndUnknownNamesAreRefused) {
  ASSERT_EQ(all_rules_editions().size(), 5u);
  for (RulesEdition e : all_rules_editions()) {
    EXPECT_EQ(fide(e).edition, e);
    EXPECT_EQ(parse_rules_edition(fide(e).name), e) << fide(e).name;
    EXPECT_FALSE(fide(e).title.empty());
  }
  EXPECT_EQ(fide(E2001).name, "fide-2001");
  EXPECT_EQ(fide(E2014).name, "fide-2014");
  EXPECT_EQ(fide(E2018).name, "fide-2018");
  EXPECT_FALSE(parse_rules_edition("fide-2017").has_value());
  EXPECT_FALSE(parse_rules_edition("FIDE-2014").has_value());
  EXPECT_FALSE(parse_rules_edition("").has_value());
  EXPECT_EQ(DEFAULT_RULES_EDITION, E2018);
}

// FIDE 2014 Art. 9.6.a: fivefold repetition draws automatically, in the 2014
// text "for at least five consecutive alternate moves by each player", since
// the 2017 revision "at least five times". Absent before 2014 (seed 000 0.4).
TEST(RulesProfile, FivefoldRulePerEdition) {
  EXPECT_EQ(fide(E2001).fivefold, FivefoldRule::NONE);
  EXPECT_EQ(fide(E2005).fivefold, FivefoldRule::NONE);
  EXPECT_EQ(fide(E2009).fivefold, FivefoldRule::NONE);
  EXPECT_EQ(fide(E2014).fivefold, FivefoldRule::CONSECUTIVE_ALTERNATE);
  EXPECT_EQ(fide(E2018).fivefold, FivefoldRule::FIVE_TIMES);
}

// FIDE 2014 Art. 9.6.b: the 75-move rule; absent before 2014.
TEST(RulesProfile, SeventyFiveMoveRulePerEdition) {
  EXPECT_FALSE(fide(E2001).seventy_five_moves);
  EXPECT_FALSE(fide(E2005).seventy_five_moves);
  EXPECT_FALSE(fide(E2009).seventy_five_moves);
  EXPECT_TRUE(fide(E2014).seventy_five_moves);
  EXPECT_TRUE(fide(E2018).seventy_five_moves);
}

// FIDE 2009 Art. 7.4.b (same in 2001, 2005): +2 min for each of the first two
// illegal moves, the third loses. FIDE 2014 Art. 7.5.b: +2 min, the second
// loses; 2014 Appendix B.2: 1 min instead of 2 in blitz.
TEST(RulesProfile, IllegalMovePenaltiesPerEdition) {
  for (RulesEdition e : {E2001, E2005, E2009}) {
    EXPECT_EQ(fide(e).illegal_moves_to_lose, 3) << fide(e).name;
    EXPECT_EQ(fide(e).illegal_move_bonus, minutes(2)) << fide(e).name;
  }
  for (RulesEdition e : {E2014, E2018}) {
    EXPECT_EQ(fide(e).illegal_moves_to_lose, 2) << fide(e).name;
    EXPECT_EQ(fide(e).illegal_move_bonus, minutes(2)) << fide(e).name;
    EXPECT_EQ(fide(e).illegal_move_bonus_blitz, minutes(1)) << fide(e).name;
  }
}

// FIDE 2001/2009 Art. 9.5.b: an incorrect claim gives the opponent 3 min
// (2001 also cuts the claimant's time); FIDE 2014 Art. 9.5.b: 2 min, and
// Appendix B.2: 1 min in blitz.
TEST(RulesProfile, IncorrectClaimPenaltiesPerEdition) {
  for (RulesEdition e : {E2001, E2005, E2009}) EXPECT_EQ(fide(e).wrong_claim_bonus, minutes(3)) << fide(e).name;
  for (RulesEdition e : {E2014, E2018}) {
    EXPECT_EQ(fide(e).wrong_claim_bonus, minutes(2)) << fide(e).name;
    EXPECT_EQ(fide(e).wrong_claim_bonus_blitz, minutes(1)) << fide(e).name;
  }
  EXPECT_TRUE(fide(E2001).wrong_claim_cuts_claimant_time);
  for (RulesEdition e : {E2005, E2009, E2014, E2018}) EXPECT_FALSE(fide(e).wrong_claim_cuts_claimant_time);
}

// Both flags fallen, order unknown: 2001 Art. 6.12 the game continues (drawn
// only in a quickplay finish, 10.3); 2005 6.12, 2009 6.11, 2014 6.11: drawn in
// the last period.
TEST(RulesProfile, BothFlagsRulePerEdition) {
  EXPECT_EQ(fide(E2001).both_flags, BothFlagsRule::CONTINUE);
  for (RulesEdition e : {E2005, E2009, E2014, E2018})
    EXPECT_EQ(fide(e).both_flags, BothFlagsRule::CONTINUE_UNLESS_LAST_PERIOD) << fide(e).name;
}

// Default time: 2001/2005 Art. 6.7 more than one hour late loses; 2009 Art.
// 6.6.a zero unless the regulations say otherwise; 2014 Art. 6.7.a set by the
// regulations (tabiya: zero).
TEST(RulesProfile, DefaultTimePerEdition) {
  EXPECT_EQ(fide(E2001).default_time, minutes(60));
  EXPECT_EQ(fide(E2005).default_time, minutes(60));
  EXPECT_EQ(fide(E2009).default_time, minutes(0));
  EXPECT_EQ(fide(E2014).default_time, minutes(0));
}

// Rapid: 2001 App. B1 at least 15 and less than 60 minutes (base only);
// 2014 App. A.1 more than 10 and less than 60 minutes counting 60 increments.
TEST(RulesProfile, RapidLimitsPerEdition) {
  EXPECT_EQ(fide(E2001).rapid_min_minutes, 15);
  EXPECT_FALSE(fide(E2001).rapid_min_exclusive);
  EXPECT_FALSE(fide(E2001).increment_counts_for_category);
  EXPECT_EQ(fide(E2014).rapid_min_minutes, 10);
  EXPECT_TRUE(fide(E2014).rapid_min_exclusive);
  EXPECT_TRUE(fide(E2014).increment_counts_for_category);
  for (RulesEdition e : all_rules_editions()) EXPECT_EQ(fide(e).rapid_max_minutes, 60) << fide(e).name;
  // 2001 App. B4: set-up claims barred after 3 moves each; 2014 A.4.a: after 10.
  EXPECT_EQ(fide(E2001).setup_claim_cutoff_moves, 3);
  EXPECT_EQ(fide(E2014).setup_claim_cutoff_moves, 10);
}

// 2009 App. A.4.c and 2014 App. A.4.b: without full supervision the first
// completed illegal move in rapid and blitz loses.
TEST(RulesProfile, UnsupervisedIllegalMoveLosesFrom2009) {
  EXPECT_TRUE(fide(E2009).unsupervised_illegal_move_loses);
  EXPECT_TRUE(fide(E2014).unsupervised_illegal_move_loses);
  EXPECT_TRUE(fide(E2018).unsupervised_illegal_move_loses);
}

// Quickplay finish: a claim with less than 2 minutes, +2 min to the opponent
// (2001/2009 Art. 10.2, 2014 Appendix G.4/G.5).
TEST(RulesProfile, QuickplayFinishNumbers) {
  for (RulesEdition e : all_rules_editions()) {
    EXPECT_TRUE(fide(e).quickplay_finish_available) << fide(e).name;
    EXPECT_EQ(fide(e).quickplay_claim_threshold, minutes(2)) << fide(e).name;
    EXPECT_EQ(fide(e).quickplay_bonus, minutes(2)) << fide(e).name;
  }
}

// FIDE 2014 Appendix G.4: the player may ask for 5 s delay or increment for
// both players. 2009 Art. 10.2 (and 2001/2005) knows only the draw claim.
TEST(RulesProfile, QuickplayIncrementRequestOnlyFrom2014) {
  for (RulesEdition e : {E2001, E2005, E2009}) EXPECT_EQ(fide(e).quickplay_added_increment, Millis{0}) << fide(e).name;
  for (RulesEdition e : {E2014, E2018})
    EXPECT_EQ(fide(e).quickplay_added_increment, std::chrono::seconds(5)) << fide(e).name;
}

}  // namespace
}  // namespace tabiya
