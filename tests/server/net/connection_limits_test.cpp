// The per-client and global connection caps, counted without sockets.
#include "server/net/connection_limits.h"

#include <gtest/gtest.h>

#include <vector>

namespace tabiya::server {
namespace {

using Verdict = ConnectionLimits::Verdict;

TEST(ConnectionLimits, AClientGetsItsCapAndThenNoMoreUntilOneCloses) {
  ConnectionLimits limits({.per_client_connections = 3, .per_client_websockets = 2});
  std::vector<ConnectionLimits::Hold> held;
  for (int i = 0; i < 3; ++i) {
    auto [verdict, hold] = limits.connect("203.0.113.5");
    ASSERT_EQ(verdict, Verdict::admitted);
    EXPECT_TRUE(hold.held());
    held.push_back(std::move(hold));
  }
  auto [over, none] = limits.connect("203.0.113.5");
  EXPECT_EQ(over, Verdict::client_connections);
  EXPECT_FALSE(none.held());
  EXPECT_EQ(limits.limit_of(over), 3);
  // Another client is not affected.
  EXPECT_EQ(limits.connect("198.51.100.1").first, Verdict::admitted);
  EXPECT_EQ(limits.open_connections(), 3);  // the other one's hold ended with its statement
  held.pop_back();
  EXPECT_EQ(limits.connect("203.0.113.5").first, Verdict::admitted);
  held.clear();
  EXPECT_EQ(limits.open_connections(), 0);
  EXPECT_EQ(limits.clients(), 0);
}

TEST(ConnectionLimits, WebSocketsHaveTheirOwnCap) {
  ConnectionLimits limits({.per_client_connections = 10, .per_client_websockets = 2});
  auto a = limits.open_websocket("k");
  auto b = limits.open_websocket("k");
  EXPECT_EQ(a.first, Verdict::admitted);
  EXPECT_EQ(b.first, Verdict::admitted);
  EXPECT_EQ(limits.open_websocket("k").first, Verdict::client_websockets);
  EXPECT_EQ(limits.limit_of(Verdict::client_websockets), 2);
  EXPECT_EQ(limits.open_connections(), 0);  // a WebSocket's descriptor is its connection's, counted there
  EXPECT_EQ(limits.clients(), 1);
  a.second.release();
  EXPECT_EQ(limits.open_websocket("k").first, Verdict::admitted);
}

TEST(ConnectionLimits, TheEmptyKeyCountsOnlyInTheGlobalFigure) {
  ConnectionLimits limits({.per_client_connections = 1, .per_client_websockets = 1, .max_connections = 3});
  std::vector<ConnectionLimits::Hold> held;
  for (int i = 0; i < 3; ++i) {
    auto [verdict, hold] = limits.connect("");
    EXPECT_EQ(verdict, Verdict::admitted);
    held.push_back(std::move(hold));
  }
  EXPECT_EQ(limits.connect("").first, Verdict::server_full);
  EXPECT_EQ(limits.clients(), 0);
  EXPECT_EQ(limits.open_websocket("").first, Verdict::admitted);
}

TEST(ConnectionLimits, TheReserveIsKeptForClientsHoldingFew) {
  // 100 in all; the last 20 only for clients holding fewer than 5.
  ConnectionLimits limits(
      {.per_client_connections = 64, .max_connections = 100, .visitor_reserve = 20, .reserve_share = 5});
  std::vector<ConnectionLimits::Hold> held;
  auto take = [&](const std::string& key) {
    auto [verdict, hold] = limits.connect(key);
    if (hold.held()) held.push_back(std::move(hold));
    return verdict;
  };
  for (int i = 0; i < 40; ++i) ASSERT_EQ(take("a"), Verdict::admitted);
  for (int i = 0; i < 40; ++i) ASSERT_EQ(take("b"), Verdict::admitted);
  // 80 open: the reserve begins. The two heavy clients get no more, a new visitor does.
  EXPECT_EQ(take("a"), Verdict::server_full);
  EXPECT_EQ(take("b"), Verdict::server_full);
  for (int visitor = 0; visitor < 4; ++visitor)
    for (int i = 0; i < 5; ++i) ASSERT_EQ(take("visitor" + std::to_string(visitor)), Verdict::admitted);
  EXPECT_EQ(take("visitor0"), Verdict::server_full);  // holds its share of the reserve
  EXPECT_EQ(limits.open_connections(), 100);
  EXPECT_EQ(take("latecomer"), Verdict::server_full);  // the hard cap
  EXPECT_EQ(limits.limit_of(Verdict::server_full), 100);
}

}  // namespace
}  // namespace tabiya::server
