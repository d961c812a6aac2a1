// All of the Beast code of the server lives in this one translation unit
// (each one that includes Beast costs half a minute to compile).
#include "server/http_server.h"

#include <algorithm>
#include <atomic>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <exception>
#include <future>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/http_errors.h"
#include "server/http_policy.h"
#include "server/network_counters.h"

namespace tabiya::server {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

// The Beast request's view of the network rules (http_policy.h).
bool request_origin_allowed(const Request& req) {
  auto it = req.find(http::field::origin);
  return origin_allowed(it == req.end() ? std::nullopt : std::optional<std::string_view>(it->value()),
                        req[http::field::host]);
}

bool request_accepts_gzip(const Request& req) {
  return accepts_gzip(std::string_view(req[http::field::accept_encoding]));
}

class WsSession;
class HttpSession;

// What every connection shares: the service, the files, the limits, the counters and the registry that stop()
// walks to close everything.
struct Shared {
  Shared(Service& service, StaticFiles files, ServerOptions options)
      : service(service), files(std::move(files)), options(std::move(options)) {}

  Service& service;
  const StaticFiles files;
  const ServerOptions options;
  Counters counters;
  std::atomic<bool> stopping{false};

  std::mutex mutex;
  std::condition_variable changed;
  uint64_t next_id = 0;
  std::unordered_map<uint64_t, std::weak_ptr<WsSession>> websockets;
  std::unordered_map<uint64_t, std::weak_ptr<HttpSession>> connections;

  template <class T>
  uint64_t add(std::unordered_map<uint64_t, std::weak_ptr<T>>& registry, std::weak_ptr<T> session) {
    std::lock_guard lock(mutex);
    uint64_t id = ++next_id;
    registry.emplace(id, std::move(session));
    return id;
  }
  template <class T>
  void remove(std::unordered_map<uint64_t, std::weak_ptr<T>>& registry, uint64_t id) {
    std::lock_guard lock(mutex);
    if (registry.erase(id) > 0 && registry.empty()) changed.notify_all();
  }

  void write_metrics(std::string& out);
};

void Shared::write_metrics(std::string& out) { write_network_metrics(counters, out); }

Response make_response(unsigned status, std::string content_type, std::string body) {
  Response res{static_cast<http::status>(status), 11};
  res.set(http::field::content_type, content_type);
  res.body() = std::move(body);
  return res;
}

Response error_response(unsigned status, std::string_view code, std::string_view data = "{}") {
  return make_response(status, "application/json", http_error_body(code, data));
}

// One WebSocket after its upgrade. Everything runs on the connection's strand; send() and close() may be called
// from any thread and post there, so the service's messages keep the order it sent them in.
class WsSession : public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(beast::tcp_stream&& stream, Shared& shared)
      : ws_(std::move(stream)), shared_(shared), flood_(shared.options.flood, now_ms()) {}

  ~WsSession() {
    notify_closed();
    if (id_ != 0) shared_.remove(shared_.websockets, id_);
  }

  void run(Request&& req);

  void send(SharedText text) {
    asio::post(ws_.get_executor(), [self = shared_from_this(), text = std::move(text)]() mutable {
      self->enqueue(Outgoing{std::move(text), false, {}});
    });
  }

  void close(int code, std::string reason) {
    if (reason.size() > 120) reason.resize(120);
    asio::post(ws_.get_executor(), [self = shared_from_this(), code, reason = std::move(reason)] {
      self->enqueue(Outgoing{{}, true, websocket::close_reason(static_cast<websocket::close_code>(code), reason)});
    });
  }

  // stop(), once the io threads are gone: closes the socket now.
  void cut() {
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
  }

  // stop(): closes with 1001 after what is queued, or cuts a socket still in its handshake.
  void close_for_shutdown() {
    asio::post(ws_.get_executor(), [self = shared_from_this()] {
      if (!self->accepted_) return self->drop();
      self->enqueue(Outgoing{{}, true, websocket::close_reason(websocket::close_code::going_away, "shutdown")});
    });
  }

