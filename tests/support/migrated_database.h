// A fresh database of the run's shared PostgreSQL (database_servers.h) with tabiya's schema, as `tabiya db
// migrate` leaves it (server/store/postgres_migrations.h): what the tests of the PostgreSQL stores and of several nodes
// start from.
#pragma once

#include <string>

#include "core/result.h"

namespace tabiya::testing {

// Its URL; an error names the step that failed.
Result<std::string> fresh_migrated_database();

}  // namespace tabiya::testing
