// One client of the load generator (load_test.h): a WebSocket holding one seat of a game, moving at its ticks
// and timing the answers. With `reconnect` it comes back when its socket closes, as the web app does, and checks
// that the game still has every move it knew of (load_reconnect.h). Every client runs on one io thread.
#pragma once

#include <atomic>
#include <boost/asio/steady_timer.hpp>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "loadtest/load_io.h"
#include "loadtest/load_reconnect.h"
#include "loadtest/load_test.h"

namespace tabiya::loadtest {

// Every legal move in UCI from the protocol's `legal` map (its raw text), promotions to a queen.
std::vector<std::string> legal_moves(std::string_view legal, std::string_view fen);

// What the clients share: the run's options, the io thread's context and the counters.
struct LoadShared {
  LoadShared(const LoadOptions& options, load_io::asio::io_context& ioc, load_io::tcp::endpoint endpoint)
      : options(options), ioc(ioc), endpoint(endpoint), random(options.seed) {}
  const LoadOptions& options;
  load_io::asio::io_context& ioc;
  load_io::tcp::endpoint endpoint;
  std::mt19937_64 random;
  std::atomic<int> ready{0};
  std::atomic<int> failed{0};
  std::atomic<int> in_flight{0};
  std::atomic<int> down{0};  // clients reconnecting
  std::atomic<bool> measuring{false};
  std::atomic<bool> moving{false};
  LoadReport report;  // touched only on the io thread
};

class LoadClient : public std::enable_shared_from_this<LoadClient> {
 public:
  LoadClient(LoadShared& shared, std::string game, std::string token, bool white, bool counted = true);

  // Connects from `source` (load_io::loopback_source); `done` once it has its state or failed.
  void connect_from(const load_io::asio::ip::address_v4& source, std::function<void()> done);
  // Starts this side's moves: the first at `first`, then one every interval.
  void start_ticks(load_io::Clock::time_point first);
  // At the end of the run: a move still unanswered counts as lost (or, without a socket, as unanswered at the
  // disconnect), a client still without a socket as a failed reconnection.
  void settle();
  void stop();

 private:
  using Socket = load_io::websocket::stream<load_io::beast::tcp_stream>;
  // What the client reads of a `game` object or an event (views into the message).
  struct Fields {
    std::string_view type, fen, turn, status, legal, uci, moves;
    std::optional<int> ply;
  };
  static Fields fields(std::string_view object);

  void open_socket();
  void connect_failed();
  void ready();
  void read();
  void closed();
  void try_again();
  void give_up();
  void back_up();
  void send(std::string text);
  void write_next();
  void schedule();
  void on_tick();
  void answered();
  void refused();
  void expire_move();
  void on_message(std::string_view text);
  void on_state(const Fields& game, std::vector<std::string> moves);
  void on_move(const Fields& event, int64_t req);
  void update(const Fields& o);

  LoadShared& shared_;
  std::shared_ptr<Socket> ws_;
  load_io::asio::steady_timer tick_;
  load_io::asio::steady_timer retry_;  // the pause before a reconnection, then the wait for its state
  load_io::beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  std::function<void()> done_;
  std::string game_;
  std::string token_;
  load_io::asio::ip::address_v4 source_;
  bool white_;
  bool counted_;  // robot games keep the pool busy; their moves are not measured
  bool open_ = false;
  bool writing_ = false;
  bool ready_ = false;
  bool over_ = false;
  bool my_turn_ = false;
  bool stopping_ = false;
  std::vector<std::string> moves_;  // legal moves when it is this side's turn
  int ply_ = 0;
  int64_t seq_ = 0;  // the last event number taken
  int64_t req_ = 0;
  uint64_t socket_ = 0;  // which socket the handlers in flight belong to
  bool in_flight_ = false;
  bool measured_ = false;
  int sent_ply_ = 0;
  std::string sent_uci_;
  load_io::Clock::time_point sent_at_;
  load_io::Clock::time_point next_tick_;
  // Reconnection: what the client knew, and since when it has had no working socket.
  KnownGame known_;
  std::optional<load_io::Clock::time_point> down_since_;
  int attempts_ = 0;
};

}  // namespace tabiya::loadtest
