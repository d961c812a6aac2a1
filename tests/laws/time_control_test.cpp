// Time controls (FIDE Art. 6.3), their PGN and human text forms, and the game
// categories that follow from them (2014 Appendices A.1, B.1, G.3; 2001/2009
// rapid and blitz appendices).
#include "laws/time_control.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "laws/game_category.h"
#include "laws/rules_profile.h"

namespace tabiya {
namespace {

using std::chrono::minutes;
using std::chrono::seconds;

TimeControl pgn(std::string_view text) {
  Result<TimeControl> tc = parse_pgn_time_control(text);
  EXPECT_TRUE(tc.ok()) << text << ": " << (tc.ok() ? "" : tc.error().message);
  return tc.ok() ? *tc : TimeControl();
}

TimeControl human(std::string_view text) {
  Result<TimeControl> tc = parse_human_time_control(text);
  EXPECT_TRUE(tc.ok()) << text << ": " << (tc.ok() ? "" : tc.error().message);
  return tc.ok() ? *tc : TimeControl();
}

std::string pgn_error(std::string_view text) {
  Result<TimeControl> tc = parse_pgn_time_control(text);
  EXPECT_FALSE(tc.ok()) << text << " should not parse";
  return tc.ok() ? "" : tc.error().message;
}

std::string human_error(std::string_view text) {
  Result<TimeControl> tc = parse_human_time_control(text);
  EXPECT_FALSE(tc.ok()) << text << " should not parse";
  return tc.ok() ? "" : tc.error().message;
}

std::optional<GameCategory> category(std::string_view human_tc, RulesEdition edition) {
  return classify_time_control(human(human_tc), rules_profile(edition));
}

// FIDE 2014 Art. 6.3.a and glossary "Time control": 40 moves in 90 minutes, then
// all remaining moves in 30 minutes, plus 30 seconds from move 1.
TEST(TimeControl, PgnMultiPeriodWithIncrement) {
  const TimeControl tc = pgn("40/5400+30:1800+30");
  ASSERT_EQ(tc.kind(), TimeControl::Kind::PERIODS);
  ASSERT_EQ(tc.periods().size(), 2u);
  EXPECT_EQ(tc.periods()[0], (TimePeriod{40, seconds(5400), BonusMode::FISCHER, seconds(30)}));
  EXPECT_EQ(tc.periods()[1], (TimePeriod{0, seconds(1800), BonusMode::FISCHER, seconds(30)}));
  EXPECT_TRUE(tc.has_bonus());
}

// PGN standard TimeControl forms: sudden death, increment, no clock, unknown, sandclock.
TEST(TimeControl, PgnSimpleForms) {
  EXPECT_EQ(pgn("300+3"), TimeControl::sudden_death(seconds(300), seconds(3)));
  EXPECT_EQ(pgn("5400"), TimeControl::sudden_death(seconds(5400)));
  EXPECT_FALSE(pgn("5400").has_bonus());
  EXPECT_EQ(pgn("-").kind(), TimeControl::Kind::UNTIMED);
  EXPECT_EQ(pgn("?").kind(), TimeControl::Kind::UNKNOWN);
  const TimeControl sand = pgn("*60");
  EXPECT_EQ(sand.kind(), TimeControl::Kind::SANDCLOCK);
  EXPECT_EQ(sand.sandclock_time(), seconds(60));
  EXPECT_EQ(pgn("  300+3 "), pgn("300+3"));  // surrounding blanks, as in a loosely written tag
}

// FIDE 2014 Art. 6.3.b delay mode; tabiya's PGN extensions 'd' (simple delay) and 'b' (Bronstein).
TEST(TimeControl, PgnDelayExtensions) {
  EXPECT_EQ(pgn("300d5"), TimeControl::sudden_death(seconds(300), seconds(5), BonusMode::SIMPLE_DELAY));
  EXPECT_EQ(pgn("300b5"), TimeControl::sudden_death(seconds(300), seconds(5), BonusMode::BRONSTEIN_DELAY));
  EXPECT_EQ(pgn("40/7200d30:3600b10").periods()[1].mode, BonusMode::BRONSTEIN_DELAY);
  // A zero bonus is no bonus.
  EXPECT_EQ(pgn("300+0"), pgn("300"));
  EXPECT_EQ(pgn("300d0").periods()[0].mode, BonusMode::NONE);
}

TEST(TimeControl, PgnRoundTrips) {
  for (std::string_view text : {"40/5400+30:1800+30", "300+3", "5400", "-", "?", "*60", "300d5", "300b5",
                                "40/7200:20/3600:900+30", "40/7200", "0.5+0.1", "90.25+1.125", "0+1", "0d3"}) {
    EXPECT_EQ(to_pgn_time_control(pgn(text)), text);
  }
  EXPECT_EQ(to_pgn_time_control(pgn("300+0")), "300");
}

// `tabiya play --tc`: minutes + seconds like lichess, with optional units.
TEST(TimeControl, HumanForms) {
  EXPECT_EQ(human("5+3"), pgn("300+3"));
  EXPECT_EQ(human("90+30"), pgn("5400+30"));
  EXPECT_EQ(human("40/90+30:30+30"), pgn("40/5400+30:1800+30"));
  EXPECT_EQ(human("0.5+0"), pgn("30"));
  EXPECT_EQ(human("30s+0"), pgn("30"));
  EXPECT_EQ(human("1h+30"), pgn("3600+30"));
  EXPECT_EQ(human("1.5h"), pgn("5400"));
  EXPECT_EQ(human("3+1m"), pgn("180+60"));
  EXPECT_EQ(human("15d5"), pgn("900d5"));
  EXPECT_EQ(human("3b2"), pgn("180b2"));
  EXPECT_EQ(human("2+0.5"), pgn("120+0.5"));
  EXPECT_EQ(human("-").kind(), TimeControl::Kind::UNTIMED);
  EXPECT_EQ(human("none").kind(), TimeControl::Kind::UNTIMED);
}

TEST(TimeControl, HumanWriting) {
  EXPECT_EQ(to_human_time_control(pgn("40/5400+30:1800+30")), "40/90+30:30+30");
  EXPECT_EQ(to_human_time_control(pgn("300+3")), "5+3");
  EXPECT_EQ(to_human_time_control(pgn("5400")), "90+0");
  EXPECT_EQ(to_human_time_control(pgn("30")), "30s+0");
  EXPECT_EQ(to_human_time_control(pgn("90.5d2.5")), "90.5sd2.5");
  EXPECT_EQ(to_human_time_control(pgn("900b5")), "15b5");
  EXPECT_EQ(to_human_time_control(TimeControl::untimed()), "-");
  for (std::string_view text :
       {"40/90+30:30+30", "5+3", "90+0", "30s+0", "15d5", "3b2", "2+0.5", "40/120+0:20/60+0:15+30"})
    EXPECT_EQ(to_human_time_control(human(text)), text);
}

// The same time control read back from either form it is written in.
TEST(TimeControl, BothFormsAgree) {
  for (std::string_view text :
       {"40/5400+30:1800+30", "300+3", "5400", "300d5", "300b5", "40/7200", "0.5+0.1", "61+1", "90.25+1.125"}) {
    const TimeControl tc = pgn(text);
    EXPECT_EQ(human(to_human_time_control(tc)), tc) << text;
    EXPECT_EQ(pgn(to_pgn_time_control(tc)), tc) << text;
  }
}

// Errors name the text and the 1-based position of the offending character.
TEST(TimeControl, ParseErrorsNamePosition) {
  EXPECT_EQ(human_error("40/90x"),
            "time control \"40/90x\": unexpected 'x' at position 6 (expected a unit 'h', 'm' or "
            "'s', '+', 'd', 'b', ':' or the end)");
  EXPECT_EQ(pgn_error("40/5400x"),
            "time control \"40/5400x\": unexpected 'x' at position 8 (expected '+', 'd', 'b', "
            "':' or the end)");
  EXPECT_EQ(pgn_error("40/5400+30:"),
            "time control \"40/5400+30:\": unexpected end at position 12 (expected a number)");
  EXPECT_EQ(pgn_error(""), "time control \"\": empty");
  EXPECT_EQ(pgn_error("   "), "time control \"   \": empty");
  EXPECT_NE(pgn_error("abc").find("unexpected 'a' at position 1"), std::string::npos);
  EXPECT_NE(pgn_error("54 00").find("unexpected ' ' at position 3"), std::string::npos);
  EXPECT_NE(pgn_error("300+\xc3\xa9").find("unexpected byte 0xc3 at position 5"), std::string::npos);
  EXPECT_NE(pgn_error("0").find("the first period gives no time at position 1"), std::string::npos);
  EXPECT_NE(pgn_error("5400:40/1800").find("must be the last at position 1"), std::string::npos);
  EXPECT_NE(pgn_error("40/5400:1800:900").find("must be the last at position 9"), std::string::npos);
  EXPECT_NE(pgn_error("0/300").find("move count must be from 1 to 1000 at position 1"), std::string::npos);
  EXPECT_NE(pgn_error("1001/300").find("move count"), std::string::npos);
  EXPECT_NE(pgn_error("40.5/300").find("a move count must be a whole number at position 1"), std::string::npos);
  EXPECT_NE(pgn_error("1234567890").find("number too long at position 1"), std::string::npos);
  EXPECT_NE(pgn_error("3600001").find("time too large"), std::string::npos);
  EXPECT_NE(pgn_error("1.2345").find("more than 3 decimals (milliseconds) at position 6"), std::string::npos);
  EXPECT_NE(pgn_error("1.").find("unexpected end at position 3 (expected a digit after '.')"), std::string::npos);
  EXPECT_NE(pgn_error("300+").find("unexpected end at position 5"), std::string::npos);
  EXPECT_NE(pgn_error("300++3").find("unexpected '+' at position 5"), std::string::npos);
  EXPECT_NE(pgn_error("*").find("unexpected end at position 2"), std::string::npos);
  EXPECT_NE(pgn_error("*0").find("a sandclock needs some time at position 1"), std::string::npos);
  EXPECT_NE(pgn_error("*60+1").find("unexpected '+' at position 4"), std::string::npos);
  EXPECT_NE(pgn_error("5m+3").find("unexpected 'm' at position 2"), std::string::npos);  // units are human-only
  EXPECT_NE(human_error("?").find("unexpected '?' at position 1"), std::string::npos);
  EXPECT_NE(human_error("*60").find("position 1"), std::string::npos);
  EXPECT_NE(human_error("0.00001+0").find("not a whole number of milliseconds at position 1"), std::string::npos);
  EXPECT_NE(human_error("5+3x").find("unexpected 'x' at position 4"), std::string::npos);
  EXPECT_EQ(human_error("90mx"),
            "time control \"90mx\": unexpected 'x' at position 4 (expected '+', 'd', 'b', ':' or "
            "the end)");
}

TEST(TimeControl, FromPeriodsChecks) {
  EXPECT_FALSE(TimeControl::from_periods({}).ok());
  EXPECT_FALSE(TimeControl::from_periods({{-1, seconds(60), BonusMode::NONE, Millis{0}}}).ok());
  EXPECT_FALSE(TimeControl::from_periods(
                   {{0, seconds(60), BonusMode::NONE, Millis{0}}, {40, seconds(60), BonusMode::NONE, Millis{0}}})
                   .ok());
  EXPECT_FALSE(TimeControl::from_periods({{0, seconds(60), BonusMode::NONE, seconds(2)}}).ok());
  EXPECT_FALSE(TimeControl::from_periods({{0, seconds(-1), BonusMode::NONE, Millis{0}}}).ok());
  EXPECT_FALSE(TimeControl::from_periods({{0, Millis{0}, BonusMode::NONE, Millis{0}}}).ok());
  EXPECT_TRUE(TimeControl::from_periods({{0, Millis{0}, BonusMode::SIMPLE_DELAY, seconds(5)}}).ok());
  Result<TimeControl> zero_bonus = TimeControl::from_periods({{0, seconds(60), BonusMode::FISCHER, Millis{0}}});
  ASSERT_TRUE(zero_bonus.ok());
  EXPECT_EQ(zero_bonus->periods()[0].mode, BonusMode::NONE);
}

// FIDE 2014 Art. 6.3.a: a minimum number of moves in each period; the period of each move.
TEST(TimeControl, PeriodsAndControls) {
  const TimeControl tc = pgn("40/7200:20/3600:900");
  EXPECT_EQ(tc.period_of_move(1), 0u);
  EXPECT_EQ(tc.period_of_move(40), 0u);
  EXPECT_EQ(tc.period_of_move(41), 1u);
  EXPECT_EQ(tc.period_of_move(60), 1u);
  EXPECT_EQ(tc.period_of_move(61), 2u);
  EXPECT_EQ(tc.period_of_move(500), 2u);
  EXPECT_FALSE(tc.control_reached_after(39));
  EXPECT_TRUE(tc.control_reached_after(40));
  EXPECT_FALSE(tc.control_reached_after(41));
  EXPECT_TRUE(tc.control_reached_after(60));
  EXPECT_FALSE(tc.control_reached_after(80));
  EXPECT_EQ(tc.moves_to_control(0), 40);
  EXPECT_EQ(tc.moves_to_control(39), 1);
  EXPECT_EQ(tc.moves_to_control(40), 20);
  EXPECT_EQ(tc.moves_to_control(60), std::nullopt);
  EXPECT_FALSE(tc.is_last_period(0));
  EXPECT_FALSE(tc.is_last_period(1));
  EXPECT_TRUE(tc.is_last_period(2));
  EXPECT_FALSE(tc.is_last_period(3));
}

// A last period with a move quota repeats, so the game has no "period for all
// remaining moves" (FIDE 2014 Art. 6.11 and Appendix G.1 then never apply).
TEST(TimeControl, QuotaInLastPeriodRepeats) {
  const TimeControl tc = pgn("40/7200");
  EXPECT_EQ(tc.period_of_move(41), 0u);
  EXPECT_TRUE(tc.control_reached_after(40));
  EXPECT_TRUE(tc.control_reached_after(80));
  EXPECT_FALSE(tc.control_reached_after(81));
  EXPECT_EQ(tc.moves_to_control(45), 35);
  EXPECT_FALSE(tc.is_last_period(0));
}

// FIDE 2014 Appendix G.4: introducing a bonus for the rest of the game.
TEST(TimeControl, WithBonus) {
  const TimeControl tc = pgn("40/5400:1800").with_bonus(BonusMode::FISCHER, seconds(5));
  EXPECT_EQ(to_pgn_time_control(tc), "40/5400+5:1800+5");
  EXPECT_EQ(to_pgn_time_control(tc.with_bonus(BonusMode::NONE, seconds(5))), "40/5400:1800");
}

// Bad input never crashes, and whatever parses is written back to the same control.
TEST(TimeControl, RandomTextIsHandled) {
  const std::string alphabet = "0123456789/+:.dbhms*?- x";
  std::mt19937 rng(2014);
  std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1), length(0, 14);
  int parsed = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    for (std::size_t n = length(rng); n > 0; --n) text += alphabet[pick(rng)];
    for (bool human_form : {false, true}) {
      Result<TimeControl> tc = human_form ? parse_human_time_control(text) : parse_pgn_time_control(text);
      if (!tc.ok()) {
        EXPECT_NE(tc.error().message.find("time control \""), std::string::npos);
        continue;
      }
      ++parsed;
      Result<TimeControl> again = parse_pgn_time_control(to_pgn_time_control(*tc));
      ASSERT_TRUE(again.ok()) << text;
      EXPECT_EQ(*again, *tc) << text;
    }
  }
  EXPECT_GT(parsed, 100);
}

