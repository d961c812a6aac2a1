// The one routing table: a route's path, its prefix and its "*" segments decide which module answers; a socket
// keeps to the module it was opened on; metrics and shutdown reach every module once, in their order.
#include "server/base/router.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace tabiya::server::testing {
namespace {

// A module that answers with its name and keeps a log of what reached it.
class NamedService final : public Service {
 public:
  NamedService(std::string name, std::vector<std::string>& log) : name_(std::move(name)), log_(log) {}
  HttpAnswer http(const HttpRequest& request) override {
    log_.push_back(name_ + " http " + std::string(request.target));
    return {200, "text/plain", name_, {}};
  }
  std::shared_ptr<Session> open(std::string_view path, std::shared_ptr<Peer>) override {
    log_.push_back(name_ + " open " + std::string(path));
    return path.ends_with("/refused") ? nullptr : std::make_shared<Session>();
  }
  void message(Session&, std::string_view text) override { log_.push_back(name_ + " message " + std::string(text)); }
  void closed(Session&) override { log_.push_back(name_ + " closed"); }
  bool keeps_alive(const Session&) override { return name_ == "games"; }
  void write_metrics(std::string& out) override { out += name_ + ";"; }
  void shutdown() override { log_.push_back(name_ + " shutdown"); }

 private:
  std::string name_;
  std::vector<std::string>& log_;
};

class RouterTest : public ::testing::Test {
 protected:
  std::vector<std::string> log_;
  NamedService accounts_{"accounts", log_}, lobby_{"lobby", log_}, games_{"games", log_};
  Router router_{{{Route::HTTP, "/api/account", false, &accounts_},
                  {Route::HTTP, "/api/players/*/ratings", false, &lobby_},
                  {Route::HTTP, "/api/players/", true, &accounts_},
                  {Route::HTTP, "/api/games/", true, &games_},
                  {Route::SOCKET, "/ws/lobby", false, &lobby_},
                  {Route::SOCKET, "/ws/", true, &games_}},
                 {&accounts_, &lobby_, &games_}};

  std::string answerer(std::string_view target) { return router_.http({"GET", target, ""}).body; }
};

TEST_F(RouterTest, TheFirstMatchingRouteAnswersItsQueryIgnored) {
  EXPECT_EQ(answerer("/api/account"), "accounts");
  EXPECT_EQ(answerer("/api/account?x=1"), "accounts");
  EXPECT_EQ(answerer("/api/players/anna/ratings"), "lobby");
  EXPECT_EQ(answerer("/api/players/anna/games?before=1"), "accounts");
  EXPECT_EQ(answerer("/api/players/anna"), "accounts");
  EXPECT_EQ(answerer("/api/games/Xk3p9QaZ/pgn"), "games");
}

TEST_F(RouterTest, AStarIsOneNonEmptySegmentAndAnExactRouteTakesNothingMore) {
  EXPECT_EQ(answerer("/api/players//ratings"), "accounts");         // an empty name is no segment
  EXPECT_EQ(answerer("/api/players/a/b/ratings"), "accounts");      // nor are two
  EXPECT_EQ(answerer("/api/players/anna/ratings/x"), "accounts");   // exact: nothing after it
  HttpAnswer unknown = router_.http({"GET", "/api/accounts", ""});  // "/api/account" is not a prefix route
  EXPECT_EQ(unknown.status, 404);
  EXPECT_NE(unknown.body.find("not_found"), std::string::npos);
  EXPECT_EQ(router_.http({"GET", "/api/nothing", ""}).status, 404);
}

TEST_F(RouterTest, ASocketStaysWithTheModuleItWasOpenedOn) {
  auto lobby = router_.open("/ws/lobby", nullptr);
  auto game = router_.open("/ws/Xk3p9QaZ", nullptr);
  ASSERT_TRUE(lobby && game);
  EXPECT_EQ(router_.open("/ws/Xk3p9QaZ/refused", nullptr), nullptr);  // the module refused it
  EXPECT_EQ(router_.open("/elsewhere", nullptr), nullptr);            // no route
  router_.message(*lobby, "seek");
  router_.message(*game, "move");
  EXPECT_FALSE(router_.keeps_alive(*lobby));
  EXPECT_TRUE(router_.keeps_alive(*game));
  router_.closed(*game);
  EXPECT_EQ(log_, (std::vector<std::string>{"lobby open /ws/lobby", "games open /ws/Xk3p9QaZ",
                                            "games open /ws/Xk3p9QaZ/refused", "lobby message seek",
                                            "games message move", "games closed"}));
}

TEST_F(RouterTest, EveryModuleWritesItsMetricsAndShutsDownOnce) {
  std::string metrics;
  router_.write_metrics(metrics);
  EXPECT_EQ(metrics, "games;lobby;accounts;");  // the games' first
  router_.shutdown();
  EXPECT_EQ(log_, (std::vector<std::string>{"accounts shutdown", "lobby shutdown", "games shutdown"}));
}

}  // namespace
}  // namespace tabiya::server::testing
