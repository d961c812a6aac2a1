// The lobby's store in DATA/lobby.sqlite3: few writes (a rated game's start and
// end, a correspondence seek), so one connection under a mutex and statements
// prepared per call are enough. Ratings keep the account's current value per
// category; rating_history keeps every change (the profile's graph).
#include <sqlite3.h>

#include <filesystem>
#include <functional>
#include <mutex>

#include "server/store/lobby_store.h"

namespace tabiya::server {

namespace {

constexpr const char* kSchema =
    "PRAGMA journal_mode=WAL;"
    "CREATE TABLE IF NOT EXISTS names(username TEXT PRIMARY KEY COLLATE NOCASE, account TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS ratings(account TEXT NOT NULL, category TEXT NOT NULL, rating REAL, rd REAL,"
    " volatility REAL, games INTEGER, updated_ms INTEGER, PRIMARY KEY(account, category));"
    "CREATE TABLE IF NOT EXISTS rating_history(account TEXT NOT NULL, category TEXT NOT NULL, game TEXT NOT NULL,"
    " at_ms INTEGER, rating_before REAL, rd_before REAL, vol_before REAL, rating REAL, rd REAL, volatility REAL);"
    "CREATE INDEX IF NOT EXISTS rating_history_account ON rating_history(account, at_ms);"
    "CREATE INDEX IF NOT EXISTS rating_history_game ON rating_history(game);"
    "CREATE TABLE IF NOT EXISTS rated_games(game TEXT PRIMARY KEY, white TEXT, black TEXT, category TEXT);"
    "CREATE TABLE IF NOT EXISTS seeks(id TEXT PRIMARY KEY, json TEXT NOT NULL);";

class Query {
 public:
  Query(sqlite3* db, const char* sql) { sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); }
  ~Query() { sqlite3_finalize(stmt_); }
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;
  Query& text(int i, const std::string& v) {
    sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Query& real(int i, double v) {
    sqlite3_bind_double(stmt_, i, v);
    return *this;
  }
  Query& integer(int i, int64_t v) {
    sqlite3_bind_int64(stmt_, i, v);
    return *this;
  }
  bool row() { return stmt_ && sqlite3_step(stmt_) == SQLITE_ROW; }
  bool done() { return stmt_ && sqlite3_step(stmt_) == SQLITE_DONE; }
  std::string column_text(int i) const {
    const unsigned char* p = sqlite3_column_text(stmt_, i);
    return p ? std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(sqlite3_column_bytes(stmt_, i)))
             : std::string();
  }
  double column_real(int i) const { return sqlite3_column_double(stmt_, i); }
  int64_t column_int(int i) const { return sqlite3_column_int64(stmt_, i); }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

RatingCategory category_of(const std::string& name) {
  return rating_category_from_name(name).value_or(RatingCategory::CLASSICAL);
}

class SqliteLobbyStore final : public LobbyStore {
 public:
  SqliteLobbyStore(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
  ~SqliteLobbyStore() override { sqlite3_close_v2(db_); }

  Result<bool> remember_name(const std::string& account, const std::string& username) override {
    std::lock_guard lock(mutex_);
    Query q(db_, "INSERT OR REPLACE INTO names(username, account) VALUES(?1, ?2)");
    return finish(q.text(1, username).text(2, account).done(), "remember a name");
  }
  std::optional<std::string> account_named(const std::string& username) const override {
    std::lock_guard lock(mutex_);
    Query q(db_, "SELECT account FROM names WHERE username = ?1");
    if (!q.text(1, username).row()) return std::nullopt;
    return q.column_text(0);
  }
  std::optional<StoredRating> rating(const std::string& account, RatingCategory category) const override {
    std::lock_guard lock(mutex_);
    Query q(db_, "SELECT rating, rd, volatility, games, updated_ms FROM ratings WHERE account = ?1 AND category = ?2");
    if (!q.text(1, account).text(2, std::string(rating_category_name(category))).row()) return std::nullopt;
    return StoredRating{
        {q.column_real(0), q.column_real(1), q.column_real(2)}, static_cast<int>(q.column_int(3)), q.column_int(4)};
  }
  Result<bool> record_rating(const RatingChange& c) override {
    std::lock_guard lock(mutex_);
    const std::string category(rating_category_name(c.category));
    if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK) return error("begin");
    Query up(db_,
             "INSERT INTO ratings(account, category, rating, rd, volatility, games, updated_ms)"
             " VALUES(?1, ?2, ?3, ?4, ?5, 1, ?6) ON CONFLICT(account, category) DO UPDATE SET rating = ?3, rd = ?4,"
             " volatility = ?5, games = games + 1, updated_ms = ?6");
    Query add(db_,
              "INSERT INTO rating_history(account, category, game, at_ms, rating_before, rd_before, vol_before,"
              " rating, rd, volatility) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
    const bool ok = up.text(1, c.account)
                        .text(2, category)
                        .real(3, c.after.rating)
                        .real(4, c.after.deviation)
                        .real(5, c.after.volatility)
                        .integer(6, c.at_ms)
                        .done() &&
                    add.text(1, c.account)
                        .text(2, category)
                        .text(3, c.game)
                        .integer(4, c.at_ms)
                        .real(5, c.before.rating)
                        .real(6, c.before.deviation)
                        .real(7, c.before.volatility)
                        .real(8, c.after.rating)
                        .real(9, c.after.deviation)
                        .real(10, c.after.volatility)
                        .done();
    sqlite3_exec(db_, ok ? "COMMIT" : "ROLLBACK", nullptr, nullptr, nullptr);
    return finish(ok, "record a rating");
  }
  std::vector<RatingChange> rating_history(const std::string& account) const override {
    return changes("account = ?1 ORDER BY at_ms, rowid", account);
  }
  std::vector<RatingChange> changes_of_game(const std::string& game) const override {
    return changes("game = ?1 ORDER BY rowid", game);
  }
  Result<bool> add_rated_game(const RatedGame& g) override {
    std::lock_guard lock(mutex_);
    Query q(db_, "INSERT OR REPLACE INTO rated_games(game, white, black, category) VALUES(?1, ?2, ?3, ?4)");
    return finish(q.text(1, g.game)
                      .text(2, g.white_account)
                      .text(3, g.black_account)
                      .text(4, std::string(rating_category_name(g.category)))
                      .done(),
                  "add a rated game");
  }
  std::optional<RatedGame> take_rated_game(const std::string& game) override {
    std::lock_guard lock(mutex_);
    // DELETE ... RETURNING: the row goes to exactly one caller, also with several servers on one database.
    Query q(db_, "DELETE FROM rated_games WHERE game = ?1 RETURNING white, black, category");
    if (!q.text(1, game).row()) return std::nullopt;
    RatedGame g{game, q.column_text(0), q.column_text(1), category_of(q.column_text(2))};
    q.done();
    return g;
  }
  Result<bool> put_seek(const std::string& id, const std::string& json) override {
    std::lock_guard lock(mutex_);
    Query q(db_, "INSERT OR REPLACE INTO seeks(id, json) VALUES(?1, ?2)");
    return finish(q.text(1, id).text(2, json).done(), "store a seek");
  }
  Result<bool> remove_seek(const std::string& id) override {
    std::lock_guard lock(mutex_);
    Query q(db_, "DELETE FROM seeks WHERE id = ?1");
    return finish(q.text(1, id).done(), "remove a seek");
  }
  std::vector<std::pair<std::string, std::string>> seeks() const override {
    std::lock_guard lock(mutex_);
    Query q(db_, "SELECT id, json FROM seeks ORDER BY id");
    std::vector<std::pair<std::string, std::string>> out;
    while (q.row()) out.emplace_back(q.column_text(0), q.column_text(1));
    return out;
  }

 private:
  std::vector<RatingChange> changes(const std::string& where, const std::string& value) const {
    std::lock_guard lock(mutex_);
    const std::string sql =
        std::string(
            "SELECT account, category, game, at_ms, rating_before, rd_before, vol_before, rating, rd,"
            " volatility FROM rating_history WHERE ") +
        where;
    Query q(db_, sql.c_str());
    q.text(1, value);
    std::vector<RatingChange> out;
    while (q.row()) {
      out.push_back({q.column_text(0),
                     category_of(q.column_text(1)),
                     q.column_text(2),
                     q.column_int(3),
                     {q.column_real(4), q.column_real(5), q.column_real(6)},
                     {q.column_real(7), q.column_real(8), q.column_real(9)}});
    }
    return out;
  }
  Result<bool> error(const char* what) const {
    std::string message = "sqlite: ";
    message += path_;
    message += ": cannot ";
    message += what;
    message += ": ";
    message += sqlite3_errmsg(db_);
    return fail(message);
  }
  Result<bool> finish(bool ok, const char* what) const { return ok ? Result<bool>(true) : error(what); }

  sqlite3* db_;
  std::string path_;
  mutable std::mutex mutex_;
};

}  // namespace

Result<std::unique_ptr<LobbyStore>> open_sqlite_lobby_store(const std::string& data_dir) {
  std::error_code ec;
  std::filesystem::create_directories(data_dir, ec);
  const std::string path = (std::filesystem::path(data_dir) / "lobby.sqlite3").string();
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr) !=
      SQLITE_OK) {
    std::string message = "sqlite: cannot open " + path + ": ";
    message += db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close_v2(db);
    return fail(message);
  }
  sqlite3_busy_timeout(db, 5000);
  char* message = nullptr;
  if (sqlite3_exec(db, kSchema, nullptr, nullptr, &message) != SQLITE_OK) {
    std::string text = "sqlite: " + path + ": ";
    text += message ? message : "unknown error";
    sqlite3_free(message);
    sqlite3_close_v2(db);
    return fail(text);
  }
  return std::unique_ptr<LobbyStore>(std::make_unique<SqliteLobbyStore>(db, path));
}

}  // namespace tabiya::server