// --- Categories ---

// FIDE 2014 Appendix A.1 / B.1: rapid if base + 60 x increment is more than 10 and
// less than 60 minutes; blitz at 10 minutes or less; standard from 60 minutes (glossary).
TEST(GameCategory, Fide2014Examples) {
  for (RulesEdition e : {RulesEdition::FIDE_2014, RulesEdition::FIDE_2018}) {
    EXPECT_EQ(category("15+10", e), GameCategory::RAPID);     // 25 min
    EXPECT_EQ(category("10+5", e), GameCategory::RAPID);      // 15 min
    EXPECT_EQ(category("10+0", e), GameCategory::BLITZ);      // exactly 10: blitz
    EXPECT_EQ(category("3+2", e), GameCategory::BLITZ);       // 5 min
    EXPECT_EQ(category("45+15", e), GameCategory::STANDARD);  // exactly 60: standard
    EXPECT_EQ(category("60+0", e), GameCategory::STANDARD);
    EXPECT_EQ(category("59+0", e), GameCategory::RAPID);
    EXPECT_EQ(category("11+0", e), GameCategory::RAPID);
    EXPECT_EQ(category("9+1", e), GameCategory::BLITZ);                // exactly 10 with increment
    EXPECT_EQ(category("10.01+0", e), GameCategory::RAPID);            // just over 10
    EXPECT_EQ(category("40/90+30:30+30", e), GameCategory::STANDARD);  // the first period decides
  }
}

