// The chess clock (FIDE Art. 6), driven by a manual time source so every
// instant is exact.
#include "laws/clock.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <tuple>

#include "laws/game_category.h"
#include "laws/rules_profile.h"

namespace tabiya {
namespace {

using std::chrono::minutes;
using std::chrono::seconds;

struct Rig {
  std::shared_ptr<ManualTimeSource> time = std::make_shared<ManualTimeSource>(seconds(1000));
  Clock clock;
};

Clock make_clock(std::string_view pgn_tc, const std::shared_ptr<ManualTimeSource>& time, ClockOptions options = {}) {
  Result<TimeControl> tc = parse_pgn_time_control(pgn_tc);
  EXPECT_TRUE(tc.ok()) << pgn_tc;
  Result<Clock> clock = Clock::create(tc.ok() ? *tc : TimeControl::sudden_death(seconds(1)), time, options);
  EXPECT_TRUE(clock.ok()) << pgn_tc << ": " << (clock.ok() ? "" : clock.error().message);
  return std::move(clock).value();
}

Rig started(std::string_view pgn_tc, ClockOptions options = {}) {
  auto time = std::make_shared<ManualTimeSource>(seconds(1000));
  Rig s{time, make_clock(pgn_tc, time, options)};
  EXPECT_TRUE(s.clock.start().ok());
  return s;
}

// Think for `used`, then press.
PressReport move(Rig& s, Millis used) {
  s.time->advance(used);
  Result<PressReport> report = s.clock.press();
  EXPECT_TRUE(report.ok()) << (report.ok() ? "" : report.error().message);
  return report.ok() ? *report : PressReport{};
}

const RulesProfile& fide(RulesEdition e) { return rules_profile(e); }

// FIDE 2014 Art. 6.6: at the start White's clock is started; Black's does not run.
TEST(Clock, WhiteClockStartsFirst) {
  Rig s = started("300");
  EXPECT_TRUE(s.clock.running());
  EXPECT_EQ(s.clock.turn(), WHITE);
  s.time->advance(seconds(10));
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(290));
  EXPECT_EQ(s.clock.remaining(BLACK), seconds(300));
}

// A game from a position with Black to move starts Black's clock.
TEST(Clock, BlackMayStartFromAPosition) {
  auto time = std::make_shared<ManualTimeSource>();
  Clock clock = make_clock("300", time);
  ASSERT_TRUE(clock.start(BLACK).ok());
  time->advance(seconds(5));
  EXPECT_EQ(clock.remaining(BLACK), seconds(295));
  EXPECT_EQ(clock.remaining(WHITE), seconds(300));
}

// FIDE 2014 Art. 6.2.a: pressing the clock completes the move, stops the
// player's clock and starts the opponent's; the move counter counts presses.
TEST(Clock, PressCompletesMove) {
  Rig s = started("300");
  const PressReport white = move(s, seconds(7));
  EXPECT_EQ(white.mover, WHITE);
  EXPECT_EQ(white.moves_completed, 1);
  EXPECT_EQ(white.time_used, seconds(7));
  EXPECT_EQ(white.remaining, seconds(293));
  EXPECT_FALSE(white.reached_control);
  EXPECT_EQ(s.clock.turn(), BLACK);
  s.time->advance(seconds(4));
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(293));
  EXPECT_EQ(s.clock.remaining(BLACK), seconds(296));
  move(s, Millis{0});
  EXPECT_EQ(s.clock.moves_completed(WHITE), 1);
  EXPECT_EQ(s.clock.moves_completed(BLACK), 1);
}

