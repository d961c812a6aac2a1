// The event bus across nodes on Redis (server/cluster/redis_bus.h), against a redis-server the test starts.
// Two buses stand for two nodes: what one publishes reaches the other's sockets in order, once; a skipped number
// is reported as a gap; Redis going away and coming back costs the messages of that time, reported as gaps of every
// game watched, and events flow again afterwards.
#include "server/cluster/redis_bus.h"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <thread>

#include "support/database_servers.h"
#include "support/service_test_support.h"

namespace tabiya::server::testing {
namespace {

constexpr auto DEADLINE = std::chrono::seconds(20);

std::string event(int64_t seq) {
  return std::string(R"({"t":"event","seq":)") + std::to_string(seq) + R"(,"e":{"type":"x"}})";
}

// Waits until `done` holds, at most DEADLINE.
bool eventually(const std::function<bool()>& done) {
  const auto end = std::chrono::steady_clock::now() + DEADLINE;
  while (!done()) {
    if (std::chrono::steady_clock::now() > end) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

std::vector<int64_t> seqs(RecordingPeer& peer) {
  std::vector<int64_t> out;
  for (const auto& m : peer.messages()) out.push_back(m.at("seq").as_int64());
  return out;
}

class RedisBusTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto server = tabiya::testing::RedisServer::create();
    ASSERT_TRUE(server) << server.error().message;
    redis_ = std::move(*server);
    a_ = open("a");
    b_ = open("b");
    ASSERT_TRUE(a_ && b_);
  }
  std::unique_ptr<RedisBus> open(const std::string& node) {
    RedisBusOptions options;
    options.url = redis_->url();
    options.node = node;
    options.reconnect_pause = std::chrono::milliseconds(20);
    options.on_gap = [this, node](const std::string& topic) {
      std::lock_guard lock(gaps_mutex_);
      gaps_.insert(node + ":" + topic);
    };
    auto bus = RedisBus::open(options);
    EXPECT_TRUE(bus) << bus.error().message;
    return bus ? std::move(*bus) : nullptr;
  }
  bool gap(const std::string& node_topic) {
    std::lock_guard lock(gaps_mutex_);
    return gaps_.count(node_topic) > 0;
  }
  std::unique_ptr<tabiya::testing::RedisServer> redis_;
  std::unique_ptr<RedisBus> a_, b_;
  std::mutex gaps_mutex_;
  std::set<std::string> gaps_;
};

TEST_F(RedisBusTest, AnotherNodesSocketsHearAGamesEventsInOrderAndOnce) {
  auto on_a = std::make_shared<RecordingPeer>();
  auto on_b = std::make_shared<RecordingPeer>();
  auto elsewhere = std::make_shared<RecordingPeer>();
  a_->subscribe("g1", on_a);
  b_->subscribe("g1", on_b);
  b_->subscribe("g2", elsewhere);
  EXPECT_EQ(b_->receivers("g1"), 1u);
  for (int64_t seq = 1; seq <= 50; ++seq) a_->publish("g1", share(event(seq)));
  ASSERT_TRUE(eventually([&] { return on_b->messages().size() >= 50; })) << on_b->messages().size();
  std::vector<int64_t> expected;
  for (int64_t seq = 1; seq <= 50; ++seq) expected.push_back(seq);
  EXPECT_EQ(seqs(*on_b), expected);
  // A's own socket heard each event once, at publication, not again from Redis.
  a_->publish("g2", share(event(1)));
  ASSERT_TRUE(elsewhere->wait_for("event", {}, DEADLINE));
  EXPECT_EQ(seqs(*on_a), expected);
  EXPECT_EQ(seqs(*elsewhere), std::vector<int64_t>{1});
  EXPECT_FALSE(gap("b:g1"));
  EXPECT_TRUE(eventually([&] { return a_->counters().published >= 51u; })) << a_->counters().published;
  EXPECT_GE(b_->counters().received, 50u);
  // Every event B heard from A was timed from its publication (the bus lag); A heard only its own, untimed.
  EXPECT_EQ(b_->bus_lag().count(), int64_t(b_->counters().received));
  EXPECT_EQ(a_->bus_lag().count(), 0);
  std::string metrics;
  PrometheusWriter w(metrics);
  b_->write_metrics(w);
  EXPECT_NE(metrics.find("tabiya_bus_lag_seconds_count " + std::to_string(b_->counters().received) + "\n"),
            std::string::npos)
      << metrics;
  EXPECT_NE(metrics.find("tabiya_bus_received_total"), std::string::npos) << metrics;
}

TEST_F(RedisBusTest, ASkippedNumberIsReportedAsAGap) {
  auto on_b = std::make_shared<RecordingPeer>();
  b_->subscribe("g1", on_b);
  a_->publish("g1", share(event(1)));
  a_->publish("g1", share(event(3)));  // 2 lost on the way
  ASSERT_TRUE(eventually([&] { return on_b->messages().size() >= 2; }));
  EXPECT_TRUE(gap("b:g1"));
  EXPECT_EQ(b_->counters().gaps, 1u);
}

// With game ownership a game's events stay on its owner: the other nodes' sockets for it are relays.
// What a node hears for a topic none of its sockets watches is counted and dropped unread.
TEST_F(RedisBusTest, AnOwnedGamesEventsStayOnItsNodeAndUnwatchedTopicsAreDroppedUnread) {
  a_->keep_local([](const std::string& topic) { return topic == "owned"; });
  auto on_a = std::make_shared<RecordingPeer>();
  auto on_b_owned = std::make_shared<RecordingPeer>();
  auto on_b_free = std::make_shared<RecordingPeer>();
  a_->subscribe("owned", on_a);
  b_->subscribe("owned", on_b_owned);
  b_->subscribe("free", on_b_free);
  a_->publish("owned", share(event(1)));
  a_->publish("unwatched", share(event(1)));
  a_->publish("free", share(event(1)));  // after the others, from the same connection: it arrives last
  ASSERT_TRUE(on_b_free->wait_for("event", {}, DEADLINE));
  EXPECT_EQ(seqs(*on_a), std::vector<int64_t>{1});  // the owner's own socket heard it
  EXPECT_TRUE(on_b_owned->messages().empty());
  EXPECT_EQ(a_->counters().kept_local, 1u);
  EXPECT_TRUE(eventually([&] { return a_->counters().published == 2u; })) << a_->counters().published;
  EXPECT_EQ(b_->counters().received, 2u);
  EXPECT_EQ(b_->counters().ignored, 1u);  // "unwatched"
  std::string metrics;
  PrometheusWriter w(metrics);
  a_->write_metrics(w);
  EXPECT_NE(metrics.find("tabiya_bus_kept_local_total 1\n"), std::string::npos) << metrics;
}

TEST(RedisBusLanes, AGameHasOneOfSixteenLanesTheSameOnEveryNode) {
  std::set<int> lanes;
  for (int i = 0; i < 400; ++i) {
    const int lane = RedisBus::lane(std::string("game") + std::to_string(i));
    EXPECT_GE(lane, 0);
    EXPECT_LT(lane, RedisBus::LANES);
    lanes.insert(lane);
  }
  EXPECT_EQ(lanes.size(), std::size_t(RedisBus::LANES));
  EXPECT_EQ(RedisBus::lane("Xk3p9QaZ"), RedisBus::lane(std::string("Xk3p9QaZ")));
}

// Redis is away for a while (an outage drill keeps it down 5 s; here a moment does the same: what matters is
// that the buses notice, drop what they cannot send, reconnect and report every watched game for a re-read).
TEST_F(RedisBusTest, AfterRedisRestartsEventsFlowAgainAndTheGapIsReported) {
  auto on_b = std::make_shared<RecordingPeer>();
  b_->subscribe("g1", on_b);
  a_->publish("g1", share(event(1)));
  ASSERT_TRUE(on_b->wait_for("event", {}, DEADLINE));
  redis_->stop();
  ASSERT_TRUE(eventually([&] { return !b_->listening(); }));
  a_->publish("g1", share(event(2)));  // lost: nobody to take it
  ASSERT_TRUE(eventually([&] { return a_->counters().dropped >= 1; }));
  ASSERT_TRUE(redis_->start());
  ASSERT_TRUE(eventually([&] { return b_->listening(); }));
  EXPECT_TRUE(gap("b:g1"));  // reported on reconnection: B re-reads g1 from the store
  EXPECT_GE(b_->counters().reconnections, 1u);
  // A's own connection may come back a little after B's: event 3 is sent again until it lands (B drops the
  // repeats), as a node's publish after Redis returns may still be dropped and counted.
  int polls = 0;
  ASSERT_TRUE(eventually([&] {
    if (polls++ % 20 == 0) a_->publish("g1", share(event(3)));  // every 100 ms
    return on_b->messages().size() >= 2;
  })) << on_b->messages().size();
  EXPECT_EQ(seqs(*on_b), (std::vector<int64_t>{1, 3}));
}

TEST(RedisBusOpen, AnUnreachableRedisIsAnErrorNamingTheUrl) {
  auto port = tabiya::testing::free_loopback_port();
  ASSERT_TRUE(port);
  RedisBusOptions options;
  options.url = std::string("redis://127.0.0.1:") + std::to_string(*port);
  auto bus = RedisBus::open(options);
  ASSERT_FALSE(bus);
  EXPECT_NE(bus.error().message.find(options.url), std::string::npos) << bus.error().message;
  options.url = "http://127.0.0.1:1";
  bus = RedisBus::open(options);
  ASSERT_FALSE(bus);
  EXPECT_NE(bus.error().message.find("redis://host"), std::string::npos) << bus.error().message;
}

}  // namespace
}  // namespace tabiya::server::testing