// FIDE 2009 Appendices A.1 / B.1: rapid from 15 (inclusive) to under 60 minutes,
// base + 60 x increment; blitz under 15 minutes.
TEST(GameCategory, Fide2009Thresholds) {
  const RulesEdition e = RulesEdition::FIDE_2009;
  EXPECT_EQ(category("10+5", e), GameCategory::RAPID);  // 15: rapid in 2009 too
  EXPECT_EQ(category("15+0", e), GameCategory::RAPID);
  EXPECT_EQ(category("14+0", e), GameCategory::BLITZ);  // rapid in 2014
  EXPECT_EQ(category("11+0", e), GameCategory::BLITZ);  // rapid in 2014
  EXPECT_EQ(category("10+0", e), GameCategory::BLITZ);
  EXPECT_EQ(category("3+2", e), GameCategory::BLITZ);
  EXPECT_EQ(category("45+15", e), GameCategory::STANDARD);
  EXPECT_EQ(category("60+0", e), GameCategory::STANDARD);
  EXPECT_EQ(category("15+10", e), GameCategory::RAPID);
  EXPECT_EQ(category(("14+0"), RulesEdition::FIDE_2014), GameCategory::RAPID);
}

// FIDE 2001 Appendix B.1 (rapidplay 15 to under 60 minutes) and C.1 (blitz under
// 15 minutes): the fixed time only; the increment formula came later.
TEST(GameCategory, Fide2001CountsBaseTimeOnly) {
  const RulesEdition e = RulesEdition::FIDE_2001;
  EXPECT_EQ(category("10+5", e), GameCategory::BLITZ);   // rapid in 2009 and 2014
  EXPECT_EQ(category("45+15", e), GameCategory::RAPID);  // standard in 2009 and 2014
  EXPECT_EQ(category("15+0", e), GameCategory::RAPID);
  EXPECT_EQ(category("60+0", e), GameCategory::STANDARD);
  EXPECT_EQ(category_time(human("45+15"), rules_profile(e)), minutes(45));
  EXPECT_EQ(category_time(human("45+15"), rules_profile(RulesEdition::FIDE_2014)), minutes(60));
}

