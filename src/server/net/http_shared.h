// The inside of the network layer, shared by its parts (included only by
// http_server.cpp, so that all of the Beast code is still compiled in one
// translation unit): Beast's names, what every connection shares, and the
// JSON error responses.
#pragma once

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
#include <list>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/base/blocking_lane.h"
#include "server/base/http_errors.h"
#include "server/net/connection_limits.h"
#include "server/net/http_policy.h"
#include "server/net/http_server.h"
#include "server/net/network_counters.h"

namespace tabiya::server::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

inline int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

class WsSession;
class HttpSession;

// What every connection shares: the service, the files, the limits, the counters and the registry that stop()
// walks to close everything.
struct Shared {
  Shared(Service& service, StaticFiles files, ServerOptions options)
      : service(service),
        files(std::move(files)),
        options(std::move(options)),
        limits(this->options.limits),
        names(this->options.host, this->options.public_urls),
        lane(this->options.blocking_threads, this->options.blocking_queue) {}
  // The lane's tasks use what is declared after it: they end first.
  ~Shared() { lane.stop(); }

  Service& service;
  const StaticFiles files;
  const ServerOptions options;
  Counters counters;
  ConnectionLimits limits;
  ServedNames names;  // its port is set once, by start(), before the first connection
  BlockingLane lane;  // the service's calls that may take long: /api/ requests and WebSocket openings
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

inline void Shared::write_metrics(std::string& out) {
  write_network_metrics(counters, out);
  write_connection_limit_metrics(limits, out);
}

inline Response make_response(unsigned status, std::string content_type, std::string body) {
  Response res{static_cast<http::status>(status), 11};
  res.set(http::field::content_type, content_type);
  res.body() = std::move(body);
  return res;
}

inline Response error_response(unsigned status, std::string_view code, std::string_view data = "{}") {
  return make_response(status, "application/json", http_error_body(code, data));
}

// The refusal of a connection or WebSocket over a limit: 429 too_many_connections, and the count of it.
inline Response too_many_connections(Shared& shared, ConnectionLimits::Verdict verdict) {
  const char* kind = "server";
  switch (verdict) {
    case ConnectionLimits::Verdict::client_connections:
      kind = "connections";
      shared.counters.refused_client_connections.fetch_add(1);
      break;
    case ConnectionLimits::Verdict::client_websockets:
      kind = "websockets";
      shared.counters.refused_client_websockets.fetch_add(1);
      break;
    default:
      shared.counters.refused_server_full.fetch_add(1);
      break;
  }
  Response res = error_response(
      429, "too_many_connections",
      std::string(R"({"kind":")") + kind + R"(","limit":)" + std::to_string(shared.limits.limit_of(verdict)) + "}");
  res.set(http::field::retry_after, "10");
  res.keep_alive(false);
  return res;
}

}  // namespace tabiya::server::net
