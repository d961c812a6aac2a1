// Group commit (server/store/group_commit.h): a change is announced, and a move
// acknowledged, only after its transaction has committed; several games'
// changes share one transaction; a refused commit acknowledges nothing and
// tells the mover with an error code; each game's actions keep their order.
// Also the eviction of finished games and their loading back from the store.
#include "server/store/group_commit.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <set>
#include <thread>

#include "support/service_test_support.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;

// A memory store whose commits can be held back (each waits in commit() until
// released) or refused, and which records every transaction it was given.
class HeldStore final : public GameStore {
 public:
  Result<bool> commit(const std::vector<StoreWrite>& writes) override {
    std::unique_lock lock(mutex_);
    ++arrived_;
    changed_.notify_all();
    changed_.wait(lock, [&] { return !held_; });
    batches_.push_back(writes);
    if (refuse_) return fail("held store: refused");
    lock.unlock();
    return inner_->commit(writes);
  }
  Result<std::vector<StoredGame>> load_unfinished() override { return inner_->load_unfinished(); }
  Result<std::optional<StoredGame>> load(const std::string& id) override { return inner_->load(id); }
  Result<bool> finished(const std::string& id) override { return inner_->finished(id); }
  Result<std::vector<std::string>> expiry_candidates(int64_t before_ms, std::size_t limit) override {
    return inner_->expiry_candidates(before_ms, limit);
  }

  void hold() {
    std::lock_guard lock(mutex_);
    held_ = true;
  }
  void release() {
    std::lock_guard lock(mutex_);
    held_ = false;
    changed_.notify_all();
  }
  void refuse(bool on) {
    std::lock_guard lock(mutex_);
    refuse_ = on;
  }
  // Waits until `n` commits have reached the store since the start.
  void wait_arrived(int n) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return arrived_ >= n; });
  }
  int arrived() {
    std::lock_guard lock(mutex_);
    return arrived_;
  }
  std::vector<std::vector<StoreWrite>> batches() {
    std::lock_guard lock(mutex_);
    return batches_;
  }

 private:
  std::shared_ptr<GameStore> inner_ = make_memory_store();
  std::mutex mutex_;
  std::condition_variable changed_;
  bool held_ = false, refuse_ = false;
  int arrived_ = 0;
  std::vector<std::vector<StoreWrite>> batches_;
};

class GroupCommitTest : public ServiceFixture {
 protected:
  void SetUp() override {
    held_ = std::make_shared<HeldStore>();
    store_ = held_;
    start();
  }
  // A message as the network delivers it, handled by its room, without waiting for any commit.
  void deliver(Client& c, const std::string& text) {
    service_->message(*c.session, text);
    service_->wait_for_rooms();
  }
  void deliver_move(Client& c, const std::string& uci, int ply, int req) {
    deliver(c, "{\"t\":\"move\",\"req\":" + std::to_string(req) + ",\"uci\":\"" + uci +
                   "\",\"ply\":" + std::to_string(ply) + "}");
  }
  // Runs whatever the rooms and the io_context have ready, without waiting for the store.
  void poll() {
    service_->wait_for_rooms();
    io_.restart();
    io_.poll();
  }
  std::shared_ptr<HeldStore> held_;
};

TEST_F(GroupCommitTest, AMoveIsAcknowledgedOnlyAfterItsCommit) {
  auto [g, id, white, black] = invite(R"({"v":1,"opponent":"invite","time":"5+0"})");
  white.peer->take();
  black.peer->take();
  const int before = held_->arrived();
  held_->hold();
  deliver_move(white, "e2e4", 0, 5);
  held_->wait_arrived(before + 1);  // the transaction is in the store's hands, not committed
  poll();
  EXPECT_FALSE(white.peer->last("event", "move"));
  EXPECT_FALSE(black.peer->last("event", "move"));
  EXPECT_FALSE(white.peer->last("ok"));
  held_->release();
  settle();
  auto ack = white.peer->last("event", "move");
  ASSERT_TRUE(ack);
  EXPECT_EQ(ack->at("req").as_int64(), 5);
  EXPECT_TRUE(black.peer->last("event", "move"));
  auto stored = held_->load(id);
  ASSERT_TRUE(stored && stored->has_value());
  EXPECT_EQ((*stored)->actions.back().substr(0, 2), "m ");  // the move is in the store
  EXPECT_EQ((*stored)->seq, ack->at("seq").as_int64());
}