TEST(Clock, MisuseIsRefused) {
  auto time = std::make_shared<ManualTimeSource>();
  Clock clock = make_clock("300", time);
  EXPECT_FALSE(clock.press().ok());
  EXPECT_FALSE(clock.resume().ok());
  ASSERT_TRUE(clock.start().ok());
  EXPECT_FALSE(clock.start().ok());
  EXPECT_FALSE(clock.set_time(WHITE, seconds(-1)).ok());
  EXPECT_FALSE(clock.set_moves_completed(WHITE, -1).ok());
  EXPECT_FALSE(clock.introduce_bonus(BonusMode::FISCHER, seconds(-5)).ok());
}

TEST(Clock, NeedsAChessClockTimeControl) {
  auto time = std::make_shared<ManualTimeSource>();
  Result<Clock> untimed = Clock::create(TimeControl::untimed(), time);
  ASSERT_FALSE(untimed.ok());
  EXPECT_EQ(untimed.error().message, "clock: the game is played without a clock");
  EXPECT_FALSE(Clock::create(TimeControl::unknown(), time).ok());
  Result<Clock> sand = Clock::create(TimeControl::sandclock(seconds(60)), time);
  ASSERT_FALSE(sand.ok());
  EXPECT_NE(sand.error().message.find("sandclock"), std::string::npos);
  EXPECT_FALSE(Clock::create(TimeControl::sudden_death(seconds(60)), nullptr).ok());
}

// FIDE 2014 Art. 6.3.b: time saved in one period is added to the next. 40 moves in
// 90 minutes, then 30 minutes, with 30 s from move 1 (glossary example).
TEST(Clock, MultiPeriodCarryOverWithIncrement) {
  Rig s = started("40/5400+30:1800+30");
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(5430));  // move 1's increment credited up front
  EXPECT_EQ(s.clock.moves_to_control(WHITE), 40);
  for (int n = 1; n <= 39; ++n) {
    const PressReport white = move(s, seconds(60));
    EXPECT_FALSE(white.reached_control);
    move(s, seconds(60));
  }
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(5430 - 39 * 30));  // each move: -60 + 30
  EXPECT_EQ(s.clock.moves_to_control(WHITE), 1);
  EXPECT_EQ(s.clock.period_index(WHITE), 0u);
  const PressReport fortieth = move(s, seconds(60));
  EXPECT_TRUE(fortieth.reached_control);
  EXPECT_EQ(fortieth.moves_completed, 40);
  // 4260 - 60 = 4200 saved, + 1800 for the second period, + 30 for move 41.
  EXPECT_EQ(fortieth.remaining, seconds(4200 + 1800 + 30));
  EXPECT_EQ(s.clock.period_index(WHITE), 1u);
  EXPECT_TRUE(s.clock.in_last_period(WHITE));
  EXPECT_FALSE(s.clock.in_last_period(BLACK));
  EXPECT_EQ(s.clock.moves_to_control(WHITE), std::nullopt);
}

// FIDE 2014 Art. 6.3.b without increment: 40 moves in 90 min, then 30 min.
TEST(Clock, MultiPeriodCarryOverWithoutIncrement) {
  Rig s = started("40/5400:1800");
  for (int n = 1; n <= 40; ++n) {
    move(s, seconds(100));
    move(s, seconds(10));
  }
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(5400 - 4000 + 1800));
  EXPECT_EQ(s.clock.remaining(BLACK), seconds(5400 - 400 + 1800));
}

// The press that ends move 40 credits the increment of move 41, which belongs to
// the next period (glossary: the increment is added before each move).
TEST(Clock, IncrementOfTheNextPeriod) {
  Rig fide_style = started("2/60+10:60+1");
  move(fide_style, seconds(1));
  move(fide_style, seconds(1));
  EXPECT_EQ(move(fide_style, seconds(1)).remaining, seconds(70 - 1 + 10 - 1 + 60 + 1));
  Rig lichess_style = started("2/60+10:60+1", {IncrementCredit::AFTER_EACH_MOVE});
  move(lichess_style, seconds(1));
  move(lichess_style, seconds(1));
  EXPECT_EQ(move(lichess_style, seconds(1)).remaining, seconds(60 - 1 + 10 - 1 + 10 + 60));
}

