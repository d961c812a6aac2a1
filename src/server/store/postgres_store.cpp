// The PostgreSQL game store, for several server nodes sharing their games.
// A commit is one round trip: the batch's writes are sent as one text of
// statements, which PostgreSQL runs in one transaction (all or none) and
// acknowledges once durable (synchronous_commit). Reads go through a second
// connection, so a load never waits behind a commit. Both connections come
// back by themselves after PostgreSQL restarts (postgres_connection.h);
// meanwhile every call fails, and the service refuses the changes with its
// storage error.
#include <mutex>
#include <set>

#include "server/store/game_store.h"
#include "server/store/postgres_connection.h"
#include "server/store/postgres_migrations.h"

namespace tabiya::server {
namespace {

// One game and its actions per row group: `SELECT` of games LEFT JOIN actions, ordered by game then index. One
// statement, so one snapshot: a game never comes back with half of a commit's actions.
constexpr const char* GAME_COLUMNS =
    "SELECT g.id, g.setup, g.seq, g.finished, g.result, a.action, c.at FROM games g"
    " LEFT JOIN actions a ON a.game = g.id LEFT JOIN clock_checkpoints c ON c.game = g.id";

std::vector<StoredGame> games_from(const PgRows& rows) {
  std::vector<StoredGame> games;
  for (int i = 0; i < rows.rows(); ++i) {
    const std::string id = rows.text(i, 0);
    if (games.empty() || games.back().id != id) {
      StoredGame g;
      g.id = id;
      g.setup = rows.text(i, 1);
      g.seq = rows.integer(i, 2);
      g.finished = rows.text(i, 3) == "t";
      g.result = rows.null(i, 4) ? std::string() : rows.text(i, 4);
      if (!rows.null(i, 6)) g.clock_checkpoint = rows.integer(i, 6);
      games.push_back(std::move(g));
    }
    if (!rows.null(i, 5)) games.back().actions.push_back(rows.text(i, 5));
  }
  return games;
}

class PostgresStore final : public GameStore {
 public:
  PostgresStore(std::unique_ptr<PgConnection> writer, std::unique_ptr<PgConnection> reader,
                std::unique_ptr<PgConnection> leases)
      : writer_(std::move(writer)), reader_(std::move(reader)), leases_(std::move(leases)) {}

  Result<bool> commit(const std::vector<StoreWrite>& writes) override {
    std::lock_guard lock(write_mutex_);
    std::string sql;
    // Each game's fence once per batch, all before the writes and in the order of the game ids: the renewal
    // (renew_leases) locks lease rows in that order too, so the two never wait for each other in a cycle (a
    // deadlock PostgreSQL breaks only after deadlock_timeout, 1 s, failing one side).
    std::set<std::pair<std::string, int64_t>> fenced;
    for (const StoreWrite& w : writes)
      if (w.kind != StoreWrite::Kind::REMOVE && w.kind != StoreWrite::Kind::KEEP) fenced.emplace(w.game, w.epoch);
    for (const auto& [id, epoch] : fenced) {
      auto game = writer_->literal(id);
      if (!game) return game.error();
      sql += "SELECT tabiya_fence(" + *game + ", " + std::to_string(epoch) + ");\n";
    }
    for (const StoreWrite& w : writes) {
      auto statement = write(w);
      if (!statement) return statement.error();
      sql += *statement;
      sql += ";\n";
    }
    if (sql.empty()) return true;
    // One transaction, also when the text holds several statements (a simple query runs as one).
    auto done = writer_->exec(sql, "commit " + std::to_string(writes.size()) + " changes");
    if (done || !writer_->broken()) return done;
    // The connection broke under the commit: it may have landed. Answering "refused" for a stored move would
    // leave the room one action behind the store, refusing every later move; so look, on a new connection.
    if (auto landed = landed_on_new_connection(writes); landed && *landed) return true;
    return done;
  }

  Result<std::vector<StoredGame>> load_unfinished() override {
    std::lock_guard lock(read_mutex_);
    std::string sql = GAME_COLUMNS;
    sql += " WHERE NOT g.finished ORDER BY g.id, a.idx";
    auto rows = reader_->query(sql, {}, "load unfinished games", true);
    if (!rows) return rows.error();
    return games_from(*rows);
  }

  Result<std::optional<StoredGame>> load(const std::string& id) override {
    std::lock_guard lock(read_mutex_);
    std::string sql = GAME_COLUMNS;
    sql += " WHERE g.id = $1 ORDER BY a.idx";
    auto rows = reader_->query(sql, {id}, "load game " + id, true);
    if (!rows) return rows.error();
    std::vector<StoredGame> games = games_from(*rows);
    if (games.empty()) return std::optional<StoredGame>{};
    return std::optional<StoredGame>{std::move(games.front())};
  }

