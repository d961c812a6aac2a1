// The lobby's load clients (lobby_load.h). Everything runs on one io thread, so
// the counters need no lock until stop() joins it.
#include "loadtest/lobby_load.h"

#include <algorithm>
#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <cmath>
#include <deque>
#include <future>
#include <thread>

#include "loadtest/load_io.h"

namespace tabiya::loadtest {

namespace {

using namespace load_io;

struct Counters {
  bool measuring = false;
  bool stopping = false;
  uint64_t messages = 0;
  uint64_t seeks = 0;
  std::vector<double> round_trips_ms;
};

class LobbyClient : public std::enable_shared_from_this<LobbyClient> {
 public:
  LobbyClient(asio::io_context& io, const LobbyLoadOptions& options, Counters& counters, bool seeker)
      : options_(options), counters_(counters), ws_(io), timer_(io), seeker_(seeker) {}

  // From `source` (an address of its own in 127/8, as the game clients do, load_test.cpp): to the server each lobby
  // client is a visitor of its own, as real people are, not one client holding 2,000 sockets (whose share of
  // the server's blocking lane, a sixteenth of it, would refuse most of their openings with `busy`).
  void connect(tcp::endpoint endpoint, asio::ip::address_v4 source, std::function<void(bool)> done) {
    done_ = std::move(done);
    endpoint_ = endpoint;
    source_ = source;
    attempt();
  }

  int retries() const { return retries_; }

  // Seekers: the first seek after a spread-out pause, so that they do not all seek at once.
  void start_seeking(double offset_s) {
    if (!seeker_) return;
    timer_.expires_after(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(offset_s)));
    timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->seek();
    });
  }

  void stop() {
    timer_.cancel();
    if (!open_) return;
    open_ = false;
    ws_.async_close(websocket::close_code::normal, [self = shared_from_this()](beast::error_code) {});
  }

 private:
  void attempt() {
    beast::error_code ec;
    tcp::socket& socket = beast::get_lowest_layer(ws_).socket();
    socket.open(tcp::v4(), ec);
    if (!ec) socket.bind(tcp::endpoint(source_, 0), ec);
    if (ec) return finish_connect(false);
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
    beast::get_lowest_layer(ws_).async_connect(endpoint_, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return self->finish_connect(false);
      std::string host = self->options_.host;
      host += ":";
      host += std::to_string(self->options_.port);
      self->ws_.async_handshake(self->upgrade_, host, "/ws/lobby", [self](beast::error_code ec) {
        if (ec) return self->refused(ec);
        beast::get_lowest_layer(self->ws_).expires_never();
        self->read();
      });
    });
  }

  // A 503 (`busy`: the server's lane was full for a moment) is tried again after a pause, a few times, as the
  // web page does; anything else fails the client.
  void refused(beast::error_code ec) {
    const bool busy =
        ec == websocket::error::upgrade_declined && upgrade_.result() == beast::http::status::service_unavailable;
    if (!busy || retries_ >= kRetries || counters_.stopping) return finish_connect(false);
    ++retries_;
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
    upgrade_ = {};
    timer_.expires_after(std::chrono::milliseconds(100 << retries_));
    timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec) return self->finish_connect(false);
      self->attempt();
    });
  }

  void finish_connect(bool ok) {
    if (done_) std::exchange(done_, nullptr)(ok);
  }

  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) {
        self->open_ = false;
        return self->finish_connect(false);
      }
      self->on_message(beast::buffers_to_string(self->buffer_.data()));
      self->buffer_.consume(self->buffer_.size());
      self->read();
    });
  }

  void on_message(const std::string& text) {
    if (counters_.measuring) ++counters_.messages;
    boost::system::error_code ec;
    json::value v = json::parse(text, ec);
    if (ec || !v.is_object()) return;
    const json::object& o = v.as_object();
    const json::value* t = o.if_contains("t");
    if (!t || !t->is_string()) return;
    if (t->as_string() == "hello") {
      me_ = std::string(o.at("you").at("id").as_string());
      open_ = true;
      return finish_connect(true);
    }
    if (t->as_string() == "updates") {
      for (const json::value& event : o.at("events").as_array())
        if (event.is_object()) own_seek(event.as_object());
      return;
    }
    own_seek(o);
  }

  // A `seek` event of this client's own seek: its round trip ends, and the seek is cancelled again.
  void own_seek(const json::object& o) {
    const json::value* t = o.if_contains("t");
    if (!seeking_ || !t || !t->is_string() || t->as_string() != "seek") return;
    const json::object& seek = o.at("seek").as_object();
    if (seek.at("user").as_string() != me_) return;
    seeking_ = false;
    if (counters_.measuring)
      counters_.round_trips_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - sent_).count());
    send(R"({"t":"cancel_seek","id":")" + std::string(seek.at("id").as_string()) + R"("})");
    schedule();
  }

  void seek() {
    if (counters_.stopping || !open_) return;
    seeking_ = true;
    sent_ = Clock::now();
    if (counters_.measuring) ++counters_.seeks;
    send(R"({"t":"seek","time":"5+0","rated":false})");
  }

  void schedule() {
    timer_.expires_at(
        sent_ + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options_.seek_interval_s)));
    timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->seek();
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

  static constexpr int kRetries = 4;

  const LobbyLoadOptions& options_;
  Counters& counters_;
  tcp::endpoint endpoint_;
  asio::ip::address_v4 source_;
  beast::websocket::response_type upgrade_;
  int retries_ = 0;
  websocket::stream<beast::tcp_stream> ws_;
  asio::steady_timer timer_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  std::function<void(bool)> done_;
  std::string me_;
  Clock::time_point sent_;
  bool seeker_ = false;
  bool open_ = false;
  bool writing_ = false;
  bool seeking_ = false;
};