// A last period with a move quota repeats: each 40 moves add its time again.
TEST(Clock, RepeatingPeriod) {
  Rig s = started("2/60");
  move(s, seconds(10));
  move(s, seconds(10));
  EXPECT_TRUE(move(s, seconds(10)).reached_control);
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(60 - 20 + 60));
  move(s, seconds(10));
  move(s, seconds(10));
  move(s, seconds(10));
  EXPECT_TRUE(move(s, seconds(10)).reached_control);
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(60 - 40 + 120));
}

// FIDE 2014 Art. 6.1: flag-fall is the expiration of the allotted time. The
// instant is known in advance, without polling, to the millisecond.
TEST(Clock, ExactFlagInstant) {
  Rig s = started("300");
  const Millis start = s.time->now();
  EXPECT_EQ(s.clock.flag_time(WHITE), start + seconds(300));
  EXPECT_EQ(s.clock.flag_time(BLACK), std::nullopt);  // not running
  move(s, seconds(100));
  // Black's flag time is known the instant his clock starts.
  EXPECT_EQ(s.clock.flag_time(BLACK), start + seconds(100) + seconds(300));
  move(s, seconds(50));
  const Millis white_flag = start + seconds(150) + seconds(200);
  EXPECT_EQ(s.clock.flag_time(WHITE), white_flag);
  s.time->set(white_flag - Millis{1});
  EXPECT_FALSE(s.clock.flag_fallen(WHITE));
  EXPECT_EQ(s.clock.remaining(WHITE), Millis{1});
  s.time->set(white_flag);
  EXPECT_TRUE(s.clock.flag_fallen(WHITE));
  EXPECT_EQ(s.clock.remaining(WHITE), Millis{0});
  EXPECT_EQ(s.clock.first_flag(), WHITE);
  // Later reads and a stop keep the instant it fell.
  s.time->advance(seconds(30));
  s.clock.stop();
  EXPECT_EQ(s.clock.flag_time(WHITE), white_flag);
  EXPECT_EQ(s.clock.remaining(WHITE), Millis{0});
}

// A fallen flag stays down even if an increment later puts time on the clock
// (as on electronic clocks); whether it loses is for the game (2014 Art. 6.8, 6.9).
TEST(Clock, FlagStaysDownAfterIncrement) {
  Rig s = started("10+5");
  const Millis start = s.time->now();
  const PressReport late = move(s, seconds(20));
  EXPECT_TRUE(late.flag_fallen);
  EXPECT_EQ(late.remaining, seconds(5));
  EXPECT_TRUE(s.clock.flag_fallen(WHITE));
  EXPECT_EQ(s.clock.flag_time(WHITE), start + seconds(15));
}

// Fischer increment (2014 glossary "cumulative mode"), credited before each move.
TEST(Clock, FischerArithmetic) {
  Rig s = started("60+5");
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(65));
  EXPECT_EQ(move(s, seconds(3)).remaining, seconds(67));  // 65 - 3 + 5
  move(s, Millis{0});
  EXPECT_EQ(move(s, seconds(8)).remaining, seconds(64));  // 67 - 8 + 5
  EXPECT_EQ(s.clock.remaining(BLACK), seconds(70));       // unused increments accumulate
}

// The lichess convention: the increment arrives when the move is completed.
TEST(Clock, FischerCreditedAfterTheMove) {
  Rig s = started("60+5", {IncrementCredit::AFTER_EACH_MOVE});
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(60));
  EXPECT_EQ(s.clock.flag_time(WHITE), s.time->now() + seconds(60));
  EXPECT_EQ(move(s, seconds(3)).remaining, seconds(62));
  move(s, Millis{0});
  EXPECT_EQ(move(s, seconds(8)).remaining, seconds(59));
}

