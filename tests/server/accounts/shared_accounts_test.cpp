// Accounts on several nodes: two account services, each with its own PostgreSQL store on one database,
// as two `tabiya serve --store postgresql://...` nodes would be. A session made on one node is accepted by the
// other, a log-out on one ends it on both, and seats recorded on one are the account's games on the other.
#include <gtest/gtest.h>

#include "server/store/postgres_connection.h"
#include "server/store/postgres_migrations.h"
#include "support/account_test_support.h"
#include "support/database_servers.h"

namespace tabiya::server::testing {
namespace {

class SharedAccounts : public AccountFixture {
 protected:
  void SetUp() override {
    auto url = tabiya::testing::shared_postgres().fresh_database();
    ASSERT_TRUE(url) << url.error().message;
    auto db = PgConnection::open(*url);
    ASSERT_TRUE(db) << db.error().message;
    ASSERT_TRUE(migrate_postgres(**db));
    auto a = open_postgres_account_store(*url);
    ASSERT_TRUE(a) << a.error().message;
    store_ = std::move(*a);
    start();  // node A: service_
    auto b = open_postgres_account_store(*url);
    ASSERT_TRUE(b) << b.error().message;
    AccountServiceOptions options;
    options.store = std::move(*b);
    options.hasher.limits = PasswordHashLimits::fastest();
    options.monotonic_ms = [this] { return mono_ms_.load(); };
    options.wall_clock = [this] { return wall_ms_.load(); };
    options.archive = games_.archive();
    node_b_ = std::make_unique<AccountService>(std::move(options));
    router_b_ = route(*node_b_, games_);
  }
  HttpAnswer call_b(const std::string& method, const std::string& target, const std::string& body, const Browser& b) {
    HttpRequest r{method, target, body, b.client};
    r.cookie = b.cookie;
    r.csrf = b.csrf;
    r.origin = b.origin;
    r.host = "127.0.0.1:8080";
    return router_b_->http(r);
  }
  std::unique_ptr<AccountService> node_b_;
  std::unique_ptr<Router> router_b_;
};

TEST_F(SharedAccounts, ASessionMadeOnOneNodeIsAcceptedOnTheOther) {
  Browser alice = registered("alice");
  auto me = json(call_b("GET", "/api/account", "", alice));
  ASSERT_TRUE(me.at("account").is_object()) << serialize(me);
  EXPECT_EQ(me.at("account").at("username").as_string(), "alice");
  auto who = node_b_->identify(alice.cookie);
  ASSERT_TRUE(who);
  EXPECT_EQ(who->username, "alice");
  // The name is taken on the other node too, whatever its case.
  Browser other;
  HttpAnswer again = call_b("POST", "/api/account/register", R"({"username":"ALICE","password":"x y z w v u"})", other);
  EXPECT_EQ(again.status, 409) << again.body;
  // Logged out on B: A no longer accepts the cookie.
  HttpAnswer out = call_b("POST", "/api/account/logout", "", alice);
  EXPECT_EQ(out.status, 200) << out.body;
  EXPECT_EQ(whoami(alice), "");
  EXPECT_FALSE(service_->identify(alice.cookie));
}

TEST_F(SharedAccounts, SeatsRecordedOnOneNodeAreTheAccountsGamesOnTheOther) {
  Browser alice = registered("alice");
  HttpAnswer made = call("POST", "/api/games", R"({"time":"3+2"})", alice);  // the seat is recorded on node A
  ASSERT_EQ(made.status, 201) << made.body;
  auto games = json(call_b("GET", "/api/account/games", "", alice));
  ASSERT_TRUE(games.contains("games")) << serialize(games);
  ASSERT_EQ(games.at("games").as_array().size(), 1u) << serialize(games);
}

}  // namespace
}  // namespace tabiya::server::testing
