// `tabiya loadtest --reconnect` against a whole server on loopback that is stopped in the middle of the run and
// started again on the same port and store (a restart, as a failover is to the clients): every client comes back,
// resyncs from its state, and finds every move the server had acknowledged to it.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <future>
#include <memory>
#include <thread>

#include "loadtest/load_test.h"
#include "server/games/game_service.h"
#include "server/net/http_server.h"
#include "server/store/game_store.h"

namespace tabiya::server {
namespace {

using namespace tabiya::loadtest;

// The game service and the network on one io_context, as `tabiya serve` runs them, on `port` (0: any).
class Node {
 public:
  Node(std::shared_ptr<GameStore> store, uint16_t port) {
    GameServiceOptions game_options;
    game_options.store = std::move(store);
    game_options.robot_threads = 1;
    game_options.log = [](const std::string&) {};
    auto created = GameService::create(io_, game_options);
    EXPECT_TRUE(created) << created.error().message;
    service_ = std::move(*created);
    ServerOptions options;
    options.port = port;
    options.threads = 2;
    http_ = std::make_unique<HttpServer>(io_, *service_, StaticFiles(), options);
    auto started = http_->start();
    EXPECT_TRUE(started) << started.error().message;
    port_ = started ? *started : 0;
  }
  ~Node() {
    http_.reset();  // every stored move answered, then the sockets closed
    service_.reset();
  }
  uint16_t port() const { return port_; }

 private:
  boost::asio::io_context io_;
  std::unique_ptr<GameService> service_;
  std::unique_ptr<HttpServer> http_;
  uint16_t port_ = 0;
};

TEST(LoadReconnectRun, ClientsComeBackAfterARestartAndFindEveryAcknowledgedMove) {
  std::shared_ptr<GameStore> store = make_memory_store();
  auto node = std::make_unique<Node>(store, 0);
  const uint16_t port = node->port();
  ASSERT_NE(port, 0);

  LoadOptions options;
  options.port = port;
  options.games = 3;
  options.interval_s = 0.2;
  options.warmup_s = 0.5;
  options.duration_s = 2;
  options.reconnect = true;
  std::promise<void> window;
  options.window_started = [&window] { window.set_value(); };
  auto run = std::async(std::launch::async, [&options] { return run_load(options); });

  // Moves were acknowledged during the warm-up: the node goes and comes back on the same port and store.
  window.get_future().wait();
  node.reset();
  node = std::make_unique<Node>(store, port);
  ASSERT_EQ(node->port(), port);

  Result<LoadReport> report = run.get();
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_EQ(report->clients, 6);
  EXPECT_EQ(report->disconnects, 6u);
  EXPECT_EQ(report->reconnects, 6u);  // each came back and took its state
  EXPECT_EQ(report->reconnects_failed, 0u);
  EXPECT_EQ(report->acknowledged_missing, 0u);
  EXPECT_EQ(report->announced_missing, 0u);
  EXPECT_EQ(report->outages_ms.size(), 6u);
  EXPECT_GT(report->moves_answered, 0u);  // the games went on after it
  EXPECT_EQ(report->lost_moves, 0u);
}

}  // namespace
}  // namespace tabiya::server
