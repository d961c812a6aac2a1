// The game service: the registry of game rooms (game_room.h) and their HTTP
// routes behind the Service interface (service.h) that the network layer
// calls. It speaks the protocol of docs/protocol.md.
//
// Threads. The network calls from several io threads at once; they only read
// a message (parse_client_message) and hand it to its room. Each room runs its
// work in order on its own queue on the game workers (room_workers.h), so a
// slow game never holds up the io threads or another game, and refuses more
// with `busy` past its queue limit. Store writes go to one storage thread
// (group_commit.h) that commits every game's pending writes in one
// transaction; a game's change is announced (and so a move acknowledged) only
// after its commit. The robot thinks on its own threads holding no lock.
// Clock timers run on the io_context and hand their check to the room.
#pragma once

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/json/fwd.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "core/result.h"
#include "laws/time_source.h"
#include "server/base/game_archive.h"
#include "server/base/rate_limit.h"
#include "server/base/service.h"
#include "server/cluster/event_bus.h"
#include "server/cluster/owner_link.h"
#include "server/games/game_api.h"
#include "server/review/review.h"
#include "server/store/game_store.h"

namespace tabiya::server {

struct GameServiceOptions {
  // Where the SQLite file (games.sqlite3) lives; empty keeps games in memory only.
  std::string data_dir;
  // A store to use instead (tests, PostgreSQL); wins over data_dir.
  std::shared_ptr<GameStore> store;
  // The event bus to the sockets (server/cluster/event_bus.h); nullptr: one in this process (InProcessBus). Redis for
  // several nodes (server/cluster/redis_bus.h).
  std::shared_ptr<EventSink> bus;
  // Robot threads; 0: one fewer than the cores, at least one.
  int robot_threads = 0;
  // Threads that run the games' work (moves, takebacks, dead-position proofs), off the network threads;
  // 0: the cores, at least two.
  int room_threads = 0;
  // Client messages one game may hold unanswered before it refuses more with `busy`; 0: 32.
  int room_queue_limit = 0;
  // The games' monotonic time (clocks, lag); nullptr: the machine's steady clock.
  std::shared_ptr<const TimeSource> time;
  // Server time in ms since the epoch (correspondence deadlines); empty: the system clock.
  std::function<int64_t()> wall_clock;
  // Random numbers for colours drawn by lot, Chess960 numbers and robot seeds; empty: the OS.
  // Seat tokens and game ids always come from the OS.
  std::function<uint64_t()> random;
  // The robot's thinking time per move in games without a clock.
  int64_t robot_movetime_ms = 1000;
  // How often each connection is pinged to measure its lag; 0 turns it off.
  std::chrono::milliseconds ping_interval{5000};
  // The engine review of finished games (one low-priority thread).
  ReviewOptions review;
  // One JSON line per game start and end; empty: standard error.
  std::function<void(const std::string&)> log;
  // A finished game with no connection leaves memory after this long (game time source) and is
  // loaded again from the store when asked for; 0 keeps every game.
  std::chrono::milliseconds evict_after{std::chrono::minutes(10)};
  // While a chess clock runs, the mover's time used is stored this often (batched with the moves' commits), so
  // that a restart, or another node taking the game over, refunds no more than this much of a think; 0: only at
  // the moves.
  std::chrono::milliseconds clock_checkpoint_every{5000};
  // Game creations per client (POST /api/games; the server's own requests are never limited). The same limiter
  // may be the tournament service's, so that one budget covers both; nullptr: no limit.
  std::shared_ptr<RateLimiter> creation_limits;
  // A game nobody joined (server/games/unjoined_games.h) is deleted from the store this long after its creation (the
  // wall clock, so across restarts) and is not loaded at start; 0 keeps every game.
  std::chrono::milliseconds unjoined_expiry{std::chrono::hours(1)};
  // Several nodes on one store: this node's name, unique in the cluster. Empty: a single node, which
  // runs every game without leases. Set: each game runs on the node holding its lease (game_store.h), renewed
  // every lease / 3; a socket for a game another node owns is relayed to it through `owner_link`.
  std::string node_id;
  std::chrono::milliseconds lease{std::chrono::seconds(10)};
  std::shared_ptr<OwnerLink> owner_link;
  // Told once when a game ends, with how it ended (game_api.h: its score, why, whether it was played): how an
  // event hears its results. Runs on that game's room: it must not call back into this service for an existing
  // game.
  std::function<void(const std::string& game_id, const GameEnding& ending)> on_game_end;
  // Asked once when a game's end is stored, with its score ("*" when it has none): the rating figures its `end`
  // event carries ({"category", "white", "black"}, docs/protocol.md), or nullopt for a game that moves no rating.
  // The answer goes to `done` from any thread, which must be called exactly once; until then the end event and
  // whatever arrives for that game wait (the room's thread does not). How the lobby rates a game once.
  using EndRatingsDone = std::function<void(std::optional<boost::json::object> figures)>;
  std::function<void(const std::string& game_id, const std::string& score, EndRatingsDone done)> end_ratings;
  // A game created through POST /api/games, with the seat tokens its creator holds (both in hot-seat, the
  // creator's colour otherwise): how the accounts record a logged-in creator's game. On the network thread.
  std::function<void(const HttpRequest& request, const std::string& game_id, const std::vector<std::string>& seats)>
      game_created;
  // A socket on a game said hello naming these seat tokens (not yet checked against the game): how the accounts
  // record the seats a logged-in player takes. `cookie` is the Cookie header of the socket's upgrade. On the
  // network thread, before the room hears the hello.
  std::function<void(std::string_view cookie, const std::string& game_id, const std::vector<std::string>& seats)>
      seats_claimed;
};

class GameService final : public Service, public GameApi {
 public:
  static Result<std::unique_ptr<GameService>> create(boost::asio::io_context& io, GameServiceOptions options);
  ~GameService() override;

