// The lobby's live state in PostgreSQL (lobby_live_store.h), table lobby_live (migration 3). Expiry is judged by
// the database's clock, so the nodes' clocks need not agree. Taking rows is one statement that locks them first
// (FOR UPDATE): a second taker waits for the first to commit, then finds them gone and takes nothing. The pools'
// lead is a session-level advisory lock on this store's connection: it lasts while that connection does.
#include <mutex>

#include "server/store/lobby_live_store.h"
#include "server/store/postgres_connection.h"
#include "server/store/postgres_migrations.h"

namespace tabiya::server {
namespace {

const char* kind_name(LiveKind kind) {
  switch (kind) {
    case LiveKind::SEEK:
      return "seek";
    case LiveKind::CHALLENGE:
      return "challenge";
    case LiveKind::POOL:
      return "pool";
    case LiveKind::PLAYER:
      return "player";
    case LiveKind::GAME:
      return "game";
  }
  return "?";
}

// A text[] literal: {"a","b"}, quotes and backslashes escaped.
std::string text_array(const std::vector<std::string>& items) {
  std::string out = "{";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ',';
    out += '"';
    for (char c : items[i]) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += '"';
  }
  out += '}';
  return out;
}

constexpr const char* LIVE = "NOT taken AND (expires_at IS NULL OR expires_at > now())";
// Any constant: the advisory lock whose holder runs the pools' waves.
constexpr const char* WAVE_LOCK = "7202202";

class PostgresLobbyLiveStore final : public LobbyLiveStore {
 public:
  PostgresLobbyLiveStore(std::unique_ptr<PgConnection> db, std::string node, int64_t ttl_ms)
      : db_(std::move(db)), node_(std::move(node)), ttl_(std::to_string(ttl_ms)) {}

  Result<bool> put(LiveKind kind, const LiveRow& r, bool lasting) override {
    std::lock_guard lock(mutex_);
    auto done = db_->query(
        "INSERT INTO lobby_live(kind, id, owner, other, json, node, expires_at) VALUES($1, $2, $3, $4, $5, $6,"
        " CASE WHEN $7::boolean THEN NULL ELSE now() + $8::float8 * interval '1 millisecond' END)"
        " ON CONFLICT(kind, id) DO UPDATE SET owner = EXCLUDED.owner, other = EXCLUDED.other, json = EXCLUDED.json,"
        " node = EXCLUDED.node, expires_at = EXCLUDED.expires_at, taken = false, n = DEFAULT",
        {kind_name(kind), r.id, r.owner, r.other, r.json, node_, lasting ? "true" : "false", ttl_},
        std::string("lobby: store the ") + kind_name(kind) + " " + r.id);
    if (!done) return done.error();
    return true;
  }

  Result<std::vector<LiveRow>> rows(LiveKind kind, const std::string& user) override {
    std::lock_guard lock(mutex_);
    std::string sql = "SELECT id, owner, other, json FROM lobby_live WHERE kind = $1 AND ";
    sql += LIVE;
    std::vector<std::string> params{kind_name(kind)};
    if (!user.empty()) {
      sql += " AND (owner = $2 OR other = $2)";
      params.push_back(user);
    }
    sql += " ORDER BY n";
    auto found = db_->query(sql, params, std::string("lobby: read the ") + kind_name(kind) + "s", true);
    if (!found) return found.error();
    return rows_of(*found);
  }

  Result<std::optional<LiveRow>> row(LiveKind kind, const std::string& id) override {
    std::lock_guard lock(mutex_);
    std::string sql = "SELECT id, owner, other, json FROM lobby_live WHERE kind = $1 AND id = $2 AND ";
    sql += LIVE;
    auto found =
        db_->query(sql, {kind_name(kind), id}, std::string("lobby: read the ") + kind_name(kind) + " " + id, true);
    if (!found) return found.error();
    std::vector<LiveRow> rows = rows_of(*found);
    if (rows.empty()) return std::optional<LiveRow>();
    return std::optional<LiveRow>(std::move(rows.front()));
  }

  Result<std::vector<LiveRow>> take(LiveKind kind, const std::vector<std::string>& ids) override {
    if (ids.empty()) return std::vector<LiveRow>{};
    std::lock_guard lock(mutex_);
    // The taken rows stay a minute as tombstones (was_taken); not sent again on a new connection, as a take that
    // landed before the connection broke belongs to this caller and must not be answered "gone".
    std::string sql = "WITH locked AS (SELECT id FROM lobby_live WHERE kind = $1 AND id = ANY($2::text[]) AND ";
    sql += LIVE;
    sql +=
        " FOR UPDATE) UPDATE lobby_live SET taken = true, expires_at = now() + interval '1 minute'"
        " WHERE kind = $1 AND id IN (SELECT id FROM locked) AND (SELECT count(*) FROM locked) = $3::bigint"
        " RETURNING id, owner, other, json";
    auto taken = db_->query(sql, {kind_name(kind), text_array(ids), std::to_string(ids.size())},
                            std::string("lobby: take the ") + kind_name(kind) + " " + ids.front());
    if (!taken) return taken.error();
    return rows_of(*taken);
  }

  Result<bool> was_taken(LiveKind kind, const std::string& id) override {
    std::lock_guard lock(mutex_);
    auto found = db_->query("SELECT 1 FROM lobby_live WHERE kind = $1 AND id = $2 AND taken", {kind_name(kind), id},
                            std::string("lobby: read the ") + kind_name(kind) + " " + id, true);
    if (!found) return found.error();
    return found->rows() > 0;
  }

  Result<bool> renew() override {
    std::lock_guard lock(mutex_);
    auto kept = db_->query(
        "UPDATE lobby_live SET expires_at = now() + $2::float8 * interval '1 millisecond' WHERE node = $1 AND NOT"
        " taken AND expires_at IS NOT NULL",
        {node_, ttl_}, "lobby: renew this node's rows");
    if (!kept) return kept.error();
    auto swept = db_->query("DELETE FROM lobby_live WHERE expires_at < now()", {}, "lobby: forget expired rows");
    if (!swept) return swept.error();
    return true;
  }

  Result<bool> lead_waves() override {
    std::lock_guard lock(mutex_);
    // Held already: granted again (the count grows; the lock goes with the session all the same).
    std::string sql = "SELECT pg_try_advisory_lock(";
    sql += WAVE_LOCK;
    sql += ")";
    auto got = db_->query(sql, {}, "lobby: take the pools' lead", true);
    if (!got) return got.error();
    return got->text(0, 0) == "t";
  }

 private:
  static std::vector<LiveRow> rows_of(const PgRows& r) {
    std::vector<LiveRow> out;
    out.reserve(std::size_t(r.rows()));
    for (int i = 0; i < r.rows(); ++i) out.push_back({r.text(i, 0), r.text(i, 1), r.text(i, 2), r.text(i, 3)});
    return out;
  }

  std::mutex mutex_;
  std::unique_ptr<PgConnection> db_;
  const std::string node_, ttl_;
};

}  // namespace

Result<std::unique_ptr<LobbyLiveStore>> open_postgres_lobby_live_store(const std::string& url, const std::string& node,
                                                                       int64_t ttl_ms) {
  auto db = open_migrated_postgres(url);
  if (!db) return db.error();
  return std::unique_ptr<LobbyLiveStore>(std::make_unique<PostgresLobbyLiveStore>(std::move(*db), node, ttl_ms));
}

}  // namespace tabiya::server
