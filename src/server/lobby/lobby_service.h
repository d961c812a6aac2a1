// The lobby: where people find an opponent. Seeks (an open offer with a time
// control, rated or casual, a colour, a rating range and a variant), quick
// pairing pools for the common time controls (paired in waves by
// play/pool_matching.h), challenges of a player by name with accept and
// decline, the list of games being played now, and the ratings (Glicko-2 per
// category, play/glicko2.h and play/rating_category.h) that rated games move.
//
// It wraps the game service like the tournament service does: /api/lobby,
// /api/players/NAME/ratings and the /ws/lobby socket are its own, everything
// else passes through. A pairing becomes a normal invite game made through the
// game service's POST /api/games; each player is sent their seat link. The
// accounts are asked through server/base/identity.h only; a player without one is
// known by the anonymous cookie `tabiya_anon` that GET /api/lobby hands out,
// and may play casual games only.
//
// Several servers: what must be shared goes through the LobbyStore
// (lobby_store.h: ratings, rated games, correspondence seeks), the live state
// (seeks, challenges, pool places, players, games) through a LobbyLiveStore
// (lobby_live_store.h; lobby_shared.cpp), and every update to sockets through
// the event bus (event_bus.h): topic "lobby" for the public lists, "lobby/u/ID"
// for one player's own messages. One node of the pools' waves runs them.
//
// Threads: one mutex guards the lobby. A game's end is rated on the lobby's
// own lane (one thread), never under that game's mutex; still, while holding
// the mutex the lobby may create games (their mutexes are new) but never reads
// an existing game.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/json/fwd.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "play/glicko2.h"
#include "play/pool_matching.h"
#include "server/base/identity.h"
#include "server/base/service.h"
#include "server/cluster/event_bus.h"
#include "server/games/game_service.h"
#include "server/store/lobby_live_store.h"
#include "server/store/lobby_store.h"

namespace tabiya::server {

struct LobbyServiceOptions {
  // The lobby's store; nullptr: in memory.
  std::shared_ptr<LobbyStore> store;
  // Who is logged in; nullptr: everyone is anonymous (casual games only).
  std::shared_ptr<const IdentityResolver> identities;
  // Where updates go to sockets; nullptr: an in-process bus of its own. Several nodes: the bus they share.
  std::shared_ptr<EventSink> bus;
  // Several nodes (lobby_live_store.h): the seeks, challenges, pool places, players and games live there instead
  // of in this process, so that every node sees and takes up the same; nullptr (one node): in memory.
  std::shared_ptr<LobbyLiveStore> live;
  // This node's name in `live` (its players' rows); empty: a random one.
  std::string node;
  // Waves of the pools run on this io_context every `wave_interval`; nullptr or 0: only by run_wave() (tests).
  boost::asio::io_context* io = nullptr;
  std::chrono::milliseconds wave_interval{2000};
  // Updates of the public lists (seeks, games) are gathered this long and sent as one message, so that a busy
  // lobby costs each socket one message a second however many seeks come and go (with 2,000 lobby sockets, a
  // quarter second cost the games' moves several times the latency); 0 (or no io): at once.
  std::chrono::milliseconds batch_interval{1000};
  // Wall clock in ms (waits, rating periods, history); empty: the system clock.
  std::function<int64_t()> now_ms;
  // Colours drawn by lot; empty: the OS.
  std::function<uint64_t()> random;
  // The pools' time controls.
  std::vector<std::string> pools = {"1+0", "2+1", "3+0", "3+2", "5+0", "5+3", "10+0", "10+5", "15+10", "30+0", "30+20"};
  PoolRules pool_rules;
  Glicko2Parameters glicko;
  // Errors of the store; empty: standard error.
  std::function<void(const std::string&)> log;
};

class LobbyService final : public Service {
 public:
  // `games` must outlive this service. Loads the stored correspondence seeks.
  // `games` starts the pairings' games and must outlive the lobby.
  static Result<std::unique_ptr<LobbyService>> create(GameApi& games, LobbyServiceOptions options);
  ~LobbyService() override;

  HttpAnswer http(const HttpRequest& request) override;
  std::shared_ptr<Session> open(std::string_view path, std::shared_ptr<Peer> peer) override;
  void message(Session& session, std::string_view text) override;
  void closed(Session& session) override;
  bool keeps_alive(const Session& session) override;
  void write_metrics(std::string& out) override;
  void shutdown() override;

  // A game ended with `score` ("1-0", "0-1", "1/2-1/2", or anything else for no result): it leaves the list of
  // games being played, and a rated game moves both players' ratings, once.
  // Returns what the game's `end` event carries: {"category", "white", "black"} with each side's rating before
  // and after, the change and whether provisional; nullopt when no rating moved (casual, unrated, told again).
  std::optional<boost::json::object> game_ended(const std::string& game_id, const std::string& score);
  // The same off the caller's thread (the lobby's own lane), the figures handed to `done`: the game service's
  // end_ratings hook, so that the game's end event carries them and its room never waits for the store.
  void rate_game(const std::string& game_id, const std::string& score, GameServiceOptions::EndRatingsDone done);
  // Pairs every pool once now (the timer does this every wave_interval).
  void run_wave();

 private:
  LobbyService(GameApi& games, LobbyServiceOptions options);
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace tabiya::server
