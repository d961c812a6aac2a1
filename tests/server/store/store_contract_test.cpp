// The store's contract, run against every implementation: memory, SQLite and
// PostgreSQL (a server of its own the test binary starts: tests/support). Each
// test gets an empty store: a new SQLite file, a new PostgreSQL database.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <functional>

#include "server/store/game_store.h"
#include "support/migrated_database.h"
#include "support/test_directory.h"

namespace tabiya::server::testing {
namespace {

using K = StoreWrite::Kind;

// Writes, batches all or nothing, reads.
void check_store_contract(GameStore& store) {
  using K = StoreWrite::Kind;
  ASSERT_TRUE(store.commit({{K::CREATE, "g1", "{}", 0, 0}}));
  EXPECT_FALSE(store.commit({{K::CREATE, "g1", "{}", 0, 0}}));
  ASSERT_TRUE(store.commit({{K::APPEND, "g1", "s w 0", 0, 1}}));
  EXPECT_FALSE(store.commit({{K::APPEND, "g1", "m w 5 e2e4", 0, 2}}));  // the same index twice
  EXPECT_FALSE(store.commit({{K::APPEND, "nope", "s w 0", 0, 1}}));
  EXPECT_FALSE(store.commit({{K::FINISH, "nope", "{}", 0, 0}}));
  // One batch is all or nothing: g2's creation goes with g1's bad append.
  EXPECT_FALSE(store.commit({{K::CREATE, "g2", "{}", 0, 0}, {K::APPEND, "g1", "m w 5 e2e4", 7, 2}}));
  auto none = store.load("g2");
  ASSERT_TRUE(none);
  EXPECT_FALSE(none->has_value());
  // Several games in one batch, in order.
  ASSERT_TRUE(store.commit({{K::CREATE, "g3", "{\"a\":1}", 0, 0},
                            {K::APPEND, "g1", "m w 5 e2e4", 1, 2},
                            {K::APPEND, "g3", "s w 0", 0, 1},
                            {K::APPEND, "g1", "m b 9 e7e5", 2, 3},
                            {K::FINISH, "g3", "{\"r\":1}", 0, 0}}));
  auto loaded = store.load("g1");
  ASSERT_TRUE(loaded);
  ASSERT_TRUE(loaded->has_value());
  EXPECT_EQ((*loaded)->actions, (std::vector<std::string>{"s w 0", "m w 5 e2e4", "m b 9 e7e5"}));
  EXPECT_EQ((*loaded)->seq, 3);
  EXPECT_FALSE((*loaded)->finished);
  auto g3 = store.load("g3");
  ASSERT_TRUE(g3 && g3->has_value());
  EXPECT_TRUE((*g3)->finished);
  EXPECT_EQ((*g3)->result, "{\"r\":1}");
  EXPECT_EQ((*g3)->setup, "{\"a\":1}");
  auto unfinished = store.load_unfinished();
  ASSERT_TRUE(unfinished);
  ASSERT_EQ(unfinished->size(), 1u);
  EXPECT_EQ(unfinished->front().id, "g1");
  auto nope = store.load("nope");
  ASSERT_TRUE(nope);
  EXPECT_FALSE(nope->has_value());
}

// The expiry of unjoined games: candidates, a guarded REMOVE, KEEP.
void check_expiry_contract(GameStore& store) {
  ASSERT_TRUE(store.commit({{K::CREATE, "a", "{}", 0, 0, 100},
                            {K::CREATE, "b", "{}", 0, 0, 200},
                            {K::CREATE, "t", "{}", 0, 0, std::nullopt},  // never expires
                            {K::CREATE, "c", "{}", 0, 0, 300}}));
  auto ids = [&](int64_t before, std::size_t limit) {
    auto found = store.expiry_candidates(before, limit);
    EXPECT_TRUE(found);
    return found ? *found : std::vector<std::string>{};
  };
  EXPECT_EQ(ids(250, 10), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(ids(1000, 1), (std::vector<std::string>{"a"}));
  EXPECT_EQ(ids(100, 10), (std::vector<std::string>{}));
  // REMOVE deletes only a game holding the actions the decision saw; a mismatch changes nothing and is no error.
  ASSERT_TRUE(store.commit({{K::APPEND, "a", "s w 0", 0, 1}}));
  ASSERT_TRUE(store.commit({{K::REMOVE, "a", {}, 0, 0}}));
  auto a = store.load("a");
  ASSERT_TRUE(a && a->has_value());
  // With another game's change in the same transaction, both go through.
  ASSERT_TRUE(store.commit({{K::REMOVE, "a", {}, 1, 0}, {K::APPEND, "c", "s w 0", 0, 1}}));
  a = store.load("a");
  ASSERT_TRUE(a);
  EXPECT_FALSE(a->has_value());
  EXPECT_EQ(ids(1000, 10), (std::vector<std::string>{"b", "c"}));
  // A game created again under the removed id starts with no actions of the old one.
  ASSERT_TRUE(store.commit({{K::CREATE, "a", "{}", 0, 0, 900}}));
  a = store.load("a");
  ASSERT_TRUE(a && a->has_value());
  EXPECT_TRUE((*a)->actions.empty());
  ASSERT_TRUE(store.commit({{K::KEEP, "b", {}, 0, 0}, {K::KEEP, "nope", {}, 0, 0}, {K::REMOVE, "nope", {}, 0, 0}}));
  EXPECT_EQ(ids(1000, 10), (std::vector<std::string>{"c", "a"}));
  auto b = store.load("b");
  ASSERT_TRUE(b && b->has_value());  // KEEP keeps the game, only its expiry goes
  auto unfinished = store.load_unfinished();
  ASSERT_TRUE(unfinished);
  EXPECT_EQ(unfinished->size(), 4u);
}

// The running clock's checkpoint replaces the previous one, and the game's next move supersedes it.
void check_checkpoint_contract(GameStore& store) {
  auto checkpoint = [&](const std::string& id) {
    auto g = store.load(id);
    EXPECT_TRUE(g && g->has_value());
    return g && g->has_value() ? (*g)->clock_checkpoint : std::optional<int64_t>{-1};
  };
  ASSERT_TRUE(store.commit({{K::CREATE, "g", "{}", 0, 0}, {K::APPEND, "g", "s w 0", 0, 1}}));
  EXPECT_EQ(checkpoint("g"), std::nullopt);
  ASSERT_TRUE(store.commit({{K::CHECKPOINT, "g", {}, 1, 5000}}));
  EXPECT_EQ(checkpoint("g"), 5000);
  ASSERT_TRUE(store.commit({{K::CHECKPOINT, "g", {}, 1, 10000}}));  // replaces the previous one
  EXPECT_EQ(checkpoint("g"), 10000);
  auto unfinished = store.load_unfinished();
  ASSERT_TRUE(unfinished);
  ASSERT_EQ(unfinished->size(), 1u);
  EXPECT_EQ(unfinished->front().clock_checkpoint, 10000);
  // The next move supersedes it, in the same batch as well as after.
  ASSERT_TRUE(store.commit({{K::APPEND, "g", "m w 12000 e2e4", 1, 2}}));
  EXPECT_EQ(checkpoint("g"), std::nullopt);
  ASSERT_TRUE(store.commit({{K::CHECKPOINT, "g", {}, 2, 15000}, {K::APPEND, "g", "m b 16000 e7e5", 2, 3}}));
  EXPECT_EQ(checkpoint("g"), std::nullopt);
  // One that a move overtook (it counts fewer actions than stored), or for a game that is not there, changes
  // nothing and fails nothing; another game's writes in its batch go through.
  ASSERT_TRUE(store.commit({{K::CHECKPOINT, "g", {}, 2, 17000},
                            {K::CHECKPOINT, "nope", {}, 0, 1},
                            {K::CREATE, "h", "{}", 0, 0},
                            {K::APPEND, "h", "s w 0", 0, 1},
                            {K::CHECKPOINT, "h", {}, 1, 3000}}));
  EXPECT_EQ(checkpoint("g"), std::nullopt);
  EXPECT_EQ(checkpoint("h"), 3000);
  auto nope = store.load("nope");
  ASSERT_TRUE(nope);
  EXPECT_FALSE(nope->has_value());
  // A finished game keeps none.
  ASSERT_TRUE(store.commit({{K::FINISH, "h", "{}", 0, 0}, {K::CHECKPOINT, "g", {}, 3, 20000}}));
  EXPECT_EQ(checkpoint("g"), 20000);
  ASSERT_TRUE(store.commit({{K::FINISH, "g", "{}", 0, 0}, {K::CHECKPOINT, "h", {}, 1, 4000}}));
  EXPECT_EQ(checkpoint("h"), 3000);  // unchanged: the game was over
  // A removed game's checkpoint goes with it: one created again under its id has none.
  ASSERT_TRUE(store.commit({{K::CREATE, "r", "{}", 0, 0, 100}, {K::CHECKPOINT, "r", {}, 0, 700}}));
  EXPECT_EQ(checkpoint("r"), 700);
  ASSERT_TRUE(store.commit({{K::REMOVE, "r", {}, 0, 0}}));
  ASSERT_TRUE(store.commit({{K::CREATE, "r", "{}", 0, 0, 100}}));
  EXPECT_EQ(checkpoint("r"), std::nullopt);
}

// An empty store of one kind, and what it leaves behind removed at the end.
class StoreContract : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const std::string& kind = GetParam();
    if (kind == "memory") {
      store_ = make_memory_store();
    } else if (kind == "sqlite") {
      dir_ = tabiya::testing::fresh_test_directory("tabiya-contract-");
      auto opened = open_sqlite_store((dir_ / "games.sqlite3").string());
      ASSERT_TRUE(opened) << opened.error().message;
      store_ = std::move(*opened);
    } else {
      auto url = tabiya::testing::fresh_migrated_database();
      ASSERT_TRUE(url) << url.error().message;
      auto opened = open_postgres_store(*url);
      ASSERT_TRUE(opened) << opened.error().message;
      store_ = std::move(*opened);
    }
  }
  void TearDown() override {
    store_.reset();
    if (!dir_.empty()) std::filesystem::remove_all(dir_);
  }
  std::unique_ptr<GameStore> store_;
  std::filesystem::path dir_;
};

TEST_P(StoreContract, WritesAndReads) { check_store_contract(*store_); }

TEST_P(StoreContract, Expiry) { check_expiry_contract(*store_); }

TEST_P(StoreContract, ClockCheckpoints) { check_checkpoint_contract(*store_); }

// Several nodes: leases with epochs, and the fencing of writes by them.
TEST_P(StoreContract, LeasesHaveOneHolderAndRisingEpochs) {
  GameStore& store = *store_;
  // Free: taken at epoch 1; held: refused to another node before it expires, taken by it after.
  auto a1 = store.acquire_lease("g", "a", 1000, 10'000);
  ASSERT_TRUE(a1) << a1.error().message;
  EXPECT_EQ(*a1, std::optional<int64_t>(1));
  auto b_early = store.acquire_lease("g", "b", 5000, 10'000);
  ASSERT_TRUE(b_early);
  EXPECT_EQ(*b_early, std::nullopt);
  auto held = store.lease("g");
  ASSERT_TRUE(held && held->has_value());
  EXPECT_EQ((*held)->owner, "a");
  EXPECT_EQ((*held)->epoch, 1);
  EXPECT_EQ((*held)->expires_ms, 11'000);
  // Renewed by its holder at its epoch only.
  auto renewed = store.renew_leases("a", {{"g", 1}, {"other", 1}}, 9000, 10'000);
  ASSERT_TRUE(renewed);
  EXPECT_EQ(*renewed, std::vector<std::string>{"g"});
  auto by_other = store.renew_leases("b", {{"g", 1}}, 9000, 10'000);
  ASSERT_TRUE(by_other);
  EXPECT_TRUE(by_other->empty());
  auto wrong_epoch = store.renew_leases("a", {{"g", 7}}, 9000, 10'000);
  ASSERT_TRUE(wrong_epoch);
  EXPECT_TRUE(wrong_epoch->empty());
  EXPECT_EQ(*store.acquire_lease("g", "b", 18'999, 10'000), std::nullopt);  // renewed to 19,000
  // Expired: taken over with epoch + 1; the old holder's renewal and release are refused.
  EXPECT_EQ(*store.acquire_lease("g", "b", 19'000, 10'000), std::optional<int64_t>(2));
  EXPECT_TRUE(store.renew_leases("a", {{"g", 1}}, 19'500, 10'000)->empty());
  EXPECT_FALSE(*store.release_lease("g", "a", 1));
  // Released: free at once for anyone, and the epoch keeps rising.
  EXPECT_TRUE(*store.release_lease("g", "b", 2));
  held = store.lease("g");
  ASSERT_TRUE(held && held->has_value());
  EXPECT_EQ((*held)->owner, "");
  EXPECT_EQ((*held)->epoch, 2);
  EXPECT_EQ(*store.acquire_lease("g", "a", 20'000, 10'000), std::optional<int64_t>(3));
  // Its own holder taking it again (a node restarted under the same name) gets a new epoch too.
  EXPECT_EQ(*store.acquire_lease("g", "a", 20'001, 10'000), std::optional<int64_t>(4));
  auto never = store.lease("never");
  ASSERT_TRUE(never);
  EXPECT_FALSE(never->has_value());
}

TEST_P(StoreContract, AWriteAtAStaleEpochIsRefusedWithItsBatch) {
  GameStore& store = *store_;
  ASSERT_EQ(*store.acquire_lease("g", "a", 0, 1000), std::optional<int64_t>(1));
  StoreWrite create{K::CREATE, "g", "{}", 0, 0};
  create.epoch = 1;
  ASSERT_TRUE(store.commit({create}));
  StoreWrite first{K::APPEND, "g", "s w 0", 0, 1};
  first.epoch = 1;
  ASSERT_TRUE(store.commit({first}));
  // Node b takes the expired lease (epoch 2); a's next write is refused, and so is the whole batch with it.
  ASSERT_EQ(*store.acquire_lease("g", "b", 5000, 1000), std::optional<int64_t>(2));
  StoreWrite stale{K::APPEND, "g", "m w 5 e2e4", 1, 2};
  stale.epoch = 1;
  auto refused = store.commit({{K::CREATE, "h", "{}", 0, 0}, stale});
  ASSERT_FALSE(refused);
  EXPECT_TRUE(is_fenced(refused.error().message)) << refused.error().message;
  EXPECT_FALSE(store.load("h")->has_value());
  StoreWrite stale_checkpoint{K::CHECKPOINT, "g", {}, 1, 900};
  stale_checkpoint.epoch = 1;
  EXPECT_FALSE(store.commit({stale_checkpoint}));
  StoreWrite stale_finish{K::FINISH, "g", "{}", 0, 0};
  stale_finish.epoch = 1;
  EXPECT_FALSE(store.commit({stale_finish}));
  StoreWrite unfenced{K::APPEND, "g", "m w 5 e2e4", 1, 2};  // epoch 0: a writer that never held the lease
  EXPECT_FALSE(store.commit({unfenced}));
  // The new holder writes; a game without a lease takes writes at any epoch (a single node's).
  StoreWrite current{K::APPEND, "g", "m w 5 e2e4", 1, 2};
  current.epoch = 2;
  ASSERT_TRUE(store.commit({current}));
  auto loaded = store.load("g");
  ASSERT_TRUE(loaded && loaded->has_value());
  EXPECT_EQ((*loaded)->actions, (std::vector<std::string>{"s w 0", "m w 5 e2e4"}));
  EXPECT_FALSE((*loaded)->finished);
  ASSERT_TRUE(store.commit({{K::CREATE, "free", "{}", 0, 0}, {K::APPEND, "free", "s w 0", 0, 1}}));
}

TEST_P(StoreContract, UnownedGamesAreTheUnfinishedOnesWithoutALiveLease) {
  GameStore& store = *store_;
  ASSERT_TRUE(store.commit({{K::CREATE, "none", "{}", 0, 0},
                            {K::CREATE, "held", "{}", 0, 0},
                            {K::CREATE, "expired", "{}", 0, 0},
                            {K::CREATE, "released", "{}", 0, 0},
                            {K::CREATE, "over", "{}", 0, 0},
                            {K::FINISH, "over", "{}", 0, 0}}));
  ASSERT_TRUE(store.acquire_lease("held", "a", 1000, 10'000));
  ASSERT_TRUE(store.acquire_lease("expired", "a", 1000, 1000));
  ASSERT_EQ(*store.acquire_lease("released", "a", 1000, 10'000), std::optional<int64_t>(1));
  ASSERT_TRUE(*store.release_lease("released", "a", 1));
  auto unowned = store.unowned_games(5000, 10);
  ASSERT_TRUE(unowned) << unowned.error().message;
  std::sort(unowned->begin(), unowned->end());
  EXPECT_EQ(*unowned, (std::vector<std::string>{"expired", "none", "released"}));
  auto limited = store.unowned_games(5000, 2);
  ASSERT_TRUE(limited);
  EXPECT_EQ(limited->size(), 2u);
}

// Whether a game is over, read without its log (a node asks it of the games it only relays); a game not stored
// (never created, or removed) is an error that names it.
TEST_P(StoreContract, FinishedIsReadAloneAndAGameNotStoredIsAnError) {
  GameStore& store = *store_;
  auto never = store.finished("nope");
  ASSERT_FALSE(never);
  EXPECT_NE(never.error().message.find("no game nope is stored"), std::string::npos) << never.error().message;
  ASSERT_TRUE(store.commit({{K::CREATE, "g", "{}", 0, 0},
                            {K::APPEND, "g", "s w 0", 0, 1},
                            {K::CREATE, "it's", "{}", 0, 0, 100},
                            {K::CREATE, "h", "{}", 0, 0}}));
  auto going = store.finished("g");
  ASSERT_TRUE(going) << going.error().message;
  EXPECT_FALSE(*going);
  ASSERT_TRUE(store.commit({{K::FINISH, "g", "{\"r\":1}", 0, 0}}));
  auto over = store.finished("g");
  ASSERT_TRUE(over) << over.error().message;
  EXPECT_TRUE(*over);
  auto other = store.finished("h");  // another game's end is not this one's
  ASSERT_TRUE(other) << other.error().message;
  EXPECT_FALSE(*other);
  auto quoted = store.finished("it's");
  ASSERT_TRUE(quoted) << quoted.error().message;
  EXPECT_FALSE(*quoted);
  ASSERT_TRUE(store.commit({{K::REMOVE, "it's", {}, 0, 0}}));
  auto removed = store.finished("it's");
  ASSERT_FALSE(removed);
  EXPECT_NE(removed.error().message.find("no game it's is stored"), std::string::npos) << removed.error().message;
}

// Text of any kind comes back as it went in: quotes, backslashes, non-ASCII (the SQL is built with quoting).
TEST_P(StoreContract, TextComesBackByteForByte) {
  const std::string setup = "{\"name\":\"O'Brien \\\\ \u00e9 \u0416 ; DROP TABLE games; --\"}";
  ASSERT_TRUE(store_->commit({{K::CREATE, "it's", setup, 0, 0}, {K::APPEND, "it's", "m w 5 e2e4 '\\", 0, 1}}));
  auto loaded = store_->load("it's");
  ASSERT_TRUE(loaded && loaded->has_value());
  EXPECT_EQ((*loaded)->setup, setup);
  EXPECT_EQ((*loaded)->actions, std::vector<std::string>{"m w 5 e2e4 '\\"});
}

INSTANTIATE_TEST_SUITE_P(EveryStore, StoreContract, ::testing::Values("memory", "sqlite", "postgresql"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace tabiya::server::testing
