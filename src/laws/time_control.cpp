#include "laws/time_control.h"

#include <algorithm>
#include <cstdint>

namespace tabiya {
namespace {

constexpr Millis MAX_TIME = std::chrono::hours(1000);  // bigger values are typing mistakes, and stay far from overflow
constexpr int MAX_MOVES = 1000;
constexpr int MAX_DIGITS = 9;

constexpr std::int64_t MS_PER_SECOND = 1000;
constexpr std::int64_t MS_PER_MINUTE = 60 * MS_PER_SECOND;
constexpr std::int64_t MS_PER_HOUR = 60 * MS_PER_MINUTE;

enum class Syntax { PGN, HUMAN };

BonusMode bonus_mode_for(char separator) {
  switch (separator) {
    case '+':
      return BonusMode::FISCHER;
    case 'd':
      return BonusMode::SIMPLE_DELAY;
    case 'b':
      return BonusMode::BRONSTEIN_DELAY;
    default:
      return BonusMode::NONE;
  }
}

char separator_for(BonusMode mode) {
  switch (mode) {
    case BonusMode::FISCHER:
      return '+';
    case BonusMode::SIMPLE_DELAY:
      return 'd';
    case BonusMode::BRONSTEIN_DELAY:
      return 'b';
    case BonusMode::NONE:
      break;
  }
  return '+';
}

TimePeriod normalised(TimePeriod p) {
  if (p.mode == BonusMode::NONE || p.bonus <= Millis{0}) {
    p.mode = BonusMode::NONE;
    p.bonus = Millis{0};
  }
  return p;
}

// A number as written: digits, optionally a fraction.
struct NumberToken {
  std::int64_t whole = 0;
  std::int64_t fraction = 0;  // the digits after the point as an integer
  int fraction_digits = 0;
  std::size_t start = 0;  // offset in the text
};

// Reads one time control text. Offsets are 0-based internally and reported 1-based.
class TimeControlParser {
 public:
  TimeControlParser(std::string_view text, Syntax syntax) : text_(text), syntax_(syntax) {}

  Result<TimeControl> parse() {
    std::size_t first = 0, last = text_.size();
    while (first < last && is_blank(text_[first])) ++first;
    while (last > first && is_blank(text_[last - 1])) --last;
    if (first == last) return fail(prefix() + "empty");
    pos_ = first;
    end_ = last;
    const std::string_view body = text_.substr(first, last - first);

    if (body == "-" || (syntax_ == Syntax::HUMAN && body == "none")) return TimeControl::untimed();
    if (syntax_ == Syntax::PGN && body == "?") return TimeControl::unknown();
    if (syntax_ == Syntax::PGN && body.front() == '*') return parse_sandclock();

    std::vector<TimePeriod> periods;
    std::vector<std::size_t> starts;
    while (true) {
      starts.push_back(pos_);
      Result<TimePeriod> period = parse_period();
      if (!period.ok()) return period.error();
      periods.push_back(*period);
      if (at_end()) break;
      if (peek() != ':') return unexpected("':' or the end");
      ++pos_;
    }

    for (std::size_t i = 0; i + 1 < periods.size(); ++i)
      if (periods[i].moves == 0)
        return error_at(starts[i], "a period without a move count lasts for the rest of the game and must be the last");
    if (periods.front().base <= Millis{0} && periods.front().mode == BonusMode::NONE)
      return error_at(starts.front(), "the first period gives no time");
    return TimeControl::from_periods(std::move(periods));
  }

 private:
  static bool is_blank(char c) { return c == ' ' || c == '\t'; }
  static bool is_digit(char c) { return c >= '0' && c <= '9'; }
  bool at_end() const { return pos_ >= end_; }
  char peek() const { return text_[pos_]; }

