#include "server/base/service_metrics.h"

#include <vector>

namespace tabiya::server {

void ServiceMetrics::record_latency(std::chrono::steady_clock::time_point arrived) {
  const int64_t us =
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - arrived).count();
  latency_sum_us += us;
  std::size_t i = 0;
  while (i < std::size(LATENCY_BOUNDS_MS) && double(us) > LATENCY_BOUNDS_MS[i] * 1000) ++i;
  ++latency_count[i];
}

void ServiceMetrics::write(PrometheusWriter& out) const {
  out.single("tabiya_games_created_total", "counter", "Games created since the start.", games_created.load());
  out.single("tabiya_games_finished_total", "counter", "Games finished since the start.", games_finished.load());
  out.single("tabiya_moves_total", "counter", "Moves played.", moves_total.load());
  out.single("tabiya_game_sessions", "gauge", "Game WebSocket sessions open.", sessions_open.load());
  out.single("tabiya_request_errors_total", "counter", "Requests answered with an error.", errors_total.load());
  out.single("tabiya_game_busy_total", "counter", "Messages refused because their game had too much queued work.",
             busy_total.load());
  out.single("tabiya_moves_handed_over_total", "counter",
             "Moves handed from a network thread to the game threads: their dead-position proof was too long.",
             moves_handed_over.load());
  out.single("tabiya_inline_dead_position_searches_total", "counter",
             "Dead-position searches made on a network thread, each within the inline budget.", inline_searches.load());
  std::vector<double> bounds;
  for (double ms : LATENCY_BOUNDS_MS) bounds.push_back(ms / 1000.0);
  std::vector<int64_t> counts;
  for (const auto& c : latency_count) counts.push_back(c.load());
  out.histogram("tabiya_move_seconds", "Time from a request's arrival to its event, storage included.", bounds, counts,
                double(latency_sum_us.load()) / 1e6);
  move_handled.write(out, "tabiya_move_handled_seconds",
                     "Time from a move's arrival to the submission of its commit (the room's turn, the rules).");
  commit_reported.write(out, "tabiya_store_report_seconds",
                        "Time from the storage thread's report of a commit to its game acting on it.");
}

}  // namespace tabiya::server
