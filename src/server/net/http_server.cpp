// All of the Beast code of the server is compiled in this one translation unit
// (each one that includes Beast costs half a minute to compile): the HTTP
// connections, the listener and the server here, the WebSocket sessions in
// websocket_session.h, what they share in http_shared.h.
#include "server/net/http_server.h"

#include "server/net/http_policy.h"
#include "server/net/http_shared.h"
#include "server/net/websocket_session.h"

namespace tabiya::server {

namespace net {

// The Beast request's view of the network rules (served_names.h).
bool request_origin_allowed(const Shared& shared, const Request& req) {
  auto it = req.find(http::field::origin);
  return shared.names.origin_allowed(it == req.end() ? std::nullopt : std::optional<std::string_view>(it->value()),
                                     req[http::field::host]);
}

// Every X-Forwarded-For line of a request, joined in order (a proxy may add its own line rather than append).
std::string forwarded_for(const Request& req) {
  std::string joined;
  for (auto [it, end] = req.equal_range("X-Forwarded-For"); it != end; ++it) {
    if (!joined.empty()) joined += ',';
    joined += it->value();
  }
  return joined;
}

bool request_accepts_gzip(const Request& req) {
  return accepts_gzip(std::string_view(req[http::field::accept_encoding]));
}

// One HTTP connection: reads requests (keep-alive) and answers them, or hands the socket to a WsSession on an
// upgrade. A connection over a limit (`refusal` not admitted) reads one request and answers it 429.
class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, Shared& shared, IpAddress peer, ConnectionLimits::Hold hold,
              ConnectionLimits::Verdict refusal)
      : stream_(std::move(socket)), shared_(shared), peer_(peer), hold_(std::move(hold)), refusal_(refusal) {
    shared_.counters.http_connections.fetch_add(1);
    boost::system::error_code ec;
    auto local = stream_.socket().local_endpoint(ec);
    if (!ec) local_address_ = unmapped(local.address()).to_string();
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
    // A refused connection gets little time: it holds a descriptor the limits no longer count.
    stream_.expires_after(refused() ? std::chrono::seconds(2) : std::chrono::seconds(30));
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
    // RFC 9112 3.2: an HTTP/1.1 request without a Host header is answered 400 (HTTP/1.0 had none to send).
    if (req.version() >= 11 && req.find(http::field::host) == req.end()) {
      Response res =
          error_response(400, "bad_request", R"({"header":"Host","expected":"a Host header, required in HTTP/1.1"})");
      res.keep_alive(false);
      return send(std::move(res));
    }
    if (refused()) return send(too_many_connections(shared_, refusal_));
    host_ = std::string(req[http::field::host]);
    // Only the names this server serves (a hostile name pointed at it gets nothing); an HTTP/1.0 request may
    // have no Host at all.
    if (req.find(http::field::host) != req.end() && !shared_.names.host_allowed(host_, local_address_)) {
      shared_.counters.http_bad_host.fetch_add(1);
      Response res = error_response(421, "bad_host", R"({"host":)" + json_string(host_) + "}");
      host_.clear();
      res.keep_alive(false);
      return send(std::move(res));
    }
    client_ = client_key(shared_.options.trusted_proxies.client(peer_, forwarded_for(req)));
    head_ = req.method() == http::verb::head;
    if (websocket::is_upgrade(req)) return upgrade(std::move(req));
    if (std::string_view(req.target()).starts_with("/api/")) return answer_later(std::move(req));
    Response res = answer(req);
    res.keep_alive(req.keep_alive());
    send(std::move(res));
  }