// FIDE 2014 Art. 6.3.b delay mode: the main time runs only after the delay; a
// press within the delay leaves it unchanged; unused delay does not accumulate.
TEST(Clock, SimpleDelayArithmetic) {
  Rig s = started("60d5");
  const Millis start = s.time->now();
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(60));
  EXPECT_EQ(s.clock.flag_time(WHITE), start + seconds(65));
  EXPECT_EQ(move(s, seconds(3)).remaining, seconds(60));
  move(s, Millis{0});
  s.time->advance(seconds(4));
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(60));
  EXPECT_EQ(s.clock.delay_remaining(WHITE), seconds(1));
  EXPECT_EQ(s.clock.delay_remaining(BLACK), Millis{0});
  s.time->advance(seconds(2));
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(59));
  EXPECT_EQ(s.clock.delay_remaining(WHITE), Millis{0});
  EXPECT_EQ(move(s, seconds(2)).remaining, seconds(57));
  EXPECT_EQ(s.clock.remaining(BLACK), seconds(60));
}

// Bronstein delay: the display runs at once and min(used, delay) is given back.
TEST(Clock, BronsteinDelayArithmetic) {
  Rig s = started("60b5");
  const Millis start = s.time->now();
  EXPECT_EQ(s.clock.flag_time(WHITE), start + seconds(60));
  s.time->advance(seconds(3));
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(57));
  EXPECT_EQ(move(s, Millis{0}).remaining, seconds(60));
  move(s, Millis{0});
  s.time->advance(seconds(4));
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(56));
  EXPECT_EQ(s.clock.delay_remaining(WHITE), Millis{0});
  EXPECT_EQ(move(s, seconds(4)).remaining, seconds(57));  // 60 - 8 + 5
}

// The three modes side by side for the same moves: the two delays end every move
// on the same time; Fischer also banks what was not used.
TEST(Clock, DelayVersusBronsteinVersusFischer) {
  for (auto [tc, after_fast, after_slow] : {std::tuple{"60+5", 67, 64}, {"60d5", 60, 57}, {"60b5", 60, 57}}) {
    Rig s = started(tc);
    EXPECT_EQ(move(s, seconds(3)).remaining, seconds(after_fast)) << tc;
    move(s, Millis{0});
    EXPECT_EQ(move(s, seconds(8)).remaining, seconds(after_slow)) << tc;
  }
}

// With a simple delay the flag falls only when delay and main time are both used.
TEST(Clock, SimpleDelayFlagInstant) {
  Rig s = started("10d5");
  const Millis start = s.time->now();
  s.time->set(start + seconds(15) - Millis{1});
  EXPECT_FALSE(s.clock.flag_fallen(WHITE));
  s.time->set(start + seconds(15));
  EXPECT_TRUE(s.clock.flag_fallen(WHITE));
  s.time->advance(seconds(10));
  s.clock.stop();
  EXPECT_EQ(s.clock.flag_time(WHITE), start + seconds(15));
}

// FIDE 2014 Art. 6.12: the arbiter stops the clocks and decides when the game
// restarts; no time runs meanwhile and the clock cannot be pressed.
TEST(Clock, StopAndRestart) {
  Rig s = started("300d5");
  s.time->advance(seconds(2));
  s.clock.stop();
  EXPECT_FALSE(s.clock.running());
  EXPECT_EQ(s.clock.flag_time(WHITE), std::nullopt);
  s.time->advance(seconds(100));
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(300));
  EXPECT_EQ(s.clock.delay_remaining(WHITE), seconds(3));
  Result<PressReport> pressed = s.clock.press();
  ASSERT_FALSE(pressed.ok());
  EXPECT_NE(pressed.error().message.find("6.12"), std::string::npos);
  ASSERT_TRUE(s.clock.resume().ok());
  s.time->advance(seconds(5));
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(298));  // 3 s of delay left, then 2 s of main time
  const PressReport report = *s.clock.press();
  EXPECT_EQ(report.time_used, seconds(7));  // the stop is not thinking time
}

