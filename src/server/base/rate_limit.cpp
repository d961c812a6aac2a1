#include "server/base/rate_limit.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "server/base/http_errors.h"

namespace tabiya::server {

RateLimiter::RateLimiter(RateLimits limits, std::function<int64_t()> now_ms)
    : limits_(limits), now_ms_(std::move(now_ms)) {}

int64_t RateLimiter::now() const {
  if (now_ms_) return now_ms_();
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

bool RateLimiter::full_by(const Bucket& b, int64_t now_ms) const {
  return b.tokens + double(now_ms - b.at_ms) / 1000.0 * limits_.per_second >= limits_.burst;
}

std::optional<int64_t> RateLimiter::take(std::string_view client) {
  if (client.empty() || limits_.burst <= 0) return std::nullopt;
  const int64_t now_ms = now();
  std::lock_guard lock(mutex_);
  // Buckets refilled to full hold nothing a new bucket would not: the oldest go first.
  while (!lru_.empty() && full_by(buckets_.at(lru_.front()), now_ms)) {
    buckets_.erase(lru_.front());
    lru_.pop_front();
  }
  auto it = buckets_.find(std::string(client));
  if (it == buckets_.end()) {
    while (!lru_.empty() && buckets_.size() >= limits_.max_clients) {  // the bound: the least recently used goes
      buckets_.erase(lru_.front());
      lru_.pop_front();
    }
    lru_.emplace_back(client);
    it = buckets_.emplace(std::string(client), Bucket{limits_.burst, now_ms, std::prev(lru_.end())}).first;
  } else {
    Bucket& b = it->second;
    if (now_ms > b.at_ms) {
      b.tokens = std::min(limits_.burst, b.tokens + double(now_ms - b.at_ms) / 1000.0 * limits_.per_second);
      b.at_ms = now_ms;
    }
    lru_.splice(lru_.end(), lru_, b.lru);
  }
  Bucket& b = it->second;
  if (b.tokens >= 1) {
    b.tokens -= 1;
    return std::nullopt;
  }
  if (limits_.per_second <= 0) return int64_t{24} * 3600 * 1000;  // no refill: a day, as "not soon"
  return std::max<int64_t>(1, int64_t(std::ceil((1 - b.tokens) / limits_.per_second * 1000)));
}

std::size_t RateLimiter::tracked() const {
  std::lock_guard lock(mutex_);
  return buckets_.size();
}

std::optional<HttpAnswer> creation_refusal(RateLimiter* limiter, const HttpRequest& request,
                                           std::atomic<int64_t>& refused) {
  if (!limiter) return std::nullopt;
  auto wait_ms = limiter->take(request.client);
  if (!wait_ms) return std::nullopt;
  ++refused;
  const int64_t seconds = (*wait_ms + 999) / 1000;
  HttpAnswer a = http_error(429, "rate_limited",
                            R"({"retry_ms":)" + std::to_string(*wait_ms) + R"(,"retry_s":)" + std::to_string(seconds) +
                                R"(,"reason":"creations"})");
  a.headers.emplace_back("Retry-After", std::to_string(seconds));  // RFC 9110 10.2.3: whole seconds
  return a;
}

}  // namespace tabiya::server
