// The server's one routing table: every URL under /api/ and every WebSocket path, and the module that answers it
// (docs/architecture.md). docs/protocol.md lists the same paths; a test compares the two.
#pragma once

#include <memory>
#include <vector>

#include "server/base/router.h"

namespace tabiya::cli {

struct ServerModules {
  server::Service& games;
  server::Service& lobby;
  server::Service& events;
  server::Service& accounts;
  server::Service* test_clock = nullptr;  // `serve --test-clock` only (test_clock.h)
};

std::vector<server::Route> server_routes(const ServerModules& modules);

// The router over the modules: the routes above, the modules shut down from the top (accounts) to the games.
std::unique_ptr<server::Router> server_router(const ServerModules& modules);

}  // namespace tabiya::cli
