// Per-client rate limits on creating things (games, tournaments; later
// accounts and seeks): a token bucket per client key, holding up to `burst`
// tokens and refilled at `per_second`, one token per creation. A request that
// finds its bucket empty is refused with 429 (creation_refusal) and creates
// nothing. Requests the server makes itself (an empty client key: a tournament
// starting its round's games) are never limited.
//
// Memory stays bounded however many keys come: a bucket that has refilled to
// full is the same as no bucket, so the least recently used buckets are dropped
// once full, and past `max_clients` the least recently used one goes even if
// not full (that client gets a fresh burst: the price of the bound).
//
// Time is passed in (ms of a monotonic clock), so tests need no sleeps.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "server/base/service.h"

namespace tabiya::server {

struct RateLimits {
  double burst = 20;              // creations at once after a quiet spell; 0 turns the limit off
  double per_second = 1.0 / 3.0;  // sustained: one creation every 3 s
  std::size_t max_clients = 100'000;
};

class RateLimiter {
 public:
  // `now_ms`: a monotonic clock in ms; empty: the machine's steady clock.
  explicit RateLimiter(RateLimits limits = {}, std::function<int64_t()> now_ms = {});

  // Takes one token from `client`'s bucket: nullopt when granted, otherwise the ms until one is there.
  std::optional<int64_t> take(std::string_view client);
  // Client keys that have a bucket now (bounded by max_clients).
  std::size_t tracked() const;
  const RateLimits& limits() const { return limits_; }

 private:
  struct Bucket {
    double tokens;
    int64_t at_ms;  // when `tokens` was last brought up to date
    std::list<std::string>::iterator lru;
  };
  int64_t now() const;
  bool full_by(const Bucket& b, int64_t now_ms) const;

  RateLimits limits_;
  std::function<int64_t()> now_ms_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
  std::list<std::string> lru_;  // least recently used first
};

// The refusal when `limiter` has no token for the request's client (429 `rate_limited` with `Retry-After` and
// `{"retry_ms", "retry_s", "reason": "creations"}`), counting it in `refused`; nullopt: go on (a token was taken).
// No limiter, or the server's own request: always nullopt.
std::optional<HttpAnswer> creation_refusal(RateLimiter* limiter, const HttpRequest& request,
                                           std::atomic<int64_t>& refused);

}  // namespace tabiya::server
