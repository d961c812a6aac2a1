// The tournament service's state, shared by its files: the registry of events (tournament_service.cpp: loading,
// routing, the game-end hook, metrics) and their administration (tournament_admin.cpp). One mutex guards every
// event; see tournament_service.h for the order in which it is taken.
#pragma once

#include <atomic>
#include <boost/json.hpp>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "server/events/team_service.h"
#include "server/events/tournament_event.h"
#include "server/events/tournament_service.h"
#include "server/events/tournament_storage.h"

namespace tabiya::server {

struct TournamentService::Impl {
  Impl(GameApi& games, TournamentServiceOptions o);

  GameApi& games;
  TournamentServiceOptions options;
  TournamentStore store;
  // Team events, in the same id space (team_service.h); their own mutex, never taken while `mutex` is held.
  std::unique_ptr<TeamEvents> teams;
  mutable std::mutex mutex;
  std::map<std::string, std::shared_ptr<EventEntry>> events;
  std::map<std::string, std::string> event_of_game;  // game id -> event id
  std::atomic<int64_t> created{0}, games_started{0}, results_from_games{0}, creations_refused{0};

  void log(const std::string& line) const;
  uint64_t random() const;

  // Stored events into memory; then the results of their games that ended while nobody was listening.
  Result<bool> load_all();
  void catch_up();

  // --- Administration (tournament_admin.cpp), the mutex held ---

  // A new version of the event, stored (`created`: the first).
  Result<bool> save(EventEntry& e, bool created = false);
  // A change is kept only if it reaches the disk; otherwise the event goes back to `before`.
  HttpAnswer commit(EventEntry& e, const EventEntry& before, HttpAnswer ok);

  HttpAnswer create_event(std::string_view body);
  // `account`: the account of a player joining logged in (empty: anonymous, or the arbiter adding him).
  HttpAnswer add_player(EventEntry& e, const boost::json::object& o, bool by_arbiter, const std::string& account = {});
  HttpAnswer close_registration(EventEntry& e);
  HttpAnswer publish_round(EventEntry& e);
  HttpAnswer enter_result(EventEntry& e, const boost::json::object& o);
  HttpAnswer request_bye(EventEntry& e, const boost::json::object& o, int number);
  HttpAnswer withdraw(EventEntry& e, int number);
  // Takes the mutex itself: called from the game service's game-end hook.
  void enter_game_result(const std::string& game_id, const GameEnding& ending);
  // The same for the event `e` holding the game, the mutex and the event's lock held.
  void enter_game_result_locked(EventEntry& e, const std::string& game_id, std::pair<char, char> codes);

  // --- Several nodes (tournament_service.cpp): events another node created or changed ---

  // Brings the event `id`, of either kind, up to the store's version; the refusal when the store cannot be read.
  std::optional<HttpAnswer> sync_event(const std::string& id);
  // The same for an individual event, the mutex held.
  Result<bool> sync_locked(const std::string& id);
  // A stored event into memory unless this node holds that version or a newer one; the mutex held.
  void adopt(std::shared_ptr<EventEntry> e);
  // A game this node does not know of: its event, if the store names one, into memory.
  void find_event_of(const std::string& game_id);
  // A POST on the event `id`, under the event's lock in the store and the mutex, after syncing it.
  HttpAnswer change(const std::string& id, std::string_view what, const HttpRequest& request);

  // --- Reading (tournament_service.cpp) ---

  HttpAnswer all_pgn(const std::string& id);
  HttpAnswer route(const HttpRequest& request);
};

}  // namespace tabiya::server
