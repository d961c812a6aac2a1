// The chess clock of FIDE Art. 6: two displays, only one running at a time,
// driven by an injected monotonic TimeSource so that every instant, including
// the exact moment a flag falls, is computed rather than polled.
//
// Bonus arithmetic, per move, for a move that took `used`:
//   Fischer        main := main - used + increment
//   simple delay   main := main - max(0, used - delay)        (2014 Art. 6.3.b: the main
//                  time runs only after the delay; unused delay is lost)
//   Bronstein      main := main - used + min(used, delay)     (the display runs at once)
// Simple and Bronstein delays leave the same time after each press; they differ
// in what the display shows during the move, and so in when the flag falls:
// with a simple delay the flag falls at move start + delay + main time, with a
// Bronstein delay at move start + main time.
//
// When a Fischer increment is credited (IncrementCredit): the 2014 glossary says
// it is added "from the start of the game before each move", from move 1. By
// default tabiya credits each increment when the previous move is completed
// (the press that ends move n adds the increment for move n+1), and credits
// the increment for move 1 when the clock is set up, so a 90 min + 30 s clock
// starts at 90:30 on both sides, as FIDE-approved electronic clocks do. The
// AFTER_EACH_MOVE option gives the lichess convention instead: nothing up
// front, the increment added when the move is completed. Over a game the two
// differ by exactly one increment.
//
// Periods (2014 Art. 6.3): the press that completes a period's quota adds the
// next period's time to whatever is left (time saved carries over, 6.3.b).
//
// Flags: a clock that reaches zero stays at zero and its flag stays down (the
// instant is kept), even if an increment or a new period later puts time on
// it, as on electronic clocks. Whether a fallen flag loses (6.8, 6.9) is for
// the game to decide. An arbiter adjustment that leaves time on a clock raises
// the flag again.
//
// Not thread-safe; one clock per game.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>

#include "core/result.h"
#include "core/types.h"
#include "laws/rules_profile.h"
#include "laws/time_control.h"
#include "laws/time_source.h"

namespace tabiya {

enum class IncrementCredit {
  BEFORE_EACH_MOVE,  // FIDE: move 1's increment when the clock is set, each later one at the previous press
  AFTER_EACH_MOVE,   // lichess: at the press that completes the move; nothing up front
};

struct ClockOptions {
  IncrementCredit increment_credit = IncrementCredit::BEFORE_EACH_MOVE;
};

// What a press did (for the move record: PGN %emt and %clk).
struct PressReport {
  Color mover = WHITE;
  int moves_completed = 0;       // the mover's completed moves, this one included
  Millis time_used{0};           // clock time the move took (stops excluded)
  Millis remaining{0};           // the mover's clock after the press, bonuses and new period included
  bool reached_control = false;  // the move completed a period's quota; the next period's time was added
  bool flag_fallen = false;      // the mover's flag had fallen before he pressed
};

class Clock {
 public:
  // Sets both clocks to the first period's time. Fails for time controls
  // without a chess clock: untimed, unknown, or a sandclock (not supported).
  static Result<Clock> create(TimeControl tc, std::shared_ptr<const TimeSource> source, ClockOptions options = {});

  // --- Running the clock ---
  // 2014 Art. 6.6: at the start, White's clock is started (`first` is Black
  // only for games that begin from a position with Black to move).
  Result<bool> start(Color first = WHITE);
  // 2014 Art. 6.2.a: the player whose clock runs completes his move: his clock
  // stops, bonuses and a new period's time are applied, the opponent's starts.
  Result<PressReport> press();
  // 2014 Art. 6.12: the arbiter (or a player seeking him) stops the clocks;
  // the arbiter restarts them. The move in progress keeps its unused delay.
  void stop();
  Result<bool> resume();

  bool started() const { return state_.started; }
  bool running() const { return state_.running; }
  // The player whose clock runs, or would run on resume (White before the start).
  Color turn() const { return state_.turn; }

  // --- Reading the clock at the time source's current instant ---
  // Main time left (never negative). With a simple delay it does not include the delay.
  Millis remaining(Color c) const;
  // The part of the current move's simple delay not used yet; zero for the
  // waiting player and in the other modes.
  Millis delay_remaining(Color c) const;
  // The instant (on the time source) at which c's flag fell or will fall if
  // nobody presses; nullopt if his flag is up and his clock is not running.
  std::optional<Millis> flag_time(Color c) const;
  bool flag_fallen(Color c) const;
  // Whose flag fell first; nullopt if none fell or both fell at the same instant.
  std::optional<Color> first_flag() const;
  // The period in which c's flag fell (the period of his next move if it has not).
  std::size_t flag_period(Color c) const;

