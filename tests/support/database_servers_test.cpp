// The test harness's own servers (tests/support/database_servers.h): they start on a loopback port, accept
// connections, come back after a stop, and leave no process behind.
#include "support/database_servers.h"

#include <gtest/gtest.h>
#include <hiredis/hiredis.h>
#include <postgresql/libpq-fe.h>
#include <signal.h>

namespace tabiya::testing {
namespace {

bool postgres_answers(const std::string& url) {
  PGconn* conn = PQconnectdb(url.c_str());
  bool ok = PQstatus(conn) == CONNECTION_OK;
  if (ok) {
    PGresult* r = PQexec(conn, "SELECT current_database()");
    ok = PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1;
    PQclear(r);
  }
  PQfinish(conn);
  return ok;
}

TEST(DatabaseServers, PostgresGivesEachTestAFreshDatabaseAndStopsAndStartsAgain) {
  auto server = PostgresServer::create();
  ASSERT_TRUE(server) << server.error().message;
  PostgresServer& pg = **server;
  EXPECT_GT(pg.port(), 0);
  auto a = pg.fresh_database();
  auto b = pg.fresh_database();
  ASSERT_TRUE(a && b);
  EXPECT_NE(*a, *b);
  EXPECT_TRUE(postgres_answers(*a));
  pg.stop();
  EXPECT_FALSE(pg.running());
  EXPECT_FALSE(postgres_answers(*a));
  ASSERT_TRUE(pg.start());
  EXPECT_TRUE(postgres_answers(*a));  // the same port and data: the database is still there
}

TEST(DatabaseServers, RedisAnswersAndComesBackAfterAStop) {
  auto server = RedisServer::create();
  ASSERT_TRUE(server) << server.error().message;
  RedisServer& redis = **server;
  auto ping = [&] {
    redisContext* c = redisConnect("127.0.0.1", redis.port());
    bool ok = false;
    if (c && !c->err) {
      auto* reply = static_cast<redisReply*>(redisCommand(c, "PING"));
      ok = reply && reply->type == REDIS_REPLY_STATUS;
      if (reply) freeReplyObject(reply);
    }
    if (c) redisFree(c);
    return ok;
  };
  EXPECT_TRUE(ping());
  redis.stop();
  EXPECT_FALSE(ping());
  ASSERT_TRUE(redis.start());
  EXPECT_TRUE(ping());
}

TEST(DatabaseServers, AChildIsStoppedAndReapedWhenItsOwnerGoes) {
  pid_t pid = -1;
  {
    auto child = ChildProcess::start({"/bin/sleep", "60"}, "/dev/null");
    ASSERT_TRUE(child) << child.error().message;
    pid = child->pid();
    EXPECT_TRUE(child->running());
  }
  EXPECT_NE(::kill(pid, 0), 0);  // gone, and reaped: no zombie keeps the pid
}

}  // namespace
}  // namespace tabiya::testing
