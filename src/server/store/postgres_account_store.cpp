// The AccountStore in PostgreSQL (migration 3, postgres_migrations.cpp): every node on the database sees the same
// accounts, sessions and seats, so a session made on one node is accepted by any other. One connection behind a
// mutex, as in the SQLite store: account calls are few and short; each call is one statement, and the connection
// comes back by itself after PostgreSQL restarts (postgres_connection.h).
#include <mutex>

#include "server/store/account_store.h"
#include "server/store/postgres_connection.h"
#include "server/store/postgres_migrations.h"

namespace tabiya::server {
namespace {

constexpr const char* ACCOUNT_COLUMNS =
    "SELECT id, username, key, password_hash, email, display_name, federation, fide_id, language, title,"
    " created_ms, deleted FROM accounts WHERE ";

class PostgresAccountStore final : public AccountStore {
 public:
  explicit PostgresAccountStore(std::unique_ptr<PgConnection> db) : db_(std::move(db)) {}

  Result<bool> create_account(const Account& a) override {
    const Profile& p = a.profile;
    return changed(
        "INSERT INTO accounts VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::bigint, false)"
        " ON CONFLICT(key) DO NOTHING RETURNING id",
        {a.id, a.username, a.key, a.password_hash, a.email, p.display_name, p.federation, p.fide_id, p.language,
         p.title, std::to_string(a.created_ms)},
        "accounts: create " + a.username);
  }
  Result<std::optional<Account>> account_by_key(const std::string& key) override {
    return account_where("key = $1", key);
  }
  Result<std::optional<Account>> account_by_id(const std::string& id) override { return account_where("id = $1", id); }
  Result<bool> set_password(const std::string& id, const std::string& hash) override {
    return changed("UPDATE accounts SET password_hash = $2 WHERE id = $1 AND NOT deleted RETURNING id", {id, hash},
                   "accounts: set the password of " + id);
  }
  Result<bool> set_profile(const std::string& id, const Profile& p) override {
    return changed(
        "UPDATE accounts SET display_name = $2, federation = $3, fide_id = $4, language = $5, title = $6"
        " WHERE id = $1 AND NOT deleted RETURNING id",
        {id, p.display_name, p.federation, p.fide_id, p.language, p.title}, "accounts: set the profile of " + id);
  }
  Result<bool> delete_account(const std::string& id) override {
    // One statement, so one transaction: the account and its sessions go together.
    return ran(
        "WITH gone AS (DELETE FROM account_sessions WHERE account = $1)"
        " UPDATE accounts SET deleted = true, password_hash = '', email = '', display_name = '', federation = '',"
        " fide_id = '', language = '', title = '' WHERE id = $1",
        {id}, "accounts: delete " + id);
  }

  Result<bool> add_session(const SessionRecord& s) override {
    return ran(
        "INSERT INTO account_sessions VALUES($1, $2, $3, $4::bigint) ON CONFLICT(token_hash) DO UPDATE SET"
        " account = EXCLUDED.account, csrf = EXCLUDED.csrf, created_ms = EXCLUDED.created_ms",
        {s.token_hash, s.account, s.csrf, std::to_string(s.created_ms)}, "accounts: add session");
  }
  Result<std::optional<SessionRecord>> session(const std::string& token_hash) override {
    std::lock_guard lock(mutex_);
    auto rows = db_->query("SELECT token_hash, account, csrf, created_ms FROM account_sessions WHERE token_hash = $1",
                           {token_hash}, "accounts: read session", true);
    if (!rows) return rows.error();
    if (rows->rows() == 0) return std::optional<SessionRecord>();
    return std::optional<SessionRecord>(
        SessionRecord{rows->text(0, 0), rows->text(0, 1), rows->text(0, 2), rows->integer(0, 3)});
  }
  Result<bool> remove_session(const std::string& token_hash) override {
    return changed("DELETE FROM account_sessions WHERE token_hash = $1 RETURNING token_hash", {token_hash},
                   "accounts: remove session");
  }
  Result<bool> remove_sessions(const std::string& account, const std::string& keep) override {
    return ran("DELETE FROM account_sessions WHERE account = $1 AND token_hash <> $2", {account, keep},
               "accounts: remove sessions");
  }

  Result<bool> add_game(const AccountGame& g) override {
    return ran("INSERT INTO account_games VALUES($1, $2, $3, $4::bigint) ON CONFLICT DO NOTHING",
               {g.account, g.game, g.seat, std::to_string(g.at_ms)}, "accounts: add game " + g.game);
  }
  Result<std::vector<AccountGame>> games(const std::string& account, const GamesCursor& from,
                                         std::size_t limit) override {
    return game_rows(
        "SELECT account, game, seat, at_ms FROM account_games WHERE account = $1 AND (at_ms < $2::bigint OR"
        " (at_ms = $2::bigint AND game < $3)) ORDER BY at_ms DESC, game DESC LIMIT $4::bigint",
        {account, std::to_string(from.at_ms), from.game, std::to_string(limit)});
  }
  Result<std::vector<AccountGame>> players(const std::string& game) override {
    return game_rows("SELECT account, game, seat, at_ms FROM account_games WHERE game = $1", {game});
  }

 private:
  // A statement whose RETURNING rows say whether it changed anything.
  Result<bool> changed(const std::string& sql, const std::vector<std::string>& params, const std::string& what) {
    std::lock_guard lock(mutex_);
    auto rows = db_->query(sql, params, what);
    if (!rows) return rows.error();
    return rows->rows() > 0;
  }
  Result<bool> ran(const std::string& sql, const std::vector<std::string>& params, const std::string& what) {
    std::lock_guard lock(mutex_);
    auto rows = db_->query(sql, params, what);
    if (!rows) return rows.error();
    return true;
  }
  Result<std::optional<Account>> account_where(const std::string& condition, const std::string& value) {
    std::lock_guard lock(mutex_);
    auto rows = db_->query(std::string(ACCOUNT_COLUMNS) + condition, {value}, "accounts: read account", true);
    if (!rows) return rows.error();
    if (rows->rows() == 0) return std::optional<Account>();
    const PgRows& r = *rows;
    Account a;
    a.id = r.text(0, 0);
    a.username = r.text(0, 1);
    a.key = r.text(0, 2);
    a.password_hash = r.text(0, 3);
    a.email = r.text(0, 4);
    a.profile = {r.text(0, 5), r.text(0, 6), r.text(0, 7), r.text(0, 8), r.text(0, 9)};
    a.created_ms = r.integer(0, 10);
    a.deleted = r.text(0, 11) == "t";
    return std::optional<Account>(std::move(a));
  }
  Result<std::vector<AccountGame>> game_rows(const std::string& sql, const std::vector<std::string>& params) {
    std::lock_guard lock(mutex_);
    auto rows = db_->query(sql, params, "accounts: read games", true);
    if (!rows) return rows.error();
    std::vector<AccountGame> out;
    for (int i = 0; i < rows->rows(); ++i)
      out.push_back({rows->text(i, 0), rows->text(i, 1), rows->text(i, 2), rows->integer(i, 3)});
    return out;
  }

  std::mutex mutex_;
  std::unique_ptr<PgConnection> db_;
};

}  // namespace

Result<std::unique_ptr<AccountStore>> open_postgres_account_store(const std::string& url) {
  auto db = open_migrated_postgres(url);
  if (!db) return db.error();
  return std::unique_ptr<AccountStore>(std::make_unique<PostgresAccountStore>(std::move(*db)));
}

}  // namespace tabiya::server
