#include "server/echo_service.h"

#include <utility>

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
  answer.status = 404;
  answer.body = R"({"error":"not_found","data":{}})";
  return answer;
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
  out += "# HELP tabiya_echo_sessions Open echo sessions.\n# TYPE tabiya_echo_sessions gauge\n";
  out += "tabiya_echo_sessions " + std::to_string(sessions_.load()) + "\n";
  out += "# HELP tabiya_echo_messages_total Messages echoed.\n# TYPE tabiya_echo_messages_total counter\n";
  out += "tabiya_echo_messages_total " + std::to_string(messages_.load()) + "\n";
}

void EchoService::shutdown() {}

}  // namespace tabiya::server