  Result<bool> finished(const std::string& id) override {
    std::lock_guard lock(read_mutex_);
    auto rows = reader_->query("SELECT finished FROM games WHERE id = $1", {id},
                               "read whether game " + id + " is finished", true);
    if (!rows) return rows.error();
    if (rows->rows() == 0) return fail("postgresql " + reader_->name() + ": " + no_stored_game(id));
    return rows->text(0, 0) == "t";
  }

  Result<std::vector<std::string>> expiry_candidates(int64_t before_ms, std::size_t limit) override {
    std::lock_guard lock(read_mutex_);
    auto rows = reader_->query(
        "SELECT id FROM games WHERE unjoined_since IS NOT NULL AND unjoined_since < $1::bigint"
        " ORDER BY unjoined_since, id LIMIT $2::bigint",
        {std::to_string(before_ms), std::to_string(limit)}, "find games to expire", true);
    if (!rows) return rows.error();
    std::vector<std::string> ids;
    for (int i = 0; i < rows->rows(); ++i) ids.push_back(rows->text(i, 0));
    return ids;
  }

  // A takeover's UPDATE of a lease row waits for a commit in progress that read it (tabiya_fence: FOR SHARE).
  Result<std::optional<int64_t>> acquire_lease(const std::string& game, const std::string& node, int64_t now_ms,
                                               int64_t duration_ms) override {
    std::lock_guard lock(lease_mutex_);
    auto rows = leases_->query(
        "INSERT INTO game_leases(game, owner, epoch, expires_ms) VALUES ($1, $2, 1, $3::bigint + $4::bigint)"
        " ON CONFLICT (game) DO UPDATE SET owner = EXCLUDED.owner, epoch = game_leases.epoch + 1,"
        " expires_ms = EXCLUDED.expires_ms"
        " WHERE game_leases.owner = '' OR game_leases.owner = $2 OR game_leases.expires_ms <= $3::bigint"
        " RETURNING epoch",
        {game, node, std::to_string(now_ms), std::to_string(duration_ms)}, "acquire the lease of game " + game);
    if (!rows) return rows.error();
    if (rows->rows() == 0) return std::optional<int64_t>{};
    return std::optional<int64_t>{rows->integer(0, 0)};
  }

  Result<std::vector<std::string>> renew_leases(const std::string& node, const std::vector<HeldLease>& held,
                                                int64_t now_ms, int64_t duration_ms) override {
    std::vector<std::string> renewed;
    if (held.empty()) return renewed;
    std::lock_guard lock(lease_mutex_);
    // One statement for every lease: the games and epochs as two arrays (game ids are quoted for the array).
    std::string games = "{", epochs = "{";
    for (std::size_t i = 0; i < held.size(); ++i) {
      if (i > 0) {
        games += ',';
        epochs += ',';
      }
      games += '"';
      for (char c : held[i].game) {
        if (c == '"' || c == '\\') games += '\\';
        games += c;
      }
      games += '"';
      epochs += std::to_string(held[i].epoch);
    }
    games += '}';
    epochs += '}';
    // The rows are locked first, in the order of the game ids, as a commit's fences lock them (see commit).
    auto rows = leases_->query(
        "WITH mine AS (SELECT l.game FROM game_leases l JOIN unnest($4::text[], $5::bigint[]) AS h(game, epoch)"
        " ON l.game = h.game AND l.epoch = h.epoch WHERE l.owner = $1 ORDER BY l.game FOR UPDATE OF l)"
        " UPDATE game_leases l SET expires_ms = $2::bigint + $3::bigint FROM mine WHERE l.game = mine.game"
        " RETURNING l.game",
        {node, std::to_string(now_ms), std::to_string(duration_ms), games, epochs}, "renew leases");
    if (!rows) return rows.error();
    for (int i = 0; i < rows->rows(); ++i) renewed.push_back(rows->text(i, 0));
    return renewed;
  }

  Result<bool> release_lease(const std::string& game, const std::string& node, int64_t epoch) override {
    std::lock_guard lock(lease_mutex_);
    auto rows = leases_->query(
        "UPDATE game_leases SET owner = '', expires_ms = 0 WHERE game = $1 AND owner = $2 AND epoch = $3::bigint"
        " RETURNING game",
        {game, node, std::to_string(epoch)}, "release the lease of game " + game);
    if (!rows) return rows.error();
    return rows->rows() > 0;
  }

  Result<std::optional<GameLease>> lease(const std::string& game) override {
    std::lock_guard lock(read_mutex_);
    auto rows = reader_->query("SELECT owner, epoch, expires_ms FROM game_leases WHERE game = $1", {game},
                               "read the lease of game " + game, true);
    if (!rows) return rows.error();
    if (rows->rows() == 0) return std::optional<GameLease>{};
    return std::optional<GameLease>{GameLease{rows->text(0, 0), rows->integer(0, 1), rows->integer(0, 2)}};
  }

