// Lobby clients for `tabiya loadtest --lobby-clients N`: N sockets on
// /ws/lobby that read every update, `seekers` of them opening a seek and
// cancelling it again over and over, so that every lobby client receives a
// stream of seek updates while the games of the load test are played. The
// round trip of a seek (sent -> its `seek` event back to its owner) is
// measured. One io thread of its own, apart from the game clients'.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"

namespace tabiya::loadtest {

struct LobbyLoadOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 0;
  int clients = 0;
  int seekers = 20;            // of the clients, those who open and cancel seeks
  double seek_interval_s = 1;  // each seeker opens a seek this often (and cancels it when it comes back)
  int connect_batch = 64;
};

struct LobbyLoadReport {
  int connected = 0;
  int failed = 0;
  int retries = 0;  // openings tried again after a `busy` (503)
  double connect_seconds = 0;
  uint64_t messages = 0;                    // lobby messages received by all clients after start()
  uint64_t seeks = 0;                       // seeks sent
  std::vector<double> seek_round_trips_ms;  // sorted
  double percentile(double p) const;
};

class LobbyLoad {
 public:
  // Connects every client (returns once all are connected or failed) and starts the seekers.
  static Result<std::unique_ptr<LobbyLoad>> start(const LobbyLoadOptions& options);
  ~LobbyLoad();
  // Counting starts now (the measured window).
  void measure();
  // Seek round trips measured so far (tests wait on it).
  std::size_t round_trips();
  // Stops the seekers, closes the clients and reports.
  LobbyLoadReport stop();

 private:
  LobbyLoad() = default;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tabiya::loadtest
