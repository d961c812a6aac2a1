// The lobby's live state in PostgreSQL (lobby_live_store.h): two stores on one database are two nodes. Rows are
// shared, taking is atomic and all-or-nothing, a node's rows expire when it stops renewing them (it died), and
// one node at a time holds the pools' lead until its connection ends.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "server/store/lobby_live_store.h"
#include "server/store/postgres_connection.h"
#include "server/store/postgres_migrations.h"
#include "support/database_servers.h"

namespace tabiya::server {
namespace {

class LobbyLiveStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto url = tabiya::testing::shared_postgres().fresh_database();
    ASSERT_TRUE(url) << url.error().message;
    url_ = *url;
    auto db = PgConnection::open(url_);
    ASSERT_TRUE(db) << db.error().message;
    ASSERT_TRUE(migrate_postgres(**db));
    a_ = open("a");
    b_ = open("b");
    ASSERT_TRUE(a_ && b_);
  }
  std::unique_ptr<LobbyLiveStore> open(const std::string& node, int64_t ttl_ms = 15'000) {
    auto store = open_postgres_lobby_live_store(url_, node, ttl_ms);
    EXPECT_TRUE(store) << store.error().message;
    return store ? std::move(*store) : nullptr;
  }
  static std::vector<std::string> ids(const Result<std::vector<LiveRow>>& rows) {
    std::vector<std::string> out;
    if (rows)
      for (const LiveRow& r : *rows) out.push_back(r.id);
    return out;
  }
  std::string url_;
  std::unique_ptr<LobbyLiveStore> a_, b_;
};

TEST_F(LobbyLiveStoreTest, RowsWrittenByOneNodeAreReadByTheOther) {
  ASSERT_TRUE(a_->put(LiveKind::SEEK, {"s1", "alice", "", R"({"it's":"\"quoted\""})"}));
  ASSERT_TRUE(a_->put(LiveKind::CHALLENGE, {"c1", "alice", "bob", "{}"}));
  ASSERT_TRUE(b_->put(LiveKind::SEEK, {"s2", "bob", "", "{}"}));
  EXPECT_EQ(ids(b_->rows(LiveKind::SEEK)), (std::vector<std::string>{"s1", "s2"}));  // oldest first
  EXPECT_EQ(ids(b_->rows(LiveKind::SEEK, "bob")), std::vector<std::string>{"s2"});
  EXPECT_EQ(ids(b_->rows(LiveKind::CHALLENGE, "bob")), std::vector<std::string>{"c1"});  // as its `other`
  EXPECT_TRUE(ids(b_->rows(LiveKind::POOL)).empty());
  auto row = b_->row(LiveKind::SEEK, "s1");
  ASSERT_TRUE(row && *row);
  EXPECT_EQ((*row)->json, R"({"it's":"\"quoted\""})");
  EXPECT_EQ((*row)->owner, "alice");
}

TEST_F(LobbyLiveStoreTest, TakingIsAllOrNothingAndOnce) {
  ASSERT_TRUE(a_->put(LiveKind::POOL, {"alice", "alice", "", "{}"}));
  ASSERT_TRUE(a_->put(LiveKind::POOL, {"bob", "bob", "", "{}"}));
  EXPECT_TRUE(b_->take(LiveKind::POOL, {"alice", "carol"})->empty());  // carol is not waiting: nothing taken
  EXPECT_EQ(ids(a_->rows(LiveKind::POOL)).size(), 2u);
  EXPECT_EQ(b_->take(LiveKind::POOL, {"alice", "bob"})->size(), 2u);
  EXPECT_TRUE(a_->take(LiveKind::POOL, {"alice"})->empty());
  EXPECT_TRUE(*a_->was_taken(LiveKind::POOL, "alice"));
  EXPECT_FALSE(*a_->was_taken(LiveKind::POOL, "carol"));
  // Put again after being taken: live again (a player joining a pool after a game).
  ASSERT_TRUE(a_->put(LiveKind::POOL, {"alice", "alice", "", "{}"}));
  EXPECT_EQ(ids(b_->rows(LiveKind::POOL)), std::vector<std::string>{"alice"});
}

TEST_F(LobbyLiveStoreTest, TwoNodesTakingOneSeekAtOnceOneGetsIt) {
  for (int round = 0; round < 20; ++round) {
    std::string id = "s";
    id += std::to_string(round);
    ASSERT_TRUE(a_->put(LiveKind::SEEK, {id, "alice", "", "{}"}));
    std::atomic<int> got{0};
    std::atomic<bool> go{false};
    auto taker = [&](LobbyLiveStore& store) {
      while (!go) std::this_thread::yield();
      auto taken = store.take(LiveKind::SEEK, {id});
      EXPECT_TRUE(taken);
      if (taken) got += int(taken->size());
    };
    std::thread one(taker, std::ref(*a_)), two(taker, std::ref(*b_));
    go = true;
    one.join();
    two.join();
    EXPECT_EQ(got, 1) << id;
  }
}

TEST_F(LobbyLiveStoreTest, ANodesRowsExpireWhenItStopsRenewingThemButLastingOnesStay) {
  auto dying = open("dying", 300);
  ASSERT_TRUE(dying);
  ASSERT_TRUE(dying->put(LiveKind::SEEK, {"blitz", "carol", "", "{}"}));
  ASSERT_TRUE(dying->put(LiveKind::SEEK, {"correspondence", "carol", "", "{}"}, true));
  ASSERT_TRUE(dying->renew());
  EXPECT_EQ(ids(a_->rows(LiveKind::SEEK)).size(), 2u);
  dying.reset();  // no more renewals
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (ids(a_->rows(LiveKind::SEEK)).size() == 2 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(ids(a_->rows(LiveKind::SEEK)), std::vector<std::string>{"correspondence"});
  EXPECT_TRUE(a_->renew());  // and the sweep forgets the expired row
  EXPECT_FALSE(*a_->row(LiveKind::SEEK, "blitz"));
}

TEST_F(LobbyLiveStoreTest, OneNodeLeadsThePoolsUntilItsConnectionEnds) {
  EXPECT_TRUE(*a_->lead_waves());
  EXPECT_FALSE(*b_->lead_waves());
  EXPECT_TRUE(*a_->lead_waves());  // still A's
  EXPECT_FALSE(*b_->lead_waves());
  a_.reset();  // A died: its session and its lock end
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  bool taken_over = false;
  while (!taken_over && std::chrono::steady_clock::now() < deadline) {
    taken_over = *b_->lead_waves();
    if (!taken_over) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(taken_over);
}

}  // namespace
}  // namespace tabiya::server