 private:
  // A message to send (its buffer may be shared with other sockets) or the closing frame.
  struct Outgoing {
    SharedText text;
    bool close = false;
    websocket::close_reason reason;
    std::size_t size() const { return text ? text->size() : 0; }
  };

  void refuse(Response res) {
    refusal_ = std::move(res);
    refusal_.prepare_payload();
    refusal_.keep_alive(false);
    http::async_write(ws_.next_layer(), refusal_, [self = shared_from_this()](beast::error_code, std::size_t) {
      beast::error_code ignored;
      self->ws_.next_layer().socket().shutdown(tcp::socket::shutdown_both, ignored);
      self->finish();
    });
  }

  void on_accept(beast::error_code ec) {
    if (ec) return finish();
    accepted_ = true;
    shared_.counters.websockets.fetch_add(1);
    shared_.counters.ws_accepted.fetch_add(1);
    read();
    if (!queue_.empty() && !writing_) write_next();
  }

  void read() {
    std::size_t limit = shared_.options.ws_message_limit;
    // One byte past the limit tells an oversized message from one exactly at it.
    std::size_t room = close_queued_ ? limit : limit + 1 - buffer_.size();
    ws_.async_read_some(buffer_, room, beast::bind_front_handler(&WsSession::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec) return finish();
    if (close_queued_) {  // closing: what still arrives is read only to reach the peer's close frame
      buffer_.consume(buffer_.size());
      return read();
    }
    std::size_t limit = shared_.options.ws_message_limit;
    if (buffer_.size() > limit) {
      shared_.counters.ws_closed_too_large.fetch_add(1);
      buffer_.consume(buffer_.size());
      enqueue(Outgoing{share(ws_error("too_large", R"({"limit":)" + std::to_string(limit) + "}")), false, {}});
      enqueue(Outgoing{{}, true, websocket::close_reason(websocket::close_code::too_big, "too_large")});
      return read();
    }
    if (!ws_.is_message_done()) return read();
    deliver();
    buffer_.consume(buffer_.size());
    read();
  }

  void deliver() {
    switch (flood_.on_message(now_ms())) {
      case FloodGuard::Verdict::accept:
        break;
      case FloodGuard::Verdict::refuse:
        shared_.counters.ws_rate_limited.fetch_add(1);
        enqueue(Outgoing{share(rate_limited()), false, {}});
        return;
      case FloodGuard::Verdict::disconnect:
        shared_.counters.ws_rate_limited.fetch_add(1);
        shared_.counters.ws_closed_flood.fetch_add(1);
        enqueue(Outgoing{share(rate_limited()), false, {}});
        enqueue(Outgoing{{}, true, websocket::close_reason(websocket::close_code::policy_error, "rate_limited")});
        return;
    }
    if (!ws_.got_text()) {
      enqueue(Outgoing{share(ws_error("bad_message", R"({"field":"frame","expected":"text"})")), false, {}});
      return;
    }
    shared_.counters.ws_in.fetch_add(1, std::memory_order_relaxed);
    std::string_view text(static_cast<const char*>(buffer_.data().data()), buffer_.size());
    try {
      shared_.service.message(*session_, text);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "tabiya: service failed on a message: %s\n", e.what());
    }
  }

  std::string rate_limited() const {
    return ws_error("rate_limited", R"({"retry_ms":)" + std::to_string(std::max(1, flood_.retry_ms())) + "}");
  }

  void enqueue(Outgoing message) {
    if (finished_ || dropped_ || close_queued_) return;
    queued_bytes_ += message.size();
    if (queued_bytes_ > shared_.options.ws_queue_limit) {
      // The reader is far behind: waiting for it would hold memory for nothing; it can reconnect and resync.
      shared_.counters.ws_closed_slow.fetch_add(1);
      return drop();
    }
    close_queued_ = message.close;
    queue_.push_back(std::move(message));
    if (accepted_ && !writing_) write_next();
  }

