// `tabiya db migrate URL`: brings a PostgreSQL database to the schema this
// build's store needs (server/store/postgres_migrations.h). Idempotent: a database
// already there is left as it is; several nodes may run it at once.
#include <iostream>
#include <memory>

#include "commands.h"
#include "server/store/postgres_connection.h"
#include "server/store/postgres_migrations.h"

namespace tabiya::cli {

int db_migrate(const std::string& url, std::ostream& out, std::ostream& err) {
  auto db = server::PgConnection::open(url);
  if (!db) {
    err << "tabiya: " << db.error().message << "\n";
    return 1;
  }
  auto before = server::postgres_database_version(**db);
  if (!before) {
    err << "tabiya: " << before.error().message << "\n";
    return 1;
  }
  auto after = server::migrate_postgres(**db);
  if (!after) {
    err << "tabiya: " << after.error().message << "\n";
    return 1;
  }
  if (*after == *before) {
    out << "tabiya: " << (*db)->name() << " is at schema version " << *after << ", nothing to do\n";
  } else {
    out << "tabiya: " << (*db)->name() << " migrated from schema version " << *before << " to " << *after << "\n";
  }
  return 0;
}

void add_db_command(CLI::App& app) {
  CLI::App* db = app.add_subcommand("db", "Manage the PostgreSQL database of a several-server setup");
  db->require_subcommand(1);
  auto url = std::make_shared<std::string>();
  CLI::App* migrate = db->add_subcommand(
      "migrate", "Create or upgrade the schema (versioned, each step in one transaction; running it again is safe)");
  migrate->add_option("url", *url, "libpq URL, e.g. postgresql://tabiya@127.0.0.1:5432/tabiya")->required();
  migrate->callback([url] {
    if (int status = db_migrate(*url, std::cout, std::cerr); status != 0) throw CLI::RuntimeError(status);
  });
}

}  // namespace tabiya::cli
