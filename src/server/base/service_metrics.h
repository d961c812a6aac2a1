// The game service's counters and its move latency histogram, written to
// /metrics through the one Prometheus writer.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <iterator>

#include "server/base/prometheus.h"

namespace tabiya::server {

struct ServiceMetrics {
  std::atomic<int64_t> moves_total{0}, games_created{0}, games_finished{0}, sessions_open{0}, errors_total{0};
  std::atomic<int64_t> busy_total{0};  // messages refused because their game had too much queued work
  // Moves a network thread handed to the game threads because their dead-position proof would pass
  // GameRoom::INLINE_PROOF_STEPS, and dead-position searches made on a network thread (each within those steps).
  std::atomic<int64_t> moves_handed_over{0}, inline_searches{0};
  static constexpr double LATENCY_BOUNDS_MS[] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};
  std::atomic<int64_t> latency_count[std::size(LATENCY_BOUNDS_MS) + 1] = {};
  std::atomic<int64_t> latency_sum_us{0};
  // A move's stages, for where its time goes: from its arrival on the network thread to its commit's submission
  // (the room's turn, the rules), and from its commit's report by the storage thread to the room acting on it
  // (the storage stages: GroupCommitter; the sockets' writes: the network counters).
  LatencyHistogram move_handled{0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};
  LatencyHistogram commit_reported{0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};

  // A request answered: the time from its arrival on the network thread to its event.
  void record_latency(std::chrono::steady_clock::time_point arrived);
  // The latency histogram and the counters held here.
  void write(PrometheusWriter& out) const;
};

}  // namespace tabiya::server
