// The game service on PostgreSQL, which restarts under it. While it
// is down every change is refused with the storage error and nothing of it is
// acknowledged; once it is back play resumes on new connections, and a new
// node reading the database finds every acknowledged move. The test starts a
// PostgreSQL of its own (it stops it), not the run's shared one.
#include <gtest/gtest.h>

#include "server/store/postgres_connection.h"
#include "server/store/postgres_migrations.h"
#include "support/database_servers.h"
#include "support/service_test_support.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;

class PostgresRestartTest : public ServiceFixture {
 protected:
  void SetUp() override {
    auto server = tabiya::testing::PostgresServer::create();
    ASSERT_TRUE(server) << server.error().message;
    postgres_ = std::move(*server);
    auto url = postgres_->fresh_database();
    ASSERT_TRUE(url) << url.error().message;
    url_ = *url;
    auto db = PgConnection::open(url_);
    ASSERT_TRUE(db) << db.error().message;
    auto migrated = migrate_postgres(**db);
    ASSERT_TRUE(migrated) << migrated.error().message;
    store_ = open_store();
    start();
  }
  void TearDown() override {
    service_.reset();
    store_.reset();
    postgres_.reset();
  }
  std::shared_ptr<GameStore> open_store() {
    auto s = open_postgres_store(url_);
    EXPECT_TRUE(s) << s.error().message;
    return s ? std::shared_ptr<GameStore>(std::move(*s)) : nullptr;
  }
  std::unique_ptr<tabiya::testing::PostgresServer> postgres_;
  std::string url_;
};

TEST_F(PostgresRestartTest, MovesAreRefusedWhileItIsDownAndPlayResumesWithNothingLost) {
  auto [g, id, c] = hotseat(R"({"v":1,"opponent":"hotseat","time":"5+0"})");
  move(c, "e2e4", 0, 1);
  ASSERT_TRUE(c.peer->last("event", "move"));
  c.peer->take();

  postgres_->stop();
  move(c, "e7e5", 1, 2);
  auto err = c.peer->last("error");
  ASSERT_TRUE(err);
  EXPECT_EQ(std::string(err->at("code").as_string()), "server_error");
  EXPECT_EQ(std::string(err->at("data").as_object().at("reason").as_string()), "storage");
  EXPECT_FALSE(c.peer->last("event"));
  // A game can be neither created nor read from the store meanwhile; the service says so and stays up.
  EXPECT_FALSE(store_->load(id));

  ASSERT_TRUE(postgres_->start());
  c.peer->take();
  move(c, "e7e5", 1, 3);
  auto ack = c.peer->last("event", "move");
  ASSERT_TRUE(ack) << "no move event after PostgreSQL came back";
  EXPECT_EQ(ack->at("e").as_object().at("ply").as_int64(), 2);
  move(c, "g1f3", 2, 4);

  // Another node (a new service on new connections) finds every acknowledged move.
  service_.reset();
  store_ = open_store();
  start();
  json::object game = json::parse(service_->http({"GET", "/api/games/" + id, ""}).body).as_object();
  ASSERT_EQ(game.at("moves").as_array().size(), 3u) << json::serialize(game);
}

}  // namespace
}  // namespace tabiya::server::testing