TEST_F(GroupCommitTest, SeveralGamesMovesShareOneCommit) {
  auto a = invite();
  auto b = invite();
  auto c = invite();
  const int before = held_->arrived();
  held_->hold();
  deliver_move(a.white, "e2e4", 0, 1);  // the storage thread takes it alone and waits in the store
  held_->wait_arrived(before + 1);
  deliver_move(b.white, "d2d4", 0, 1);  // these two wait for the next transaction, together
  deliver_move(c.white, "c2c4", 0, 1);
  poll();
  EXPECT_FALSE(b.white.peer->last("event", "move"));
  EXPECT_FALSE(c.white.peer->last("event", "move"));
  held_->release();
  settle();
  for (Client* mover : {&a.white, &b.white, &c.white}) EXPECT_TRUE(mover->peer->last("event", "move"));
  auto batches = held_->batches();
  ASSERT_GE(batches.size(), 2u);
  const auto& last = batches.back();
  std::set<std::string> games;
  for (const StoreWrite& w : last) games.insert(w.game);
  EXPECT_EQ(games, (std::set<std::string>{b.id, c.id}));
  std::string metrics;
  service_->write_metrics(metrics);
  EXPECT_NE(metrics.find("tabiya_store_commits_total"), std::string::npos);
}

TEST_F(GroupCommitTest, ARefusedCommitIsAnErrorAndAcknowledgesNothing) {
  auto [g, id, white, black] = invite(R"({"v":1,"opponent":"invite","time":"5+0"})");
  const int64_t seq = white.peer->last("state")->at("seq").as_int64();
  white.peer->take();
  black.peer->take();
  held_->refuse(true);
  move(white, "e2e4", 0, 9);
  auto err = white.peer->last("error");
  ASSERT_TRUE(err);
  EXPECT_EQ(std::string(err->at("code").as_string()), "server_error");
  EXPECT_EQ(std::string(err->at("data").as_object().at("reason").as_string()), "storage");
  EXPECT_EQ(err->at("req").as_int64(), 9);
  EXPECT_FALSE(white.peer->last("event"));
  EXPECT_TRUE(black.peer->messages().empty());
  // The game went back to what is stored: White is still to move, and the move can be made again.
  json::object game = json::parse(service_->http({"GET", "/api/games/" + id, ""}).body).as_object();
  EXPECT_EQ(std::string(game.at("turn").as_string()), "white");
  EXPECT_TRUE(game.at("moves").as_array().empty());
  held_->refuse(false);
  move(white, "e2e4", 0, 10);
  auto ack = white.peer->last("event", "move");
  ASSERT_TRUE(ack);
  EXPECT_EQ(ack->at("seq").as_int64(), seq + 1);
  EXPECT_EQ(ack->at("e").as_object().at("ply").as_int64(), 1);
}

TEST_F(GroupCommitTest, OneGamesActionsKeepTheirOrder) {
  auto [g, id, c] = hotseat(R"({"v":1,"opponent":"hotseat","time":"5+0"})");
  c.peer->take();
  const int before = held_->arrived();
  held_->hold();
  deliver_move(c, "e2e4", 0, 1);
  held_->wait_arrived(before + 1);
  deliver_move(c, "e7e5", 1, 2);  // waits for the first commit, then is played and committed after it
  deliver(c, R"({"t":"draw","req":3,"action":"offer"})");
  poll();
  EXPECT_TRUE(c.peer->messages().empty());
  held_->release();
  settle();
  std::vector<int64_t> reqs, seqs;
  for (const json::object& m : c.peer->messages()) {
    if (m.contains("req")) reqs.push_back(m.at("req").as_int64());
    if (m.contains("seq")) seqs.push_back(m.at("seq").as_int64());
  }
  EXPECT_EQ(reqs, (std::vector<int64_t>{1, 2, 3}));
  ASSERT_EQ(seqs.size(), 3u);
  EXPECT_LT(seqs[0], seqs[1]);
  EXPECT_LT(seqs[1], seqs[2]);
  auto stored = held_->load(id);
  ASSERT_TRUE(stored && stored->has_value());
  const auto& actions = (*stored)->actions;
  ASSERT_GE(actions.size(), 3u);
  EXPECT_NE(actions[actions.size() - 3].find("e2e4"), std::string::npos);
  EXPECT_NE(actions[actions.size() - 2].find("e7e5"), std::string::npos);
  EXPECT_EQ(actions.back().substr(0, 2), "o ");
}

