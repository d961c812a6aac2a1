// The PostgreSQL schema, as numbered migrations (`tabiya db migrate URL`).
// Each migration runs in one transaction together with the row that records it
// in tabiya_schema_migrations, under an advisory lock: two nodes migrating at
// once apply each step once, and running it again changes nothing.
#pragma once

#include <memory>
#include <string>

#include "core/result.h"

namespace tabiya::server {

class PgConnection;

// The version this build's store needs (the last migration's number).
int postgres_schema_version();
// Applies the migrations the database lacks; returns the version it is at afterwards.
Result<int> migrate_postgres(PgConnection& db);
// The version the database is at (0: never migrated).
Result<int> postgres_database_version(PgConnection& db);
// A connection to `url` whose database is at this build's schema version; otherwise an error that says what to run.
Result<std::unique_ptr<PgConnection>> open_migrated_postgres(const std::string& url);

}  // namespace tabiya::server
