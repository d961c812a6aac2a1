// The tournament service (individual and team events) on the real game service, its events stored in files or in
// PostgreSQL (the test's parameter, event_store_param.h), in a directory of the test's own. The game service keeps
// its games in memory across restart(); its game ends reach the events while `listening_`.
#pragma once

#include <boost/json.hpp>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "server/base/router.h"
#include "server/events/tournament_service.h"
#include "support/event_store_param.h"
#include "support/service_test_support.h"
#include "support/test_directory.h"

namespace tabiya::server::testing {

class EventServiceFixture : public ::testing::TestWithParam<EventBackend> {
 protected:
  explicit EventServiceFixture(std::string dir_prefix) : dir_prefix_(std::move(dir_prefix)) {}

  void SetUp() override {
    dir_ = tabiya::testing::fresh_test_directory(dir_prefix_);
    if (GetParam() == EventBackend::postgres) database_ = fresh_event_database();
    start();
  }
  void TearDown() override {
    router_.reset();
    tournaments_.reset();
    games_.reset();
    std::filesystem::remove_all(dir_);
  }
  // What a test's events need beyond the common options (accounts, say).
  virtual void configure(TournamentServiceOptions&) {}

  // The game service (its games in memory, kept across restarts) and the tournaments on top.
  void start() {
    GameServiceOptions options;
    options.store = store_;
    options.time = clock_;
    options.robot_threads = 1;
    options.ping_interval = std::chrono::milliseconds(0);
    options.review.engine = "tabiya";
    options.random = [this] { return ++random_; };
    options.log = [](const std::string&) {};
    options.on_game_end = [this](const std::string& id, const GameEnding& ending) {
      if (listening_ && tournaments_) tournaments_->game_ended(id, ending);
    };
    options.creation_limits = limiter_;
    auto g = GameService::create(io_, options);
    ASSERT_TRUE(g) << g.error().message;
    games_ = std::move(*g);
    TournamentServiceOptions t;
    t.data_dir = dir_.string();
    t.event_store = event_store_for(GetParam(), database_);
    t.random = [] { return uint64_t{42}; };
    t.log = [this](const std::string& line) { log_.push_back(line); };
    t.creation_limits = limiter_;
    configure(t);
    auto made = TournamentService::create(*games_, t);
    ASSERT_TRUE(made) << made.error().message;
    tournaments_ = std::move(*made);
    // As the server's routing table has them: the events' paths, and the games' for the rest.
    router_ = std::make_unique<Router>(std::vector<Route>{{Route::HTTP, "/api/tournaments", false, tournaments_.get()},
                                                          {Route::HTTP, "/api/tournaments/", true, tournaments_.get()},
                                                          {Route::HTTP, "/api/", true, games_.get()},
                                                          {Route::SOCKET, "/ws/", true, games_.get()}},
                                       std::vector<Service*>{tournaments_.get(), games_.get()});
  }
  void restart() {
    router_.reset();
    tournaments_.reset();
    games_.reset();
    start();
  }

  // Runs until every game change is committed and reported (the game store commits on its own thread).
  void settle() {
    for (;;) {
      games_->wait_for_store();
      io_.restart();
      if (io_.poll() == 0) return;
    }
  }
  HttpAnswer call(const std::string& method, const std::string& target, const std::string& body = "") {
    HttpAnswer answer = router_->http({method, target, body});
    settle();
    return answer;
  }
  boost::json::object post(const std::string& target, const boost::json::object& body, int expected) {
    HttpAnswer a = call("POST", target, boost::json::serialize(body));
    EXPECT_EQ(a.status, expected) << target << " " << boost::json::serialize(body) << " -> " << a.body;
    boost::json::error_code ec;
    boost::json::value v = boost::json::parse(a.body, ec);
    return v.is_object() ? v.as_object() : boost::json::object{};
  }
  static std::string str(const boost::json::value& v) { return std::string(v.as_string()); }

  // Both seat holders of `game_id` connect through `host` (the tournaments or the game service itself), the
  // holder of `resigner` resigns, and both leave.
  template <class Host>
  void seat_both_and_resign(Host& host, const std::string& game_id, const std::string& resigner,
                            const std::string& other) {
    Client r{std::make_shared<RecordingPeer>(), nullptr}, o{std::make_shared<RecordingPeer>(), nullptr};
    r.session = host.open("/ws/" + game_id, r.peer);
    o.session = host.open("/ws/" + game_id, o.peer);
    ASSERT_NE(r.session, nullptr);
    ASSERT_NE(o.session, nullptr);
    host.message(*r.session, R"({"t":"hello","v":1,"seats":[")" + resigner + R"("]})");
    settle();
    host.message(*o.session, R"({"t":"hello","v":1,"seats":[")" + other + R"("]})");
    settle();
    host.message(*r.session, R"({"t":"resign","req":1})");
    settle();
    host.closed(*r.session);
    settle();
    host.closed(*o.session);
    settle();
  }

  boost::asio::io_context io_;
  std::shared_ptr<ManualTimeSource> clock_ = std::make_shared<ManualTimeSource>(Millis{1'000'000});
  std::shared_ptr<GameStore> store_ = make_memory_store();
  std::unique_ptr<GameService> games_;
  std::unique_ptr<TournamentService> tournaments_;
  std::unique_ptr<Router> router_;  // the requests and sockets a browser sends, to the events or the games
  std::string dir_prefix_;
  std::filesystem::path dir_;
  std::string database_;  // PostgreSQL's URL when the events are stored there
  uint64_t random_ = 0;
  bool listening_ = true;
  std::vector<std::string> log_;
  std::shared_ptr<RateLimiter> limiter_;  // creations per client, shared by both services; none unless a test sets one
};

}  // namespace tabiya::server::testing
