// Tournaments on the server: an arbiter creates an event, players join with a
// link (or the arbiter enters them), the arbiter closes registration and
// publishes each round, every pairing becomes a game on the game service with
// the event's clock and rules, and finished games' results flow into the
// event. Standings and the crosstable come from src/tournament.
//
// The event's TRF is its single source of truth: it is kept in memory and,
// with a data directory, rewritten durably and atomically (files/durable_file.h)
// to DATA/tournaments/ID.trf after every change; with several nodes it is a versioned row of PostgreSQL instead,
// re-read when another node changed it, and changed under the event's lock there (tournament_storage_backend.h). What
// only the online event needs (the arbiter's and players' secrets, the games and their seat tokens, the clock, the
// rules edition, the state of registration) rides in the same file as tabiya's own `XT?` lines, which other programs
// skip and which the public TRF download leaves out.
//
// Its routes are /api/tournaments and what is under it, in the one routing table. It starts
// games through the game API (server/games/game_api.h: an invite game, the clocks
// start when both players have come) and hears of their ends, with whether they
// were played, through GameServiceOptions::on_game_end.
//
// Its parts, one concept a file: tournament_event.h (an event in memory), tournament_storage (the TRF on disk),
// tournament_auth (who is asking), tournament_requests and tournament_http (reading requests, answering),
// tournament_admin (changing events), tournament_views (what is shown); every rules decision (registration,
// the draw, withdrawals, forfeits, exclusions, results) is the tournament office's (tournament/office.h), which
// `tabiya tournament` uses too.
//
// Threads: one mutex guards every event. It is taken inside the game service's
// game-end hook (under that game's mutex), so while holding it this service
// may create new games (their mutexes are new) but never reads an existing
// game: PGN and result look-ups copy what they need and unlock first.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"
#include "server/base/rate_limit.h"
#include "server/base/service.h"
#include "server/games/game_api.h"
#include "server/store/tournament_storage_backend.h"

namespace tabiya::server {

// A logged-in player as the accounts know him (server/accounts/account_service.h), for joining an event with his
// account.
struct TournamentAccount {
  std::string id;          // the account's stable id
  std::string name;        // the profile's display name, else the username
  std::string federation;  // as in the profile: empty when not given
  std::string fide_id;
};

struct TournamentServiceOptions {
  // Events are kept as DATA/tournaments/ID.trf; empty keeps them in memory only.
  std::string data_dir;
  // Where events are kept instead of data_dir's files: PostgreSQL shared by several nodes
  // (open_postgres_event_store); nullptr: the files.
  std::shared_ptr<EventFileStore> event_store;
  // Seeds for the round-robin lot; empty: the OS.
  std::function<uint64_t()> random;
  // Errors loading or saving events; empty: standard error.
  std::function<void(const std::string&)> log;
  // Event creations per client (POST /api/tournaments), as a rule the game service's limiter, so that one budget
  // covers games and events; nullptr: no limit.
  std::shared_ptr<RateLimiter> creation_limits;
  // The account a request acts for (its session cookie, with its CSRF token; nullopt: anonymous); empty: every
  // join is anonymous.
  std::function<std::optional<TournamentAccount>(const HttpRequest&)> account_of;
  // A seat in an event's game for the account that joined with it, so the game lands in his history.
  std::function<void(const std::string& account, const std::string& game, const std::string& seat)> account_seat;
};

class TournamentService final : public Service {
 public:
  // `games` starts the events' games and tells how they ended; it must outlive this service. Loads the stored
  // events and enters the results of their games that ended while nobody was listening.
  static Result<std::unique_ptr<TournamentService>> create(GameApi& games, TournamentServiceOptions options);
  ~TournamentService() override;

  HttpAnswer http(const HttpRequest& request) override;
  std::shared_ptr<Session> open(std::string_view path, std::shared_ptr<Peer> peer) override;
  void message(Session& session, std::string_view text) override;
  void closed(Session& session) override;
  bool keeps_alive(const Session& session) override;
  void write_metrics(std::string& out) override;
  void shutdown() override;

  // A game ended: if it is an event's pairing without a result yet, the result is entered (a game lost by
  // default, never played, as the forfeit it is: event_result_codes).
  void game_ended(const std::string& game_id, const GameEnding& ending);

 private:
  TournamentService(GameApi& games, TournamentServiceOptions options);
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tabiya::server