// FIDE 2014 Art. 7.5.b / 9.5.b: the arbiter adds time to the opponent's clock.
TEST(Clock, ArbiterAddsTime) {
  Rig s = started("300");
  s.time->advance(seconds(10));
  s.clock.add_time(BLACK, minutes(2));
  EXPECT_EQ(s.clock.remaining(BLACK), seconds(420));
  s.clock.add_time(WHITE, minutes(2));  // while running: counts from now
  s.time->advance(seconds(10));
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(400));
  s.clock.add_time(BLACK, minutes(-10));  // never below zero
  EXPECT_EQ(s.clock.remaining(BLACK), Millis{0});
  EXPECT_TRUE(s.clock.flag_fallen(BLACK));
}

// FIDE 2014 Art. 6.10.b: a clock found set incorrectly is corrected by the
// arbiter, who adjusts the times and the move counter.
TEST(Clock, ArbiterCorrectsClockAndMoveCounter) {
  Rig s = started("40/5400:1800");
  move(s, seconds(30));
  move(s, seconds(30));
  ASSERT_TRUE(s.clock.set_time(WHITE, seconds(4000)).ok());
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(4000));
  ASSERT_TRUE(s.clock.set_moves_completed(WHITE, 39).ok());
  EXPECT_EQ(s.clock.moves_to_control(WHITE), 1);
  const PressReport control = move(s, seconds(100));
  EXPECT_TRUE(control.reached_control);  // the corrected counter decides the control
  EXPECT_EQ(control.moves_completed, 40);
  EXPECT_EQ(control.remaining, seconds(3900 + 1800));
}

// FIDE 2014 Art. 7.1: after an irregularity the arbiter may set the clocks,
// which raises a fallen flag if time is put back.
TEST(Clock, ArbiterSetTimeRaisesFlag) {
  Rig s = started("60");
  s.time->advance(seconds(61));
  EXPECT_TRUE(s.clock.flag_fallen(WHITE));
  ASSERT_TRUE(s.clock.set_time(WHITE, seconds(30)).ok());
  EXPECT_FALSE(s.clock.flag_fallen(WHITE));
  EXPECT_EQ(s.clock.flag_time(WHITE), s.time->now() + seconds(30));
  ASSERT_TRUE(s.clock.set_time(BLACK, Millis{0}).ok());
  EXPECT_TRUE(s.clock.flag_fallen(BLACK));
}

// Both flags have fallen and the order is unknown.
// FIDE 2014 Art. 6.11.a: in a period that is not the last, the game continues.
TEST(BothFlags, ContinueBeforeTheLastPeriod) {
  const TimeControl tc = *parse_pgn_time_control("40/5400:1800");
  for (RulesEdition e : all_rules_editions())
    EXPECT_EQ(both_flags_decision(fide(e), tc, 0, 0), BothFlagsDecision::CONTINUE) << fide(e).name;
  // Only one player has reached the last period: not "in the last period".
  EXPECT_EQ(both_flags_decision(fide(RulesEdition::FIDE_2014), tc, 1, 0), BothFlagsDecision::CONTINUE);
  // A repeating quota has no last period.
  EXPECT_EQ(both_flags_decision(fide(RulesEdition::FIDE_2014), *parse_pgn_time_control("40/7200"), 0, 0),
            BothFlagsDecision::CONTINUE);
}

// FIDE 2014 Art. 6.11.b (2005 Art. 6.12, 2009 Art. 6.11): in the period for all
// remaining moves the game is drawn, increment or not.
TEST(BothFlags, DrawInTheLastPeriodSince2005) {
  for (std::string_view text : {"40/5400:1800", "40/5400+30:1800+30"}) {
    const TimeControl tc = *parse_pgn_time_control(text);
    for (RulesEdition e :
         {RulesEdition::FIDE_2005, RulesEdition::FIDE_2009, RulesEdition::FIDE_2014, RulesEdition::FIDE_2018})
      EXPECT_EQ(both_flags_decision(fide(e), tc, 1, 1), BothFlagsDecision::DRAW) << text << " " << fide(e).name;
  }
}

