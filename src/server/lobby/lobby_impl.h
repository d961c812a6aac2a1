// The lobby service's state and the steps its parts share (lobby_service.cpp:
// HTTP and sockets; lobby_offers.cpp: seeks and challenges; lobby_pools.cpp:
// quick pairing; lobby_pairing.cpp: making the game and the ratings).
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <boost/json.hpp>
#include <map>
#include <mutex>
#include <optional>
#include <set>

#include "server/base/blocking_lane.h"
#include "server/games/game_service.h"
#include "server/lobby/lobby_model.h"
#include "server/lobby/lobby_service.h"

namespace tabiya::server {

struct LobbySession final : Session {
  std::shared_ptr<Peer> peer;
  LobbyUser user;
};

// A refusal sent back to the socket that asked: {"t":"error","code":CODE,...}.
struct LobbyRefusal {
  std::string code;
  std::string detail;
};

// Bounds on what one player keeps open, so that a script cannot fill the lists or flood someone with challenges.
constexpr std::size_t kSeeksPerUser = 3;
constexpr std::size_t kChallengesPerUser = 3;

struct LobbyService::Impl : std::enable_shared_from_this<LobbyService::Impl> {
  Impl(GameApi& games, LobbyServiceOptions options);

  GameApi& games;  // where pairings become games
  LobbyServiceOptions options;
  Glicko2 glicko;

  std::mutex mutex;                       // everything below
  std::map<std::string, int> sockets_of;  // user id -> open lobby sockets
  std::map<std::string, LobbyUser> online;
  std::map<std::string, Seek> seeks;
  std::map<std::string, Challenge> challenges;
  std::map<std::string, std::vector<PoolEntry>> pools;  // pool key ("3+2 rated") -> waiting, oldest first
  std::map<std::string, std::string> last_opponent;     // user id -> user id
  std::map<std::string, LobbyGame> playing;
  std::map<std::string, std::string> tags;  // user id -> public tag
  std::unique_ptr<boost::asio::steady_timer> timer;
  std::unique_ptr<boost::asio::steady_timer> batch_timer;
  boost::json::array outbox;  // public updates waiting for the batch timer
  bool stopped = false;
  uint64_t pairings = 0, waves = 0;

  int64_t now() const;
  uint64_t random();
  void log(const std::string& line) const;

  // Who is behind a socket or a request: the account, else the anonymous cookie; "" when neither.
  std::optional<LobbyUser> user_of(std::string_view cookie_header) const;
  // Gives `user` its public tag (random, kept for the id while this server runs; a stored seek's owner keeps
  // the one it had). Under the mutex.
  void give_tag(LobbyUser& user);
  // The user's rating in `category` now (inactivity counted); the default for anonymous players.
  Glicko2Rating rating_of(const LobbyUser& user, RatingCategory category) const;

  // Publishing (bus topics "lobby" and "lobby/u/ID").
  void publish_all(const boost::json::object& event);
  // Sends the gathered public updates: one alone as it is, several as {"t":"updates","events":[...]}.
  void flush_outbox();
  void publish_to(const std::string& user_id, const boost::json::object& event);
  static std::string user_topic(const std::string& user_id) { return "lobby/u/" + user_id; }

  boost::json::object snapshot(const std::optional<LobbyUser>& you);
  boost::json::object ratings_json(const LobbyUser& user) const;

  // Client messages (lobby_offers.cpp, lobby_pools.cpp); a refusal goes back to the asking socket.
  std::optional<LobbyRefusal> handle(LobbySession& session, const boost::json::object& message);
  std::optional<LobbyRefusal> create_seek(const LobbyUser& user, const boost::json::object& message);
  std::optional<LobbyRefusal> cancel_seek(const LobbyUser& user, const std::string& id);
  std::optional<LobbyRefusal> accept_seek(const LobbyUser& user, const std::string& id);
  // Whether `user` may take up `seek` (not their own, an account for a rated one, within its rating range).
  std::optional<LobbyRefusal> check_acceptance(const LobbyUser& user, const Seek& seek);
  std::optional<LobbyRefusal> challenge(const LobbyUser& user, const boost::json::object& message);
  std::optional<LobbyRefusal> answer_challenge(const LobbyUser& user, const std::string& id, const std::string& how);
  std::optional<LobbyRefusal> join_pool(const LobbyUser& user, const boost::json::object& message);
  void leave_pools(const LobbyUser& user);
  void remove_seek(const std::string& id, const char* reason);
  void remove_challenge(const std::string& id, const char* reason);
  // The user's last socket closed: their pool places, live seeks and challenges go.
  void user_left(const LobbyUser& user);
  void load_stored_seeks();

  // A wave's view of a pool's queue: rating, seconds waited, last opponent.
  std::vector<PoolPlayer> pool_players(const std::vector<PoolEntry>& queue, int64_t at) const;
  void wave();
  void schedule_wave();

  // Several nodes (options.live set; lobby_shared.cpp): the same steps on the shared rows.
  LobbyLiveStore* live() const { return options.live.get(); }
  std::string player_row(const LobbyUser& user) const { return user.id + "@" + options.node; }
  std::optional<LobbyRefusal> unavailable(const Error& error);
  std::vector<Seek> shared_seeks(const std::string& owner = "");
  std::optional<LobbyRefusal> shared_create_seek(const Seek& seek);
  std::optional<LobbyRefusal> shared_cancel_seek(const LobbyUser& user, const std::string& id);
  std::optional<LobbyRefusal> shared_accept_seek(const LobbyUser& user, const std::string& id);
  void shared_remove_seek(const std::string& id, const char* reason);
  std::optional<LobbyRefusal> shared_challenge(const LobbyUser& user, const LobbyUser& to, const GameTerms& terms);
  std::optional<LobbyUser> shared_online(const std::string& user_id);
  std::optional<LobbyRefusal> shared_answer_challenge(const LobbyUser& user, const std::string& id,
                                                      const std::string& how);
  // False when it was gone already (answered or withdrawn meanwhile, maybe on another node).
  bool shared_remove_challenge(const Challenge& challenge, const char* reason);
  std::optional<LobbyRefusal> shared_join_pool(const PoolEntry& entry, const std::string& key);
  void shared_leave_pools(const LobbyUser& user);
  void shared_arrived(const LobbyUser& user);
  void shared_left(const LobbyUser& user);
  void shared_wave();
  void shared_snapshot(const std::optional<LobbyUser>& you, boost::json::object& out);
  // Makes the game for `a` and `b` (`a_white` decides the colours) and tells both; false when the game service
  // refused (logged).
  bool pair(const LobbyUser& a, const LobbyUser& b, const GameTerms& terms, bool a_white);
  // Whom `color` of the offering player gives white: true for the offerer.
  bool offerer_white(const std::string& color);
  // The end of a game: the lobby's list and, for a rated game, both ratings moved once; returns the figures
  // for the game's `end` event (nullopt: no rating moved).
  std::optional<boost::json::object> game_ended(const std::string& game_id, const std::string& score);
  // The same on rating_lane, answered to `done` (GameServiceOptions::end_ratings).
  void rate_game(const std::string& game_id, const std::string& score, GameServiceOptions::EndRatingsDone done);

  // Last, so destroyed first: its thread is joined before the state above goes.
  BlockingLane rating_lane{1, 4096};
};

std::string pool_key(const std::string& time, bool rated);

}  // namespace tabiya::server