// 127.250.I.I for lobby client I: apart from the game clients' 127.S.G.G (S in 1..200, load_test.cpp).
asio::ip::address_v4 lobby_source(int index) { return loopback_source(250, static_cast<std::size_t>(index)); }

}  // namespace

struct LobbyLoad::Impl {
  LobbyLoadOptions options;
  asio::io_context io;
  asio::executor_work_guard<asio::io_context::executor_type> work{io.get_executor()};
  std::thread thread;
  Counters counters;
  std::vector<std::shared_ptr<LobbyClient>> clients;
  int connected = 0, failed = 0;
  double connect_seconds = 0;
};

double LobbyLoadReport::percentile(double p) const {
  if (seek_round_trips_ms.empty()) return 0;
  const std::size_t at = static_cast<std::size_t>(std::ceil(p / 100 * static_cast<double>(seek_round_trips_ms.size())));
  return seek_round_trips_ms[std::min(seek_round_trips_ms.size() - 1, at == 0 ? 0 : at - 1)];
}

Result<std::unique_ptr<LobbyLoad>> LobbyLoad::start(const LobbyLoadOptions& options) {
  std::unique_ptr<LobbyLoad> load(new LobbyLoad());
  load->impl_ = std::make_unique<Impl>();
  Impl& m = *load->impl_;
  m.options = options;
  boost::system::error_code ec;
  const tcp::endpoint endpoint(asio::ip::make_address(options.host, ec), options.port);
  if (ec) return fail("loadtest: lobby clients: bad host " + options.host);
  m.thread = std::thread([&m] { m.io.run(); });
  const auto began = Clock::now();
  std::promise<void> all;
  auto left = std::make_shared<int>(options.clients);
  auto next = std::make_shared<int>(0);
  // At most connect_batch connections in progress; each finished one starts the next.
  auto step = std::make_shared<std::function<void()>>();
  *step = [&m, &all, left, next, step, endpoint] {
    if (*next >= static_cast<int>(m.clients.size())) return;
    const int index = (*next)++;
    m.clients[index]->connect(endpoint, lobby_source(index), [&m, &all, left, step](bool ok) {
      ok ? ++m.connected : ++m.failed;
      if (--*left == 0) all.set_value();
      (*step)();
    });
  };
  on_io(m.io, [&] {
    for (int i = 0; i < options.clients; ++i)
      m.clients.push_back(std::make_shared<LobbyClient>(m.io, m.options, m.counters, i < options.seekers));
    if (options.clients == 0) all.set_value();
    for (int i = 0; i < std::max(1, options.connect_batch); ++i) (*step)();
  });
  all.get_future().wait();
  m.connect_seconds = std::chrono::duration<double>(Clock::now() - began).count();
  on_io(m.io, [&] {
    for (int i = 0; i < options.seekers && i < static_cast<int>(m.clients.size()); ++i)
      m.clients[i]->start_seeking(options.seek_interval_s * i / std::max(1, options.seekers));
    *step = nullptr;  // breaks the cycle step -> step
  });
  return load;
}

void LobbyLoad::measure() {
  on_io(impl_->io, [this] { impl_->counters.measuring = true; });
}

std::size_t LobbyLoad::round_trips() {
  std::size_t count = 0;
  on_io(impl_->io, [this, &count] { count = impl_->counters.round_trips_ms.size(); });
  return count;
}

LobbyLoadReport LobbyLoad::stop() {
  LobbyLoadReport report;
  if (!impl_->thread.joinable()) return report;
  on_io(impl_->io, [this, &report] {
    impl_->counters.stopping = true;
    impl_->counters.measuring = false;
    report.messages = impl_->counters.messages;
    report.seeks = impl_->counters.seeks;
    report.seek_round_trips_ms = impl_->counters.round_trips_ms;
    for (auto& c : impl_->clients) c->stop();
  });
  impl_->work.reset();
  impl_->thread.join();
  for (const auto& c : impl_->clients) report.retries += c->retries();
  report.connected = impl_->connected;
  report.failed = impl_->failed;
  report.connect_seconds = impl_->connect_seconds;
  std::sort(report.seek_round_trips_ms.begin(), report.seek_round_trips_ms.end());
  return report;
}

LobbyLoad::~LobbyLoad() {
  if (impl_ && impl_->thread.joinable()) stop();
}

}  // namespace tabiya::loadtest