// FIDE 2001 Art. 6.12: the game continues; Art. 10.3: drawn in a quickplay finish,
// which a game with increment does not have.
TEST(BothFlags, Fide2001ContinuesExceptInQuickplayFinish) {
  const RulesProfile& p2001 = fide(RulesEdition::FIDE_2001);
  EXPECT_EQ(both_flags_decision(p2001, *parse_pgn_time_control("40/5400+30:1800+30"), 1, 1),
            BothFlagsDecision::CONTINUE);
  EXPECT_EQ(both_flags_decision(p2001, *parse_pgn_time_control("40/5400:1800"), 1, 1), BothFlagsDecision::DRAW);
  EXPECT_EQ(both_flags_decision(p2001, *parse_pgn_time_control("40/5400:1800"), 0, 0), BothFlagsDecision::CONTINUE);
}

// The same decisions read from a clock on which both flags fell.
TEST(BothFlags, FromTheClock) {
  Rig s = started("60+2");
  EXPECT_EQ(both_flags_decision(fide(RulesEdition::FIDE_2014), s.clock), std::nullopt);
  move(s, seconds(70));  // White's flag falls unnoticed
  s.time->advance(seconds(70));
  EXPECT_TRUE(s.clock.flag_fallen(BLACK));
  EXPECT_EQ(s.clock.first_flag(), WHITE);  // the clock knows; an arbiter may not
  EXPECT_EQ(both_flags_decision(fide(RulesEdition::FIDE_2014), s.clock), BothFlagsDecision::DRAW);
  EXPECT_EQ(both_flags_decision(fide(RulesEdition::FIDE_2001), s.clock), BothFlagsDecision::CONTINUE);

  // In the first period of two, flags that fell there count even after the control.
  Rig p = started("2/60:60");
  move(p, seconds(61));
  move(p, seconds(61));
  move(p, seconds(1));  // White reaches the control after his flag fell
  EXPECT_TRUE(p.clock.in_last_period(WHITE));
  EXPECT_EQ(p.clock.flag_period(WHITE), 0u);
  EXPECT_EQ(both_flags_decision(fide(RulesEdition::FIDE_2014), p.clock), BothFlagsDecision::CONTINUE);
}

// FIDE 2014 Appendix G.4/G.5 (2009 Art. 10.2): only the player having the move,
// with less than two minutes on his clock, before his flag falls.
TEST(Quickplay, ClaimTime) {
  const RulesProfile& p = fide(RulesEdition::FIDE_2014);
  Rig s = started("300");
  EXPECT_FALSE(quickplay_claim_time_ok(s.clock, WHITE, p));
  s.time->advance(seconds(180));
  EXPECT_FALSE(quickplay_claim_time_ok(s.clock, WHITE, p));  // exactly two minutes is not less
  s.time->advance(Millis{1});
  EXPECT_TRUE(quickplay_claim_time_ok(s.clock, WHITE, p));
  EXPECT_FALSE(quickplay_claim_time_ok(s.clock, BLACK, p));  // not his move
  s.time->advance(seconds(200));
  EXPECT_FALSE(quickplay_claim_time_ok(s.clock, WHITE, p));  // flag fallen
}

