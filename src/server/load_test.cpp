// The load generator's clients. One io thread drives every client (no strands
// needed); the calling thread sequences the phases and reads the counters.
#include "server/load_test.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <cmath>
#include <deque>
#include <future>
#include <memory>
#include <random>
#include <thread>

#include "server/load_scan.h"

namespace tabiya::server {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace json = boost::json;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

struct GameSeats {
  std::string id;
  std::string white;
  std::string black;
};

std::string_view string_field(const json::object& object, std::string_view key) {
  const json::value* v = object.if_contains(key);
  return v && v->is_string() ? std::string_view(v->get_string()) : std::string_view();
}

// Creates `count` games with this request body over one keep-alive HTTP connection.
Result<std::vector<GameSeats>> create_games(const LoadOptions& options, int count, const std::string& body,
                                            bool robot) {
  asio::io_context ioc;
  beast::tcp_stream stream(ioc);
  beast::error_code ec;
  stream.connect(tcp::endpoint(asio::ip::make_address(options.host, ec), options.port), ec);
  if (ec) return fail("loadtest: cannot connect to " + options.host + ":" + std::to_string(options.port));
  std::vector<GameSeats> games;
  beast::flat_buffer buffer;
  for (int i = 0; i < count; ++i) {
    http::request<http::string_body> req{http::verb::post, "/api/games", 11};
    req.set(http::field::host, options.host + ":" + std::to_string(options.port));
    req.set(http::field::content_type, "application/json");
    req.body() = body;
    req.prepare_payload();
    http::write(stream, req, ec);
    http::response<http::string_body> res;
    if (!ec) http::read(stream, buffer, res, ec);
    if (ec) return fail("loadtest: creating game " + std::to_string(i + 1) + ": " + ec.message());
    if (res.result_int() != 201) {
      return fail("loadtest: creating game " + std::to_string(i + 1) + ": HTTP " + std::to_string(res.result_int()) +
                  " " + res.body());
    }
    json::value answer = json::parse(res.body(), ec);
    const json::object* object = answer.if_object();
    const json::value* seats = object ? object->if_contains("seats") : nullptr;
    if (ec || !seats || !seats->is_object()) return fail("loadtest: creating a game: unexpected answer " + res.body());
    GameSeats game{std::string(string_field(*object, "id")), std::string(string_field(seats->get_object(), "white")),
                   std::string(string_field(seats->get_object(), "black"))};
    if (game.id.empty() || game.white.empty() || (!robot && game.black.empty())) {
      return fail("loadtest: creating a game: no id or seats in " + res.body());
    }
    games.push_back(std::move(game));
  }
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  return games;
}

// The pieces of a FEN's placement field by square (a1 = 0), '.' for empty.
std::array<char, 64> board_of(std::string_view fen) {
  std::array<char, 64> board;
  board.fill('.');
  int rank = 7, file = 0;
  for (char c : fen) {
    if (c == ' ') break;
    if (c == '/') {
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
    } else if (rank >= 0 && file < 8) {
      board[rank * 8 + file++] = c;
    }
  }
  return board;
}

// Every legal move in UCI from the protocol's `legal` map (its raw text), promotions to a queen.
std::vector<std::string> legal_moves(std::string_view legal, std::string_view fen) {
  std::vector<std::string> moves;
  std::array<char, 64> board = board_of(fen);
  load_scan::for_each_member(legal, [&](std::string_view from, std::string_view targets) {
    if (from.size() != 2) return true;
    int square = (from[1] - '1') * 8 + (from[0] - 'a');
    bool pawn = square >= 0 && square < 64 && (board[square] == 'P' || board[square] == 'p');
    load_scan::for_each_element(targets, [&](std::string_view raw) {
      std::string_view to = load_scan::string_value(raw);
      if (to.size() != 2) return;
      std::string move;
      move.reserve(5);
      move.append(from).append(to);
      if (pawn && (move[3] == '1' || move[3] == '8')) move += 'q';
      moves.push_back(std::move(move));
    });
    return true;
  });
  return moves;
}

struct Shared {
  Shared(const LoadOptions& options, asio::io_context& ioc, tcp::endpoint endpoint)
      : options(options), ioc(ioc), endpoint(endpoint), random(options.seed) {}
  const LoadOptions& options;
  asio::io_context& ioc;
  tcp::endpoint endpoint;
  std::mt19937_64 random;
  std::atomic<int> ready{0};
  std::atomic<int> failed{0};
  std::atomic<int> in_flight{0};
  std::atomic<bool> measuring{false};
  std::atomic<bool> moving{false};
  LoadReport report;  // touched only on the io thread
};

class Client : public std::enable_shared_from_this<Client> {
 public:
  Client(Shared& shared, std::string game, std::string token, bool white, bool counted = true)
      : shared_(shared),
        ws_(shared.ioc),
        tick_(shared.ioc),
        game_(std::move(game)),
        token_(std::move(token)),
        white_(white),
        counted_(counted) {}