  std::string prefix() const {
    constexpr std::size_t SHOWN = 60;
    std::string shown(text_.substr(0, SHOWN));
    if (text_.size() > SHOWN) shown += "...";
    return "time control \"" + shown + "\": ";
  }
  Error error_at(std::size_t offset, const std::string& what) const {
    return fail(prefix() + what + " at position " + std::to_string(offset + 1));
  }
  Error unexpected(const std::string& expected) const {
    if (at_end())
      return fail(prefix() + "unexpected end at position " + std::to_string(pos_ + 1) + " (expected " + expected + ")");
    const unsigned char c = static_cast<unsigned char>(peek());
    std::string shown;
    if (c >= 0x20 && c < 0x7f) {
      shown = std::string("'") + char(c) + "'";
    } else {
      const char* hex = "0123456789abcdef";
      shown = std::string("byte 0x") + hex[c >> 4] + hex[c & 15];
    }
    return fail(prefix() + "unexpected " + shown + " at position " + std::to_string(pos_ + 1) + " (expected " +
                expected + ")");
  }

  Result<TimeControl> parse_sandclock() {
    const std::size_t star = pos_++;
    Result<Millis> total = parse_time(MS_PER_SECOND, /*units allowed*/ false);
    if (!total.ok()) return total.error();
    if (!at_end()) return unexpected("the end");
    if (*total <= Millis{0}) return error_at(star, "a sandclock needs some time");
    return TimeControl::sandclock(*total);
  }

  Result<NumberToken> parse_number() {
    NumberToken n;
    n.start = pos_;
    int digits = 0;
    while (!at_end() && is_digit(peek())) {
      if (++digits > MAX_DIGITS) return error_at(n.start, "number too long");
      n.whole = n.whole * 10 + (peek() - '0');
      ++pos_;
    }
    if (digits == 0) return unexpected("a number");
    if (!at_end() && peek() == '.') {
      ++pos_;
      const int max_fraction = syntax_ == Syntax::PGN ? 3 : MAX_DIGITS;
      while (!at_end() && is_digit(peek())) {
        if (++n.fraction_digits > max_fraction)
          return error_at(pos_, syntax_ == Syntax::PGN ? "more than 3 decimals (milliseconds)" : "too many decimals");
        n.fraction = n.fraction * 10 + (peek() - '0');
        ++pos_;
      }
      if (n.fraction_digits == 0) return unexpected("a digit after '.'");
    }
    return n;
  }

  // A number of `default_unit` milliseconds, or with a unit letter in the human form.
  Result<Millis> parse_time(std::int64_t default_unit, bool units_allowed) {
    Result<NumberToken> number = parse_number();
    if (!number.ok()) return number.error();
    return to_millis(*number, default_unit, units_allowed);
  }

  Result<Millis> to_millis(const NumberToken& n, std::int64_t default_unit, bool units_allowed) {
    std::int64_t unit = default_unit;
    if (units_allowed && !at_end()) {
      switch (peek()) {
        case 'h':
          unit = MS_PER_HOUR;
          ++pos_;
          break;
        case 'm':
          unit = MS_PER_MINUTE;
          ++pos_;
          break;
        case 's':
          unit = MS_PER_SECOND;
          ++pos_;
          break;
        default:
          break;
      }
    }
    std::int64_t scale = 1;
    for (int i = 0; i < n.fraction_digits; ++i) scale *= 10;
    const std::int64_t fraction_ms = n.fraction * unit;
    if (fraction_ms % scale != 0) return error_at(n.start, "time is not a whole number of milliseconds");
    const Millis value{n.whole * unit + fraction_ms / scale};
    if (value > MAX_TIME) return error_at(n.start, "time too large (more than 1000 hours)");
    return value;
  }