  // The service may take long (a game loaded from the store and replayed, a PGN read, a password hashed): it is
  // asked on the blocking lane, and this network thread goes on with other connections meanwhile.
  void answer_later(Request&& req) {
    api_request_ = std::move(req);
    const bool queued = shared_.lane.try_post([self = shared_from_this()] { self->api(); }, client_);
    if (queued) return;
    Response res = error_response(503, shared_.stopping ? "shutting_down" : "busy");
    res.keep_alive(api_request_->keep_alive());
    api_request_.reset();
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
    if (path.starts_with("/ws/")) return error_response(426, "upgrade_required");
    if (!get) return error_response(405, "method_not_allowed");
    const StaticFile* file = nullptr;
    auto app_page = [&](std::string_view prefix) {  // /g/ID (a game), /t/ID (a tournament), /p/NAME (a player)
      return path.starts_with(prefix) && path.size() > 3 && path.find('/', 3) == std::string_view::npos;
    };
    // /t/ID/print: a tournament's printable table, drawn by the app too.
    constexpr std::string_view PRINT = "/print";
    const bool print_page = path.starts_with("/t/") && path.size() > 3 + PRINT.size() && path.ends_with(PRINT) &&
                            path.find('/', 3) == path.size() - PRINT.size();
    // /account (log in, the account's settings) and /p/NAME (a player's profile and games): pages of the app.
    if (path == "/" || app_page("/g/") || app_page("/t/") || print_page || path == "/account" || app_page("/p/")) {
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

  // On the blocking lane: an /api/ request goes to the service, which may answer later (http_async) from another
  // thread; the request is kept until then (this connection reads nothing meanwhile) and the answer is sent from
  // this connection's executor.
  void api() {
    const Request& kept = *api_request_;
    HttpRequest request{kept.method_string(), kept.target(), kept.body(), client_};
    request.cookie = kept[http::field::cookie];
    request.origin = kept[http::field::origin];
    request.csrf = kept["X-CSRF-Token"];
    request.host = kept[http::field::host];
    auto self = shared_from_this();
    auto done = [self](HttpAnswer answer) {
      asio::post(self->stream_.get_executor(),
                 [self, answer = std::move(answer)]() mutable { self->api_answered(std::move(answer)); });
    };
    try {
      shared_.service.http_async(request, done);  // a copy: `done` still answers if it throws
    } catch (const std::exception& e) {
      std::fprintf(stderr, "tabiya: service failed on %s: %s\n", std::string(kept.target()).c_str(), e.what());
      HttpAnswer failed;
      failed.status = 500;
      failed.body = http_error_body("internal", "{}");
      done(std::move(failed));
    }
  }

  void api_answered(HttpAnswer answer) {
    const bool keep_alive = api_request_ && api_request_->keep_alive();
    api_request_.reset();
    stream_.expires_after(std::chrono::seconds(30));  // the read's deadline may have passed while the lane worked
    if (answer.stream && !head_) return send_stream(std::move(answer), keep_alive);
    Response res = make_response(answer.status, std::move(answer.content_type), std::move(answer.body));
    for (auto& [name, value] : answer.headers) res.set(name, value);
    res.set(http::field::cache_control, "no-store");
    res.keep_alive(keep_alive);
    send(std::move(res));
  }

  template <class Message>
  void secure(Message& res) {
    res.set("Content-Security-Policy", content_security_policy(host_));
    res.set("X-Content-Type-Options", "nosniff");
    res.set("Referrer-Policy", "no-referrer");
    if (shared_.stopping) res.keep_alive(false);
  }

  // A chunked answer (HttpAnswer::stream): the headers, then each piece as one chunk once the last is written.
  void send_stream(HttpAnswer answer, bool keep_alive) {
    stream_res_.emplace(static_cast<http::status>(answer.status), 11);
    stream_res_->set(http::field::content_type, answer.content_type);
    for (auto& [name, value] : answer.headers) stream_res_->set(name, value);
    stream_res_->set(http::field::cache_control, "no-store");
    stream_res_->keep_alive(keep_alive);
    stream_res_->chunked(true);
    secure(*stream_res_);
    next_piece_ = std::move(answer.stream);
    serializer_.emplace(*stream_res_);
    stream_.expires_after(std::chrono::seconds(30));
    http::async_write_header(stream_, *serializer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return self->close();
      self->write_piece();
    });
  }

  // Each piece is built on the blocking lane (an export reads games from the store and writes them out: this
  // network thread's other connections must not wait for it) and written from this connection's executor; the
  // next one is asked for only once the last is written, so memory holds one piece. A full lane: tried again
  // shortly (the download pauses).
  void write_piece() {
    if (shared_.stopping) return close();
    auto self = shared_from_this();
    if (shared_.lane.try_post([self] { self->build_piece(); }, client_)) return;
    auto retry = std::make_shared<asio::steady_timer>(stream_.get_executor(), std::chrono::milliseconds(50));
    retry->async_wait([self, retry](beast::error_code ec) {
      if (!ec) self->write_piece();
    });
  }

  // On the lane.
  void build_piece() {
    std::optional<std::string> piece;
    bool failed = false;
    try {
      do piece = next_piece_();
      while (piece && piece->empty());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "tabiya: a streamed answer failed: %s\n", e.what());
      failed = true;
    }
    asio::post(stream_.get_executor(), [self = shared_from_this(), piece = std::move(piece), failed]() mutable {
      self->piece_built(std::move(piece), failed);
    });
  }

