// Flood throttling for one WebSocket: a token bucket refilled at `rate`
// messages a second up to `burst`, so a client may send about 20 messages a
// second averaged over a few seconds. A message that finds the bucket empty
// is refused (the client gets `rate_limited`) and adds a strike; strikes drain
// at one a second, and a client that keeps flooding past `strikes` of them is
// disconnected. Time is passed in (milliseconds) so tests need no clock.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace tabiya::server {

struct FloodLimits {
  double rate = 20;         // messages a second, sustained
  double burst = 60;        // messages at once after a quiet spell (3 s of the rate)
  double strikes = 20;      // refused messages tolerated before a disconnect
  double strike_decay = 1;  // strikes forgiven a second
};

class FloodGuard {
 public:
  enum class Verdict { accept, refuse, disconnect };

  explicit FloodGuard(FloodLimits limits = {}, int64_t now_ms = 0)
      : limits_(limits), tokens_(limits.burst), last_ms_(now_ms) {}

  Verdict on_message(int64_t now_ms) {
    refill(now_ms);
    if (tokens_ >= 1) {
      tokens_ -= 1;
      return Verdict::accept;
    }
    strikes_ += 1;
    return strikes_ > limits_.strikes ? Verdict::disconnect : Verdict::refuse;
  }

  // How long until the next message would be accepted.
  int retry_ms() const {
    if (tokens_ >= 1) return 0;
    return static_cast<int>(std::ceil((1 - tokens_) / limits_.rate * 1000));
  }

 private:
  void refill(int64_t now_ms) {
    if (now_ms <= last_ms_) return;
    double seconds = static_cast<double>(now_ms - last_ms_) / 1000;
    tokens_ = std::min(limits_.burst, tokens_ + seconds * limits_.rate);
    strikes_ = std::max(0.0, strikes_ - seconds * limits_.strike_decay);
    last_ms_ = now_ms;
  }

  FloodLimits limits_;
  double tokens_;
  double strikes_ = 0;
  int64_t last_ms_;
};

}  // namespace tabiya::server
