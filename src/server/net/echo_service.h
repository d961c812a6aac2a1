// A bare echo service behind the same network layer as the game service:
// every WebSocket message is sent straight back to its sender. The load test
// runs the same traffic against it to measure the floor (Beast, the sockets,
// the kernel) that the game service adds its work to.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "server/base/service.h"

namespace tabiya::server {

class EchoService : public Service {
 public:
  // POST /api/games answers like the game service (an id and two seats), so a
  // client can run its set-up against either; nothing is stored.
  HttpAnswer http(const HttpRequest& request) override;
  // Any /ws/ path opens a session; nothing is sent until the client speaks.
  std::shared_ptr<Session> open(std::string_view path, std::shared_ptr<Peer> peer) override;
  void message(Session& session, std::string_view text) override;
  void closed(Session& session) override;
  void write_metrics(std::string& out) override;
  void shutdown() override;

 private:
  std::atomic<uint64_t> games_{0};
  std::atomic<uint64_t> messages_{0};
  std::atomic<int64_t> sessions_{0};
};

}  // namespace tabiya::server
