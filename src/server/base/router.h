// The one routing table of the server: every URL under /api/ and every WebSocket path, and the module that answers
// it. The network layer hands each request and socket to the router, which hands it to that module's Service;
// no module passes on what is not its own. docs/protocol.md lists the same paths (a test compares them).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "server/base/service.h"

namespace tabiya::server {

struct Route {
  enum Kind { HTTP, SOCKET };
  Kind kind = HTTP;
  // The path without its query: the whole path, or with `prefix` every path that begins with it ("/api/games/"
  // answers /api/games/ID and /api/games/ID/pgn). A segment "*" stands for any one non-empty segment
  // ("/api/players/*/ratings").
  std::string path;
  bool prefix = false;
  Service* service = nullptr;
  bool matches(Kind k, std::string_view target) const;
};

class Router final : public Service {
 public:
  // `routes` are tried in order, the first that matches answers; `services` are every module the routes name, in
  // the order they are shut down (the modules above the games first, the games last); their metrics are written
  // in the opposite order, the games' first.
  Router(std::vector<Route> routes, std::vector<Service*> services);

  HttpAnswer http(const HttpRequest& request) override;
  void http_async(const HttpRequest& request, std::function<void(HttpAnswer)> done) override;
  std::shared_ptr<Session> open(std::string_view path, std::shared_ptr<Peer> peer) override;
  void message(Session& session, std::string_view text) override;
  void closed(Session& session) override;
  bool keeps_alive(const Session& session) override;
  void write_metrics(std::string& out) override;
  void shutdown() override;

  const std::vector<Route>& routes() const { return routes_; }
  // The module that answers a request to `target` (its query ignored), or a socket opened on it; nullptr: none.
  Service* service_for(Route::Kind kind, std::string_view target) const;

 private:
  std::vector<Route> routes_;
  std::vector<Service*> services_;
};

}  // namespace tabiya::server
