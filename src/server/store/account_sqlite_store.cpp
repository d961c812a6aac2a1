// The AccountStore in SQLite: its own file (accounts.sqlite3 beside games.sqlite3), WAL, one connection behind a
// mutex (account calls are few and short next to the games' writes). Each call is one statement.
#include <sqlite3.h>

#include <mutex>

#include "server/store/account_store.h"

namespace tabiya::server {
namespace {

// One statement, prepared for one call and finalized after it.
class Query {
 public:
  Query(sqlite3* db, const char* sql) : db_(db) { sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); }
  ~Query() { sqlite3_finalize(stmt_); }
  Query(const Query&) = delete;
  Query& operator=(const Query&) = delete;
  bool ok() const { return stmt_ != nullptr; }
  Query& text(int i, const std::string& value) {
    sqlite3_bind_text(stmt_, i, value.data(), int(value.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Query& integer(int i, int64_t value) {
    sqlite3_bind_int64(stmt_, i, value);
    return *this;
  }
  int step() { return stmt_ ? sqlite3_step(stmt_) : SQLITE_ERROR; }
  std::string column(int i) const {
    const unsigned char* p = sqlite3_column_text(stmt_, i);
    return p ? std::string(reinterpret_cast<const char*>(p), std::size_t(sqlite3_column_bytes(stmt_, i)))
             : std::string();
  }
  int64_t column_int(int i) const { return sqlite3_column_int64(stmt_, i); }
  std::string error() const { return sqlite3_errmsg(db_); }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

constexpr const char* SCHEMA =
    "PRAGMA journal_mode=WAL;"
    "PRAGMA synchronous=NORMAL;"
    "CREATE TABLE IF NOT EXISTS accounts(id TEXT PRIMARY KEY, username TEXT NOT NULL, key TEXT NOT NULL UNIQUE,"
    " password_hash TEXT NOT NULL, email TEXT NOT NULL, display_name TEXT NOT NULL, federation TEXT NOT NULL,"
    " fide_id TEXT NOT NULL, language TEXT NOT NULL, title TEXT NOT NULL, created_ms INTEGER NOT NULL,"
    " deleted INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS sessions(token_hash TEXT PRIMARY KEY, account TEXT NOT NULL, csrf TEXT NOT NULL,"
    " created_ms INTEGER NOT NULL);"
    "CREATE INDEX IF NOT EXISTS sessions_by_account ON sessions(account);"
    "CREATE TABLE IF NOT EXISTS account_games(account TEXT NOT NULL, game TEXT NOT NULL, seat TEXT NOT NULL,"
    " at_ms INTEGER NOT NULL, PRIMARY KEY(account, game, seat));"
    "CREATE INDEX IF NOT EXISTS account_games_newest ON account_games(account, at_ms DESC, game DESC);"
    "CREATE INDEX IF NOT EXISTS account_games_by_game ON account_games(game);";

constexpr const char* ACCOUNT_COLUMNS =
    "SELECT id, username, key, password_hash, email, display_name, federation, fide_id, language, title,"
    " created_ms, deleted FROM accounts WHERE ";

class SqliteAccountStore final : public AccountStore {
 public:
  explicit SqliteAccountStore(sqlite3* db) : db_(db) {}
  ~SqliteAccountStore() override { sqlite3_close(db_); }

  Result<bool> create_account(const Account& a) override {
    std::lock_guard lock(mutex_);
    Query q(db_,
            "INSERT INTO accounts VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 0)"
            " ON CONFLICT(key) DO NOTHING");
    q.text(1, a.id).text(2, a.username).text(3, a.key).text(4, a.password_hash).text(5, a.email);
    q.text(6, a.profile.display_name).text(7, a.profile.federation).text(8, a.profile.fide_id);
    q.text(9, a.profile.language).text(10, a.profile.title).integer(11, a.created_ms);
    if (q.step() != SQLITE_DONE) return fail("accounts: create " + a.username + ": " + q.error());
    return sqlite3_changes(db_) > 0;
  }
  Result<std::optional<Account>> account_by_key(const std::string& key) override {
    return account_where("key = ?1", key);
  }
  Result<std::optional<Account>> account_by_id(const std::string& id) override { return account_where("id = ?1", id); }
  Result<bool> set_password(const std::string& id, const std::string& hash) override {
    std::lock_guard lock(mutex_);
    Query q(db_, "UPDATE accounts SET password_hash = ?2 WHERE id = ?1 AND deleted = 0");
    q.text(1, id).text(2, hash);
    if (q.step() != SQLITE_DONE) return fail("accounts: set password: " + q.error());
    return sqlite3_changes(db_) > 0;
  }
  Result<bool> set_profile(const std::string& id, const Profile& p) override {
    std::lock_guard lock(mutex_);
    Query q(db_,
            "UPDATE accounts SET display_name = ?2, federation = ?3, fide_id = ?4, language = ?5, title = ?6"
            " WHERE id = ?1 AND deleted = 0");
    q.text(1, id).text(2, p.display_name).text(3, p.federation).text(4, p.fide_id).text(5, p.language);
    q.text(6, p.title);
    if (q.step() != SQLITE_DONE) return fail("accounts: set profile: " + q.error());
    return sqlite3_changes(db_) > 0;
  }
  Result<bool> delete_account(const std::string& id) override {
    std::lock_guard lock(mutex_);
    if (auto r = exec("BEGIN IMMEDIATE"); !r) return r;
    Query mark(db_,
               "UPDATE accounts SET deleted = 1, password_hash = '', email = '', display_name = '',"
               " federation = '', fide_id = '', language = '', title = '' WHERE id = ?1");
    mark.text(1, id);
    Query sessions(db_, "DELETE FROM sessions WHERE account = ?1");
    sessions.text(1, id);
    if (mark.step() != SQLITE_DONE || sessions.step() != SQLITE_DONE) {
      (void)exec("ROLLBACK");
      return fail("accounts: delete " + id + ": " + mark.error());
    }
    return exec("COMMIT");
  }

  Result<bool> add_session(const SessionRecord& s) override {
    std::lock_guard lock(mutex_);
    Query q(db_, "INSERT OR REPLACE INTO sessions VALUES(?1, ?2, ?3, ?4)");
    q.text(1, s.token_hash).text(2, s.account).text(3, s.csrf).integer(4, s.created_ms);
    if (q.step() != SQLITE_DONE) return fail("accounts: add session: " + q.error());
    return true;
  }
  Result<std::optional<SessionRecord>> session(const std::string& token_hash) override {
    std::lock_guard lock(mutex_);
    Query q(db_, "SELECT token_hash, account, csrf, created_ms FROM sessions WHERE token_hash = ?1");
    q.text(1, token_hash);
    int rc = q.step();
    if (rc == SQLITE_DONE) return std::optional<SessionRecord>();
    if (rc != SQLITE_ROW) return fail("accounts: read session: " + q.error());
    return std::optional<SessionRecord>(SessionRecord{q.column(0), q.column(1), q.column(2), q.column_int(3)});
  }
  Result<bool> remove_session(const std::string& token_hash) override {
    std::lock_guard lock(mutex_);
    Query q(db_, "DELETE FROM sessions WHERE token_hash = ?1");
    q.text(1, token_hash);
    if (q.step() != SQLITE_DONE) return fail("accounts: remove session: " + q.error());
    return sqlite3_changes(db_) > 0;
  }
  Result<bool> remove_sessions(const std::string& account, const std::string& keep) override {
    std::lock_guard lock(mutex_);
    Query q(db_, "DELETE FROM sessions WHERE account = ?1 AND token_hash <> ?2");
    q.text(1, account).text(2, keep);
    if (q.step() != SQLITE_DONE) return fail("accounts: remove sessions: " + q.error());
    return true;
  }

  Result<bool> add_game(const AccountGame& g) override {
    std::lock_guard lock(mutex_);
    Query q(db_, "INSERT OR IGNORE INTO account_games VALUES(?1, ?2, ?3, ?4)");
    q.text(1, g.account).text(2, g.game).text(3, g.seat).integer(4, g.at_ms);
    if (q.step() != SQLITE_DONE) return fail("accounts: add game " + g.game + ": " + q.error());
    return true;
  }
  Result<std::vector<AccountGame>> games(const std::string& account, const GamesCursor& from,
                                         std::size_t limit) override {
    std::lock_guard lock(mutex_);
    Query q(db_,
            "SELECT account, game, seat, at_ms FROM account_games WHERE account = ?1 AND (at_ms < ?2 OR"
            " (at_ms = ?2 AND game < ?3)) ORDER BY at_ms DESC, game DESC LIMIT ?4");
    q.text(1, account).integer(2, from.at_ms).text(3, from.game).integer(4, int64_t(limit));
    return rows(q);
  }
  Result<std::vector<AccountGame>> players(const std::string& game) override {
    std::lock_guard lock(mutex_);
    Query q(db_, "SELECT account, game, seat, at_ms FROM account_games WHERE game = ?1");
    q.text(1, game);
    return rows(q);
  }

  Result<bool> exec(const char* sql) {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
      std::string text = message ? message : "unknown error";
      sqlite3_free(message);
      return fail(std::string("accounts: ") + text);
    }
    return true;
  }

 private:
  Result<std::optional<Account>> account_where(const std::string& condition, const std::string& value) {
    std::lock_guard lock(mutex_);
    Query q(db_, (std::string(ACCOUNT_COLUMNS) + condition).c_str());
    q.text(1, value);
    int rc = q.step();
    if (rc == SQLITE_DONE) return std::optional<Account>();
    if (rc != SQLITE_ROW) return fail("accounts: read account: " + q.error());
    Account a;
    a.id = q.column(0);
    a.username = q.column(1);
    a.key = q.column(2);
    a.password_hash = q.column(3);
    a.email = q.column(4);
    a.profile = {q.column(5), q.column(6), q.column(7), q.column(8), q.column(9)};
    a.created_ms = q.column_int(10);
    a.deleted = q.column_int(11) != 0;
    return std::optional<Account>(std::move(a));
  }
  static Result<std::vector<AccountGame>> rows(Query& q) {
    std::vector<AccountGame> out;
    int rc;
    while ((rc = q.step()) == SQLITE_ROW) out.push_back({q.column(0), q.column(1), q.column(2), q.column_int(3)});
    if (rc != SQLITE_DONE) return fail("accounts: read games: " + q.error());
    return out;
  }

  std::mutex mutex_;
  sqlite3* db_;
};

}  // namespace

Result<std::unique_ptr<AccountStore>> open_sqlite_account_store(const std::string& path) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nullptr) !=
      SQLITE_OK) {
    std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return fail("cannot open " + path + ": " + message);
  }
  sqlite3_busy_timeout(db, 5000);
  auto store = std::make_unique<SqliteAccountStore>(db);
  if (auto r = store->exec(SCHEMA); !r) return fail(path + ": " + r.error().message);
  return std::unique_ptr<AccountStore>(std::move(store));
}

}  // namespace tabiya::server
