#include "server/net/echo_service.h"

#include <utility>

#include "server/base/http_errors.h"
#include "server/base/prometheus.h"

namespace tabiya::server {

namespace {
class EchoSession : public Session {
 public:
  explicit EchoSession(std::shared_ptr<Peer> peer) : peer(std::move(peer)) {}
  std::shared_ptr<Peer> peer;
};
}  // namespace

HttpAnswer EchoService::http(const HttpRequest& request) {
  HttpAnswer answer;
  if (request.method == "POST" && request.target == "/api/games") {
    std::string id = "echo" + std::to_string(games_.fetch_add(1) + 1);
    answer.status = 201;
    answer.body = R"({"id":")" + id + R"(","seats":{"white":"w-)" + id + R"(","black":"b-)" + id +
                  R"("},"spectate":"/g/)" + id + R"("})";
    return answer;
  }
  return http_error(404, "not_found");
}

std::shared_ptr<Session> EchoService::open(std::string_view, std::shared_ptr<Peer> peer) {
  sessions_.fetch_add(1);
  return std::make_shared<EchoSession>(std::move(peer));
}

void EchoService::message(Session& session, std::string_view text) {
  messages_.fetch_add(1, std::memory_order_relaxed);
  static_cast<EchoSession&>(session).peer->send(share(std::string(text)));
}

void EchoService::closed(Session& session) {
  sessions_.fetch_sub(1);
  static_cast<EchoSession&>(session).peer.reset();
}

void EchoService::write_metrics(std::string& out) {
  PrometheusWriter w(out);
  w.single("tabiya_echo_sessions", "gauge", "Open echo sessions.", int64_t(sessions_.load()));
  w.single("tabiya_echo_messages_total", "counter", "Messages echoed.", int64_t(messages_.load()));
}

void EchoService::shutdown() {}

}  // namespace tabiya::server
