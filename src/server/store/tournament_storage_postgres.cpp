// The events' TRFs in PostgreSQL, shared by every node (see tournament_storage_backend.h): the table
// tournament_events (id, kind, trf, version) and tournament_event_games (game -> event), migration "tournament
// events". A save is one statement that changes the row only at the version it was read at; the lock is
// pg_advisory_xact_lock on the event's id, held by a transaction on a connection of its own, so the saves made
// meanwhile commit at once on the other connection and a lock lost with its connection cannot undo them.
#include <mutex>

#include "server/store/postgres_connection.h"
#include "server/store/postgres_migrations.h"
#include "server/store/tournament_storage_backend.h"

namespace tabiya::server {
namespace {

// The advisory locks' first key for events (migrations use one 64-bit key of their own).
constexpr const char* EVENT_LOCK_CLASS = "72022";

const char* kind_name(EventKind kind) { return kind == EventKind::team ? "team" : "individual"; }

std::string joined(const std::vector<std::string>& ids) {
  std::string out;
  for (const std::string& id : ids) {
    if (!out.empty()) out += ',';
    out += id;
  }
  return out;
}

class PostgresEvents final : public EventFileStore {
 public:
  PostgresEvents(std::unique_ptr<PgConnection> data, std::unique_ptr<PgConnection> locks)
      : data_(std::move(data)), locks_(std::move(locks)) {}

  Result<std::vector<StoredEvent>> list(EventKind kind, const std::function<void(const std::string&)>&) override {
    std::lock_guard lock(data_mutex_);
    auto rows = data_->query("SELECT id, trf, version FROM tournament_events WHERE kind = $1 ORDER BY id",
                             {kind_name(kind)}, "list the events", true);
    if (!rows) return rows.error();
    std::vector<StoredEvent> events;
    for (int r = 0; r < rows->rows(); ++r)
      events.push_back({kind, rows->text(r, 0), rows->text(r, 1), rows->integer(r, 2), source_of(rows->text(r, 0))});
    return events;
  }

  Result<std::optional<StoredEvent>> load_if_newer(const std::string& id, int64_t known) override {
    std::lock_guard lock(data_mutex_);
    auto rows = data_->query("SELECT kind, trf, version FROM tournament_events WHERE id = $1 AND version > $2",
                             {id, std::to_string(known)}, "read event " + id, true);
    if (!rows) return rows.error();
    if (rows->rows() == 0) return std::optional<StoredEvent>();
    const EventKind kind = rows->text(0, 0) == "team" ? EventKind::team : EventKind::individual;
    return std::optional<StoredEvent>(StoredEvent{kind, id, rows->text(0, 1), rows->integer(0, 2), source_of(id)});
  }

  Result<bool> save(const StoredEvent& e, int64_t previous, const std::vector<std::string>& new_games) override {
    std::lock_guard lock(data_mutex_);
    // The event and its new games in one statement: both or neither.
    const std::string games =
        "games AS (INSERT INTO tournament_event_games(game, event) SELECT g, $1 FROM "
        "unnest(string_to_array($6, ',')) AS g WHERE EXISTS (SELECT 1 FROM saved) ON CONFLICT (game) DO NOTHING) ";
    const std::string sql =
        previous == 0 ? "WITH saved AS (INSERT INTO tournament_events(id, kind, trf, version) VALUES ($1, $2, $3, $4) "
                        "ON CONFLICT (id) DO NOTHING RETURNING id), " +
                            games + "SELECT count(*) FROM saved WHERE $5::bigint = 0"
                      : "WITH saved AS (UPDATE tournament_events SET trf = $3, version = $4, updated_at = now() "
                        "WHERE id = $1 AND kind = $2 AND version = $5 RETURNING id), " +
                            games + "SELECT count(*) FROM saved";
    auto rows = data_->query(
        sql, {e.id, kind_name(e.kind), e.text, std::to_string(e.version), std::to_string(previous), joined(new_games)},
        "store event " + e.id);
    if (!rows) return rows.error();
    if (rows->integer(0, 0) == 1) return true;
    // Nothing changed: say what the store holds instead.
    auto held = data_->query("SELECT version FROM tournament_events WHERE id = $1", {e.id}, "read event " + e.id, true);
    const std::string now = !held ? "unknown" : held->rows() == 0 ? "none" : held->text(0, 0);
    return fail(source_of(e.id) + ": stored version is " + now + ", not " +
                (previous == 0 ? std::string("none (a new event)") : std::to_string(previous)) +
                ": another node changed the event; not overwritten");
  }

  Result<std::optional<std::pair<EventKind, std::string>>> event_of_game(const std::string& game) override {
    std::lock_guard lock(data_mutex_);
    auto rows = data_->query(
        "SELECT e.kind, e.id FROM tournament_event_games g JOIN tournament_events e ON e.id = g.event "
        "WHERE g.game = $1",
        {game}, "find the event of game " + game, true);
    if (!rows) return rows.error();
    using Found = std::optional<std::pair<EventKind, std::string>>;
    if (rows->rows() == 0) return Found();
    return Found(std::pair{rows->text(0, 0) == "team" ? EventKind::team : EventKind::individual, rows->text(0, 1)});
  }

  Result<bool> exclusively(const std::string& id, const std::function<void()>& work) override {
    std::lock_guard lock(locks_mutex_);
    const std::string what = "lock event " + id;
    // A node that waits longer than this gives up (the request fails) rather than hold its threads.
    if (auto r = locks_->exec("BEGIN; SET LOCAL lock_timeout = '10s'", what); !r) return r.error();
    std::string lock_sql = "SELECT pg_advisory_xact_lock(";
    lock_sql += EVENT_LOCK_CLASS;
    lock_sql += ", hashtext($1))";
    if (auto r = locks_->query(lock_sql, {id}, what); !r) {
      (void)locks_->exec("ROLLBACK", what);
      return r.error();
    }
    work();
    // The transaction changed nothing: ending it only releases the lock (a broken connection released it already).
    (void)locks_->exec("COMMIT", what);
    return true;
  }

 private:
  static std::string source_of(const std::string& id) { return "postgresql tournament_events " + id; }

  std::mutex data_mutex_, locks_mutex_;
  std::unique_ptr<PgConnection> data_, locks_;
};

}  // namespace

Result<std::shared_ptr<EventFileStore>> open_postgres_event_store(const std::string& url) {
  auto data = PgConnection::open(url);
  if (!data) return data.error();
  auto version = postgres_database_version(**data);
  if (!version) return version.error();
  if (*version < postgres_schema_version())
    return fail("postgresql " + (*data)->name() + ": the schema is at version " + std::to_string(*version) +
                ", this tabiya needs " + std::to_string(postgres_schema_version()) + ": run `tabiya db migrate " +
                (*data)->name() + "`");
  auto locks = PgConnection::open(url);
  if (!locks) return locks.error();
  return std::shared_ptr<EventFileStore>(std::make_shared<PostgresEvents>(std::move(*data), std::move(*locks)));
}

}  // namespace tabiya::server