  void write_next() {
    writing_ = true;
    Outgoing& next = queue_.front();
    if (next.close) {
      ws_.async_close(next.reason, [self = shared_from_this()](beast::error_code) { self->writing_ = false; });
      return;
    }
    ws_.text(true);
    ws_.async_write(asio::buffer(*next.text), beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
  }

  void on_write(beast::error_code ec, std::size_t) {
    writing_ = false;
    if (ec) return drop();
    shared_.counters.ws_out.fetch_add(1, std::memory_order_relaxed);
    queued_bytes_ -= queue_.front().size();
    queue_.pop_front();
    if (!queue_.empty()) write_next();
  }

  // Cuts the connection without a closing handshake; the pending read fails and finish() follows.
  void drop() {
    dropped_ = true;
    beast::get_lowest_layer(ws_).close();
  }

  void finish() {
    if (finished_) return;
    finished_ = true;
    if (accepted_) shared_.counters.websockets.fetch_sub(1);
    notify_closed();
    if (!writing_) queue_.clear();
  }

  void notify_closed() {
    if (!session_ || notified_) return;
    notified_ = true;
    try {
      shared_.service.closed(*session_);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "tabiya: service failed closing a session: %s\n", e.what());
    }
  }

  websocket::stream<beast::tcp_stream> ws_;
  Shared& shared_;
  uint64_t id_ = 0;
  Request req_;
  Response refusal_;
  std::shared_ptr<Session> session_;
  beast::flat_buffer buffer_;
  std::deque<Outgoing> queue_;
  std::size_t queued_bytes_ = 0;
  FloodGuard flood_;
  bool accepted_ = false;
  bool writing_ = false;
  bool close_queued_ = false;
  bool dropped_ = false;
  bool finished_ = false;
  bool notified_ = false;
};

// The service's handle on a WebSocket. It holds the session weakly, so a service that keeps a Peer after
// closed() holds no socket, and sending to a gone peer does nothing.
class WsPeer final : public Peer {
 public:
  explicit WsPeer(std::weak_ptr<WsSession> session) : session_(std::move(session)) {}
  void send(SharedText text) override {
    if (auto session = session_.lock()) session->send(std::move(text));
  }
  void close(int code, std::string_view reason) override {
    if (auto session = session_.lock()) session->close(code, std::string(reason));
  }

 private:
  std::weak_ptr<WsSession> session_;
};

