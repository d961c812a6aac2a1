// Where the clock reads the time. The chess clock never asks the operating
// system directly: it is handed a monotonic TimeSource, so games run on the
// real steady clock while tests (and replays of recorded games) drive a
// ManualTimeSource and can put a flag fall on an exact millisecond.
#pragma once

#include <chrono>

#include "laws/rules_profile.h"  // Millis

namespace tabiya {

// A monotonic source of instants. Only differences between instants mean
// anything; the epoch is arbitrary.
class TimeSource {
 public:
  virtual ~TimeSource() = default;
  virtual Millis now() const = 0;
};

// The machine's steady (monotonic) clock: never jumps when the wall clock is set.
class SteadyTimeSource final : public TimeSource {
 public:
  Millis now() const override {
    return std::chrono::duration_cast<Millis>(std::chrono::steady_clock::now().time_since_epoch());
  }
};

// Time that moves only when told to: for tests and for replaying recorded move times.
class ManualTimeSource final : public TimeSource {
 public:
  explicit ManualTimeSource(Millis start = Millis{0}) : now_(start) {}
  Millis now() const override { return now_; }
  void set(Millis instant) { now_ = instant; }
  void advance(Millis amount) { now_ += amount; }

 private:
  Millis now_;
};

}  // namespace tabiya
