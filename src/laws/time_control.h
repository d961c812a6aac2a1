// Time controls (FIDE 2014 Art. 6.3): a list of periods, each with a number of
// moves to complete (or "all remaining moves"), the time allotted for it and a
// per-move bonus that is a Fischer increment or a delay.
//
// Two text forms, deliberately different so that neither is ambiguous:
//
// PGN form (the PGN TimeControl tag; every number is in SECONDS):
//   tc      := "?" | "-" | "*" secs | period { ":" period }
//   period  := [ moves "/" ] secs [ bonus ]
//   bonus   := "+" secs            Fischer increment (PGN standard)
//            | "d" secs            simple (US) delay        -- tabiya extension
//            | "b" secs            Bronstein delay          -- tabiya extension
//   secs    := digits [ "." 1-3 digits ]    (the fraction is a tabiya extension)
//   moves   := digits, 1..1000
//   Examples: "40/5400+30:1800+30" (40 moves in 90 min, then 30 min, +30 s per
//   move from move 1), "300+3", "5400", "300d5", "300b5", "-" (no clock),
//   "?" (unknown), "*60" (sandclock: parsed and written, but Clock refuses it).
//
// Human form (`tabiya play --tc`, like lichess: base in MINUTES, bonus in SECONDS):
//   tc       := "-" | "none" | period { ":" period }
//   period   := [ moves "/" ] duration [ ("+" | "d" | "b") bonus ]
//   duration := number [ "h" | "m" | "s" ]    default unit: minutes
//   bonus    := number [ "h" | "m" | "s" ]    default unit: seconds
//   number   := digits [ "." digits ]         must come to whole milliseconds
//   Examples: "5+3" (5 min + 3 s), "90+30", "40/90+30:30+30", "0.5+0" or "30s+0"
//   (30 s), "15d5" (15 min, 5 s simple delay), "3b2" (3 min, 2 s Bronstein).
//
// Periods: a period with moves == 0 lasts for the rest of the game and must be
// the last one. If the last period has a move quota, it repeats (e.g. "40/7200"
// is 40 moves in 2 hours, then 40 more in 2 more hours, and so on), so such a
// game never reaches a "last period" in the sense of Art. 6.11.
//
// Errors name the text and the 1-based character position:
//   time control "40/5400x": unexpected 'x' at position 8 (expected '+', 'd', 'b', ':' or the end)
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "laws/rules_profile.h"  // Millis

namespace tabiya {

// What the per-move bonus of a period does (2014 Art. 6.3 and the glossary).
enum class BonusMode {
  NONE,
  FISCHER,          // "cumulative" mode: the bonus is added to the clock for every move; unused time accumulates
  SIMPLE_DELAY,     // US delay (2014 Art. 6.3.b "delay mode"): the main time starts running only after the delay
  BRONSTEIN_DELAY,  // the clock runs at once; on pressing, min(time used, delay) is given back
};

std::string_view bonus_mode_name(BonusMode mode);  // "none", "Fischer increment", "simple delay", "Bronstein delay"

struct TimePeriod {
  int moves = 0;   // moves each player must complete in this period; 0 = all remaining moves
  Millis base{0};  // time allotted for the period, added to what was saved before (6.3.b)
  BonusMode mode = BonusMode::NONE;
  Millis bonus{0};  // increment or delay per move; zero exactly when mode is NONE

  bool operator==(const TimePeriod&) const = default;
};

class TimeControl {
 public:
  enum class Kind {
    UNKNOWN,    // PGN "?"
    UNTIMED,    // PGN "-": played without a clock
    PERIODS,    // an ordinary chess clock
    SANDCLOCK,  // PGN "*secs": an hourglass
  };

  // The default is "unknown", like a PGN game without the tag.
  TimeControl() = default;
  static TimeControl unknown() { return TimeControl(); }
  static TimeControl untimed();
  static TimeControl sandclock(Millis total);
  // Checks the periods: at least one; moves >= 0; only the last may be "rest of
  // game"; times >= 0; a bonus exactly when the mode is not NONE; the first
  // period gives some time.
  static Result<TimeControl> from_periods(std::vector<TimePeriod> periods);
  // One period for the whole game: `base`, plus `bonus` per move in `mode`.
  // Negative values count as zero; a zero bonus means no bonus.
  static TimeControl sudden_death(Millis base, Millis bonus = Millis{0}, BonusMode mode = BonusMode::FISCHER);

  Kind kind() const { return kind_; }
  bool has_clock() const { return kind_ == Kind::PERIODS; }
  const std::vector<TimePeriod>& periods() const { return periods_; }  // empty unless PERIODS
  Millis sandclock_time() const { return sandclock_; }
  // True if any period has an increment or a delay (2014 Appendix G.3 "without increment").
  bool has_bonus() const;

  // Index of the period in which a player makes his `move_number`-th move (1-based).
  std::size_t period_of_move(int move_number) const;
  // True if completing `moves_completed` moves reaches a time control, so the
  // next period's time is added (6.3.b).
  bool control_reached_after(int moves_completed) const;
  // Moves still to complete before the next time control; nullopt in a
  // rest-of-game period.
  std::optional<int> moves_to_control(int moves_completed) const;
  // Art. 6.11.b: the period "in which all remaining moves must be completed".
  bool is_last_period(std::size_t index) const;

  // The same control with every period given `bonus` per move in `mode` (Appendix G.4).
  TimeControl with_bonus(BonusMode mode, Millis bonus) const;

  bool operator==(const TimeControl&) const = default;

 private:
  Kind kind_ = Kind::UNKNOWN;
  std::vector<TimePeriod> periods_;
  Millis sandclock_{0};
};

Result<TimeControl> parse_pgn_time_control(std::string_view text);
Result<TimeControl> parse_human_time_control(std::string_view text);
// The PGN tag value ("40/5400+30:1800+30"); times that are not whole seconds
// are written with a decimal fraction ("0.5").
std::string to_pgn_time_control(const TimeControl& tc);
// The human form ("40/90+30:30+30"); "-" untimed, "?" unknown, "*secs" sandclock
// (the last two cannot be read back by the human parser).
std::string to_human_time_control(const TimeControl& tc);

}  // namespace tabiya
