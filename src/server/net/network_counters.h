// The network layer's counters (sockets, requests, WebSocket messages,
// refusals, connection limits) and their /metrics lines.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "server/base/prometheus.h"
#include "server/net/connection_limits.h"

namespace tabiya::server {

struct Counters {
  std::atomic<int64_t> http_connections{0};
  std::atomic<int64_t> websockets{0};
  std::atomic<uint64_t> http_requests{0};
  std::atomic<uint64_t> http_too_large{0};
  std::atomic<uint64_t> ws_accepted{0};
  std::atomic<uint64_t> ws_bad_origin{0};
  std::atomic<uint64_t> ws_unknown{0};
  std::atomic<uint64_t> ws_in{0};
  std::atomic<uint64_t> ws_out{0};
  std::atomic<uint64_t> ws_rate_limited{0};
  std::atomic<uint64_t> ws_closed_flood{0};
  std::atomic<uint64_t> ws_closed_too_large{0};
  std::atomic<uint64_t> ws_closed_slow{0};
  std::atomic<uint64_t> ws_closed_idle{0};
  std::atomic<uint64_t> http_bad_host{0};
  std::atomic<uint64_t> refused_client_connections{0};
  std::atomic<uint64_t> refused_client_websockets{0};
  std::atomic<uint64_t> refused_server_full{0};
  // From the service's send() to the message written to its socket (the socket's strand, the io threads' turn,
  // the messages before it): the last stage of a move's answer.
  LatencyHistogram ws_send{0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};
};

void write_network_metrics(const Counters& counters, std::string& out);
// The connection limits' figures: clients connected, connections counted, and the global cap.
void write_connection_limit_metrics(const ConnectionLimits& limits, std::string& out);

}  // namespace tabiya::server