  Result<std::vector<std::string>> unowned_games(int64_t now_ms, std::size_t limit) override {
    std::lock_guard lock(read_mutex_);
    auto rows = reader_->query(
        "SELECT g.id FROM games g LEFT JOIN game_leases l ON l.game = g.id WHERE NOT g.finished AND"
        " (l.game IS NULL OR l.owner = '' OR l.expires_ms <= $1::bigint) ORDER BY g.id LIMIT $2::bigint",
        {std::to_string(now_ms), std::to_string(limit)}, "find games without an owner", true);
    if (!rows) return rows.error();
    std::vector<std::string> ids;
    for (int i = 0; i < rows->rows(); ++i) ids.push_back(rows->text(i, 0));
    return ids;
  }

 private:
  // One write as a statement; strings quoted by libpq for the connection's encoding.
  Result<std::string> write(const StoreWrite& w) {
    auto game = writer_->literal(w.game);
    if (!game) return game.error();
    auto text = writer_->literal(w.text);
    if (!text) return text.error();
    const std::string index = std::to_string(w.index);
    switch (w.kind) {
      case StoreWrite::Kind::CREATE:
        return "INSERT INTO games(id, setup, unjoined_since) VALUES (" + *game + ", " + *text + ", " +
               (w.unjoined_since ? std::to_string(*w.unjoined_since) : std::string("NULL")) + ")";
      case StoreWrite::Kind::APPEND:
        return "SELECT tabiya_append(" + *game + ", " + index + ", " + *text + ", " + std::to_string(w.seq) + ")";
      case StoreWrite::Kind::FINISH:
        return "SELECT tabiya_finish(" + *game + ", " + *text + ")";
      case StoreWrite::Kind::REMOVE:
        // Only a game still holding the actions its expiry was decided on; its actions go with it (cascade).
        return "DELETE FROM games WHERE id = " + *game + " AND (SELECT count(*) FROM actions WHERE game = " + *game +
               ") = " + index;
      case StoreWrite::Kind::KEEP:
        return "UPDATE games SET unjoined_since = NULL WHERE id = " + *game;
      case StoreWrite::Kind::CHECKPOINT:
        return "SELECT tabiya_checkpoint(" + *game + ", " + index + ", " + std::to_string(w.seq) + ")";
    }
    return fail("postgresql: unknown write");
  }

  // Whether a commit whose answer was lost went through: its first creation or action is there, as written.
  Result<bool> landed_on_new_connection(const std::vector<StoreWrite>& writes) {
    for (const StoreWrite& w : writes) {
      if (w.kind == StoreWrite::Kind::CREATE) {
        auto rows = writer_->query("SELECT setup FROM games WHERE id = $1", {w.game}, "check a commit", true);
        if (!rows) return rows.error();
        return rows->rows() == 1 && rows->text(0, 0) == w.text;
      }
      if (w.kind == StoreWrite::Kind::APPEND) {
        auto rows = writer_->query("SELECT action FROM actions WHERE game = $1 AND idx = $2::bigint",
                                   {w.game, std::to_string(w.index)}, "check a commit", true);
        if (!rows) return rows.error();
        return rows->rows() == 1 && rows->text(0, 0) == w.text;
      }
    }
    return false;  // only idempotent writes (finish, keep, remove, checkpoint): refusing them costs a retry, nothing
                   // more
  }

  std::mutex write_mutex_, read_mutex_, lease_mutex_;
  // The leases have a connection of their own: a renewal never waits behind a group commit, nor a commit behind it.
  std::unique_ptr<PgConnection> writer_, reader_, leases_;
};

}  // namespace

Result<std::unique_ptr<GameStore>> open_postgres_store(const std::string& url) {
  auto writer = PgConnection::open(url);
  if (!writer) return writer.error();
  auto version = postgres_database_version(**writer);
  if (!version) return version.error();
  if (*version < postgres_schema_version()) {
    return fail("postgresql " + (*writer)->name() + ": the schema is at version " + std::to_string(*version) +
                ", this tabiya needs " + std::to_string(postgres_schema_version()) + ": run `tabiya db migrate " +
                (*writer)->name() + "`");
  }
  if (*version > postgres_schema_version()) {
    return fail("postgresql " + (*writer)->name() + ": the schema is at version " + std::to_string(*version) +
                ", newer than this tabiya knows (" + std::to_string(postgres_schema_version()) +
                "): run the newer tabiya");
  }
  auto reader = PgConnection::open(url);
  if (!reader) return reader.error();
  auto leases = PgConnection::open(url);
  if (!leases) return leases.error();
  return std::unique_ptr<GameStore>(
      std::make_unique<PostgresStore>(std::move(*writer), std::move(*reader), std::move(*leases)));
}

}  // namespace tabiya::server
