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
#include <string>
#include <string_view>

#include "server/team_service.h"
#include "server/tournament_event.h"
#include "server/tournament_service.h"
#include "server/tournament_storage.h"

namespace tabiya::server {

struct TournamentService::Impl {
  Impl(Service& games, TournamentServiceOptions o);

  Service& games;
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

  // A new version of the event, stored.
  Result<bool> save(EventEntry& e);
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
  void enter_game_result(const std::string& game_id, const std::string& score);

  // --- Reading (tournament_service.cpp) ---

  HttpAnswer all_pgn(const std::string& id);
  HttpAnswer route(const HttpRequest& request);
};

}  // namespace tabiya::server
