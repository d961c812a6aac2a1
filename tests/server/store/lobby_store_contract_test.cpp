// The LobbyStore contract, run on the memory, SQLite and PostgreSQL implementations alike (PostgreSQL: a fresh
// database of the test run's own server, tests/support/database_servers.h).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <functional>

#include "server/store/lobby_store.h"
#include "support/migrated_database.h"
#include "support/test_directory.h"

namespace tabiya::server {
namespace {

class LobbyStoreContract : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const std::string& kind = GetParam();
    if (kind == "memory") {
      store_ = make_memory_lobby_store();
    } else if (kind == "sqlite") {
      dir_ = tabiya::testing::fresh_test_directory("tabiya-lobby-contract-");
      auto opened = open_sqlite_lobby_store(dir_.string());
      ASSERT_TRUE(opened) << opened.error().message;
      store_ = std::move(*opened);
    } else {
      auto url = tabiya::testing::fresh_migrated_database();
      ASSERT_TRUE(url) << url.error().message;
      auto opened = open_postgres_lobby_store(*url);
      ASSERT_TRUE(opened) << opened.error().message;
      store_ = std::move(*opened);
    }
  }
  void TearDown() override {
    store_.reset();
    if (!dir_.empty()) std::filesystem::remove_all(dir_);
  }
  static RatingChange change(const std::string& account, const std::string& game, int64_t at, double before,
                             double after) {
    return {account, RatingCategory::BLITZ, game, at, {before, 350.25, 0.06}, {after, 290.125, 0.0599987654321}};
  }
  std::unique_ptr<LobbyStore> store_;
  std::filesystem::path dir_;
};

TEST_P(LobbyStoreContract, NamesAreFoundWhateverTheirCase) {
  EXPECT_FALSE(store_->account_named("alice"));
  ASSERT_TRUE(store_->remember_name("a1", "Alice"));
  EXPECT_EQ(store_->account_named("ALICE"), "a1");
  ASSERT_TRUE(store_->remember_name("a2", "alice"));  // the name went to another account (the first was deleted)
  EXPECT_EQ(store_->account_named("Alice"), "a2");
}

TEST_P(LobbyStoreContract, RatingsAndTheirHistoryComeBackExactly) {
  EXPECT_FALSE(store_->rating("a1", RatingCategory::BLITZ));
  ASSERT_TRUE(store_->record_rating(change("a1", "g1", 100, 1500, 1662.3125)));
  ASSERT_TRUE(store_->record_rating(change("b1", "g1", 100, 1500, 1337.6875)));
  ASSERT_TRUE(store_->record_rating(change("a1", "g2", 200, 1662.3125, 1601.0000000001)));
  auto a = store_->rating("a1", RatingCategory::BLITZ);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->games, 2);
  EXPECT_EQ(a->updated_ms, 200);
  EXPECT_EQ(a->rating.rating, 1601.0000000001);  // exact: the next game's Glicko-2 starts from it
  EXPECT_EQ(a->rating.volatility, 0.0599987654321);
  EXPECT_FALSE(store_->rating("a1", RatingCategory::RAPID));
  auto history = store_->rating_history("a1");
  ASSERT_EQ(history.size(), 2u);
  EXPECT_EQ(history[0].game, "g1");
  EXPECT_EQ(history[1].game, "g2");
  EXPECT_EQ(history[1].before.rating, 1662.3125);
  EXPECT_EQ(history[1].category, RatingCategory::BLITZ);
  auto of_game = store_->changes_of_game("g1");
  ASSERT_EQ(of_game.size(), 2u);
  EXPECT_EQ(of_game[0].account, "a1");  // in the order recorded: white first
  EXPECT_EQ(of_game[1].account, "b1");
  EXPECT_TRUE(store_->changes_of_game("g9").empty());
}

TEST_P(LobbyStoreContract, ARatedGameIsTakenOnce) {
  ASSERT_TRUE(store_->add_rated_game({"g1", "a1", "b1", RatingCategory::RAPID}));
  auto taken = store_->take_rated_game("g1");
  ASSERT_TRUE(taken);
  EXPECT_EQ(taken->white_account, "a1");
  EXPECT_EQ(taken->black_account, "b1");
  EXPECT_EQ(taken->category, RatingCategory::RAPID);
  EXPECT_FALSE(store_->take_rated_game("g1"));
  EXPECT_FALSE(store_->take_rated_game("nope"));
}

TEST_P(LobbyStoreContract, CorrespondenceSeeks) {
  ASSERT_TRUE(store_->put_seek("s2", R"({"id":"s2","note":"it's \"quoted\" \u00e9"})"));
  ASSERT_TRUE(store_->put_seek("s1", "{}"));
  ASSERT_TRUE(store_->put_seek("s1", R"({"id":"s1"})"));  // again: replaced
  auto seeks = store_->seeks();
  ASSERT_EQ(seeks.size(), 2u);
  EXPECT_EQ(seeks[0], (std::pair<std::string, std::string>{"s1", R"({"id":"s1"})"}));
  EXPECT_EQ(seeks[1].second, R"({"id":"s2","note":"it's \"quoted\" \u00e9"})");
  ASSERT_TRUE(store_->remove_seek("s1"));
  ASSERT_TRUE(store_->remove_seek("s1"));  // gone already: no error
  EXPECT_EQ(store_->seeks().size(), 1u);
}

INSTANTIATE_TEST_SUITE_P(EveryStore, LobbyStoreContract, ::testing::Values("memory", "sqlite", "postgresql"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace tabiya::server
