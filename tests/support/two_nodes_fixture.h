// Two game services in one process, nodes "a" and "b": one PostgreSQL database (a fresh one of the run's own
// server), one Redis with a bus for each node. Node A is the fixture's service (ServiceFixture); node B runs on its
// own io_context, which settle_b() drives. Subclasses give each node more options (configure_a, configure_b).
#pragma once

#include <memory>
#include <string>

#include "server/cluster/redis_bus.h"
#include "support/database_servers.h"
#include "support/migrated_database.h"
#include "support/service_test_support.h"

namespace tabiya::server::testing {

class TwoNodesFixture : public ServiceFixture {
 protected:
  void SetUp() override {
    auto url = tabiya::testing::fresh_migrated_database();
    ASSERT_TRUE(url) << url.error().message;
    url_ = *url;
    auto redis = tabiya::testing::RedisServer::create();
    ASSERT_TRUE(redis) << redis.error().message;
    redis_ = std::move(*redis);
    bus_a_ = open_bus("a");
    bus_b_ = open_bus("b");
    ASSERT_TRUE(bus_a_ && bus_b_);
    auto store_a = open_postgres_store(url_);
    ASSERT_TRUE(store_a) << store_a.error().message;
    store_ = std::move(*store_a);
    configure_ = [this](GameServiceOptions& o) {
      o.bus = bus_a_;
      configure_a(o);
    };
    start();  // node A
    start_b();
  }
  void TearDown() override {
    node_b_.reset();
    service_.reset();
    bus_a_.reset();
    bus_b_.reset();
  }
  virtual void configure_a(GameServiceOptions&) {}
  virtual void configure_b(GameServiceOptions&) {}

  // Node B on a connection of its own to the database.
  void start_b() {
    auto store_b = open_postgres_store(url_);
    ASSERT_TRUE(store_b) << store_b.error().message;
    store_b_ = std::move(*store_b);
    GameServiceOptions b;
    b.store = store_b_;
    b.bus = bus_b_;
    b.time = clock_;
    b.robot_threads = 1;
    b.ping_interval = std::chrono::milliseconds(0);
    b.review.engine = "tabiya";
    b.review.depth = 3;
    b.review.lowest_priority = false;
    configure_b(b);
    auto created = GameService::create(io_b_, b);
    ASSERT_TRUE(created) << created.error().message;
    node_b_ = std::move(*created);
  }
  std::shared_ptr<RedisBus> open_bus(const std::string& node) {
    RedisBusOptions options;
    options.url = redis_->url();
    options.node = node;
    auto bus = RedisBus::open(options);
    EXPECT_TRUE(bus) << bus.error().message;
    return bus ? std::shared_ptr<RedisBus>(std::move(*bus)) : nullptr;
  }
  void settle_b() {
    for (;;) {
      node_b_->wait_for_store();
      io_b_.restart();
      if (io_b_.poll() == 0) return;
    }
  }

  std::string url_;
  std::unique_ptr<tabiya::testing::RedisServer> redis_;
  std::shared_ptr<RedisBus> bus_a_, bus_b_;
  std::shared_ptr<GameStore> store_b_;
  boost::asio::io_context io_b_;
  std::unique_ptr<GameService> node_b_;
};

}  // namespace tabiya::server::testing
