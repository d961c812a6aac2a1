#include "support/migrated_database.h"

#include "server/store/postgres_connection.h"
#include "server/store/postgres_migrations.h"
#include "support/database_servers.h"

namespace tabiya::testing {

Result<std::string> fresh_migrated_database() {
  Result<std::string> url = shared_postgres().fresh_database();
  if (!url) return url.error();
  auto db = server::PgConnection::open(*url);
  if (!db) return db.error();
  if (auto migrated = server::migrate_postgres(**db); !migrated) return migrated.error();
  return url;
}

}  // namespace tabiya::testing
