// The lobby's load clients (lobby_load.h, `tabiya loadtest --lobby-clients`) against a real server around the
// lobby: each client comes from an address of its own in 127/8, so a server whose per-client limits are far
// below the clients' number still takes them all (as it does real people, each from their own address); and a
// seeker hears its own seek at once, not after the public list's batch.
#include <gtest/gtest.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <thread>

#include "loadtest/lobby_load.h"
#include "server/lobby/lobby_service.h"
#include "server/net/http_server.h"
#include "support/lobby_test_support.h"

namespace tabiya::server::testing {
namespace {

using namespace tabiya::loadtest;

TEST(LobbyLoadTest, ClientsFromTheirOwnAddressesAllConnectAndSeekersHearTheirSeeksAtOnce) {
  boost::asio::io_context io;
  auto work = boost::asio::make_work_guard(io);
  std::thread runner([&io] { io.run(); });
  FakeGames games;
  LobbyServiceOptions lobby_options;
  lobby_options.io = &io;
  lobby_options.wave_interval = std::chrono::milliseconds(0);
  lobby_options.batch_interval = std::chrono::seconds(5);  // a seeker waiting for the batch would wait this long
  auto lobby = LobbyService::create(games, lobby_options);
  ASSERT_TRUE(lobby) << lobby.error().message;
  ServerOptions options;
  options.port = 0;
  options.limits.per_client_connections = 4;  // far below the 40 clients: one address could not hold them
  options.limits.per_client_websockets = 2;
  auto server = std::make_unique<HttpServer>(**lobby, StaticFiles{}, options);
  auto port = server->start();
  ASSERT_TRUE(port) << port.error().message;

  LobbyLoadOptions load_options;
  load_options.port = *port;
  load_options.clients = 40;
  load_options.seekers = 2;
  load_options.seek_interval_s = 0.05;
  auto load = LobbyLoad::start(load_options);
  ASSERT_TRUE(load) << load.error().message;
  (*load)->measure();
  // A few round trips: the wait ends as soon as the seekers have made them.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while ((*load)->round_trips() < 6 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  LobbyLoadReport report = (*load)->stop();
  EXPECT_EQ(report.connected, 40);
  EXPECT_EQ(report.failed, 0);
  ASSERT_FALSE(report.seek_round_trips_ms.empty());
  EXPECT_LT(report.seek_round_trips_ms.back(), 2500.0);  // none waited for the 5 s batch
  load->reset();
  server->stop();
  (*lobby)->shutdown();
  work.reset();
  io.stop();
  runner.join();
}

}  // namespace
}  // namespace tabiya::server::testing