TEST_F(GroupCommitTest, ARoomAnswersEveryMessageAfterTheCommitBeforeItInTheOrderSent) {
  auto [g, id, c] = hotseat();
  c.peer->take();
  const int before = held_->arrived();
  held_->hold();
  deliver(c, R"({"t":"move","req":1,"text":"e4","ply":0})");  // typed: read, played, then stored
  held_->wait_arrived(before + 1);
  deliver(c, R"({"t":"move","req":2,"uci":5})");  // malformed: its error too waits for the commit before it
  deliver(c, R"({"t":"move","req":3,"text":"e5","ply":1})");
  poll();
  EXPECT_TRUE(c.peer->messages().empty());
  held_->release();
  settle();
  std::vector<std::string> answers;
  for (const json::object& m : c.peer->messages())
    if (m.contains("req"))
      answers.push_back(std::to_string(m.at("req").as_int64()) + " " + std::string(m.at("t").as_string()));
  EXPECT_EQ(answers, (std::vector<std::string>{"1 event", "2 error", "3 event"}));
  auto stored = held_->load(id);
  ASSERT_TRUE(stored && stored->has_value());
  EXPECT_NE((*stored)->actions.back().find("e7e5"), std::string::npos);
}

TEST(GroupCommitter, CommitsWhatIsPendingInOneTransactionInOrder) {
  auto store = std::make_shared<HeldStore>();
  GroupCommitter writer(store);
  ASSERT_TRUE(store->commit({{StoreWrite::Kind::CREATE, "a", "{}", 0, 0}}));
  store->hold();
  std::vector<int> reported;
  std::mutex m;
  auto done = [&](int n) {
    return [&, n](const Result<bool>& r) {
      EXPECT_TRUE(r) << n;
      std::lock_guard lock(m);
      reported.push_back(n);
    };
  };
  writer.submit({{StoreWrite::Kind::APPEND, "a", "x0", 0, 1}}, done(0));
  store->wait_arrived(2);
  for (int i = 1; i <= 3; ++i)
    writer.submit({{StoreWrite::Kind::APPEND, "a", "x" + std::to_string(i), i, i + 1}}, done(i));
  store->release();
  writer.flush();
  EXPECT_EQ(reported, (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(store->batches().back().size(), 3u);  // 1, 2 and 3 together
  EXPECT_EQ(writer.commits(), 2);
  auto loaded = store->load("a");
  ASSERT_TRUE(loaded && loaded->has_value());
  EXPECT_EQ((*loaded)->actions, (std::vector<std::string>{"x0", "x1", "x2", "x3"}));
}

TEST(GroupCommitter, OneBadChangeDoesNotFailTheOthersInItsBatch) {
  auto store = std::make_shared<HeldStore>();
  GroupCommitter writer(store);
  store->hold();
  std::vector<bool> results(3);
  writer.submit({{StoreWrite::Kind::CREATE, "a", "{}", 0, 0}}, [&](const Result<bool>& r) { results[0] = bool(r); });
  store->wait_arrived(1);
  writer.submit({{StoreWrite::Kind::CREATE, "b", "{}", 0, 0}}, [&](const Result<bool>& r) { results[1] = bool(r); });
  writer.submit({{StoreWrite::Kind::CREATE, "a", "{}", 0, 0}}, [&](const Result<bool>& r) { results[2] = bool(r); });
  store->release();
  writer.flush();
  EXPECT_EQ(results, (std::vector<bool>{true, true, false}));
  auto b = store->load("b");
  ASSERT_TRUE(b && b->has_value());
}

// --- Eviction ---

using EvictionTest = ServiceFixture;

TEST_F(EvictionTest, AFinishedGameLeavesMemoryAndComesBackFromTheStore) {
  auto [g, id, c] = hotseat();
  move(c, "e2e4", 0);
  send(c, R"({"t":"resign","req":2})");
  ASSERT_TRUE(c.peer->last("event", "end"));
  auto unfinished = hotseat();  // idle and unconnected, but not over: it stays
  service_->closed(*unfinished.both.session);
  const std::size_t loaded = service_->game_count();
  clock_->advance(std::chrono::minutes(11));
  service_->evict_idle();
  EXPECT_EQ(service_->game_count(), loaded) << "a connected game stays";
  service_->closed(*c.session);
  service_->wait_for_rooms();  // the room hears of it on its own thread
  service_->evict_idle();
  EXPECT_EQ(service_->game_count(), loaded) << "it was used just now";
  clock_->advance(std::chrono::minutes(9));
  service_->evict_idle();
  EXPECT_EQ(service_->game_count(), loaded);
  clock_->advance(std::chrono::minutes(2));
  service_->evict_idle();
  EXPECT_EQ(service_->game_count(), loaded - 1);
  // Its page, its PGN and its review load it again.
  HttpAnswer a = service_->http({"GET", "/api/games/" + id, ""});
  ASSERT_EQ(a.status, 200) << a.body;
  json::object game = json::parse(a.body).as_object();
  EXPECT_EQ(std::string(game.at("status").as_string()), "over");
  EXPECT_EQ(game.at("moves").as_array().size(), 1u);
  EXPECT_EQ(service_->game_count(), loaded);
  clock_->advance(std::chrono::minutes(11));
  service_->evict_idle();
  HttpAnswer pgn = service_->http({"GET", "/api/games/" + id + "/pgn", ""});
  ASSERT_EQ(pgn.status, 200);
  EXPECT_NE(pgn.body.find("1. e4"), std::string::npos);
  EXPECT_NE(pgn.body.find("1-0"), std::string::npos);  // Black resigned
  clock_->advance(std::chrono::minutes(11));
  service_->evict_idle();
  EXPECT_EQ(service_->http({"POST", "/api/games/" + id + "/review", ""}).status, 202);
  // A connection opened before the game left memory finds it again.
  Client late = connect(id);
  clock_->advance(std::chrono::minutes(11));
  service_->evict_idle();
  hello(late, {});
  auto state = late.peer->last("state");
  ASSERT_TRUE(state);
  EXPECT_EQ(std::string(state->at("game").as_object().at("status").as_string()), "over");
  // The unfinished game never left.
  EXPECT_EQ(service_->http({"GET", "/api/games/" + unfinished.id, ""}).status, 200);
}

TEST_F(EvictionTest, ZeroKeepsEveryGame) {
  service_.reset();
  GameServiceOptions options;
  options.store = store_;
  options.time = clock_;
  options.ping_interval = std::chrono::milliseconds(0);
  options.evict_after = std::chrono::milliseconds(0);
  options.robot_threads = 1;
  options.log = [](const std::string&) {};
  auto created = GameService::create(io_, options);
  ASSERT_TRUE(created);
  service_ = std::move(*created);
  auto [g, id, c] = hotseat();
  send(c, R"({"t":"resign","req":2})");
  service_->closed(*c.session);
  clock_->advance(std::chrono::hours(24));
  service_->evict_idle();
  EXPECT_EQ(service_->game_count(), 1u);
}

// --- The robot pool full: a robot game waits visibly, it does not fail ---

TEST_F(ServiceFixture, ARobotGameWaitsVisiblyWhileThePoolIsBusy) {
  robot_movetime_ms_ = 3000;  // the one robot thread stays busy with the first game
  restart();
  // Level 10 has no depth or node cap, so it thinks for the whole move time; level 1's caps end its search in
  // milliseconds, sometimes before the loop below sees it thinking.
  json::object first = create(R"({"v":1,"opponent":"robot","color":"black","level":10,"time":"none"})");
  // Once the robot thread has taken the first game's move, the second game's waits.
  auto thinking = [&] {
    HttpAnswer a = service_->http({"GET", "/api/games/" + str(first.at("id")), ""});
    return json::parse(a.body).as_object().at("robot").as_object().at("thinking").as_bool();
  };
  for (int i = 0; i < 1000 && !thinking(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ASSERT_TRUE(thinking());
  json::object second = create(R"({"v":1,"opponent":"robot","color":"black","level":1,"time":"none"})");
  const std::string id = str(second.at("id"));
  EXPECT_EQ(service_->robot_queue(), 1);
  HttpAnswer a = service_->http({"GET", "/api/games/" + id, ""});
  ASSERT_EQ(a.status, 200);
  json::object game = json::parse(a.body).as_object();
  EXPECT_EQ(std::string(game.at("status").as_string()), "playing");
  EXPECT_EQ(game.at("robot").as_object().at("queue").as_int64(), 1);
  EXPECT_FALSE(game.at("robot").as_object().at("thinking").as_bool());
  Client me = connect(id);
  hello(me, {seat(second, "black")});
  auto state = me.peer->last("state");
  ASSERT_TRUE(state);
  EXPECT_EQ(state->at("game").as_object().at("robot").as_object().at("queue").as_int64(), 1);
  EXPECT_FALSE(me.peer->last("error"));
}

}  // namespace
}  // namespace tabiya::server::testing
