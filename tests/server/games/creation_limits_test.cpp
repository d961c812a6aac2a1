// A creation flood on the game service: one client posting games as fast as it can gets 429 after its
// burst and the store holds no more games than the burst plus the sustained rate allows, while another client's
// game is created and played as usual. Time is a counter: no sleeps.
#include <gtest/gtest.h>

#include <atomic>
#include <boost/json.hpp>

#include "server/base/rate_limit.h"
#include "support/service_test_support.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;

class CreationLimitsTest : public ServiceFixture {
 protected:
  void SetUp() override {
    limiter_ = std::make_shared<RateLimiter>(RateLimits{20, 1.0 / 3.0, 10'000}, [this] { return limiter_ms_.load(); });
    configure_ = [this](GameServiceOptions& o) { o.creation_limits = limiter_; };
    start();
  }
  HttpAnswer post_game(const std::string& client, const std::string& body = R"({"v":1,"opponent":"invite"})") {
    return service_->http({"POST", "/api/games", body, client});
  }
  std::size_t stored_games() {
    auto stored = store_->load_unfinished();
    EXPECT_TRUE(stored);
    return stored ? stored->size() : 0;
  }
  std::string metrics() {
    std::string out;
    service_->write_metrics(out);
    return out;
  }

  std::atomic<int64_t> limiter_ms_{0};
  std::shared_ptr<RateLimiter> limiter_;
};

TEST_F(CreationLimitsTest, AfterTheBurstAClientGets429AndTheRefusedRequestCreatesNothing) {
  for (int i = 0; i < 20; ++i) ASSERT_EQ(post_game("203.0.113.5").status, 201) << i;
  HttpAnswer refused = post_game("203.0.113.5");
  ASSERT_EQ(refused.status, 429) << refused.body;
  json::object body = json::parse(refused.body).as_object();
  EXPECT_EQ(body.at("error").as_string(), "rate_limited");
  EXPECT_EQ(body.at("data").at("retry_ms").as_int64(), 3000);
  ASSERT_EQ(refused.headers.size(), 1u);
  EXPECT_EQ(refused.headers[0], (std::pair<std::string, std::string>{"Retry-After", "3"}));
  settle();
  EXPECT_EQ(service_->game_count(), 20u);
  EXPECT_EQ(stored_games(), 20u);
  EXPECT_NE(metrics().find("tabiya_games_rate_limited_total 1\n"), std::string::npos);
  // Another client, and the server itself (a tournament's round), are not held back.
  EXPECT_EQ(post_game("203.0.113.6").status, 201);
  EXPECT_EQ(post_game("").status, 201);
  // The sustained rate: one more every 3 s.
  limiter_ms_ += 3000;
  EXPECT_EQ(post_game("203.0.113.5").status, 201);
  EXPECT_EQ(post_game("203.0.113.5").status, 429);
  // A request refused as malformed still counts: the limit is on what a client asks, before any of it is read.
  limiter_ms_ += 3000;
  EXPECT_EQ(post_game("203.0.113.5", "{nope").status, 400);
  EXPECT_EQ(post_game("203.0.113.5").status, 429);
}

// The flood of bench/create-flood.sh, bounded: 2,000 POSTs from one client over 20 s of (counted) time.
TEST_F(CreationLimitsTest, AFloodFromOneClientIsHeldToTheBurstAndTheRateWhileAnHonestGameIsPlayed) {
  constexpr int REQUESTS = 2000;
  constexpr int64_t STEP_MS = 10;
  int accepted = 0, refused = 0;
  for (int i = 0; i < REQUESTS; ++i) {
    HttpAnswer a = post_game("2001:db8::/64", R"({"v":1,"opponent":"hotseat","time":"none"})");
    if (a.status == 201) ++accepted;
    else if (a.status == 429) ++refused;
    limiter_ms_ += STEP_MS;
    if (i == REQUESTS / 2) {
      // Meanwhile an honest visitor creates an invited game and plays a move in it.
      Invited honest{json::parse(post_game("198.51.100.9").body).as_object(), {}, {}, {}};
      settle();
      honest.id = str(honest.game.at("id"));
      honest.white = connect(honest.id);
      honest.black = connect(honest.id);
      hello(honest.white, {seat(honest.game, "white")});
      hello(honest.black, {seat(honest.game, "black")});
      move(honest.white, "e2e4", 0);
      ASSERT_TRUE(honest.black.peer->wait_for("event", "move"));
      EXPECT_EQ(honest.white.peer->last("event", "move")->at("req").as_int64(), 1);
    }
  }
  settle();
  const int64_t elapsed_ms = REQUESTS * STEP_MS;
  const int allowed = 20 + int(elapsed_ms / 3000);
  EXPECT_GE(accepted, 20);
  EXPECT_LE(accepted, allowed);
  EXPECT_EQ(accepted + refused, REQUESTS);
  EXPECT_LE(stored_games(), std::size_t(allowed) + 1);  // and the honest game
  EXPECT_EQ(service_->game_count(), std::size_t(accepted) + 1);
  EXPECT_NE(metrics().find("tabiya_games_rate_limited_total " + std::to_string(refused) + "\n"), std::string::npos);
}

}  // namespace
}  // namespace tabiya::server::testing
