// The game service's inside, shared by its registry (game_service.cpp) and its
// HTTP routes (game_routes.cpp): the rooms by id, and what every room uses.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "server/base/service_metrics.h"
#include "server/cluster/event_bus.h"
#include "server/cluster/owner_relay.h"
#include "server/games/game_room.h"
#include "server/games/game_service.h"
#include "server/games/robot_pool.h"
#include "server/games/room_services.h"
#include "server/games/room_workers.h"
#include "server/review/review.h"
#include "server/store/group_commit.h"

namespace tabiya::server {

struct GameService::Impl : std::enable_shared_from_this<GameService::Impl> {
  Impl(boost::asio::io_context& io, GameServiceOptions options, std::shared_ptr<GameStore> store);

  boost::asio::io_context& io;
  GameServiceOptions options;
  std::shared_ptr<GameStore> store;
  std::shared_ptr<const TimeSource> time;
  RobotPool robots;
  Reviewer reviewer;
  std::shared_ptr<EventSink> bus;  // options.bus, or one of this process only
  ServiceMetrics metrics;
  GroupCommitter writer;  // the one thread that writes to the store
  boost::asio::steady_timer ping_timer;
  boost::asio::steady_timer evict_timer;
  boost::asio::steady_timer expiry_timer;
  std::atomic<int64_t> games_expired{0}, creations_refused{0};
  std::atomic<bool> stopping{false};
  mutable std::mutex games_mutex;  // the map only; never held while a room's lock is taken
  std::map<std::string, std::shared_ptr<GameRoom>> games;
  // Ownership across nodes (game_service_ownership.cpp). Inert without options.node_id.
  bool leasing() const { return !options.node_id.empty(); }
  int64_t lease_ms() const { return options.lease.count(); }
  // Takes the game's lease and runs it here, restored from the store as after a restart. Null: another node holds
  // it (`holder` names it), or the game is not there, or the store failed.
  std::shared_ptr<GameRoom> take_over(const std::string& id, std::string* holder = nullptr);
  // A WebSocket on a game: its room here (owned or finished), or a relay to the node that owns it.
  std::shared_ptr<Session> open_socket(const std::string& id, std::shared_ptr<Peer> peer);
  void relay_message(RelaySession& s, std::string_view text);
  void relay_closed(RelaySession& s);
  void heard_from_node(const std::string& payload);
  void link_lost();
  void tend_leases();
  void check_relays(int64_t now);
  void start_lease_timer();
  void release_leases();
  void send_to(const std::string& node, RelayMessage m) const;
  // Another node holds the game's lease (or the store cannot say): this node leaves the game alone.
  bool owned_elsewhere(const std::string& id);
  std::mutex own_mutex;  // one takeover at a time: a game is never restored twice
  boost::asio::steady_timer lease_timer{io};
  std::shared_ptr<RoomWorkers::Queue> lease_queue;
  std::atomic<int64_t> takeovers{0}, leases_lost{0};
  std::atomic<uint64_t> next_conn{1};
  mutable std::mutex relay_mutex;
  std::map<uint64_t, std::weak_ptr<RelaySession>> relays;  // this node's sockets on games owned elsewhere
  // Other nodes' sockets on games owned here, by (relay node, its connection number), and when each last spoke
  // (steady ms): one silent past its pongs' due time belonged to a relay that died, and leaves its game.
  struct RemoteSocket {
    std::shared_ptr<GameSession> session;
    int64_t heard_ms = 0;
  };
  std::map<std::pair<std::string, uint64_t>, RemoteSocket> remote;
  void forget_silent_remotes();

  // Declared last, so destroyed first: the rooms' queued work still finds everything above.
  RoomWorkers workers;
  RoomServices services;

  uint64_t random() const;
  std::shared_ptr<GameRoom> find(std::string_view id) const;
  std::vector<std::shared_ptr<GameRoom>> all() const;
  // Adds a room; when two requests load the same stored game at once, the first one in the map is the game.
  // `epoch`: of the game's lease this node holds (0: none).
  std::shared_ptr<GameRoom> add(std::string id, Setup setup, std::unique_ptr<play::LiveGame> live,
                                std::size_t stored_actions, int64_t seq, int64_t epoch = 0);
  // `keep`: the room joins the registry; otherwise it is only read and dropped (an account's export).
  Result<std::shared_ptr<GameRoom>> restore(const StoredGame& stored, bool keep = true, int64_t epoch = 0);
  Result<bool> load_unfinished();
  // A game from memory, or a finished one from the store. The store's reads do not wait for its commits.
  std::shared_ptr<GameRoom> room(std::string_view id);
  void forget(const GameRoom& room);
  void evict_idle();
  void start_evict_timer();
  void ping_some();

  // Expiry of games nobody joined (game_expiry.cpp).
  // At start, before the unfinished games are loaded: every expired one deleted, the store alone.
  Result<bool> expire_stored();
  // While running: the expired games in memory through their rooms, the others through the storage thread.
  void expire_unjoined();
  void start_expiry_timer();
  // What to do with a stored game whose time is up: REMOVE if nobody joined it, else KEEP.
  StoreWrite expiry_write(const std::string& id);
  std::shared_ptr<RoomWorkers::Queue> expiry_queue;  // the timer's sweeps run here, off the io threads

  // Routes (game_routes.cpp).
  HttpAnswer route(const HttpRequest& request);
  HttpAnswer create_game(const HttpRequest& request);
  // A hello naming seats, told to options.seats_claimed (a cheap look first: most messages are moves).
  void note_seats_claimed(const Peer& peer, const std::string& game, std::string_view text);
  // Opens a game from its setup: its seat tokens, its live game, its room. Every game begins here: the HTTP route
  // and the typed API (game_api.h) both come here.
  Result<std::shared_ptr<GameRoom>, ProtocolError> begin(Setup setup);
  // Registers a new game under a fresh id and stores its creation; `stored` hears the commit. Null: no free id.
  std::shared_ptr<GameRoom> open_game(const Setup& setup, std::unique_ptr<play::LiveGame> live,
                                      RoomServices::Created stored);
  // A rematch's game (RoomServices::create).
  void create_rematch(Setup setup, RoomServices::Created stored);
  HttpAnswer pgn(const GameRoom& room);

  int ping_slice = 0;
  std::vector<std::weak_ptr<GameRoom>> ping_round;  // the games of this ping round, read once per round
};

}  // namespace tabiya::server
