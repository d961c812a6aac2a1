#include "server/store/postgres_migrations.h"

#include <array>

#include "server/store/postgres_connection.h"

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
    // Several nodes: the running clock's last checkpoint per game; a stored move deletes it (trigger), so it never
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
    // Tournaments and team events shared by the nodes (tournament_storage_postgres.cpp): each event's
    // stored TRF with its version, and which event each of its games belongs to.
    Migration{3, "tournament events",
              R"sql(
CREATE TABLE tournament_events(
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('individual', 'team')),
  trf text NOT NULL,
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE tournament_event_games(
  game text PRIMARY KEY,
  event text NOT NULL);
)sql"},
    // Accounts, their sessions (hashed tokens) and seats, and what the lobby keeps, shared by every
    // node on the database.
    Migration{4, "accounts and the lobby",
              R"sql(
CREATE TABLE accounts(
  id text PRIMARY KEY,
  username text NOT NULL,
  key text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  email text NOT NULL,
  display_name text NOT NULL,
  federation text NOT NULL,
  fide_id text NOT NULL,
  language text NOT NULL,
  title text NOT NULL,
  created_ms bigint NOT NULL,
  deleted boolean NOT NULL DEFAULT false);
CREATE TABLE account_sessions(
  token_hash text PRIMARY KEY,
  account text NOT NULL,
  csrf text NOT NULL,
  created_ms bigint NOT NULL);
CREATE INDEX account_sessions_by_account ON account_sessions(account);
CREATE TABLE account_games(
  account text NOT NULL,
  game text NOT NULL,
  seat text NOT NULL,
  at_ms bigint NOT NULL,
  PRIMARY KEY(account, game, seat));
CREATE INDEX account_games_newest ON account_games(account, at_ms DESC, game DESC);
CREATE INDEX account_games_by_game ON account_games(game);
-- The lobby: names as the lobby saw them (compared without case), ratings per category with their history, rated
-- games waiting for their result, correspondence seeks.
CREATE TABLE lobby_names(
  key text PRIMARY KEY,
  account text NOT NULL);
CREATE TABLE lobby_ratings(
  account text NOT NULL,
  category text NOT NULL,
  rating double precision NOT NULL,
  rd double precision NOT NULL,
  volatility double precision NOT NULL,
  games integer NOT NULL,
  updated_ms bigint NOT NULL,
  PRIMARY KEY(account, category));
CREATE TABLE lobby_rating_history(
  n bigserial PRIMARY KEY,
  account text NOT NULL,
  category text NOT NULL,
  game text NOT NULL,
  at_ms bigint NOT NULL,
  rating_before double precision NOT NULL,
  rd_before double precision NOT NULL,
  vol_before double precision NOT NULL,
  rating double precision NOT NULL,
  rd double precision NOT NULL,
  volatility double precision NOT NULL);
CREATE INDEX lobby_rating_history_account ON lobby_rating_history(account, at_ms, n);
CREATE INDEX lobby_rating_history_game ON lobby_rating_history(game, n);
CREATE TABLE lobby_rated_games(
  game text PRIMARY KEY,
  white text NOT NULL,
  black text NOT NULL,
  category text NOT NULL);
CREATE TABLE lobby_seeks(
  id text PRIMARY KEY,
  json text NOT NULL);
-- The lobby's live state shared by the nodes (lobby_live_store.h): seeks, challenges, pool places, players and
-- games, each row kept alive by the node that wrote it (expires_at NULL: lasting); a taken row stays a minute.
CREATE TABLE lobby_live(
  kind text NOT NULL,
  id text NOT NULL,
  owner text NOT NULL,
  other text NOT NULL DEFAULT '',
  json text NOT NULL,
  node text NOT NULL,
  expires_at timestamptz,
  taken boolean NOT NULL DEFAULT false,
  n bigserial,
  PRIMARY KEY(kind, id));
CREATE INDEX lobby_live_owner ON lobby_live(kind, owner);
CREATE INDEX lobby_live_other ON lobby_live(kind, other);
CREATE INDEX lobby_live_node ON lobby_live(node) WHERE expires_at IS NOT NULL;
)sql"},
    // Several nodes: one owner per game. A lease row outlives its release (owner '') so that its epoch never falls; it
    // names no game by foreign key, as a node takes a new game's lease before it creates the game.
    Migration{5, "game leases with epochs",
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

Result<std::unique_ptr<PgConnection>> open_migrated_postgres(const std::string& url) {
  auto db = PgConnection::open(url);
  if (!db) return db.error();
  auto version = postgres_database_version(**db);
  if (!version) return version.error();
  const std::string at = std::to_string(*version), needed = std::to_string(postgres_schema_version());
  if (*version < postgres_schema_version())
    return fail("postgresql " + (*db)->name() + ": the schema is at version " + at + ", this tabiya needs " + needed +
                ": run `tabiya db migrate " + (*db)->name() + "`");
  if (*version > postgres_schema_version())
    return fail("postgresql " + (*db)->name() + ": the schema is at version " + at +
                ", newer than this tabiya knows (" + needed + "): run the newer tabiya");
  return std::move(*db);
}

}  // namespace tabiya::server
