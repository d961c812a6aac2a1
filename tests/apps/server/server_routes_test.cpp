// The server's routing table (apps/server_routes.cpp) and docs/protocol.md name the same paths: every path the
// protocol documents is routed to the module that serves it, and every route serves a documented path.
#include "server_routes.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace tabiya::cli {
namespace {

class Module final : public server::Service {
 public:
  server::HttpAnswer http(const server::HttpRequest&) override { return {}; }
  std::shared_ptr<server::Session> open(std::string_view, std::shared_ptr<server::Peer>) override { return nullptr; }
  void message(server::Session&, std::string_view) override {}
  void closed(server::Session&) override {}
  void write_metrics(std::string&) override {}
  void shutdown() override {}
};

struct Documented {
  server::Route::Kind kind;
  std::string path;  // a concrete path: ID, NAME and "..." replaced by a segment, the query left out
};

// Every `METHOD /api/...` and `GET /ws/...` in the protocol's text.
std::vector<Documented> documented_paths() {
  std::ifstream in(std::string(TABIYA_TEST_DATA) + "/../../docs/protocol.md");
  std::stringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  std::vector<Documented> out;
  const std::regex path(R"(`(GET|POST) (/(api|ws)/[^` ]*)`)");
  for (auto it = std::sregex_iterator(doc.begin(), doc.end(), path); it != std::sregex_iterator(); ++it) {
    std::string p = (*it)[2];
    p = p.substr(0, p.find('?'));
    p = std::regex_replace(p, std::regex("ID|NAME"), "x1");
    p = std::regex_replace(p, std::regex(R"(\.\.\.)"), "x2");
    out.push_back({p.starts_with("/ws/") ? server::Route::SOCKET : server::Route::HTTP, p});
  }
  return out;
}

TEST(ServerRoutes, EveryPathOfTheProtocolIsRoutedToItsModuleAndEveryRouteIsDocumented) {
  Module games, lobby, events, accounts, test_clock;
  const ServerModules modules{games, lobby, events, accounts, &test_clock};
  auto router = server_router(modules);
  const std::map<const server::Service*, std::string> name{
      {&games, "games"}, {&lobby, "lobby"}, {&events, "events"}, {&accounts, "accounts"}, {&test_clock, "test clock"}};
  // Who serves what, as docs/architecture.md tells it.
  auto expected = [](const std::string& p) -> std::string {
    if (p.starts_with("/api/account") || (p.starts_with("/api/players/") && !p.ends_with("/ratings")))
      return "accounts";
    if (p.starts_with("/api/lobby") || p.starts_with("/api/players/") || p == "/ws/lobby") return "lobby";
    if (p.starts_with("/api/tournaments")) return "events";
    if (p == "/api/test/clock") return "test clock";
    return "games";
  };
  const std::vector<Documented> documented = documented_paths();
  ASSERT_GT(documented.size(), 40u) << "docs/protocol.md was not read";
  std::set<std::size_t> used;
  const auto& routes = router->routes();
  for (const Documented& d : documented) {
    const server::Service* service = router->service_for(d.kind, d.path);
    ASSERT_NE(service, nullptr) << d.path << ": documented, but no route serves it";
    EXPECT_EQ(name.at(service), expected(d.path)) << d.path;
    for (std::size_t i = 0; i < routes.size(); ++i)
      if (routes[i].matches(d.kind, d.path)) {
        used.insert(i);
        break;
      }
  }
  for (std::size_t i = 0; i < routes.size(); ++i)
    EXPECT_TRUE(used.contains(i)) << routes[i].path << ": routed, but docs/protocol.md names no path it serves";
}

}  // namespace
}  // namespace tabiya::cli
