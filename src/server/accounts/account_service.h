// Accounts (docs/protocol.md, "Accounts"): registration, log-in and log-out, password change, deletion, the
// profile, and each player's games and their PGN export. Optional: without a session cookie everything works as
// before, anonymously.
//
// Its routes are /api/account/... and /api/players/... (but a player's ratings, the lobby's), in the one routing
// table. It records the seats a logged-in player takes (a game he creates, the seat tokens of a WebSocket's hello:
// the game service tells it, GameServiceOptions::game_created and seats_claimed), so the player gets back into
// those games from any device. It is the IdentityResolver (identity.h) the lobby and ratings ask who is behind a
// cookie.
//
// Security: Argon2id hashes on a bounded pool (password_hasher.h), never on a network thread; sessions as random
// tokens stored hashed (session_tokens.h); every state change a cookie authenticates needs the session's CSRF
// token in X-CSRF-Token and, when the browser sends one, an Origin of this server (else 403 `csrf`); log-in and
// registration rate-limited per client and per account; unknown user and wrong password answer alike, after a
// hash either way.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/accounts/password_hasher.h"
#include "server/base/game_archive.h"
#include "server/base/identity.h"
#include "server/base/rate_limit.h"
#include "server/base/served_names.h"
#include "server/base/service.h"
#include "server/store/account_store.h"

namespace tabiya::server {

struct AccountServiceOptions {
  std::shared_ptr<AccountStore> store;  // nullptr: in memory
  PasswordHasherOptions hasher;
  // Log-in and registration tries: per client (lichess: 200 per 10 minutes) and per account name (10 per 10
  // minutes, whether or not the account exists).
  RateLimits per_client{200, 200.0 / 600, 100'000};
  RateLimits per_account{10, 10.0 / 600, 100'000};
  std::function<int64_t()> monotonic_ms;  // the limits' clock; empty: the steady clock
  std::function<int64_t()> wall_clock;    // session ages and dates; empty: the system clock
  std::vector<WebOrigin> public_urls;     // Origins besides the Host's own; an https one makes cookies Secure
  GameArchive archive;                    // the games' JSON and PGN for the history (GameService::archived_game)
};

class AccountService final : public Service, public IdentityResolver {
 public:
  explicit AccountService(AccountServiceOptions options);
  ~AccountService() override;

  HttpAnswer http(const HttpRequest& request) override;
  void http_async(const HttpRequest& request, std::function<void(HttpAnswer)> done) override;
  std::shared_ptr<Session> open(std::string_view path, std::shared_ptr<Peer> peer) override;
  void message(Session& session, std::string_view text) override;
  void closed(Session& session) override;
  bool keeps_alive(const Session& session) override;
  void write_metrics(std::string& out) override;
  void shutdown() override;

  std::optional<Identity> identify(std::string_view cookie_header) const override;
  // The live account `request` acts for, with its profile (a tournament fills a joining player's entry from it):
  // its session cookie with the session's CSRF token and an allowed Origin; nullopt: anonymous.
  std::optional<Account> logged_in_account(const HttpRequest& request) const;
  // A seat `account` holds in `game` (the game then lists in his history): tournaments record their pairings' seats.
  void record_seat(const std::string& account, const std::string& game, const std::string& seat);
  // A game created through POST /api/games with the seats its creator holds: the account's, when the request
  // acts for one (its session cookie with the CSRF token: a game a foreign page made the browser create is not).
  void record_created_game(const HttpRequest& request, const std::string& game, const std::vector<std::string>& seats);
  // A socket on `game` said hello naming `seats`: the account's behind `cookie`, if any (each checked against the
  // game when the history lists it).
  void record_claimed_seats(std::string_view cookie, const std::string& game, const std::vector<std::string>& seats);

  const PasswordHasher& hasher() const { return *hasher_; }
  AccountStore& store() { return *store_; }

 private:
  struct Current {  // the session a request's cookie names, and its account
    SessionRecord session;
    Account account;
  };
  std::optional<Current> current(std::string_view cookie_header) const;
  // nullopt: the request may change state; else its refusal (401 not_logged_in, 403 csrf).
  std::optional<HttpAnswer> csrf_refusal(const HttpRequest& request, const std::optional<Current>& session) const;
  bool origin_allowed(const HttpRequest& request) const;
  std::optional<HttpAnswer> limit_refusal(const HttpRequest& request, const std::string& account_key);

  // account_auth.cpp: the routes that hash a password, answered from the pool.
  void register_account(const HttpRequest& request, std::function<void(HttpAnswer)> done);
  void log_in(const HttpRequest& request, std::function<void(HttpAnswer)> done);
  void change_password(const HttpRequest& request, Current session, std::function<void(HttpAnswer)> done);
  void delete_account(const HttpRequest& request, Current session, std::function<void(HttpAnswer)> done);
  HttpAnswer logged_in(const Account& account, int status);  // a new session, its cookie and CSRF token

  // account_profile.cpp: the profile, the public player pages, the history and the export.
  HttpAnswer account_answer(const std::optional<Current>& session);
  HttpAnswer set_profile(const HttpRequest& request, const Current& session);
  HttpAnswer player_route(const HttpRequest& request, std::string_view rest, const std::optional<Current>& session);

  int64_t wall_now() const;
  bool secure_cookies() const;

  AccountServiceOptions options_;
  std::shared_ptr<AccountStore> store_;
  std::unique_ptr<PasswordHasher> hasher_;
  RateLimiter per_client_;
  RateLimiter per_account_;
  ServedNames names_;
  std::atomic<int64_t> refused_rate_{0}, refused_csrf_{0}, logins_{0}, failed_logins_{0}, registrations_{0};
};

}  // namespace tabiya::server