// Delays are counted like increments (the Laws say "any increment").
TEST(GameCategory, DelayCountsLikeIncrement) {
  EXPECT_EQ(category("5d5", RulesEdition::FIDE_2014), GameCategory::BLITZ);  // 10 min
  EXPECT_EQ(category("9d2", RulesEdition::FIDE_2014), GameCategory::RAPID);  // 11 min
  EXPECT_EQ(category("50b10", RulesEdition::FIDE_2014), GameCategory::STANDARD);
}

TEST(GameCategory, NoClockNoCategory) {
  const RulesProfile& p = rules_profile(RulesEdition::FIDE_2014);
  EXPECT_EQ(classify_time_control(TimeControl::untimed(), p), std::nullopt);
  EXPECT_EQ(classify_time_control(TimeControl::unknown(), p), std::nullopt);
  EXPECT_EQ(classify_time_control(TimeControl::sandclock(seconds(60)), p), std::nullopt);
  EXPECT_EQ(category_name(GameCategory::RAPID), "rapid");
}

// FIDE 2014 Appendix G.3: a quickplay finish only in standard and rapid games
// without increment, never in blitz; G.1: the phase in which all remaining moves
// must be completed, so a repeating quota has none.
TEST(GameCategory, QuickplayFinishApplies) {
  const RulesProfile& p = rules_profile(RulesEdition::FIDE_2014);
  EXPECT_TRUE(quickplay_finish_applies(GameCategory::STANDARD, human("90+0"), p));
  EXPECT_TRUE(quickplay_finish_applies(GameCategory::STANDARD, human("40/120+0:30+0"), p));
  EXPECT_TRUE(quickplay_finish_applies(GameCategory::RAPID, human("25+0"), p));
  EXPECT_FALSE(quickplay_finish_applies(GameCategory::BLITZ, human("5+0"), p));
  EXPECT_FALSE(quickplay_finish_applies(GameCategory::STANDARD, human("90+30"), p));
  EXPECT_FALSE(quickplay_finish_applies(GameCategory::RAPID, human("25d5"), p));
  EXPECT_FALSE(quickplay_finish_applies(GameCategory::STANDARD, pgn("40/7200"), p));
  EXPECT_FALSE(quickplay_finish_applies(GameCategory::STANDARD, TimeControl::untimed(), p));
}

}  // namespace
}  // namespace tabiya
