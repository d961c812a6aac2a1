// The per-client creation limit: a token bucket per client key with a burst and a sustained rate,
// the server's own requests never limited, and memory bounded however many keys come. Time is a counter.
#include "server/base/rate_limit.h"

#include <gtest/gtest.h>

#include <atomic>
#include <boost/json.hpp>
#include <memory>

namespace tabiya::server::testing {
namespace {

struct Clock {
  std::shared_ptr<std::atomic<int64_t>> ms = std::make_shared<std::atomic<int64_t>>(5'000'000);
  std::function<int64_t()> fn() const {
    return [ms = ms] { return ms->load(); };
  }
  void advance(int64_t by) { *ms += by; }
};

TEST(RateLimiter, GrantsTheBurstThenOneEveryThreeSeconds) {
  Clock clock;
  RateLimiter limiter({20, 1.0 / 3.0, 1000}, clock.fn());
  for (int i = 0; i < 20; ++i) EXPECT_FALSE(limiter.take("10.0.0.1")) << i;
  auto wait = limiter.take("10.0.0.1");
  ASSERT_TRUE(wait);
  EXPECT_EQ(*wait, 3000);  // a whole token at one every 3 s
  clock.advance(2999);
  wait = limiter.take("10.0.0.1");
  ASSERT_TRUE(wait);
  EXPECT_EQ(*wait, 1);
  clock.advance(1);
  EXPECT_FALSE(limiter.take("10.0.0.1"));
  EXPECT_TRUE(limiter.take("10.0.0.1"));
  // A long quiet spell refills the burst, no more.
  clock.advance(3'600'000);
  for (int i = 0; i < 20; ++i) EXPECT_FALSE(limiter.take("10.0.0.1")) << i;
  EXPECT_TRUE(limiter.take("10.0.0.1"));
}

TEST(RateLimiter, ClientsAreCountedApartAndTheServerItselfNever) {
  Clock clock;
  RateLimiter limiter({2, 1.0, 1000}, clock.fn());
  EXPECT_FALSE(limiter.take("a"));
  EXPECT_FALSE(limiter.take("a"));
  EXPECT_TRUE(limiter.take("a"));
  EXPECT_FALSE(limiter.take("b"));
  for (int i = 0; i < 1000; ++i) EXPECT_FALSE(limiter.take("")) << i;
  EXPECT_EQ(limiter.tracked(), 2u);
  RateLimiter off({0, 1.0, 1000}, clock.fn());  // burst 0: no limit
  for (int i = 0; i < 1000; ++i) EXPECT_FALSE(off.take("a")) << i;
  EXPECT_EQ(off.tracked(), 0u);
}

TEST(RateLimiter, MemoryStaysBoundedUnderManyKeys) {
  Clock clock;
  RateLimiter limiter({20, 1.0 / 3.0, 500}, clock.fn());
  // 50,000 keys, each taking one token: never more than the cap at once.
  for (int i = 0; i < 50'000; ++i) {
    std::string key = "k";
    key += std::to_string(i);  // appended, not "k" + ...: GCC 12 -O3 warns (-Wrestrict) on that temporary
    EXPECT_FALSE(limiter.take(key));
    ASSERT_LE(limiter.tracked(), 500u);
  }
  EXPECT_EQ(limiter.tracked(), 500u);
  // Once every bucket has refilled (one token at one every 3 s), they are all dropped at the next request.
  clock.advance(3000);
  EXPECT_FALSE(limiter.take("new"));
  EXPECT_EQ(limiter.tracked(), 1u);
}

TEST(RateLimiter, AnEmptyBucketIsKeptWhileFullOnesGo) {
  Clock clock;
  RateLimiter limiter({3, 1.0, 1000}, clock.fn());
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(limiter.take("flood"));
  EXPECT_FALSE(limiter.take("quiet"));  // 2 left, full again after 1 s
  clock.advance(1500);                  // flood: 1.5 of 3 tokens; quiet: full
  EXPECT_FALSE(limiter.take("other"));
  // "flood" is the least recently used but not full: it stays, and so does its debt.
  EXPECT_FALSE(limiter.take("flood"));
  EXPECT_TRUE(limiter.take("flood"));
}

TEST(CreationRefusal, Answers429WithRetryAfterAndCountsTheRefusal) {
  Clock clock;
  auto limiter = std::make_shared<RateLimiter>(RateLimits{1, 0.5, 1000}, clock.fn());
  std::atomic<int64_t> refused{0};
  HttpRequest request{"POST", "/api/games", "{}", "192.0.2.7"};
  EXPECT_FALSE(creation_refusal(limiter.get(), request, refused));
  auto answer = creation_refusal(limiter.get(), request, refused);
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->status, 429);
  EXPECT_EQ(refused.load(), 1);
  ASSERT_EQ(answer->headers.size(), 1u);
  EXPECT_EQ(answer->headers[0].first, "Retry-After");
  EXPECT_EQ(answer->headers[0].second, "2");
  boost::json::object body = boost::json::parse(answer->body).as_object();
  EXPECT_EQ(body.at("error").as_string(), "rate_limited");
  EXPECT_EQ(body.at("data").at("retry_ms").as_int64(), 2000);
  EXPECT_EQ(body.at("data").at("retry_s").as_int64(), 2);
  EXPECT_EQ(body.at("data").at("reason").as_string(), "creations");
  // No limiter, or the server's own request: never refused.
  EXPECT_FALSE(creation_refusal(nullptr, request, refused));
  EXPECT_FALSE(creation_refusal(limiter.get(), HttpRequest{"POST", "/api/games", "{}"}, refused));
  EXPECT_EQ(refused.load(), 1);
}

}  // namespace
}  // namespace tabiya::server::testing