void WsSession::run(Request&& req) {
  req_ = std::move(req);
  id_ = shared_.add(shared_.websockets, weak_from_this());
  std::string_view target = req_.target();
  std::string path(target.substr(0, target.find('?')));
  try {
    session_ = shared_.service.open(path, std::make_shared<WsPeer>(weak_from_this()));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tabiya: service failed opening %s: %s\n", path.c_str(), e.what());
    session_ = nullptr;
  }
  if (!session_) {
    shared_.counters.ws_unknown.fetch_add(1);
    std::string id = path.substr(4);
    return refuse(error_response(404, "unknown_game", R"({"id":)" + json_string(id) + "}"));
  }
  beast::get_lowest_layer(ws_).expires_never();  // the WebSocket's own timeouts take over
  websocket::stream_base::timeout timeout;
  timeout.handshake_timeout = std::chrono::seconds(5);
  timeout.idle_timeout = shared_.options.ws_idle_timeout;
  timeout.keep_alive_pings = true;
  ws_.set_option(timeout);
  ws_.read_message_max(shared_.options.ws_message_limit * 2);  // a backstop; read() enforces the limit exactly
  ws_.async_accept(req_, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
}

// One HTTP connection: reads requests (keep-alive) and answers them, or hands the socket to a WsSession on an
// upgrade.
class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, Shared& shared) : stream_(std::move(socket)), shared_(shared) {
    shared_.counters.http_connections.fetch_add(1);
  }
  ~HttpSession() {
    shared_.counters.http_connections.fetch_sub(1);
    if (id_ != 0) shared_.remove(shared_.connections, id_);
  }

  void run() {
    id_ = shared_.add(shared_.connections, weak_from_this());
    asio::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::read, shared_from_this()));
  }

  // stop(), once the io threads are gone: closes the socket now.
  void cut() {
    if (upgraded_) return;
    beast::error_code ignored;
    stream_.socket().close(ignored);
  }

  // stop(): ends a connection waiting for its next request; a busy one closes after its answer.
  void close_if_idle() {
    asio::post(stream_.get_executor(), [self = shared_from_this()] {
      if (!self->busy_ && !self->upgraded_) {
        beast::error_code ignored;
        self->stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
        self->stream_.cancel();
      }
    });
  }

 private:
  void read() {
    busy_ = false;
    if (shared_.stopping) return close();
    parser_.emplace();
    parser_->body_limit(shared_.options.http_body_limit);
    parser_->header_limit(16 * 1024);
    stream_.expires_after(std::chrono::seconds(30));
    http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    busy_ = true;
    head_ = false;
    if (ec == http::error::body_limit) {
      shared_.counters.http_too_large.fetch_add(1);
      Response res =
          error_response(413, "too_large", R"({"limit":)" + std::to_string(shared_.options.http_body_limit) + "}");
      res.keep_alive(false);
      return send(std::move(res));
    }
    if (ec && ec.category() == beast::http::make_error_code(http::error::bad_target).category() &&
        ec != http::error::end_of_stream && ec != http::error::partial_message) {
      Response res = error_response(400, "bad_request");
      res.keep_alive(false);
      return send(std::move(res));
    }
    if (ec) return close();
    shared_.counters.http_requests.fetch_add(1, std::memory_order_relaxed);
    Request req = parser_->release();
    host_ = std::string(req[http::field::host]);
    head_ = req.method() == http::verb::head;
    if (websocket::is_upgrade(req)) return upgrade(std::move(req));
    Response res = answer(req);
    res.keep_alive(req.keep_alive());
    send(std::move(res));
  }

  Response answer(const Request& req) {
    std::string_view target = req.target();
    std::string_view path = target.substr(0, target.find('?'));
    bool get = req.method() == http::verb::get || req.method() == http::verb::head;
    if (path == "/healthz") {
      if (shared_.stopping) return make_response(503, "text/plain; charset=utf-8", "stopping\n");
      return make_response(200, "text/plain; charset=utf-8", "ok\n");
    }
    if (path == "/metrics") {
      std::string out;
      shared_.write_metrics(out);
      try {
        shared_.service.write_metrics(out);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "tabiya: service failed writing metrics: %s\n", e.what());
      }
      return make_response(200, "text/plain; version=0.0.4; charset=utf-8", std::move(out));
    }
    if (path.starts_with("/api/")) return api(req);
    if (path.starts_with("/ws/")) return error_response(426, "upgrade_required");
    if (!get) return error_response(405, "method_not_allowed");
    const StaticFile* file = nullptr;
    auto app_page = [&](std::string_view prefix) {  // /g/ID (a game), /t/ID (a tournament)
      return path.starts_with(prefix) && path.size() > 3 && path.find('/', 3) == std::string_view::npos;
    };
    if (path == "/" || app_page("/g/") || app_page("/t/")) {
      file = shared_.files.index();
    } else {
      file = shared_.files.find(path);
    }
    if (!file) return error_response(404, "not_found");
    return static_file(req, *file);
  }

  Response static_file(const Request& req, const StaticFile& file) {
    Response res{http::status::ok, 11};
    res.set(http::field::content_type, file.content_type);
    res.set(http::field::cache_control, file.cache_control);
    res.set(http::field::etag, file.etag);
    if (!file.gzip.empty()) res.set(http::field::vary, "Accept-Encoding");
    if (req[http::field::if_none_match] == file.etag) {
      res.result(http::status::not_modified);
      return res;
    }
    if (!file.gzip.empty() && request_accepts_gzip(req)) {
      res.set(http::field::content_encoding, "gzip");
      res.body() = file.gzip;
    } else {
      res.body() = file.body;
    }
    return res;
  }

  Response api(const Request& req) {
    HttpRequest request{req.method_string(), req.target(), req.body()};
    HttpAnswer answer;
    try {
      answer = shared_.service.http(request);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "tabiya: service failed on %s: %s\n", std::string(req.target()).c_str(), e.what());
      return error_response(500, "internal");
    }
    Response res = make_response(answer.status, std::move(answer.content_type), std::move(answer.body));
    for (auto& [name, value] : answer.headers) res.set(name, value);
    res.set(http::field::cache_control, "no-store");
    return res;
  }

  void upgrade(Request&& req) {
    std::string_view target = req.target();
    if (!target.starts_with("/ws/")) return send(error_response(404, "not_found"));
    if (shared_.stopping) return send(error_response(503, "shutting_down"));
    if (!request_origin_allowed(req)) {
      shared_.counters.ws_bad_origin.fetch_add(1);
      Response res = error_response(403, "bad_origin");
      res.keep_alive(false);
      return send(std::move(res));
    }
    upgraded_ = true;
    std::make_shared<WsSession>(std::move(stream_), shared_)->run(std::move(req));
  }

  void send(Response&& res) {
    res.prepare_payload();
    if (head_) {  // the headers of a GET, Content-Length included, without the body
      std::size_t length = res.body().size();
      res.body().clear();
      res.content_length(length);
    }
    res.set("Content-Security-Policy", content_security_policy(host_));
    res.set("X-Content-Type-Options", "nosniff");
    res.set("Referrer-Policy", "no-referrer");
    if (shared_.stopping) res.keep_alive(false);
    bool close_after = !res.keep_alive();
    res_ = std::move(res);
    http::async_write(stream_, res_, [self = shared_from_this(), close_after](beast::error_code ec, std::size_t) {
      if (ec || close_after) return self->close();
      self->read();
    });
  }

  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
  }

  beast::tcp_stream stream_;
  Shared& shared_;
  uint64_t id_ = 0;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Response res_;
  std::string host_;
  bool busy_ = false;
  bool upgraded_ = false;
  bool head_ = false;
};

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(asio::io_context& ioc, Shared& shared)
      : ioc_(ioc), acceptor_(asio::make_strand(ioc)), retry_(acceptor_.get_executor()), shared_(shared) {}

  Result<uint16_t> open(const tcp::endpoint& endpoint) {
    beast::error_code ec;
    acceptor_.open(endpoint.protocol(), ec);
    if (!ec) acceptor_.set_option(asio::socket_base::reuse_address(true), ec);
    if (!ec) acceptor_.bind(endpoint, ec);
    if (!ec) acceptor_.listen(asio::socket_base::max_listen_connections, ec);
    if (ec) {
      return fail("serve: cannot listen on " + endpoint.address().to_string() + ":" + std::to_string(endpoint.port()) +
                  ": " + ec.message());
    }
    return acceptor_.local_endpoint().port();
  }

  void accept() {
    acceptor_.async_accept(asio::make_strand(ioc_),
                           beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
  }

  // Runs the close on the acceptor's strand and waits for it.
  void close() {
    std::promise<void> done;
    asio::post(acceptor_.get_executor(), [this, &done] {
      beast::error_code ignored;
      acceptor_.close(ignored);
      retry_.cancel();
      done.set_value();
    });
    done.get_future().wait();
  }

 private:
  void on_accept(beast::error_code ec, tcp::socket socket) {
    if (!acceptor_.is_open()) return;
    if (ec) {
      // Out of file descriptors or similar: wait a little instead of spinning on the error.
      retry_.expires_after(std::chrono::milliseconds(100));
      retry_.async_wait([self = shared_from_this()](beast::error_code wait) {
        if (!wait) self->accept();
      });
      return;
    }
    beast::error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    std::make_shared<HttpSession>(std::move(socket), shared_)->run();
    accept();
  }

  asio::io_context& ioc_;
  tcp::acceptor acceptor_;
  asio::steady_timer retry_;
  Shared& shared_;
};

}  // namespace

