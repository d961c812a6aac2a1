// Team events on the server, beside the individual tournaments and under the same /api/tournaments/ID (one id
// space, so a game's link back to its event works for both): an arbiter creates the event ("system":
// "team-round-robin"), registers teams with their players in board order (each team gets a captain link), closes
// registration, and publishes each round; every board of every match becomes a game on the game service, and a
// finished game's result flows into its match. Standings (match points, game points, team tie-breaks) and the
// match crosstable come from src/tournament (team_standings.h). The pairing system is a parameter
// (team_pairing.h); the round robins are wired. Before a round is published the arbiter or a team's captain may
// give the team's line-up for it (team_lineup.cpp: reserves in, players out, boards left empty, in registered
// order); an event may let captains enter their teams' players. GET .../pgn gives every board's game.
//
// A captain's link lets him follow his team's boards (which are running, their results; no position, no moves, no
// clocks) and send one of his players only what Tournament Rules 15 allows (team_captain.h); the player reads it,
// and may ask his captain, from his game page with his seat token.
//
// Threads: one mutex of its own guards every team event, taken like the tournament service's (see
// tournament_service.h): inside the game service's game-end hook, never while reading an existing game.
#pragma once

#include <boost/json.hpp>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"
#include "server/base/service.h"
#include "server/events/team_event.h"
#include "server/events/team_storage.h"
#include "server/games/game_api.h"

namespace tabiya::server {

class TeamEvents {
 public:
  // `games` must outlive this; `files` keeps the events (make_event_files("") keeps them in memory only);
  // `random` seeds draws by lot.
  TeamEvents(GameApi& games, std::shared_ptr<EventFileStore> files, std::function<void(const std::string&)> log,
             std::function<uint64_t()> random);

  // Stored events into memory, then the results of their games that ended while nobody was listening.
  Result<bool> load();

  bool has(const std::string& id) const;
  bool has_game(const std::string& game_id) const;
  // The version held of the event `id` (0: none).
  int64_t version_of(const std::string& id) const;
  // A stored event that another node created or changed, into memory unless this one holds that version already.
  Result<bool> adopt(const StoredEvent& stored);
  std::size_t count() const;
  // Whether a creation request asks for a team event ("system": "team-...").
  static bool is_team_request(const boost::json::object& request);
  // POST /api/tournaments for a team event, under the id `id` (free in both id spaces).
  HttpAnswer create(const boost::json::object& request, const std::string& id);
  // Every request under /api/tournaments/ID of a team event; `what` is the rest of the path.
  HttpAnswer route(const std::string& id, std::string_view what, const HttpRequest& request);
  // A game ended: if it is a board of a team event without a result yet, the result is entered.
  void game_ended(const std::string& game_id, const GameEnding& ending);

 private:
  // A new version of the event, stored (`created`: the first).
  Result<bool> save(TeamEntry& e, bool created = false);
  // Brings the event `id` up to the store's version, the mutex held.
  Result<bool> sync_locked(const std::string& id);
  void adopt_locked(std::shared_ptr<TeamEntry> e);
  // A POST on the event `id`, under the event's lock in the store and the mutex, after syncing it.
  HttpAnswer change(const std::string& id, std::string_view what, const HttpRequest& request);
  void enter_game_result(TeamEntry& e, const std::string& game_id, char white, char black);
  HttpAnswer commit(TeamEntry& e, const TeamEntry& before, HttpAnswer ok);
  void catch_up();

  // team_admin.cpp, the mutex held.
  HttpAnswer add_team(TeamEntry& e, const boost::json::object& o);
  HttpAnswer close_registration(TeamEntry& e);
  HttpAnswer publish_round(TeamEntry& e);
  HttpAnswer enter_result(TeamEntry& e, const boost::json::object& o);
  // A team Swiss: marks a team absent from the next round, or present again.
  HttpAnswer mark_absent(TeamEntry& e, const boost::json::object& o);
  uint64_t random_seed() const { return random_(); }
  bool enter_board(TeamEntry& e, int round, int white, int black, char white_code, char black_code);

  // team_lineup.cpp, the mutex held. `team` is the captain's, or 0 for the arbiter (who names the team).
  HttpAnswer submit_lineup(TeamEntry& e, int team, const boost::json::object& o);
  HttpAnswer captain_roster(TeamEntry& e, int team, const boost::json::object& o);
  // Adds `players` (the request's array) to the empty team `team` in board order, each with his player link;
  // the refusal when the array is not boards to boards + 4 players. Leaves `e` half changed on a refusal.
  std::optional<HttpAnswer> enter_roster(TeamEntry& e, int team, const boost::json::value* players);
  // GET .../pgn: every board's game, read without the lock.
  HttpAnswer pgn(const std::string& id);

  // team_advice.cpp, the mutex held.
  HttpAnswer captain_says(TeamEntry& e, int team, const boost::json::object& o);
  HttpAnswer player_reads(TeamEntry& e, const boost::json::object& o, bool asking);

  GameApi& games_;
  TeamStore store_;
  std::function<void(const std::string&)> log_;
  std::function<uint64_t()> random_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<TeamEntry>> events_;
  std::map<std::string, std::string> event_of_game_;  // game id -> event id
};

}  // namespace tabiya::server