  HttpAnswer http(const HttpRequest& request) override;
  std::shared_ptr<Session> open(std::string_view path, std::shared_ptr<Peer> peer) override;
  void message(Session& session, std::string_view text) override;
  void closed(Session& session) override;
  bool keeps_alive(const Session& session) override;
  void write_metrics(std::string& out) override;
  void shutdown() override;

  // The modules above that hear of each game's end (the events) and rate it (the lobby): set by the composition
  // root once they are built, before the network starts (GameServiceOptions::on_game_end, end_ratings).
  void set_game_end_hook(std::function<void(const std::string& game_id, const GameEnding& ending)> hook);
  void set_end_ratings_hook(
      std::function<void(const std::string& game_id, const std::string& score, GameServiceOptions::EndRatingsDone done)>
          hook);
  // The accounts, which record the seats a logged-in player takes (GameServiceOptions::game_created,
  // seats_claimed): set once they are built, before the network starts.
  void set_seat_hooks(decltype(GameServiceOptions::game_created) created,
                      decltype(GameServiceOptions::seats_claimed) claimed);

  // The typed calls of the modules above (game_api.h).
  Result<StartedGame> start_game(const NewGame& game) override;
  std::optional<GameEnding> game_ending(std::string_view id) override;
  Result<std::string> game_pgn(std::string_view id) override;

  // Ends every game whose flag has fallen or whose deadline has passed now (the
  // timers do this by themselves; tests with a manual time source call it).
  void check_clocks();
  // Games held in memory (unfinished and recently finished).
  std::size_t game_count() const;
  int robot_queue() const;
  // Takes out of memory every finished game idle for evict_after (a timer does this by itself).
  void evict_idle();
  // Deletes the games nobody joined within unjoined_expiry (a timer does this by itself; tests call it, then
  // wait_for_store()).
  void expire_unjoined();
  // Returns once the rooms have no work left and every write they submitted is committed and announced.
  void wait_for_store();
  // Returns once the rooms have no work queued or running; their writes may still be with the storage thread.
  void wait_for_rooms();
  // Runs `work` on the game's room, in order with its messages (tests: hold one game's work); false: no such game.
  bool run_in_room(std::string_view id, std::function<void()> work);
  // For the accounts' history and export (game_archive.h): a game in memory, or read from the store without
  // keeping it; nullopt: no such game, or busy.
  std::optional<ArchivedGame> archived_game(std::string_view id, std::string_view seat, bool with_pgn);
  // Several nodes: renews this node's leases, lets go of the games it lost, takes the games nobody owns
  // and checks its relayed sockets (a timer does this every lease / 3; tests call it).
  void tend_leases();
  // Games whose lease this node holds.
  std::size_t owned_games() const;

 private:
  GameService(boost::asio::io_context& io, GameServiceOptions options, std::shared_ptr<GameStore> store);
  struct Impl;
  std::shared_ptr<Impl> impl_;  // shared: the storage thread's reports hold it weakly
};

// For the composition root: the service with these options; throws std::runtime_error
// when the store cannot be opened or its games cannot be loaded.
std::unique_ptr<GameService> make_game_service(boost::asio::io_context& io, GameServiceOptions options);

}  // namespace tabiya::server
