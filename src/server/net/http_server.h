// tabiya's network layer: HTTP and WebSocket on one port (Boost.Beast over
// Boost.Asio, N io threads). It serves the built web app, hands /api/ requests
// and /ws/ID sockets to a Service, and answers /healthz and /metrics. It
// enforces what no service should have to think about: request and message
// sizes, the Host names and WebSocket origins it serves, how many connections
// and WebSockets each client (client_address.h) and the whole server may hold
// (connection_limits.h), idle WebSockets, flood throttling, a cap on each
// socket's outgoing queue (a slow reader is dropped, never waited for),
// security headers, and a clean shutdown.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "server/base/served_names.h"
#include "server/base/service.h"
#include "server/net/client_address.h"
#include "server/net/connection_limits.h"
#include "server/net/flood_guard.h"
#include "server/net/static_files.h"

namespace boost::asio {
class io_context;
}

namespace tabiya::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 8080;  // 0: the OS picks a free port (see HttpServer::port)
  int threads = 1;
  std::size_t http_body_limit = 64 * 1024;
  std::size_t ws_message_limit = 4 * 1024;
  FloodLimits flood;
  // Bytes queued for one WebSocket that its reader has not taken yet; past this the socket is dropped.
  std::size_t ws_queue_limit = 1024 * 1024;
  // A WebSocket silent this long is pinged at half of it and dropped at the end (dead connections).
  std::chrono::seconds ws_idle_timeout{60};
  // A WebSocket that sent and received nothing but pings this long is closed (1008, "idle") unless the service
  // keeps it alive (a seat in a live game); 0: never.
  std::chrono::milliseconds ws_idle_close{std::chrono::minutes(10)};
  // Connections and WebSockets per client, and for the whole server.
  ConnectionLimitOptions limits;
  // The peers whose X-Forwarded-For names the client (a reverse proxy in front of the server).
  TrustedProxies trusted_proxies;
  // The URLs the server is reached at from outside (behind a proxy: the proxy's); Host must name one of them,
  // the listening host or a loopback name, and a browser's WebSocket must come from one of them.
  std::vector<WebOrigin> public_urls;
  // The blocking lane (blocking_lane.h): threads that run the service's /api/ requests and WebSocket openings
  // (loading a game from the store, reading a PGN), and how many may wait for them before `503 busy`.
  int blocking_threads = 2;
  std::size_t blocking_queue = 256;
  // How long stop() waits for the closing handshakes before it cuts the remaining sockets.
  std::chrono::milliseconds shutdown_grace{3000};
};

class HttpServer {
 public:
  // `service` must outlive the server. The server runs its own io_context.
  HttpServer(Service& service, StaticFiles files, ServerOptions options);
  // Runs on `io`, which the service may share (its timers); `io` and `service` must outlive the server, and
  // after stop() nothing of the server's is left in `io`.
  HttpServer(boost::asio::io_context& io, Service& service, StaticFiles files, ServerOptions options);
  ~HttpServer();  // stop()s
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds, listens and starts the io threads; the error names the address.
  Result<uint16_t> start();
  // The port bound (after start()).
  uint16_t port() const;
  // Graceful: stops accepting, calls Service::shutdown(), closes each WebSocket with 1001 after its queued
  // messages, ends idle HTTP connections, waits up to shutdown_grace, then stops the threads and cuts what is
  // left (the service hears closed() for every session). Idempotent; call it from outside the io threads.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tabiya::server
