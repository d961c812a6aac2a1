#include "laws/clock.h"

#include <algorithm>
#include <string>
#include <utility>

#include "laws/game_category.h"

namespace tabiya {
namespace {

constexpr int MAX_MOVE_COUNTER = 100000;

std::string millis_text(Millis t) { return std::to_string(t.count()) + " ms"; }

}  // namespace

Clock::Clock(TimeControl tc, std::shared_ptr<const TimeSource> source, ClockOptions options)
    : tc_(std::move(tc)), source_(std::move(source)), options_(options) {}

Result<Clock> Clock::create(TimeControl tc, std::shared_ptr<const TimeSource> source, ClockOptions options) {
  switch (tc.kind()) {
    case TimeControl::Kind::UNKNOWN:
      return fail("clock: the time control is unknown");
    case TimeControl::Kind::UNTIMED:
      return fail("clock: the game is played without a clock");
    case TimeControl::Kind::SANDCLOCK:
      return fail("clock: sandclock (hourglass) time controls are not supported");
    case TimeControl::Kind::PERIODS:
      break;
  }
  if (!source) return fail("clock: no time source");
  Clock clock(std::move(tc), std::move(source), options);
  const TimePeriod& first = clock.tc_.periods().front();
  const bool increment_up_front =
      options.increment_credit == IncrementCredit::BEFORE_EACH_MOVE && first.mode == BonusMode::FISCHER;
  for (Side& side : clock.state_.sides) side.main = first.base + (increment_up_front ? first.bonus : Millis{0});
  return clock;
}

Clock::State Clock::settled(Millis instant) const {
  State st = state_;
  if (!st.running) return st;
  const Millis elapsed = std::max(instant - st.settled_at, Millis{0});
  Side& side = st.sides[st.turn];
  MoveInProgress& move = st.move;

  // With a simple delay the main time only runs once the delay is used up (6.3.b).
  Millis main_elapsed = elapsed;
  if (move.mode == BonusMode::SIMPLE_DELAY) {
    const Millis from_delay = std::min(elapsed, move.delay_left);
    move.delay_left -= from_delay;
    main_elapsed -= from_delay;
  }
  move.used += elapsed;
  const bool main_running = move.mode != BonusMode::SIMPLE_DELAY || move.delay_left == Millis{0};
  if (main_running && !side.flag_fell_at && main_elapsed >= side.main) {
    side.flag_fell_at = st.settled_at + (elapsed - main_elapsed) + side.main;
    side.flag_period = tc_.period_of_move(side.moves + 1);
  }
  side.main = std::max(side.main - main_elapsed, Millis{0});
  st.settled_at = std::max(instant, st.settled_at);
  return st;
}

const TimePeriod& Clock::period_for_next_move(Color c) const {
  return tc_.periods()[tc_.period_of_move(state_.sides[c].moves + 1)];
}

void Clock::begin_move(Color c, Millis instant) {
  const TimePeriod& period = period_for_next_move(c);
  state_.turn = c;
  state_.settled_at = instant;
  state_.move = MoveInProgress{period.mode, period.bonus,
                               period.mode == BonusMode::SIMPLE_DELAY ? period.bonus : Millis{0}, Millis{0}};
}

Result<bool> Clock::start(Color first) {
  if (state_.started) return fail("clock: already started");
  state_.started = true;
  state_.running = true;
  begin_move(first, now());
  return true;
}

Result<PressReport> Clock::press() {
  if (!state_.started) return fail("clock: not started");
  if (!state_.running) return fail("clock: the clocks are stopped (Art. 6.12); the arbiter restarts them");
  const Millis instant = now();
  state_ = settled(instant);

  const Color mover = state_.turn;
  Side& side = state_.sides[mover];
  const MoveInProgress& move = state_.move;
  PressReport report;
  report.mover = mover;
  report.time_used = move.used;
  report.flag_fallen = side.flag_fell_at.has_value();

  if (move.mode == BonusMode::BRONSTEIN_DELAY) side.main += std::min(move.used, move.bonus);
  if (move.mode == BonusMode::FISCHER && options_.increment_credit == IncrementCredit::AFTER_EACH_MOVE)
    side.main += move.bonus;
  ++side.moves;
  if (tc_.control_reached_after(side.moves)) {
    report.reached_control = true;
    side.main += period_for_next_move(mover).base;  // 6.3.b: added to the time saved
  }
  if (options_.increment_credit == IncrementCredit::BEFORE_EACH_MOVE) {
    const TimePeriod& next = period_for_next_move(mover);
    if (next.mode == BonusMode::FISCHER) side.main += next.bonus;  // the increment for the next move
  }
  report.moves_completed = side.moves;
  report.remaining = side.main;

  begin_move(~mover, instant);
  return report;
}

void Clock::stop() {
  if (!state_.running) return;
  settle();
  state_.running = false;
}

Result<bool> Clock::resume() {
  if (!state_.started) return fail("clock: not started");
  if (state_.running) return true;
  state_.running = true;
  state_.settled_at = now();
  return true;
}

Millis Clock::remaining(Color c) const { return settled(now()).sides[c].main; }

Millis Clock::delay_remaining(Color c) const {
  const State st = settled(now());
  if (!st.started || st.turn != c || st.move.mode != BonusMode::SIMPLE_DELAY) return Millis{0};
  return st.move.delay_left;
}

std::optional<Millis> Clock::flag_time(Color c) const {
  const Side& side = state_.sides[c];
  if (side.flag_fell_at) return side.flag_fell_at;
  if (!state_.running || state_.turn != c) return std::nullopt;
  const Millis main_starts =
      state_.settled_at + (state_.move.mode == BonusMode::SIMPLE_DELAY ? state_.move.delay_left : Millis{0});
  return main_starts + side.main;
}

bool Clock::flag_fallen(Color c) const {
  const std::optional<Millis> at = flag_time(c);
  return at && *at <= now();
}

std::optional<Color> Clock::first_flag() const {
  const bool white = flag_fallen(WHITE), black = flag_fallen(BLACK);
  if (white && black) {
    const Millis w = *flag_time(WHITE), b = *flag_time(BLACK);
    if (w == b) return std::nullopt;
    return w < b ? WHITE : BLACK;
  }
  if (white) return WHITE;
  if (black) return BLACK;
  return std::nullopt;
}

std::size_t Clock::flag_period(Color c) const {
  const State st = settled(now());
  const Side& side = st.sides[c];
  return side.flag_fell_at ? side.flag_period : tc_.period_of_move(side.moves + 1);
}

std::size_t Clock::period_index(Color c) const { return tc_.period_of_move(state_.sides[c].moves + 1); }

std::optional<int> Clock::moves_to_control(Color c) const { return tc_.moves_to_control(state_.sides[c].moves); }

Millis Clock::increment_for_next_move(Color c) const {
  const TimePeriod& period = period_for_next_move(c);
  return period.mode == BonusMode::FISCHER ? period.bonus : Millis{0};
}

Millis Clock::delay_for_next_move(Color c) const {
  const TimePeriod& period = period_for_next_move(c);
  const bool delay = period.mode == BonusMode::SIMPLE_DELAY || period.mode == BonusMode::BRONSTEIN_DELAY;
  return delay ? period.bonus : Millis{0};
}

bool Clock::in_last_period(Color c) const { return tc_.is_last_period(period_index(c)); }

void Clock::update_flag_after_adjustment(Color c) {
  Side& side = state_.sides[c];
  if (side.main > Millis{0}) {
    side.flag_fell_at.reset();  // the arbiter put time back on the clock
    return;
  }
  if (side.flag_fell_at) return;
  const bool delay_pending = state_.started && state_.turn == c && state_.move.mode == BonusMode::SIMPLE_DELAY &&
                             state_.move.delay_left > Millis{0};
  if (delay_pending) return;  // the flag falls when the delay runs out
  side.flag_fell_at = state_.running ? state_.settled_at : now();
  side.flag_period = tc_.period_of_move(side.moves + 1);
}

void Clock::add_time(Color c, Millis amount) {
  settle();
  Side& side = state_.sides[c];
  side.main = std::max(side.main + amount, Millis{0});
  update_flag_after_adjustment(c);
}

Result<bool> Clock::set_time(Color c, Millis value) {
  if (value < Millis{0}) return fail("clock: cannot set a negative time (" + millis_text(value) + ")");
  settle();
  state_.sides[c].main = value;
  update_flag_after_adjustment(c);
  return true;
}

Result<bool> Clock::set_moves_completed(Color c, int moves) {
  if (moves < 0 || moves > MAX_MOVE_COUNTER)
    return fail("clock: move counter " + std::to_string(moves) + " out of range 0.." +
                std::to_string(MAX_MOVE_COUNTER));
  state_.sides[c].moves = moves;
  return true;
}

Result<bool> Clock::introduce_bonus(BonusMode mode, Millis bonus) {
  if (bonus < Millis{0}) return fail("clock: negative bonus (" + millis_text(bonus) + ")");
  settle();
  tc_ = tc_.with_bonus(mode, bonus);
  const TimePeriod& now_period = tc_.periods().front();  // every period has the same bonus now
  if (now_period.mode == BonusMode::FISCHER && options_.increment_credit == IncrementCredit::BEFORE_EACH_MOVE) {
    // A player whose next move has not started gets its increment now, as at the start.
    for (Color c : {WHITE, BLACK})
      if (!state_.started || c != state_.turn) state_.sides[c].main += now_period.bonus;
  }
  return true;
}

BothFlagsDecision both_flags_decision(const RulesProfile& profile, const TimeControl& tc, std::size_t white_period,
                                      std::size_t black_period) {
  if (!tc.is_last_period(white_period) || !tc.is_last_period(black_period)) return BothFlagsDecision::CONTINUE;
  switch (profile.both_flags) {
    case BothFlagsRule::CONTINUE_UNLESS_LAST_PERIOD:
      return BothFlagsDecision::DRAW;
    case BothFlagsRule::CONTINUE:
      // 2001 Art. 10.3: drawn only in a quickplay finish, which an increment or delay removes.
      return tc.periods()[white_period].mode == BonusMode::NONE ? BothFlagsDecision::DRAW : BothFlagsDecision::CONTINUE;
  }
  return BothFlagsDecision::CONTINUE;
}

std::optional<BothFlagsDecision> both_flags_decision(const RulesProfile& profile, const Clock& clock) {
  if (!clock.flag_fallen(WHITE) || !clock.flag_fallen(BLACK)) return std::nullopt;
  return both_flags_decision(profile, clock.time_control(), clock.flag_period(WHITE), clock.flag_period(BLACK));
}

bool quickplay_claim_time_ok(const Clock& clock, Color player, const RulesProfile& profile) {
  return clock.started() && clock.turn() == player && !clock.flag_fallen(player) &&
         clock.remaining(player) < profile.quickplay_claim_threshold;
}

Result<bool> grant_quickplay_bonus(Clock& clock, Color requester, BonusMode mode, GameCategory category,
                                   const RulesProfile& profile) {
  const std::string who = std::string(profile.title) + ": ";
  if (profile.quickplay_added_increment <= Millis{0})
    return fail(who + "no request to add an increment or delay in a quickplay finish");
  if (mode == BonusMode::NONE) return fail(who + "the quickplay request adds an increment or a delay (Appendix G.4)");
  if (!quickplay_finish_applies(category, clock.time_control(), profile))
    return fail(who + "no quickplay finish here: only standard and rapid games without increment (Appendix G.3)");
  if (!quickplay_claim_time_ok(clock, requester, profile))
    return fail(who + "the request needs the move and less than " +
                std::to_string(profile.quickplay_claim_threshold.count() / 1000) +
                " seconds on the clock, flag not fallen (Appendix G.4)");
  Result<bool> added = clock.introduce_bonus(mode, profile.quickplay_added_increment);
  if (!added.ok()) return added;
  clock.add_time(~requester, profile.quickplay_bonus);
  return true;
}

}  // namespace tabiya
