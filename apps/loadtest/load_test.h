// The load generator behind `tabiya loadtest`: N person-vs-person games over
// loopback, two WebSocket clients each (one per seat), every side moving at a
// fixed interval with a random legal move, and the round trip of each move
// (sent -> its `move` event back to the mover) measured. Against the echo
// service (`echo`) the same clients send the same move messages and time
// their echo: the floor that Beast, the sockets and the kernel cost.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/result.h"

namespace tabiya::loadtest {

struct LoadOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 0;
  int games = 100;
  double interval_s = 2;   // each side moves every interval
  double duration_s = 30;  // the measured window, after every client is connected
  double warmup_s = 2;     // moves made but not measured before the window
  bool echo = false;       // the server is the echo service
  // Games against the robot besides the person-vs-person ones, to keep the robot pool busy; their moves are not
  // part of the measured round trips.
  int robot_games = 0;
  int robot_level = 10;
  std::string time_control = "90+30";
  uint64_t seed = 1;
  double move_timeout_s = 5;  // a move not answered by then is lost (with `reconnect`: by the end of the run)
  // A client whose socket closes comes back (`tabiya loadtest --reconnect`), as the web app does: the same URL,
  // `hello` with its seat, at most `reconnect_tries` attempts a pause apart (load_reconnect.h), and checks that
  // the state after it has every move it knew of. A reconnected socket whose state does not come within
  // `state_timeout_s` is closed and tried again. Without it a closed socket stays closed (a disconnect).
  bool reconnect = false;
  int reconnect_tries = 10;
  double state_timeout_s = 10;
  int connect_batch = 64;  // connections in progress at once
  // Called from the calling thread once every client is connected, before the first move; the moves start when it
  // returns (a generator process waits there for its parent's word, so several start together).
  std::function<void()> clients_ready;
  // Called from the calling thread at the start and end of the measured window (server CPU and memory probes).
  std::function<void()> window_started;
  std::function<void()> window_ended;
};

struct LoadReport {
  int games_created = 0;
  int clients = 0;  // connected and ready
  int connect_failures = 0;
  double create_seconds = 0;   // creating the games over HTTP
  double connect_seconds = 0;  // connecting every client and receiving its state
  double window_seconds = 0;
  uint64_t moves_sent = 0;
  uint64_t moves_answered = 0;
  uint64_t lost_moves = 0;                 // sent and neither answered nor refused within move_timeout_s
  uint64_t skipped_ticks = 0;              // a side's turn came but the opponent's move had not arrived yet
  uint64_t games_ended = 0;                // ended during the run (mate, draw rules); their clients stop moving
  uint64_t disconnects = 0;                // connections the server closed during the run
  std::map<std::string, uint64_t> errors;  // error messages received, by code
  std::vector<double> round_trips_ms;      // sorted
  // With `reconnect`:
  uint64_t reconnects = 0;                // sockets reopened whose state came
  uint64_t reconnects_failed = 0;         // clients that gave up, or were still without a socket at the end
  uint64_t acknowledged_missing = 0;      // moves the server had answered to their client, absent after it came back
  uint64_t announced_missing = 0;         // moves announced to a client (either side's), absent after it came back
  uint64_t answered_late = 0;             // measured moves in flight at a close that the state showed stored
  uint64_t unanswered_at_disconnect = 0;  // measured moves in flight at a close that the state did not show
  std::vector<double> outages_ms;         // sorted: each time a client was without a working socket

  double percentile(double p) const;  // p in [0, 100]; 0 when nothing was measured
  double outage_percentile(double p) const;
  uint64_t error_count() const;
};

Result<LoadReport> run_load(const LoadOptions& options);

}  // namespace tabiya::loadtest
