// How many connections one client may hold, and the whole server: a per-client
// cap on open connections and on WebSockets, and a global cap under the
// process's descriptor limit whose last part is kept for new visitors (once
// the server is that full, a client already holding a few connections gets no
// more), so that one client, or a few, cannot lock everyone else out.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

namespace tabiya::server {

struct ConnectionLimitOptions {
  int per_client_connections = 64;  // HTTP connections and WebSockets together; 0: no cap
  int per_client_websockets = 32;   // 0: no cap
  int max_connections = 0;          // the whole server's; 0: no global cap
  int visitor_reserve = 0;          // the last this many of max_connections are for clients holding few
  int reserve_share = 8;            // "few": a client holding this many gets nothing from the reserve
};

class ConnectionLimits {
 public:
  enum class Verdict { admitted, client_connections, client_websockets, server_full };

  // A connection (or WebSocket) counted under a client's key until it is destroyed. Move-only.
  class Hold {
   public:
    Hold() = default;
    Hold(Hold&& other) noexcept { *this = std::move(other); }
    Hold& operator=(Hold&& other) noexcept;
    ~Hold() { release(); }
    Hold(const Hold&) = delete;
    Hold& operator=(const Hold&) = delete;
    bool held() const { return limits_ != nullptr; }
    void release();

   private:
    friend class ConnectionLimits;
    Hold(ConnectionLimits* limits, std::string key, bool websocket)
        : limits_(limits), key_(std::move(key)), websocket_(websocket) {}
    ConnectionLimits* limits_ = nullptr;
    std::string key_;
    bool websocket_ = false;
  };

  explicit ConnectionLimits(ConnectionLimitOptions options) : options_(options) {}
  ConnectionLimits(const ConnectionLimits&) = delete;
  ConnectionLimits& operator=(const ConnectionLimits&) = delete;

  // A new TCP connection from the client `key`; an empty key is not counted per client (a trusted proxy
  // carries many clients), only in the global figure. The Hold is empty unless the verdict is `admitted`.
  std::pair<Verdict, Hold> connect(const std::string& key);
  // A WebSocket for the client `key` (its connection is already held).
  std::pair<Verdict, Hold> open_websocket(const std::string& key);

  const ConnectionLimitOptions& options() const { return options_; }
  int open_connections() const;
  int clients() const;  // keys holding at least one connection or WebSocket
  // The limit a verdict refers to, for the refusal's data.
  int limit_of(Verdict verdict) const;

 private:
  struct Held {
    int connections = 0;
    int websockets = 0;
  };
  void release(const std::string& key, bool websocket);

  const ConnectionLimitOptions options_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Held> clients_;
  int open_ = 0;
};

}  // namespace tabiya::server