  void piece_built(std::optional<std::string> piece, bool failed) {
    if (failed) return close();  // no last chunk: the client sees the body cut, not a complete one
    stream_.expires_after(std::chrono::seconds(30));
    auto self = shared_from_this();
    if (!piece) {
      const bool close_after = !stream_res_->keep_alive();
      next_piece_ = nullptr;
      return asio::async_write(stream_, http::make_chunk_last(),
                               [self, close_after](beast::error_code ec, std::size_t) {
                                 self->serializer_.reset();
                                 self->stream_res_.reset();
                                 if (ec || close_after) return self->close();
                                 self->read();
                               });
    }
    piece_ = std::move(*piece);
    asio::async_write(stream_, http::make_chunk(asio::buffer(piece_)), [self](beast::error_code ec, std::size_t) {
      if (ec) return self->close();
      self->write_piece();
    });
  }

  void upgrade(Request&& req) {
    std::string_view target = req.target();
    if (!target.starts_with("/ws/")) return send(error_response(404, "not_found"));
    if (shared_.stopping) return send(error_response(503, "shutting_down"));
    if (!request_origin_allowed(shared_, req)) {
      shared_.counters.ws_bad_origin.fetch_add(1);
      Response res = error_response(403, "bad_origin");
      res.keep_alive(false);
      return send(std::move(res));
    }
    // Through a trusted proxy the connection is the proxy's, but the WebSocket is its client's.
    auto [verdict, websocket_hold] = shared_.limits.open_websocket(client_);
    if (verdict != ConnectionLimits::Verdict::admitted) return send(too_many_connections(shared_, verdict));
    upgraded_ = true;
    std::make_shared<WsSession>(std::move(stream_), shared_, std::move(hold_), std::move(websocket_hold))
        ->run(std::move(req), client_);
  }

  void send(Response&& res) {
    res.prepare_payload();
    if (head_) {  // the headers of a GET, Content-Length included, without the body
      std::size_t length = res.body().size();
      res.body().clear();
      res.content_length(length);
    }
    secure(res);
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

  bool refused() const { return refusal_ != ConnectionLimits::Verdict::admitted; }

  beast::tcp_stream stream_;
  Shared& shared_;
  const IpAddress peer_;
  ConnectionLimits::Hold hold_;  // this connection in the limits' counts (moved to the WebSocket on an upgrade)
  const ConnectionLimits::Verdict refusal_;
  uint64_t id_ = 0;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Response res_;
  std::optional<Request> api_request_;  // the /api/ request being answered (the service's views point into it)
  std::optional<http::response<http::empty_body>> stream_res_;  // a chunked answer's headers, while it is sent
  std::optional<http::response_serializer<http::empty_body>> serializer_;
  std::function<std::optional<std::string>()> next_piece_;
  std::string piece_;  // the chunk being written
  std::string host_;
  std::string local_address_;  // the address the client connected to: a name of this server
  std::string client_;         // the client's key (client_address.h) for the service's per-client limits
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
    beast::error_code gone, ignored;
    auto remote = socket.remote_endpoint(gone);
    if (gone) return accept();  // the client left already
    IpAddress peer = unmapped(remote.address());
    // A trusted proxy's connections carry many clients: counted only in the global figure (the proxy keeps its
    // own per-source limits, docs/deploy.md); their WebSockets are counted under the forwarded client.
    std::string key = shared_.options.trusted_proxies.trusts(peer) ? std::string() : client_key(peer);
    auto [verdict, hold] = shared_.limits.connect(key);
    const int max = shared_.limits.options().max_connections;
    if (verdict == ConnectionLimits::Verdict::server_full && shared_.limits.open_connections() >= max) {
      // No descriptor to spare even for an answer.
      shared_.counters.refused_server_full.fetch_add(1);
      socket.close(ignored);
      return accept();
    }
    socket.set_option(tcp::no_delay(true), ignored);
    std::make_shared<HttpSession>(std::move(socket), shared_, peer, std::move(hold), verdict)->run();
    accept();
  }

  asio::io_context& ioc_;
  tcp::acceptor acceptor_;
  asio::steady_timer retry_;
  Shared& shared_;
};

}  // namespace net

using namespace net;

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
  impl.shared.names.set_port(impl.port);
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
  // What runs on the blocking lane finishes; what waits for it is dropped with its connection.
  shared.lane.stop();
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