  // Each game's clients connect from an address of their own in 127/8 (all loopback on Linux): to the server
  // they are thousands of clients holding two sockets each, as in real use, not one client holding them all (which
  // the server's reserve for new visitors would refuse past three quarters of its cap).
  void connect_from(const asio::ip::address_v4& source, std::function<void()> done) {
    beast::error_code ec;
    tcp::socket& socket = beast::get_lowest_layer(ws_).socket();
    socket.open(tcp::v4(), ec);
    if (!ec) socket.bind(tcp::endpoint(source, 0), ec);
    if (ec) {
      done_ = std::move(done);
      return connect_failed();
    }
    connect(std::move(done));
  }

  void connect(std::function<void()> done) {
    done_ = std::move(done);
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
    beast::get_lowest_layer(ws_).async_connect(shared_.endpoint, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return self->connect_failed();
      beast::error_code ignored;
      beast::get_lowest_layer(self->ws_).socket().set_option(tcp::no_delay(true), ignored);
      std::string host = self->shared_.options.host + ":" + std::to_string(self->shared_.options.port);
      self->ws_.async_handshake(host, "/ws/" + self->game_, [self](beast::error_code ec) {
        if (ec) return self->connect_failed();
        beast::get_lowest_layer(self->ws_).expires_never();
        self->open_ = true;
        self->read();
        if (self->shared_.options.echo) {
          self->ready();
        } else {
          self->send(R"({"t":"hello","v":1,"seats":[")" + self->token_ + R"("]})");
        }
      });
    });
  }

  // Starts this side's moves: the first at `first`, then one every interval.
  void start_ticks(Clock::time_point first) {
    next_tick_ = first;
    schedule();
  }

  void stop() {
    tick_.cancel();
    if (open_) {
      open_ = false;
      ws_.async_close(websocket::close_code::normal, [self = shared_from_this()](beast::error_code) {});
    }
  }

  // A move still unanswered at the end counts as lost.
  void settle() {
    if (in_flight_) expire_move();
  }

 private:
  void connect_failed() {
    shared_.failed.fetch_add(1);
    if (done_) std::exchange(done_, nullptr)();
  }

