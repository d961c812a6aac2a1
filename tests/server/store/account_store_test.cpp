// The AccountStore contract, run on the memory, SQLite and PostgreSQL implementations alike (PostgreSQL: a fresh
// database of the test run's own server, tests/support/database_servers.h).
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>

#include "server/store/account_store.h"
#include "server/store/postgres_connection.h"
#include "server/store/postgres_migrations.h"
#include "support/database_servers.h"

namespace tabiya::server {
namespace {

struct StoreKind {
  const char* name;
  std::function<std::unique_ptr<AccountStore>(const std::filesystem::path&)> open;
};

class AccountStoreContract : public ::testing::TestWithParam<StoreKind> {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("tabiya-account-store-" + std::string(GetParam().name) + "-" +
                                                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    store_ = GetParam().open(dir_);
    ASSERT_TRUE(store_);
  }
  void TearDown() override {
    store_.reset();
    std::filesystem::remove_all(dir_);
  }
  Account account(const std::string& id, const std::string& name) {
    Account a;
    a.id = id;
    a.username = name;
    std::string key = name;
    for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    a.key = key;
    a.password_hash = "$argon2id$x";
    a.created_ms = 5;
    return a;
  }
  std::filesystem::path dir_;
  std::unique_ptr<AccountStore> store_;
};

TEST_P(AccountStoreContract, NamesAreUniqueWhateverTheirCase) {
  ASSERT_TRUE(*store_->create_account(account("a1", "Alice")));
  EXPECT_FALSE(*store_->create_account(account("a2", "ALICE")));
  auto found = store_->account_by_key("alice");
  ASSERT_TRUE(found && *found);
  EXPECT_EQ((*found)->id, "a1");
  EXPECT_EQ((*found)->username, "Alice");
  EXPECT_FALSE(*store_->account_by_key("bob"));
}

TEST_P(AccountStoreContract, ProfileAndPassword) {
  ASSERT_TRUE(*store_->create_account(account("a1", "alice")));
  ASSERT_TRUE(*store_->set_profile("a1", {"Alice A.", "NOR", "1503014", "de", "GM"}));
  ASSERT_TRUE(*store_->set_password("a1", "$argon2id$new"));
  auto a = **store_->account_by_id("a1");
  EXPECT_EQ(a.profile.federation, "NOR");
  EXPECT_EQ(a.profile.title, "GM");
  EXPECT_EQ(a.password_hash, "$argon2id$new");
}

TEST_P(AccountStoreContract, SessionsAreRevocable) {
  ASSERT_TRUE(*store_->create_account(account("a1", "alice")));
  ASSERT_TRUE(*store_->create_account(account("b1", "bob")));
  for (const char* h : {"h1", "h2", "h3"}) ASSERT_TRUE(store_->add_session({h, "a1", "csrf", 1}));
  ASSERT_TRUE(store_->add_session({"hb", "b1", "csrf", 1}));
  EXPECT_TRUE(*store_->remove_session("h1"));
  EXPECT_FALSE(*store_->session("h1"));
  ASSERT_TRUE(store_->remove_sessions("a1", "h2"));  // a password change keeps its own session
  EXPECT_TRUE(*store_->session("h2"));
  EXPECT_FALSE(*store_->session("h3"));
  EXPECT_TRUE(*store_->session("hb"));  // another account's sessions are untouched
}

TEST_P(AccountStoreContract, DeletionKeepsTheNameAndTheGamesAndEndsTheSessions) {
  ASSERT_TRUE(*store_->create_account(account("a1", "alice")));
  ASSERT_TRUE(store_->add_session({"h1", "a1", "c", 1}));
  ASSERT_TRUE(store_->add_game({"a1", "g1", "s1", 10}));
  ASSERT_TRUE(*store_->delete_account("a1"));
  auto a = **store_->account_by_id("a1");
  EXPECT_TRUE(a.deleted);
  EXPECT_TRUE(a.password_hash.empty());
  EXPECT_FALSE(*store_->session("h1"));
  EXPECT_FALSE(*store_->create_account(account("a2", "Alice")));  // the name stays taken
  EXPECT_EQ(store_->games("a1", {}, 10)->size(), 1u);
  EXPECT_FALSE(*store_->set_password("a1", "$argon2id$again"));
}

TEST_P(AccountStoreContract, GamesNewestFirstInPagesAndOnceEach) {
  for (int i = 0; i < 25; ++i) {
    std::string g = "g" + std::to_string(100 + i);
    ASSERT_TRUE(store_->add_game({"a1", g, "s", 1000 + i / 2}));  // pairs share a time: the id breaks the tie
    ASSERT_TRUE(store_->add_game({"a1", g, "s", 5000}));          // the same seat again changes nothing
  }
  ASSERT_TRUE(store_->add_game({"b1", "g100", "other", 1}));
  std::vector<std::string> seen;
  GamesCursor cursor;
  for (;;) {
    auto page = store_->games("a1", cursor, 10);
    ASSERT_TRUE(page);
    if (page->empty()) break;
    EXPECT_LE(page->size(), 10u);
    for (const AccountGame& g : *page) seen.push_back(g.game);
    cursor = {page->back().at_ms, page->back().game};
  }
  ASSERT_EQ(seen.size(), 25u);
  EXPECT_EQ(seen.front(), "g124");
  EXPECT_EQ(seen[1], "g123");
  EXPECT_EQ(seen.back(), "g100");
  auto players = store_->players("g100");
  ASSERT_TRUE(players);
  EXPECT_EQ(players->size(), 2u);
}

INSTANTIATE_TEST_SUITE_P(
    Stores, AccountStoreContract,
    ::testing::Values(StoreKind{"memory", [](const std::filesystem::path&) { return make_memory_account_store(); }},
                      StoreKind{"sqlite",
                                [](const std::filesystem::path& dir) {
                                  auto s = open_sqlite_account_store((dir / "accounts.sqlite3").string());
                                  return s ? std::move(*s) : nullptr;
                                }},
                      StoreKind{"postgresql",
                                [](const std::filesystem::path&) -> std::unique_ptr<AccountStore> {
                                  auto url = tabiya::testing::shared_postgres().fresh_database();
                                  if (!url) return nullptr;
                                  auto db = PgConnection::open(*url);
                                  if (!db || !migrate_postgres(**db)) return nullptr;
                                  auto s = open_postgres_account_store(*url);
                                  return s ? std::move(*s) : nullptr;
                                }}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace tabiya::server
