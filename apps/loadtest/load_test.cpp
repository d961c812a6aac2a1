// The load generator's run: the games created over HTTP, their clients (load_test_client.h) connected a batch at
// a time, then the moves. One io thread drives every client (no strands needed); the calling thread sequences the
// phases and reads the counters.
#include "loadtest/load_test.h"

#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <cmath>
#include <memory>
#include <random>
#include <thread>

#include "loadtest/load_io.h"
#include "loadtest/load_test_client.h"

namespace tabiya::loadtest {

namespace {

using namespace load_io;
namespace http = beast::http;

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

// Connects the clients a batch at a time (a listen backlog is finite).
class Connector {
 public:
  Connector(std::vector<std::shared_ptr<LoadClient>>& clients, int batch, uint64_t seed)
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
    return loopback_source(static_cast<uint32_t>(1 + seed_ % 200), game);
  }
  std::vector<std::shared_ptr<LoadClient>>& clients_;
  int batch_;
  uint64_t seed_;
  std::size_t next_ = 0;
};

bool wait_until(const std::function<bool()>& condition, double seconds) {
  auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  while (!condition()) {
    if (Clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

// The value at percentile p (in [0, 100]) of sorted values; 0 when there are none.
double percentile_of(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) return 0;
  double rank = std::ceil(p / 100 * static_cast<double>(sorted.size()));
  std::size_t index = static_cast<std::size_t>(std::max(1.0, rank)) - 1;
  return sorted[std::min(index, sorted.size() - 1)];
}

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

}  // namespace

double LoadReport::percentile(double p) const { return percentile_of(round_trips_ms, p); }

double LoadReport::outage_percentile(double p) const { return percentile_of(outages_ms, p); }

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
  LoadShared shared(options, ioc, tcp::endpoint(asio::ip::make_address(options.host), options.port));
  shared.report.games_created = static_cast<int>(games->size());
  shared.report.create_seconds = create_seconds;
  std::vector<std::shared_ptr<LoadClient>> clients;
  for (const GameSeats& game : *games) {
    clients.push_back(std::make_shared<LoadClient>(shared, game.id, game.white, true));
    clients.push_back(std::make_shared<LoadClient>(shared, game.id, game.black, false));
  }
  for (const GameSeats& game : robot_games) {
    clients.push_back(std::make_shared<LoadClient>(shared, game.id, game.white, true, false));
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
  // With --reconnect a client coming back settles its move in flight once its state comes.
  const double settle_s = options.move_timeout_s + (options.reconnect ? options.state_timeout_s + 10 : 0);
  wait_until([&] { return shared.in_flight <= 0 && shared.down <= 0; }, settle_s);

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
  std::sort(report.outages_ms.begin(), report.outages_ms.end());
  work.reset();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  ioc.stop();
  io.join();
  return report;
}

}  // namespace tabiya::loadtest
