// Where accounts, their sessions and their games are kept: an interface beside the GameStore (game_store.h), with
// a SQLite implementation (accounts.sqlite3 in the --data directory) and a memory one (tests, a server run
// without --data). Small calls, each one statement or transaction, so that a PostgreSQL implementation can follow
// for several servers. Implementations are safe to call from several threads.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

namespace tabiya::server {

struct Profile {
  std::string display_name;
  std::string federation;  // FIDE's three-letter code ("NOR"), or empty
  std::string fide_id;     // digits, or empty
  std::string language;    // one of the web app's languages, or empty
  std::string title;       // self-declared: stored, never shown as a title
};

struct Account {
  std::string id;        // stable, never reused
  std::string username;  // as spelled at registration
  std::string key;       // canonical_username(username): unique
  std::string password_hash;
  std::string email;  // optional
  Profile profile;
  int64_t created_ms = 0;
  bool deleted = false;  // its name stays taken and its games stay, shown as a deleted player
};

struct SessionRecord {
  std::string token_hash;  // SHA-256 of the cookie's token, hex: the token itself is never stored
  std::string account;
  std::string csrf;  // the token the page sends back in X-CSRF-Token
  int64_t created_ms = 0;
};

// A seat an account took: the token brings the player back into the game from any device.
struct AccountGame {
  std::string account;
  std::string game;
  std::string seat;
  int64_t at_ms = 0;  // when the seat was taken
};

// Where a page of an account's games starts: after this (at_ms, game), newest first.
struct GamesCursor {
  int64_t at_ms = INT64_MAX;
  std::string game;
};

class AccountStore {
 public:
  virtual ~AccountStore() = default;
  // false: the key (a name, whatever its case) is taken, by a live or a deleted account.
  virtual Result<bool> create_account(const Account& account) = 0;
  virtual Result<std::optional<Account>> account_by_key(const std::string& key) = 0;
  virtual Result<std::optional<Account>> account_by_id(const std::string& id) = 0;
  virtual Result<bool> set_password(const std::string& id, const std::string& hash) = 0;
  virtual Result<bool> set_profile(const std::string& id, const Profile& profile) = 0;
  // Marks it deleted, forgets its password, e-mail and profile, and removes its sessions; its games stay.
  virtual Result<bool> delete_account(const std::string& id) = 0;

  virtual Result<bool> add_session(const SessionRecord& session) = 0;
  virtual Result<std::optional<SessionRecord>> session(const std::string& token_hash) = 0;
  virtual Result<bool> remove_session(const std::string& token_hash) = 0;
  // Every session of the account but `keep` (a token hash; empty: all of them).
  virtual Result<bool> remove_sessions(const std::string& account, const std::string& keep) = 0;

  // Records a seat; the same (account, game, seat) again changes nothing.
  virtual Result<bool> add_game(const AccountGame& game) = 0;
  // Up to `limit` of the account's games after `from`, newest first.
  virtual Result<std::vector<AccountGame>> games(const std::string& account, const GamesCursor& from,
                                                 std::size_t limit) = 0;
  // Every account seat of a game (its players that were logged in).
  virtual Result<std::vector<AccountGame>> players(const std::string& game) = 0;
};

std::unique_ptr<AccountStore> make_memory_account_store();
// One SQLite file (created if absent), WAL.
Result<std::unique_ptr<AccountStore>> open_sqlite_account_store(const std::string& path);
// The accounts in PostgreSQL (a database migrated by `tabiya db migrate`), shared by every node on it.
Result<std::unique_ptr<AccountStore>> open_postgres_account_store(const std::string& url);

}  // namespace tabiya::server
