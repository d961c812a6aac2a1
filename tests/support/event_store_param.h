// The tournament and team service tests run on both event stores (tournament_storage_backend.h): the files of a
// data directory and PostgreSQL (a fresh, migrated database of the run's shared server per test).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "server/store/postgres_connection.h"
#include "server/store/postgres_migrations.h"
#include "server/store/tournament_storage_backend.h"
#include "support/database_servers.h"

namespace tabiya::server::testing {

enum class EventBackend { files, postgres };

inline std::string event_backend_name(const ::testing::TestParamInfo<EventBackend>& info) {
  return info.param == EventBackend::files ? "Files" : "PostgreSQL";
}

// A new migrated database; its URL.
inline std::string fresh_event_database() {
  auto url = tabiya::testing::shared_postgres().fresh_database();
  if (!url) ADD_FAILURE() << url.error().message;
  if (!url) return {};
  auto db = PgConnection::open(*url);
  if (!db) ADD_FAILURE() << db.error().message;
  if (!db) return {};
  auto migrated = migrate_postgres(**db);
  if (!migrated) ADD_FAILURE() << migrated.error().message;
  return *url;
}

// The event store for `url` (PostgreSQL) or nullptr (the service's files); a failure fails the test.
inline std::shared_ptr<EventFileStore> event_store_for(EventBackend backend, const std::string& url) {
  if (backend == EventBackend::files) return nullptr;
  auto store = open_postgres_event_store(url);
  if (!store) ADD_FAILURE() << store.error().message;
  return store ? *store : nullptr;
}

}  // namespace tabiya::server::testing
