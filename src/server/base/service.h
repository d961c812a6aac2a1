// The line between the network code and what it carries messages to. The
// network layer (HTTP and WebSocket over Boost.Beast) parses requests, enforces
// sizes, origins and rates, and hands each request or message to a Service;
// the game service (games, seats, clocks, storage, the robot pool) answers.
// A bare echo service implements the same interface, so the load test can
// measure the network floor with everything else equal.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tabiya::server {

// One message's text, shared by every receiver of it: an event fanned out to a
// game's sockets is one buffer, not a copy per socket (as Beast's chat example).
using SharedText = std::shared_ptr<const std::string>;
inline SharedText share(std::string text) { return std::make_shared<const std::string>(std::move(text)); }

// One connected WebSocket client as a service sees it. Implemented by the
// network layer; safe to call from any thread.
class Peer {
 public:
  virtual ~Peer() = default;
  // Queues one text message for sending; never blocks. The text is not copied.
  virtual void send(SharedText text) = 0;
  // Closes the connection once the queued messages are sent (code 1008 for a
  // policy violation, 1001 for shutdown).
  virtual void close(int code, std::string_view reason) = 0;
  // The Cookie header of the upgrade request that opened this WebSocket (empty when none), so a service can tell
  // which account, if any, is behind the socket (server/base/identity.h).
  virtual std::string_view cookie() const { return {}; }
};

// What a service keeps for one open WebSocket. Subclassed by the service.
class Session {
 public:
  virtual ~Session() = default;
};

struct HttpRequest {
  std::string_view method;  // "GET", "POST", ...
  std::string_view target;  // path and query, e.g. "/api/games/Xk3p9QaZ/pgn"
  std::string_view body;
  // Who asked, for per-client limits: the client's key as text (client_address.h: an IPv4 address or an IPv6
  // /64, read from X-Forwarded-For when the peer is a trusted proxy).
  std::string_view client = {};  // empty: the server itself (a tournament creating its games)
  // Headers an account-aware service reads (server/base/identity.h): the Cookie header as sent, the Origin header,
  // and X-CSRF-Token. Empty when absent.
  std::string_view cookie = {};
  std::string_view origin = {};
  std::string_view csrf = {};
  std::string_view host = {};  // the Host header: a same-origin Origin names it
};

struct HttpAnswer {
  int status = 404;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // extra headers, e.g. Content-Disposition
  // A body too large to hold at once (an export of thousands of games): when set, `body` is ignored and the
  // answer is sent chunked, one piece per call, until it returns nullopt. Called on the blocking lane (never on a
  // network thread: it may read the store), one call at a time, the next only once the last piece is written (so
  // memory holds one piece).
  std::function<std::optional<std::string>()> stream = {};
};

class Service {
 public:
  virtual ~Service() = default;
  // Requests under /api/. Must not block on the robot or on other games.
  virtual HttpAnswer http(const HttpRequest& request) = 0;
  // The same, for an answer that takes time its network thread must not wait for (a password hash): `done` is
  // called once, from any thread; `request`'s views stay valid until then. By default: http() at once.
  virtual void http_async(const HttpRequest& request, std::function<void(HttpAnswer)> done) { done(http(request)); }
  // A WebSocket upgrade to `path` ("/ws/ID"). nullptr refuses it (unknown game).
  virtual std::shared_ptr<Session> open(std::string_view path, std::shared_ptr<Peer> peer) = 0;
  // One complete text message from the session's peer (at most the size limit).
  virtual void message(Session& session, std::string_view text) = 0;
  // The peer is gone; no more calls for this session follow.
  virtual void closed(Session& session) = 0;
  // Whether the session must stay open however quiet it is (a player's seat in a live game); the network layer
  // closes other WebSockets that sent and received nothing but pings for a while. Called on a network thread.
  virtual bool keeps_alive(const Session&) { return false; }
  // The service's own Prometheus lines (games, moves, latency, robot queue), appended to `out`.
  virtual void write_metrics(std::string& out) = 0;
  // SIGTERM: finish pending writes and stop timers; called once, before the network closes sockets.
  virtual void shutdown() = 0;
};

}  // namespace tabiya::server