struct HttpServer::Impl {
  Impl(std::unique_ptr<asio::io_context> owned, asio::io_context* io, Service& service, StaticFiles files,
       ServerOptions options)
      : shared(service, std::move(files), std::move(options)), owned(std::move(owned)), ioc(io ? *io : *this->owned) {}

  Shared shared;
  std::unique_ptr<asio::io_context> owned;
  asio::io_context& ioc;
  std::shared_ptr<Listener> listener;
  std::vector<std::thread> threads;
  uint16_t port = 0;
  bool started = false;
  bool stopped = false;
};

HttpServer::HttpServer(Service& service, StaticFiles files, ServerOptions options)
    : impl_(std::make_unique<Impl>(std::make_unique<asio::io_context>(std::max(1, options.threads)), nullptr, service,
                                   std::move(files), std::move(options))) {}

HttpServer::HttpServer(asio::io_context& io, Service& service, StaticFiles files, ServerOptions options)
    : impl_(std::make_unique<Impl>(nullptr, &io, service, std::move(files), std::move(options))) {}

HttpServer::~HttpServer() { stop(); }

uint16_t HttpServer::port() const { return impl_->port; }

Result<uint16_t> HttpServer::start() {
  Impl& impl = *impl_;
  if (impl.started) return impl.port;
  const ServerOptions& options = impl.shared.options;
  beast::error_code ec;
  tcp::resolver resolver(impl.ioc);
  auto endpoints = resolver.resolve(options.host, std::to_string(options.port), tcp::resolver::passive, ec);
  if (ec || endpoints.empty()) return fail("serve: cannot resolve host '" + options.host + "': " + ec.message());
  impl.listener = std::make_shared<Listener>(impl.ioc, impl.shared);
  Result<uint16_t> port = impl.listener->open(endpoints.begin()->endpoint());
  if (!port) return port;
  impl.port = *port;
  impl.listener->accept();
  impl.started = true;
  for (int i = 0; i < std::max(1, options.threads); ++i) {
    impl.threads.emplace_back([&impl] {
      for (;;) {
        try {
          impl.ioc.run();
          return;
        } catch (const std::exception& e) {
          std::fprintf(stderr, "tabiya: io thread: %s\n", e.what());
        }
      }
    });
  }
  return impl.port;
}