  Result<TimePeriod> parse_period() {
    TimePeriod period;
    const std::int64_t base_unit = syntax_ == Syntax::PGN ? MS_PER_SECOND : MS_PER_MINUTE;
    const bool units = syntax_ == Syntax::HUMAN;

    Result<NumberToken> first = parse_number();
    if (!first.ok()) return first.error();
    if (!at_end() && peek() == '/') {
      if (first->fraction_digits > 0) return error_at(first->start, "a move count must be a whole number");
      if (first->whole < 1 || first->whole > MAX_MOVES)
        return error_at(first->start, "move count must be from 1 to " + std::to_string(MAX_MOVES));
      period.moves = static_cast<int>(first->whole);
      ++pos_;  // '/'
      Result<Millis> base = parse_time(base_unit, units);
      if (!base.ok()) return base.error();
      period.base = *base;
    } else {
      Result<Millis> base = to_millis(*first, base_unit, units);
      if (!base.ok()) return base.error();
      period.base = *base;
    }

    if (at_end() || peek() == ':') return period;
    const BonusMode mode = bonus_mode_for(peek());
    if (mode == BonusMode::NONE) {
      const char before = text_[pos_ - 1];
      const bool unit_given = before == 'h' || before == 'm' || before == 's';
      return unexpected(units && !unit_given ? "a unit 'h', 'm' or 's', '+', 'd', 'b', ':' or the end"
                                             : "'+', 'd', 'b', ':' or the end");
    }
    ++pos_;
    Result<Millis> bonus = parse_time(MS_PER_SECOND, units);
    if (!bonus.ok()) return bonus.error();
    period.mode = mode;
    period.bonus = *bonus;
    return normalised(period);
  }

