// `tabiya db migrate URL`: creates the schema once, changes nothing when run again, and the store
// refuses a database that was not migrated, saying what to run. Against the run's shared PostgreSQL.
#include <gtest/gtest.h>

#include <sstream>

#include "commands.h"
#include "server/store/game_store.h"
#include "server/store/postgres_migrations.h"
#include "support/database_servers.h"

namespace tabiya::cli {
namespace {

TEST(DbMigrate, CreatesTheSchemaOnceAndIsSafeToRunAgain) {
  auto url = testing::shared_postgres().fresh_database();
  ASSERT_TRUE(url) << url.error().message;
  auto unmigrated = server::open_postgres_store(*url);
  ASSERT_FALSE(unmigrated);
  EXPECT_NE(unmigrated.error().message.find("run `tabiya db migrate"), std::string::npos) << unmigrated.error().message;

  std::ostringstream out, err;
  ASSERT_EQ(db_migrate(*url, out, err), 0) << err.str();
  // The latest schema, whatever its number (each migration appended raises it).
  EXPECT_GE(server::postgres_schema_version(), 5);  // 3: tournament events, 4: accounts and the lobby, 5: game leases
  const std::string latest = std::to_string(server::postgres_schema_version());
  EXPECT_NE(out.str().find("migrated from schema version 0 to " + latest), std::string::npos) << out.str();
  out.str("");
  ASSERT_EQ(db_migrate(*url, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("at schema version " + latest + ", nothing to do"), std::string::npos) << out.str();
  EXPECT_TRUE(server::open_postgres_store(*url));
}

TEST(DbMigrate, ARefusedConnectionNamesTheUrlWithoutItsPassword) {
  // A port the OS just found free: nobody listens there, the connection is refused at once.
  auto port = testing::free_loopback_port();
  ASSERT_TRUE(port) << port.error().message;
  const std::string url = std::string("postgresql://tabiya:s3cret@127.0.0.1:") + std::to_string(*port) + "/none";
  std::ostringstream out, err;
  EXPECT_EQ(db_migrate(url, out, err), 1);
  EXPECT_NE(err.str().find("postgresql://tabiya:***@127.0.0.1"), std::string::npos) << err.str();
  EXPECT_EQ(err.str().find("s3cret"), std::string::npos) << err.str();
}

}  // namespace
}  // namespace tabiya::cli
