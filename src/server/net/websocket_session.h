// One WebSocket after its upgrade, and the Peer the service sends through
// (part of the network layer; included only by http_server.cpp).
#pragma once

#include "server/net/http_shared.h"

namespace tabiya::server::net {

// One WebSocket after its upgrade. Everything runs on the connection's strand; send() and close() may be called
// from any thread and post there, so the service's messages keep the order it sent them in.
class WsSession : public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(beast::tcp_stream&& stream, Shared& shared, ConnectionLimits::Hold connection,
            ConnectionLimits::Hold websocket)
      : ws_(std::move(stream)),
        shared_(shared),
        connection_(std::move(connection)),
        websocket_(std::move(websocket)),
        idle_timer_(ws_.get_executor()),
        flood_(shared.options.flood, now_ms()) {}

  ~WsSession() {
    notify_closed();
    if (id_ != 0) shared_.remove(shared_.websockets, id_);
  }

  void run(Request&& req, const std::string& client);  // client: its key (client_address.h)
  // The service's answer to the opening (on the strand): the session, or nullptr for an unknown game.
  void opened(const std::string& path, std::shared_ptr<Session> session);

  void send(SharedText text) {
    asio::post(ws_.get_executor(),
               [self = shared_from_this(), text = std::move(text), sent = std::chrono::steady_clock::now()]() mutable {
                 self->enqueue(Outgoing{std::move(text), false, {}, sent});
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
    std::chrono::steady_clock::time_point sent{};  // by the service (send()); none for the session's own
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
    req_ = {};  // its headers are read (the cookie is the peer's copy): a socket lives for hours, 10,000s at once
    if (ec) return finish();
    accepted_ = true;
    shared_.counters.websockets.fetch_add(1);
    shared_.counters.ws_accepted.fetch_add(1);
    last_active_ms_ = now_ms();
    watch_idle(shared_.options.ws_idle_close);
    read();
    if (!queue_.empty() && !writing_) write_next();
  }

  // Read at most this much per step: Beast would size the buffer for a whole TCP frame (1.5 KB, kept for the
  // socket's life) where a client's message is a hundred bytes; a longer one takes a few steps.
  static constexpr std::size_t READ_STEP = 256;

  void read() {
    std::size_t limit = shared_.options.ws_message_limit;
    // One byte past the limit tells an oversized message from one exactly at it.
    std::size_t room = close_queued_ ? limit : limit + 1 - buffer_.size();
    ws_.async_read_some(buffer_, std::min(room, READ_STEP),
                        beast::bind_front_handler(&WsSession::on_read, shared_from_this()));
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
    if (!keepalive_chatter(text)) last_active_ms_ = now_ms();
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
    if (message.text && !keepalive_chatter(*message.text)) last_active_ms_ = now_ms();
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
    if (const auto sent = queue_.front().sent; sent != std::chrono::steady_clock::time_point{})
      shared_.counters.ws_send.record(
          std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - sent));
    queued_bytes_ -= queue_.front().size();
    queue_.pop_front();
    if (!queue_.empty()) write_next();
  }

  // Closes the socket once nothing but pings went either way for ws_idle_close, unless the service keeps it
  // (a player's seat in a live game is never closed for quiet).
  void watch_idle(std::chrono::milliseconds after) {
    const auto limit = shared_.options.ws_idle_close;
    if (limit.count() <= 0 || finished_) return;
    idle_timer_.expires_after(after);
    idle_timer_.async_wait([self = shared_from_this(), limit](beast::error_code ec) {
      if (ec || self->finished_ || self->close_queued_) return;
      const auto quiet = std::chrono::milliseconds(now_ms() - self->last_active_ms_);
      if (quiet < limit) return self->watch_idle(limit - quiet);
      bool keep = false;
      try {
        keep = self->session_ && self->shared_.service.keeps_alive(*self->session_);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "tabiya: service failed on keeps_alive: %s\n", e.what());
      }
      if (keep) return self->watch_idle(limit);
      self->shared_.counters.ws_closed_idle.fetch_add(1);
      // The reason is the code; no error message first, which a page would show: its socket simply reconnects.
      self->enqueue(Outgoing{{}, true, websocket::close_reason(websocket::close_code::policy_error, "idle")});
    });
  }

  // Cuts the connection without a closing handshake; the pending read fails and finish() follows.
  void drop() {
    dropped_ = true;
    beast::get_lowest_layer(ws_).close();
  }

  void finish() {
    if (finished_) return;
    finished_ = true;
    idle_timer_.cancel();
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
  ConnectionLimits::Hold connection_;  // counted against the limits while the session lives
  ConnectionLimits::Hold websocket_;
  asio::steady_timer idle_timer_;
  int64_t last_active_ms_ = 0;  // the last message either way that was not a ping or a pong
  uint64_t id_ = 0;
  Request req_;
  Response refusal_;
  std::shared_ptr<Session> session_;
  beast::flat_buffer buffer_;
  std::list<Outgoing> queue_;  // not a deque: an empty one holds 576 bytes, and a socket's is empty nearly always
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
  WsPeer(std::weak_ptr<WsSession> session, std::string_view cookie) : session_(std::move(session)), cookie_(cookie) {}
  void send(SharedText text) override {
    if (auto session = session_.lock()) session->send(std::move(text));
  }
  void close(int code, std::string_view reason) override {
    if (auto session = session_.lock()) session->close(code, std::string(reason));
  }
  std::string_view cookie() const override { return cookie_; }

 private:
  std::weak_ptr<WsSession> session_;
  std::string cookie_;  // kept: the upgrade request is gone once the WebSocket runs
};

inline void WsSession::run(Request&& req, const std::string& client) {
  req_ = std::move(req);
  id_ = shared_.add(shared_.websockets, weak_from_this());
  std::string_view target = req_.target();
  std::string path(target.substr(0, target.find('?')));
  // Opening may load the game from the store and replay it: that runs on the blocking lane, never here.
  const bool queued = shared_.lane.try_post(
      [self = shared_from_this(), path] {
        std::shared_ptr<Session> session;
        try {
          session = self->shared_.service.open(
              path, std::make_shared<WsPeer>(self->weak_from_this(), self->req_[http::field::cookie]));
        } catch (const std::exception& e) {
          std::fprintf(stderr, "tabiya: service failed opening %s: %s\n", path.c_str(), e.what());
        }
        asio::post(self->ws_.get_executor(),
                   [self, path, session = std::move(session)]() mutable { self->opened(path, std::move(session)); });
      },
      client);
  if (!queued) return refuse(error_response(503, "busy"));
}

inline void WsSession::opened(const std::string& path, std::shared_ptr<Session> session) {
  session_ = std::move(session);
  if (dropped_) return finish();  // stop() cut it while the service was opening it
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

}  // namespace tabiya::server::net
