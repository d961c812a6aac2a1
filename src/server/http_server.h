// tabiya's network layer: HTTP and WebSocket on one port (Boost.Beast over
// Boost.Asio, N io threads). It serves the built web app, hands /api/ requests
// and /ws/ID sockets to a Service, and answers /healthz and /metrics. It
// enforces what no service should have to think about: request and message
// sizes, WebSocket origins, flood throttling, a cap on each socket's outgoing
// queue (a slow reader is dropped, never waited for), security headers, and a
// clean shutdown.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "core/result.h"
#include "server/flood_guard.h"
#include "server/service.h"
#include "server/static_files.h"

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