  std::string_view text_;
  Syntax syntax_;
  std::size_t pos_ = 0;
  std::size_t end_ = 0;
};

// "90", "0.5", "1.25": seconds with only the decimals needed.
std::string seconds_text(Millis t) {
  const std::int64_t ms = t.count();
  std::string s = std::to_string(ms / 1000);
  if (const std::int64_t frac = ms % 1000; frac != 0) {
    std::string digits = std::to_string(frac);
    digits.insert(0, 3 - digits.size(), '0');
    while (digits.back() == '0') digits.pop_back();
    s += "." + digits;
  }
  return s;
}

std::string special_text(const TimeControl& tc) {
  switch (tc.kind()) {
    case TimeControl::Kind::UNKNOWN:
      return "?";
    case TimeControl::Kind::UNTIMED:
      return "-";
    case TimeControl::Kind::SANDCLOCK: {
      std::string text(1, '*');  // appended, not "*" + ...: g++ 12 warns falsely about operator+(const char*, string&&)
      text += seconds_text(tc.sandclock_time());
      return text;
    }
    case TimeControl::Kind::PERIODS:
      break;
  }
  return "";
}

}  // namespace

std::string_view bonus_mode_name(BonusMode mode) {
  switch (mode) {
    case BonusMode::NONE:
      return "none";
    case BonusMode::FISCHER:
      return "Fischer increment";
    case BonusMode::SIMPLE_DELAY:
      return "simple delay";
    case BonusMode::BRONSTEIN_DELAY:
      return "Bronstein delay";
  }
  return "?";
}

TimeControl TimeControl::untimed() {
  TimeControl tc;
  tc.kind_ = Kind::UNTIMED;
  return tc;
}

TimeControl TimeControl::sandclock(Millis total) {
  TimeControl tc;
  tc.kind_ = Kind::SANDCLOCK;
  tc.sandclock_ = std::max(total, Millis{0});
  return tc;
}

Result<TimeControl> TimeControl::from_periods(std::vector<TimePeriod> periods) {
  if (periods.empty()) return fail("time control: no periods");
  for (std::size_t i = 0; i < periods.size(); ++i) {
    const TimePeriod& p = periods[i];
    const std::string where = "time control period " + std::to_string(i + 1) + ": ";
    if (p.moves < 0) return fail(where + "negative move count");
    if (p.moves == 0 && i + 1 < periods.size())
      return fail(where + "a period for the rest of the game must be the last");
    if (p.base < Millis{0} || p.bonus < Millis{0}) return fail(where + "negative time");
    if (p.mode == BonusMode::NONE && p.bonus != Millis{0}) return fail(where + "a bonus needs a bonus mode");
    periods[i] = normalised(p);
  }
  if (periods.front().base <= Millis{0} && periods.front().mode == BonusMode::NONE)
    return fail("time control period 1: gives no time");
  TimeControl tc;
  tc.kind_ = Kind::PERIODS;
  tc.periods_ = std::move(periods);
  return tc;
}

TimeControl TimeControl::sudden_death(Millis base, Millis bonus, BonusMode mode) {
  TimeControl tc;
  tc.kind_ = Kind::PERIODS;
  tc.periods_ = {normalised(TimePeriod{0, std::max(base, Millis{0}), mode, bonus})};
  return tc;
}

bool TimeControl::has_bonus() const {
  return std::any_of(periods_.begin(), periods_.end(), [](const TimePeriod& p) { return p.mode != BonusMode::NONE; });
}

std::size_t TimeControl::period_of_move(int move_number) const {
  int quota_end = 0;
  for (std::size_t i = 0; i < periods_.size(); ++i) {
    if (periods_[i].moves == 0) return i;
    quota_end += periods_[i].moves;
    if (move_number <= quota_end) return i;
  }
  return periods_.empty() ? 0 : periods_.size() - 1;  // a last period with a quota repeats
}

bool TimeControl::control_reached_after(int moves_completed) const {
  if (periods_.empty() || moves_completed <= 0) return false;
  int quota_end = 0;
  for (const TimePeriod& p : periods_) {
    if (p.moves == 0) return false;
    quota_end += p.moves;
    if (moves_completed <= quota_end) return moves_completed == quota_end;
  }
  return (moves_completed - quota_end) % periods_.back().moves == 0;
}

std::optional<int> TimeControl::moves_to_control(int moves_completed) const {
  if (periods_.empty()) return std::nullopt;
  moves_completed = std::max(moves_completed, 0);
  int quota_end = 0;
  for (const TimePeriod& p : periods_) {
    if (p.moves == 0) return std::nullopt;
    quota_end += p.moves;
    if (moves_completed < quota_end) return quota_end - moves_completed;
  }
  const int repeat = periods_.back().moves;
  return repeat - (moves_completed - quota_end) % repeat;
}

bool TimeControl::is_last_period(std::size_t index) const {
  return index < periods_.size() && periods_[index].moves == 0;
}

TimeControl TimeControl::with_bonus(BonusMode mode, Millis bonus) const {
  TimeControl tc = *this;
  for (TimePeriod& p : tc.periods_) {
    p.mode = mode;
    p.bonus = bonus;
    p = normalised(p);
  }
  return tc;
}

Result<TimeControl> parse_pgn_time_control(std::string_view text) {
  return TimeControlParser(text, Syntax::PGN).parse();
}

Result<TimeControl> parse_human_time_control(std::string_view text) {
  return TimeControlParser(text, Syntax::HUMAN).parse();
}

std::string to_pgn_time_control(const TimeControl& tc) {
  if (!tc.has_clock()) return special_text(tc);
  std::string out;
  for (const TimePeriod& p : tc.periods()) {
    if (!out.empty()) out += ':';
    if (p.moves > 0) out += std::to_string(p.moves) + "/";
    out += seconds_text(p.base);
    if (p.mode != BonusMode::NONE) out += separator_for(p.mode) + seconds_text(p.bonus);
  }
  return out;
}

std::string to_human_time_control(const TimeControl& tc) {
  if (!tc.has_clock()) return special_text(tc);
  std::string out;
  for (const TimePeriod& p : tc.periods()) {
    if (!out.empty()) out += ':';
    if (p.moves > 0) out += std::to_string(p.moves) + "/";
    if (p.base.count() % MS_PER_MINUTE == 0) out += std::to_string(p.base.count() / MS_PER_MINUTE);
    else out += seconds_text(p.base) + "s";
    out += separator_for(p.mode) + seconds_text(p.bonus);
  }
  return out;
}

}  // namespace tabiya
