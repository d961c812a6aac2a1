#include "server/postgres_migrations.h"

#include <array>

#include "server/postgres_connection.h"

namespace tabiya::server {
namespace {

struct Migration {
  int version;
  const char* what;
  const char* sql;
};

// Append only: a released migration never changes (databases already ran it).
constexpr std::array MIGRATIONS = {
    Migration{1, "games and their actions",
              R"sql(
CREATE TABLE games(
  id text PRIMARY KEY,
  setup text NOT NULL,
  seq bigint NOT NULL DEFAULT 0,
  finished boolean NOT NULL DEFAULT false,
  result text,
  unjoined_since bigint);
CREATE INDEX games_unfinished ON games(id) WHERE NOT finished;
CREATE INDEX games_unjoined ON games(unjoined_since, id) WHERE unjoined_since IS NOT NULL;
CREATE TABLE actions(
  game text NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  idx bigint NOT NULL,
  action text NOT NULL,
  PRIMARY KEY(game, idx));
-- Appends action i after action i - 1 only; the primary key refuses a second i, the foreign key an unknown game.
CREATE FUNCTION tabiya_append(g text, i bigint, a text, s bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF i > 0 AND NOT EXISTS (SELECT 1 FROM actions WHERE game = g AND idx = i - 1) THEN
    RAISE EXCEPTION 'append action % to game %: out of order', i, g;
  END IF;
  INSERT INTO actions(game, idx, action) VALUES (g, i, a);
  UPDATE games SET seq = s WHERE id = g;
END $$;
CREATE FUNCTION tabiya_finish(g text, r text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE games SET finished = true, result = r WHERE id = g;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'finish game %: no such game', g;
  END IF;
END $$;
)sql"},
    // Issue 22: the running clock's last checkpoint per game; a stored move deletes it (trigger), so it never
    // outlives the game's next move.
    Migration{2, "clock checkpoints",
              R"sql(
CREATE TABLE clock_checkpoints(
  game text PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
  at bigint NOT NULL);
-- Only for an unfinished game holding exactly i actions: a move stored since overtook it (never an error).
CREATE FUNCTION tabiya_checkpoint(g text, i bigint, t bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM games WHERE id = g AND NOT finished)
     AND (SELECT count(*) FROM actions WHERE game = g) = i THEN
    INSERT INTO clock_checkpoints(game, at) VALUES (g, t) ON CONFLICT (game) DO UPDATE SET at = EXCLUDED.at;
  END IF;
END $$;
CREATE FUNCTION tabiya_drop_checkpoint() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM clock_checkpoints WHERE game = NEW.game;
  RETURN NEW;
END $$;
CREATE TRIGGER actions_drop_checkpoint AFTER INSERT ON actions FOR EACH ROW EXECUTE FUNCTION tabiya_drop_checkpoint();
)sql"},
    // Issue 22: one owner per game. A lease row outlives its release (owner '') so that its epoch never falls; it
    // names no game by foreign key, as a node takes a new game's lease before it creates the game.
    Migration{3, "game leases with epochs",
              R"sql(
CREATE TABLE game_leases(
  game text PRIMARY KEY,
  owner text NOT NULL,
  epoch bigint NOT NULL,
  expires_ms bigint NOT NULL);
-- In every commit before a game's writes: the lease row is read FOR SHARE, so a takeover (an UPDATE of that row)
-- waits for the commit, and the new owner then reads what it wrote; a write at an older epoch aborts the batch.
CREATE FUNCTION tabiya_fence(g text, e bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE current bigint;
BEGIN
  SELECT epoch INTO current FROM game_leases WHERE game = g FOR SHARE;
  IF current IS NOT NULL AND current > e THEN
    RAISE EXCEPTION 'game %: stale lease epoch % (the lease is at %)', g, e, current;
  END IF;
END $$;
)sql"},
};

// Any constant: the advisory lock that serialises migrations across nodes.
constexpr const char* MIGRATION_LOCK = "7202201";

}  // namespace

int postgres_schema_version() { return MIGRATIONS.back().version; }

Result<int> postgres_database_version(PgConnection& db) {
  // Two steps: a statement naming a table that does not exist fails even in a branch that is never taken.
  auto present = db.query("SELECT to_regclass('tabiya_schema_migrations') IS NOT NULL", {}, "read the schema version");
  if (!present) return present.error();
  if (present->text(0, 0) != "t") return 0;
  auto rows = db.query("SELECT coalesce(max(version), 0) FROM tabiya_schema_migrations", {}, "read the schema version");
  if (!rows) return rows.error();
  return int(rows->integer(0, 0));
}

Result<int> migrate_postgres(PgConnection& db) {
  if (auto r =
          db.exec("CREATE TABLE IF NOT EXISTS tabiya_schema_migrations(version integer PRIMARY KEY, what text NOT NULL,"
                  " applied_at timestamptz NOT NULL DEFAULT now())",
                  "create the migrations table");
      !r) {
    // Two nodes creating it at once: one of them loses the race on the catalogue; the table is there all the same.
    auto again = postgres_database_version(db);
    if (!again) return r.error();
  }
  for (const Migration& m : MIGRATIONS) {
    const std::string v = std::to_string(m.version);
    const std::string what = "migration " + v + " (" + m.what + ")";
    std::string begin = "BEGIN; SELECT pg_advisory_xact_lock(";
    begin += MIGRATION_LOCK;
    begin += ")";
    if (auto r = db.exec(begin, what); !r) return r.error();
    // Under the lock: another node may have applied it meanwhile.
    auto done = db.query("SELECT 1 FROM tabiya_schema_migrations WHERE version = $1", {v}, what);
    if (!done) {
      (void)db.exec("ROLLBACK", what);
      return done.error();
    }
    if (done->rows() > 0) {
      if (auto r = db.exec("COMMIT", what); !r) return r.error();
      continue;
    }
    // The step and its record in one exec: even on a connection made anew meanwhile they go together.
    std::string step = m.sql;
    step += "; INSERT INTO tabiya_schema_migrations(version, what) VALUES (" + v + ", '";
    step += m.what;
    step += "'); COMMIT";
    if (auto r = db.exec(step, what); !r) return r.error();  // exec ends the failed transaction
  }
  return postgres_database_version(db);
}

}  // namespace tabiya::server
