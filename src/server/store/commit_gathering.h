// When the storage thread should wait for more changes before it commits: only when they come often enough that
// the wait will catch some. Gathering saves a wake-up and a transaction per change under load; on a lightly
// loaded server it only adds its length to each answer. The takeback attack on 200 games (about 250
// changes a second, some in bursts) made every burst start a 1 ms gathering that caught nothing more, which
// tripled the honest games' p99. The arrival rate decides: a smoothed interval between submissions shorter than
// the gathering means that, on average, at least one more change comes while it waits.
#pragma once

#include <chrono>
#include <cstdint>

namespace tabiya::server {

class CommitGathering {
 public:
  using Clock = std::chrono::steady_clock;

  // `gather`: how long the storage thread waits when it waits at all (0: never).
  explicit CommitGathering(std::chrono::microseconds gather);

  // A change was submitted at `at` (the times never go back).
  void arrived(Clock::time_point at);
  // Whether the thread, woken by a change, should wait `gather()` for others before committing.
  bool worth_waiting() const;
  std::chrono::microseconds gather() const { return gather_; }
  // The smoothed interval between submissions (a long pause counts as a bounded one: the rate comes back
  // within a few changes of the load's return).
  std::chrono::microseconds interval() const { return std::chrono::microseconds(int64_t(interval_us_)); }

 private:
  const std::chrono::microseconds gather_;
  const double longest_us_;  // the longest interval an average takes in (a pause counts as this)
  double interval_us_;       // starts long: a quiet server commits each change at once
  Clock::time_point last_{};
  bool any_ = false;
};

}  // namespace tabiya::server