  // --- Periods and the move counter (glossary "move counter") ---
  int moves_completed(Color c) const { return state_.sides[c].moves; }
  // The period of c's next move.
  std::size_t period_index(Color c) const;
  // Moves c must still complete to reach the next time control (2014 Art. 6.3.a);
  // nullopt in a rest-of-game period.
  std::optional<int> moves_to_control(Color c) const;
  // The bonus c's next move will earn or be given, by kind: the Fischer
  // increment added after it, and the delay (simple or Bronstein) before his
  // time runs; zero where the period has none. What an engine is told.
  Millis increment_for_next_move(Color c) const;
  Millis delay_for_next_move(Color c) const;
  // c is in the period in which all remaining moves must be completed (6.11.b).
  bool in_last_period(Color c) const;
  const TimeControl& time_control() const { return tc_; }
  const ClockOptions& options() const { return options_; }

  // --- Arbiter adjustments (2014 Art. 6.10.b, 7.1, 7.5.b, 9.5.b, 12.9.b/c) ---
  // Adds `amount` (negative takes time away; the clock does not go below zero).
  void add_time(Color c, Millis amount);
  // Sets c's clock to `value` (6.10.b: the arbiter installs the correct setting).
  Result<bool> set_time(Color c, Millis value);
  // Corrects the move counter (6.10.b, 7.1). Times are not changed.
  Result<bool> set_moves_completed(Color c, int moves);
  // From now on every period has `bonus` per move in `mode` for both players
  // (Appendix G.4). It applies to every move started after the change: the
  // move in progress keeps the bonus it started with.
  Result<bool> introduce_bonus(BonusMode mode, Millis bonus);

  // --- Kept readings (a takeback returns the clock to one) ---
  struct Reading;
  Reading reading() const;
  // The clock as it stood when `r` was taken: its times, move counters and flags, running as it ran then (from
  // the instant the reading was settled at). The time control stays as it is now.
  void restore(const Reading& r);

 private:
  struct Side {
    Millis main{0};
    int moves = 0;
    std::optional<Millis> flag_fell_at;
    std::size_t flag_period = 0;  // the period of his next move when the flag fell
  };
  // The move in progress, fixed when it starts.
  struct MoveInProgress {
    BonusMode mode = BonusMode::NONE;
    Millis bonus{0};
    Millis delay_left{0};  // simple delay not used yet
    Millis used{0};        // clock time spent on this move so far
  };
  struct State {
    Side sides[COLOR_NB];
    Color turn = WHITE;
    bool started = false;
    bool running = false;
    Millis settled_at{0};  // the running clock is accounted up to this instant
    MoveInProgress move;
  };

  Clock(TimeControl tc, std::shared_ptr<const TimeSource> source, ClockOptions options);
  Millis now() const { return source_->now(); }
  // The state with the running clock's time accounted up to `instant`.
  State settled(Millis instant) const;
  void settle() { state_ = settled(now()); }
  void begin_move(Color c, Millis instant);
  const TimePeriod& period_for_next_move(Color c) const;
  void update_flag_after_adjustment(Color c);

  TimeControl tc_;
  std::shared_ptr<const TimeSource> source_;
  ClockOptions options_;
  State state_;
};

struct Clock::Reading {
  State state;
};

inline Clock::Reading Clock::reading() const { return Reading{state_}; }
inline void Clock::restore(const Reading& r) { state_ = r.state; }

// --- Rules that read the clock ---

enum class BothFlagsDecision { CONTINUE, DRAW };

// Both flags have fallen and it cannot be established which fell first. Each
// player's period is the period of his next move.
//   2014 Art. 6.11 (2005 6.12, 2009 6.11): the game continues, unless it
//   happens in the period for all remaining moves: then it is drawn.
//   2001 Art. 6.12: the game continues; 2001 Art. 10.3: drawn in a quickplay
//   finish (a last period without increment or delay).
// "Happens in the last period" is read as: both players are in it.
BothFlagsDecision both_flags_decision(const RulesProfile& profile, const TimeControl& tc, std::size_t white_period,
                                      std::size_t black_period);
// The same for a clock on which both flags have fallen; nullopt otherwise.
std::optional<BothFlagsDecision> both_flags_decision(const RulesProfile& profile, const Clock& clock);

// 2014 Appendix G.4/G.5, 2001-2009 Art. 10.2: the player has the move and less
// than the edition's threshold (two minutes) on his clock, flag not fallen.
bool quickplay_claim_time_ok(const Clock& clock, Color player, const RulesProfile& profile);

// 2014 Appendix G.4: the player having the move with less than two minutes
// asked for a delay or increment of 5 s for both players; his opponent
// refused the implied draw offer and the arbiter agreed. Introduces the bonus
// for both and awards the opponent two extra minutes. Fails if the edition
// has no such request, the game has no quickplay finish (G.3), or the
// requester is not on move with less than the threshold.
Result<bool> grant_quickplay_bonus(Clock& clock, Color requester, BonusMode mode, GameCategory category,
                                   const RulesProfile& profile);

}  // namespace tabiya