void HttpServer::stop() {
  Impl& impl = *impl_;
  if (!impl.started || impl.stopped) return;
  impl.stopped = true;
  Shared& shared = impl.shared;
  shared.stopping = true;
  impl.listener->close();
  try {
    shared.service.shutdown();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tabiya: service failed to shut down: %s\n", e.what());
  }
  std::vector<std::shared_ptr<WsSession>> websockets;
  std::vector<std::shared_ptr<HttpSession>> connections;
  {
    std::lock_guard lock(shared.mutex);
    for (auto& [id, weak] : shared.websockets)
      if (auto s = weak.lock()) websockets.push_back(std::move(s));
    for (auto& [id, weak] : shared.connections)
      if (auto s = weak.lock()) connections.push_back(std::move(s));
  }
  for (auto& s : websockets) s->close_for_shutdown();
  for (auto& s : connections) s->close_if_idle();
  websockets.clear();
  connections.clear();
  {
    std::unique_lock lock(shared.mutex);
    shared.changed.wait_for(lock, shared.options.shutdown_grace,
                            [&] { return shared.websockets.empty() && shared.connections.empty(); });
  }
  impl.ioc.stop();
  for (std::thread& t : impl.threads) t.join();
  impl.threads.clear();
  // With no thread running, cut what did not close in time and run the handlers that completes, so every session
  // ends (and the service hears closed()) now rather than when the io_context is destroyed.
  {
    std::lock_guard lock(shared.mutex);
    for (auto& [id, weak] : shared.websockets)
      if (auto s = weak.lock()) websockets.push_back(std::move(s));
    for (auto& [id, weak] : shared.connections)
      if (auto s = weak.lock()) connections.push_back(std::move(s));
  }
  for (auto& s : websockets) s->cut();
  for (auto& s : connections) s->cut();
  websockets.clear();
  connections.clear();
  impl.ioc.restart();
  impl.ioc.poll();
}

}  // namespace tabiya::server
