#include "server/store/commit_gathering.h"

#include <algorithm>

namespace tabiya::server {
namespace {
// The weight of the newest interval in the average: about the last eight changes decide.
constexpr double NEWEST_WEIGHT = 1.0 / 8;
// A pause counts as at most this many gatherings, so the first few changes of a returning load gather again.
constexpr double LONGEST_INTERVAL_IN_GATHERINGS = 16;
}  // namespace

CommitGathering::CommitGathering(std::chrono::microseconds gather)
    : gather_(gather),
      longest_us_(LONGEST_INTERVAL_IN_GATHERINGS * double(std::max<int64_t>(gather.count(), 1))),
      interval_us_(longest_us_) {}

void CommitGathering::arrived(Clock::time_point at) {
  if (any_) {
    const double sample =
        std::min(longest_us_, double(std::chrono::duration_cast<std::chrono::microseconds>(at - last_).count()));
    interval_us_ += NEWEST_WEIGHT * (std::max(0.0, sample) - interval_us_);
  }
  last_ = at;
  any_ = true;
}

bool CommitGathering::worth_waiting() const { return gather_.count() > 0 && interval_us_ < double(gather_.count()); }

}  // namespace tabiya::server