  void ready() {
    if (ready_) return;
    ready_ = true;
    shared_.ready.fetch_add(1);
    if (done_) std::exchange(done_, nullptr)();
  }

  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) {
        if (self->open_) {
          self->open_ = false;
          ++self->shared_.report.disconnects;
          if (!self->ready_) self->connect_failed();
        }
        self->tick_.cancel();
        return;
      }
      const auto data = self->buffer_.data();  // a flat buffer: one piece, read in place
      self->on_message(std::string_view(static_cast<const char*>(data.data()), data.size()));
      self->buffer_.consume(self->buffer_.size());
      self->read();
    });
  }

  void send(std::string text) {
    queue_.push_back(std::move(text));
    if (!writing_) write_next();
  }

  void write_next() {
    writing_ = true;
    ws_.text(true);
    ws_.async_write(asio::buffer(queue_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->writing_ = false;
      self->queue_.pop_front();
      if (!ec && !self->queue_.empty()) self->write_next();
    });
  }

  void schedule() {
    tick_.expires_at(next_tick_);
    tick_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || !self->shared_.moving) return;
      self->on_tick();
      self->next_tick_ +=
          std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(self->shared_.options.interval_s));
      self->schedule();
    });
  }

  void on_tick() {
    if (!open_ || over_) return;
    if (in_flight_) {
      if (Clock::now() - sent_at_ > std::chrono::duration<double>(shared_.options.move_timeout_s)) expire_move();
      if (in_flight_) {
        if (counted_) ++shared_.report.skipped_ticks;
        return;
      }
    }
    if (!shared_.options.echo && (my_turn_ == false || moves_.empty())) {
      if (counted_) ++shared_.report.skipped_ticks;
      return;
    }
    std::string uci = "e2e4";
    if (!shared_.options.echo) {
      std::uniform_int_distribution<std::size_t> pick(0, moves_.size() - 1);
      uci = moves_[pick(shared_.random)];
    }
    ++req_;
    in_flight_ = true;
    shared_.in_flight.fetch_add(1);
    sent_ply_ = ply_;
    measured_ = shared_.measuring && counted_;
    sent_at_ = Clock::now();
    if (measured_) ++shared_.report.moves_sent;
    send(R"({"t":"move","req":)" + std::to_string(req_) + R"(,"uci":")" + uci + R"(","ply":)" + std::to_string(ply_) +
         "}");
  }

  void answered() {
    if (!in_flight_) return;
    in_flight_ = false;
    shared_.in_flight.fetch_sub(1);
    if (!measured_) return;
    ++shared_.report.moves_answered;
    shared_.report.round_trips_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - sent_at_).count());
  }

  void refused() {
    if (!in_flight_) return;
    in_flight_ = false;
    shared_.in_flight.fetch_sub(1);
  }

  void expire_move() {
    in_flight_ = false;
    shared_.in_flight.fetch_sub(1);
    if (measured_) ++shared_.report.lost_moves;
  }

  // Read with load_scan (no document built): only the members the client needs.
  void on_message(std::string_view text) {
    if (shared_.options.echo) {
      // The echo of our own move message.
      if (in_flight_ && text.find(R"("req":)" + std::to_string(req_) + ",") != std::string::npos) answered();
      return;
    }
    std::string_view type, body, code;
    int64_t req = -1, n = 0;
    const bool readable = load_scan::for_each_member(text, [&](std::string_view key, std::string_view value) {
      if (key == "t") type = load_scan::string_value(value);
      else if (key == "e" || key == "game") body = value;
      else if (key == "code") code = load_scan::string_value(value);
      else if (key == "req") req = load_scan::int_value(value).value_or(-1);
      else if (key == "n") n = load_scan::int_value(value).value_or(0);
      return true;
    });
    if (!readable || type.empty() || ((type == "state" || type == "event") && body.empty())) {
      ++shared_.report.errors["unparsable_message"];
      return;
    }
    if (type == "state") {
      Fields g = fields(body);
      ply_ = g.moves;
      update(g);
      over_ = g.status == "over";
      if (in_flight_ && ply_ > sent_ply_) answered();
      ready();
    } else if (type == "event") {
      Fields e = fields(body);
      if (e.type == "move") {
        ply_ = e.ply.value_or(ply_ + 1);
        bool mine = in_flight_ && ply_ == sent_ply_ + 1;
        update(e);
        if (mine) answered();
      } else if (e.type == "end") {
        if (!over_ && white_) ++shared_.report.games_ended;
        over_ = true;
      }
    } else if (type == "error") {
      ++shared_.report.errors[std::string(code)];
      if (req == req_) refused();
    } else if (type == "ping") {
      send(R"({"t":"pong","n":)" + std::to_string(n) + "}");
    }
  }

  // What the client reads of a `game` object or an event.
  struct Fields {
    std::string_view type, fen, turn, status, legal;
    std::optional<int> ply;
    int moves = 0;  // the length of a game's `moves`
  };

  static Fields fields(std::string_view object) {
    Fields f;
    load_scan::for_each_member(object, [&f](std::string_view key, std::string_view value) {
      if (key == "type") f.type = load_scan::string_value(value);
      else if (key == "fen") f.fen = load_scan::string_value(value);
      else if (key == "turn") f.turn = load_scan::string_value(value);
      else if (key == "status") f.status = load_scan::string_value(value);
      else if (key == "legal") f.legal = value;
      else if (key == "ply") f.ply = static_cast<int>(load_scan::int_value(value).value_or(0));
      else if (key == "moves") load_scan::for_each_element(value, [&f](std::string_view) { ++f.moves; });
      return true;
    });
    return f;
  }

  // The side to move and its legal moves, from a `game` object or a `move` event.
  void update(const Fields& o) {
    my_turn_ = o.turn == (white_ ? "white" : "black");
    moves_ = my_turn_ ? legal_moves(o.legal, o.fen) : std::vector<std::string>{};
  }

  Shared& shared_;
  websocket::stream<beast::tcp_stream> ws_;
  asio::steady_timer tick_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  std::function<void()> done_;
  std::string game_;
  std::string token_;
  bool white_;
  bool counted_;  // robot games keep the pool busy; their moves are not measured
  bool open_ = false;
  bool writing_ = false;
  bool ready_ = false;
  bool over_ = false;
  bool my_turn_ = false;
  std::vector<std::string> moves_;
  int ply_ = 0;
  int req_ = 0;
  bool in_flight_ = false;
  bool measured_ = false;
  int sent_ply_ = 0;
  Clock::time_point sent_at_;
  Clock::time_point next_tick_;
};