// FIDE 2014 Appendix G.4: 5 s increment for both players and two extra minutes
// for the opponent. The move in progress gets no increment; every later one does.
TEST(Quickplay, GrantIncrement) {
  const RulesProfile& p = fide(RulesEdition::FIDE_2014);
  Rig s = started("5400");
  move(s, seconds(5300));  // White: 100 s left
  move(s, seconds(10));    // Black: 5390 s left
  s.time->advance(seconds(5));
  ASSERT_TRUE(grant_quickplay_bonus(s.clock, WHITE, BonusMode::FISCHER, GameCategory::STANDARD, p).ok());
  EXPECT_EQ(s.clock.remaining(BLACK), seconds(5390 + 120 + 5));  // +2 min, and the increment for his next move
  EXPECT_EQ(to_pgn_time_control(s.clock.time_control()), "5400+5");
  EXPECT_EQ(move(s, seconds(10)).remaining, seconds(100 - 15 + 5));
  EXPECT_EQ(move(s, seconds(10)).remaining, seconds(5515 - 10 + 5));
  // Only once: the game now has an increment (G.3).
  s.time->advance(seconds(1));
  EXPECT_FALSE(grant_quickplay_bonus(s.clock, WHITE, BonusMode::FISCHER, GameCategory::STANDARD, p).ok());
}

// FIDE 2014 Appendix G.4 with a delay: the next moves of both players are delayed.
TEST(Quickplay, GrantDelay) {
  const RulesProfile& p = fide(RulesEdition::FIDE_2014);
  Rig s = started("1500");
  s.time->advance(seconds(1450));
  ASSERT_TRUE(grant_quickplay_bonus(s.clock, WHITE, BonusMode::SIMPLE_DELAY, GameCategory::RAPID, p).ok());
  EXPECT_EQ(s.clock.remaining(BLACK), seconds(1500 + 120));
  EXPECT_EQ(move(s, seconds(3)).remaining, seconds(47));  // the move in progress had no delay
  EXPECT_EQ(move(s, seconds(3)).remaining, seconds(1620));
  EXPECT_EQ(move(s, seconds(7)).remaining, seconds(45));
}

// FIDE 2014 Appendix G.3/G.4: not in blitz, not with increment, not with two minutes or more.
TEST(Quickplay, GrantRefused) {
  const RulesProfile& p = fide(RulesEdition::FIDE_2014);
  Rig blitz = started("300");
  blitz.time->advance(seconds(250));
  Result<bool> refused = grant_quickplay_bonus(blitz.clock, WHITE, BonusMode::FISCHER, GameCategory::BLITZ, p);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("G.3"), std::string::npos);

  Rig increment = started("5400+30");
  increment.time->advance(seconds(5400));
  EXPECT_FALSE(grant_quickplay_bonus(increment.clock, WHITE, BonusMode::FISCHER, GameCategory::STANDARD, p).ok());

  Rig plenty = started("5400");
  plenty.time->advance(seconds(60));
  EXPECT_FALSE(grant_quickplay_bonus(plenty.clock, WHITE, BonusMode::FISCHER, GameCategory::STANDARD, p).ok());
  plenty.time->advance(seconds(5300));
  EXPECT_FALSE(grant_quickplay_bonus(plenty.clock, BLACK, BonusMode::FISCHER, GameCategory::STANDARD, p).ok());
  EXPECT_FALSE(grant_quickplay_bonus(plenty.clock, WHITE, BonusMode::NONE, GameCategory::STANDARD, p).ok());
  EXPECT_EQ(plenty.clock.remaining(BLACK), seconds(5400));  // nothing changed
}

// A time source that goes backwards (a replay mistake) never gives time back.
TEST(Clock, TimeGoingBackwardsIsIgnored) {
  Rig s = started("300");
  s.time->advance(seconds(10));
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(290));
  s.clock.stop();
  ASSERT_TRUE(s.clock.resume().ok());
  s.time->advance(seconds(-5));
  EXPECT_EQ(s.clock.remaining(WHITE), seconds(290));
  EXPECT_EQ(move(s, Millis{0}).remaining, seconds(290));
}

TEST(Clock, SteadyTimeSourceIsMonotonic) {
  SteadyTimeSource steady;
  const Millis a = steady.now();
  EXPECT_LE(a, steady.now());
}

}  // namespace
}  // namespace tabiya
