// A game service under test: a fake Peer that records what it is sent, an
// io_context the test runs, a manual time source and a memory store. The
// service answers a change only after its commit, which the storage thread
// reports through the io_context: the helpers settle() after each request,
// so a test reads the answers as soon as its request returns.
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "laws/time_source.h"
#include "server/games/game_service.h"

namespace tabiya::server::testing {

class RecordingPeer final : public Peer {
 public:
  void send(SharedText text) override {
    std::lock_guard lock(mutex_);
    messages_.push_back(boost::json::parse(*text).as_object());
    buffers_.push_back(std::move(text));
    arrived_.notify_all();
  }
  // Waits until a message of type t (and event type e) has arrived, at most `timeout`.
  bool wait_for(std::string_view t, std::string_view e = {},
                std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
    std::unique_lock lock(mutex_);
    return arrived_.wait_for(lock, timeout, [&] { return find(t, e).has_value(); });
  }
  // Every buffer sent, in order (shared ones are the same pointer for every receiver).
  std::vector<SharedText> buffers() {
    std::lock_guard lock(mutex_);
    return buffers_;
  }
  void close(int code, std::string_view) override {
    std::lock_guard lock(mutex_);
    closed_ = code;
  }
  std::vector<boost::json::object> take() {
    std::lock_guard lock(mutex_);
    return std::exchange(messages_, {});
  }
  std::vector<boost::json::object> messages() {
    std::lock_guard lock(mutex_);
    return messages_;
  }
  // The last message of type t (and, for events, of event type e), or null.
  std::optional<boost::json::object> last(std::string_view t, std::string_view e = {}) {
    std::lock_guard lock(mutex_);
    return find(t, e);
  }
  int closed() const { return closed_; }

 private:
  std::optional<boost::json::object> find(std::string_view t, std::string_view e) {
    for (auto it = messages_.rbegin(); it != messages_.rend(); ++it) {
      if ((*it).at("t").as_string() != t) continue;
      if (!e.empty() && (*it).at("e").as_object().at("type").as_string() != e) continue;
      return *it;
    }
    return std::nullopt;
  }

  std::mutex mutex_;
  std::condition_variable arrived_;
  std::vector<boost::json::object> messages_;
  std::vector<SharedText> buffers_;
  int closed_ = 0;
};

struct Client {
  std::shared_ptr<RecordingPeer> peer;
  std::shared_ptr<Session> session;
};

class ServiceFixture : public ::testing::Test {
 protected:
  void SetUp() override { start(); }

  void start(std::shared_ptr<GameStore> store = nullptr) {
    GameServiceOptions options;
    options.store = store ? store : (store_ ? store_ : (store_ = make_memory_store()));
    options.time = clock_;
    options.robot_threads = 1;
    options.ping_interval = std::chrono::milliseconds(0);
    options.robot_movetime_ms = robot_movetime_ms_;
    options.room_queue_limit = room_queue_limit_;
    options.evict_after = std::chrono::minutes(10);
    options.review.engine = "tabiya";
    options.review.depth = 3;
    options.review.lowest_priority = false;
    options.random = [this] { return ++random_; };
    options.wall_clock = [this] { return wall_ms_.load(); };
    options.log = [this](const std::string& line) {
      std::lock_guard lock(log_mutex_);
      log_.push_back(line);
    };
    if (configure_) configure_(options);
    auto created = GameService::create(io_, options);
    ASSERT_TRUE(created) << created.error().message;
    service_ = std::move(*created);
  }
  void restart() {
    service_.reset();
    start();
  }

  // Runs until every commit is reported and nothing more is ready to run.
  void settle() {
    for (;;) {
      service_->wait_for_store();
      io_.restart();
      if (io_.poll() == 0) return;
    }
  }

  boost::json::object create(const std::string& body, int expected_status = 201) {
    HttpAnswer a = service_->http({"POST", "/api/games", body});
    EXPECT_EQ(a.status, expected_status) << a.body;
    settle();
    return boost::json::parse(a.body).as_object();
  }
  // The start of most tests: a new game and its clients, each having said hello
  // with its seats (their first messages, the state, are left to read).
  struct Invited {
    boost::json::object game;
    std::string id;
    Client white, black;
  };
  Invited invite(const std::string& body = R"({"v":1,"opponent":"invite"})") {
    Invited t{create(body), {}, {}, {}};
    t.id = str(t.game.at("id"));
    t.white = connect(t.id);
    t.black = connect(t.id);
    hello(t.white, {seat(t.game, "white")});
    hello(t.black, {seat(t.game, "black")});
    return t;
  }
  struct HotSeat {
    boost::json::object game;
    std::string id;
    Client both;
  };
  HotSeat hotseat(const std::string& body = R"({"v":1,"opponent":"hotseat"})") {
    HotSeat t{create(body), {}, {}};
    t.id = str(t.game.at("id"));
    t.both = connect(t.id);
    hello(t.both, {seat(t.game, "white"), seat(t.game, "black")});
    return t;
  }
  Client connect(const std::string& id) {
    Client c{std::make_shared<RecordingPeer>(), nullptr};
    c.session = service_->open("/ws/" + id, c.peer);
    EXPECT_NE(c.session, nullptr);
    return c;
  }
  void send(Client& c, const std::string& text) {
    service_->message(*c.session, text);
    settle();
  }
  void hello(Client& c, std::vector<std::string> seats, int64_t since = -1) {
    boost::json::object o{{"t", "hello"}, {"v", 1}};
    boost::json::array a;
    for (auto& s : seats) a.push_back(boost::json::value(s));
    o["seats"] = a;
    if (since >= 0) o["since"] = since;
    send(c, boost::json::serialize(o));
  }
  void move(Client& c, const std::string& uci, int ply, int req = 1) {
    send(c, "{\"t\":\"move\",\"req\":" + std::to_string(req) + ",\"uci\":\"" + uci +
                "\",\"ply\":" + std::to_string(ply) + "}");
  }
  static std::string seat(const boost::json::object& created, const char* color) {
    return std::string(created.at("seats").as_object().at(color).as_string());
  }
  static std::string str(const boost::json::value& v) { return std::string(v.as_string()); }

  boost::asio::io_context io_;
  std::shared_ptr<ManualTimeSource> clock_ = std::make_shared<ManualTimeSource>(Millis{1'000'000});
  std::shared_ptr<GameStore> store_;
  std::unique_ptr<GameService> service_;
  uint64_t random_ = 0;
  int64_t robot_movetime_ms_ = 20;
  int room_queue_limit_ = 0;
  std::vector<std::string> log_;
  std::mutex log_mutex_;  // the log is written from the game threads too
  // Server time (ms since the epoch), moved by tests of what happens after hours (the expiry of unjoined games).
  std::atomic<int64_t> wall_ms_{1'700'000'000'000};
  // Changes the options before each start (tests of limits).
  std::function<void(GameServiceOptions&)> configure_;
};

}  // namespace tabiya::server::testing