// Connects the clients a batch at a time (a listen backlog is finite).
class Connector {
 public:
  Connector(std::vector<std::shared_ptr<Client>>& clients, int batch, uint64_t seed)
      : clients_(clients), batch_(batch), seed_(seed) {}
  void start() {
    for (int i = 0; i < batch_; ++i) next();
  }

 private:
  void next() {
    if (next_ >= clients_.size()) return;
    const std::size_t index = next_++;
    clients_[index]->connect_from(source_of(index / 2), [this] { next(); });
  }
  // 127.S.G.G for game G (two clients each), S from the seed: several generator processes use different ones.
  asio::ip::address_v4 source_of(std::size_t game) const {
    const uint32_t host = (uint32_t(127) << 24) | (uint32_t(1 + seed_ % 200) << 16) | uint32_t(game & 0xffff);
    return asio::ip::address_v4(host);
  }
  std::vector<std::shared_ptr<Client>>& clients_;
  int batch_;
  uint64_t seed_;
  std::size_t next_ = 0;
};

template <class F>
void on_io(asio::io_context& ioc, F f) {
  std::promise<void> done;
  asio::post(ioc, [&] {
    f();
    done.set_value();
  });
  done.get_future().wait();
}

bool wait_until(const std::function<bool()>& condition, double seconds) {
  auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  while (!condition()) {
    if (Clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

}  // namespace

double LoadReport::percentile(double p) const {
  if (round_trips_ms.empty()) return 0;
  double rank = std::ceil(p / 100 * static_cast<double>(round_trips_ms.size()));
  std::size_t index = static_cast<std::size_t>(std::max(1.0, rank)) - 1;
  return round_trips_ms[std::min(index, round_trips_ms.size() - 1)];
}

uint64_t LoadReport::error_count() const {
  uint64_t total = 0;
  for (const auto& [code, count] : errors) total += count;
  return total;
}

Result<LoadReport> run_load(const LoadOptions& options) {
  if (options.games < 1) return fail("loadtest: --games must be at least 1");
  if (options.interval_s <= 0) return fail("loadtest: --rate must be positive");
  auto create_start = Clock::now();
  std::string body = R"({"v":1,"opponent":"invite","color":"white","time":")" + options.time_control + R"("})";
  Result<std::vector<GameSeats>> games = create_games(options, options.games, body, false);
  if (!games) return games.error();
  std::vector<GameSeats> robot_games;
  if (options.robot_games > 0 && !options.echo) {
    std::string robot_body = R"({"v":1,"opponent":"robot","color":"white","level":)" +
                             std::to_string(options.robot_level) + R"(,"time":")" + options.time_control + R"("})";
    Result<std::vector<GameSeats>> created = create_games(options, options.robot_games, robot_body, true);
    if (!created) return created.error();
    robot_games = std::move(*created);
  }
  double create_seconds = seconds_since(create_start);

  asio::io_context ioc(1);
  auto work = asio::make_work_guard(ioc);
  Shared shared(options, ioc, tcp::endpoint(asio::ip::make_address(options.host), options.port));
  shared.report.games_created = static_cast<int>(games->size());
  shared.report.create_seconds = create_seconds;
  std::vector<std::shared_ptr<Client>> clients;
  for (const GameSeats& game : *games) {
    clients.push_back(std::make_shared<Client>(shared, game.id, game.white, true));
    clients.push_back(std::make_shared<Client>(shared, game.id, game.black, false));
  }
  for (const GameSeats& game : robot_games) {
    clients.push_back(std::make_shared<Client>(shared, game.id, game.white, true, false));
  }
  std::thread io([&ioc] { ioc.run(); });

  auto connect_start = Clock::now();
  Connector connector(clients, std::max(1, options.connect_batch), options.seed);
  on_io(ioc, [&] { connector.start(); });
  int total = static_cast<int>(clients.size());
  wait_until([&] { return shared.ready + shared.failed >= total; }, 120);
  shared.report.connect_seconds = seconds_since(connect_start);
  if (options.clients_ready) options.clients_ready();

  // Each game's two sides move half an interval apart, the games spread evenly over the interval.
  shared.moving = true;
  auto first = Clock::now() + std::chrono::milliseconds(100);
  on_io(ioc, [&] {
    std::uniform_real_distribution<double> phase(0, options.interval_s);
    auto half = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.interval_s / 2));
    std::size_t pairs = 2 * games->size();
    for (std::size_t i = 0; i + 1 < pairs; i += 2) {
      auto offset = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(phase(shared.random)));
      clients[i]->start_ticks(first + offset);
      clients[i + 1]->start_ticks(first + offset + half);
    }
    for (std::size_t i = pairs; i < clients.size(); ++i) {
      clients[i]->start_ticks(
          first + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(phase(shared.random))));
    }
  });
  std::this_thread::sleep_for(std::chrono::duration<double>(options.warmup_s));
  if (options.window_started) options.window_started();
  auto window_start = Clock::now();
  shared.measuring = true;
  std::this_thread::sleep_for(std::chrono::duration<double>(options.duration_s));
  shared.measuring = false;
  shared.moving = false;
  double window = seconds_since(window_start);
  if (options.window_ended) options.window_ended();
  wait_until([&] { return shared.in_flight <= 0; }, options.move_timeout_s);

  LoadReport report;
  on_io(ioc, [&] {
    for (auto& client : clients) client->settle();
    report = std::move(shared.report);
    report.clients = shared.ready;
    report.connect_failures = shared.failed;
    for (auto& client : clients) client->stop();
  });
  report.window_seconds = window;
  std::sort(report.round_trips_ms.begin(), report.round_trips_ms.end());
  work.reset();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  ioc.stop();
  io.join();
  return report;
}

}  // namespace tabiya::server
