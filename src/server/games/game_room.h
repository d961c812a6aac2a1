// One game on the server: the live game, the sockets that watch it, its
// numbered events, the order of its storage writes, its clock timer and its
// robot turn. This is the unit a later multi-node server can hand from one
// machine to another.
//
// Threads. Everything a room does runs on its own serial queue on the game
// workers (room_workers.h): a slow game (a dead-position proof, a long
// takeback) delays itself only. Short work (a move, a pong, announcing a
// committed move) runs on the thread that brings it when the queue is idle,
// unless the game has shown itself slow (INLINE_BUDGET); a move whose
// dead-position proof would take more than INLINE_PROOF_STEPS goes to the
// workers before anything of it is done. Each task holds
// the room's lock while it works; the HTTP routes take that lock only to read.
// A change is stored before anyone hears of it: while its commit is with the
// storage thread (group_commit.h) the room is `writing`, and what arrives for
// it meanwhile waits in order. Events go out through an EventSink
// (event_bus.h), one shared buffer per event for all receivers.
#pragma once

#include <atomic>
#include <boost/asio/steady_timer.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/search.h"
#include "play/live_game.h"
#include "server/base/service.h"
#include "server/games/client_message.h"
#include "server/games/protocol.h"
#include "server/games/room_services.h"
#include "server/store/game_store.h"

namespace tabiya::server {

class GameRoom;
using ArrivalTime = std::chrono::steady_clock::time_point;
using ParsedMessage = Result<ClientRequest, ClientMessageError>;

// {"t":"error","req":R,"code":...,"data":...,"detail":...}; no `req` when the request had none.
std::string error_message(std::optional<int64_t> req, const ProtocolError& e);

// One WebSocket on a game.
class GameSession final : public Session, public std::enable_shared_from_this<GameSession> {
 public:
  GameSession(std::shared_ptr<GameRoom> room, std::shared_ptr<Peer> peer)
      : peer(std::move(peer)), room_(std::move(room)) {}
  // The room it talks to; replaced only when the game left memory before this session said hello.
  std::shared_ptr<GameRoom> room() const;
  void move_to(std::shared_ptr<GameRoom> room);

  const std::shared_ptr<Peer> peer;
  // Guarded by the room's lock.
  bool joined = false;                    // after hello
  bool seats[COLOR_NB] = {false, false};  // tokens it showed
  int64_t lag_ms = 0;                     // one-way delay estimate
  int64_t ping_n = 0;                     // last ping sent
  int64_t ping_sent = -1;                 // when (game time source), -1: none outstanding
  bool holds_any() const { return seats[WHITE] || seats[BLACK]; }
  std::atomic<bool> seated{false};  // holds_any(), for the network threads (idle sockets are closed, seats not)

 private:
  mutable std::mutex mutex_;
  std::shared_ptr<GameRoom> room_;
};

class GameRoom : public std::enable_shared_from_this<GameRoom> {
 public:
  // How long a network thread's read waits for a room at work (an ordinary task takes well under a millisecond).
  static constexpr std::chrono::milliseconds READ_PATIENCE{20};
  // A move or a pong is answered on the network thread that read it when its room is idle (no hand-off to a
  // worker and back: most of a move's cost under load was that); a game whose message once took longer than this
  // sends its moves to the workers from then on.
  static constexpr std::chrono::microseconds INLINE_BUDGET{1000};
  // The search positions a move's dead-position proof (Art. 5.2.2) may take on a network thread: about half a
  // millisecond. A move that needs more is handed to the workers, first in its room's line, and proved there in
  // full; the game is heavy from then on. Positions, not time: the same move is handed over on every machine.
  static constexpr uint64_t INLINE_PROOF_STEPS = 512;

  GameRoom(RoomServices& services, std::string id, Setup setup, std::unique_ptr<play::LiveGame> live,
           std::size_t stored_actions, int64_t seq);
  ~GameRoom();
  GameRoom(const GameRoom&) = delete;
  GameRoom& operator=(const GameRoom&) = delete;

  const std::string& id() const { return id_; }
  // Fixed at creation: read without the room's lock.
  const Setup& setup() const { return setup_; }

  // --- From any thread: queued on the room, run in order ---

  // A client's message. Refused at once with `busy` when the room already holds its limit of unanswered
  // messages (docs/protocol.md): a client cannot pile up work that delays its own game without end.
  void receive(std::shared_ptr<GameSession> session, ParsedMessage message, ArrivalTime arrived);
  void leave(std::shared_ptr<GameSession> session);
  void ping();
  // Ends the game if its flag has fallen or its deadline passed.
  void check_time();
  // Creation: stores `create` with the game's start; if that fails the game never existed. `stored` (may be
  // empty) hears the commit on this room's queue.
  void store_creation(StoreWrite create, RoomServices::Created stored = {});
  // After a restart: stores what the store lacks (a result an older server did not mark) and starts the timers.
  void resume();
  // Runs `task` on the room's queue under its lock (tests: hold a room's work).
  void run(std::function<void(GameRoom&)> task);
  // Expiry (room_expiry.cpp): if nobody joined the game (unjoined_games.h) and no client is connected, the room
  // leaves service and the game is deleted from the store; `done(true)` once that is committed. A joined game is
  // marked never to expire. `done` runs on the room's queue.
  void expire_if_unjoined(std::function<void(bool expired)> done);

  // --- The HTTP routes' reads, on the network threads: they never wait for a room at work ---

  // The GAME object as JSON text: fresh when the room is free within READ_PATIENCE, else the last one read
  // (the room is changing it right now); empty when the room is at work and was never read.
  std::optional<std::string> game_text() const;
  // Runs `f` on the live game if the room is free within READ_PATIENCE; nothing when it is still at work.
  template <class F>
  auto try_read(F&& f) const -> std::optional<decltype(f(std::declval<const play::LiveGame&>()))> {
    std::unique_lock lock(mutex_, READ_PATIENCE);
    if (!lock.owns_lock()) return std::nullopt;
    return f(*live_);
  }
  bool finished() const { return stored_finish_flag_.load(); }
  // Takes the room out of service if it is finished, stored, idle and unwatched for `after`; false when busy.
  bool evict_if_idle(int64_t now_ms, int64_t after_ms);
  bool evicted() const { return evicted_flag_.load(); }
  // The service is stopping: no clock timer stays pending in the io_context.
  void cancel_timer();
  // The service is going: stops the timer and lets go of the sessions and of waiting work.
  void close();

  // --- Ownership across nodes (room_ownership.cpp) ---
  // The epoch of the game's lease this node holds, stamped on every write (0: no lease, a single node). Set
  // before the room is shared.
  void set_epoch(int64_t epoch) { epoch_ = epoch; }  // 0 again once its lease is released (finished)
  int64_t epoch() const { return epoch_; }
  // This node no longer owns the game (its lease was taken over, or a write was refused as stale): the room
  // leaves service at once, its sockets closed with CLOSE_MOVED so that their clients reconnect to the owner.
  void drop_ownership(const std::string& why);
  bool dropped() const { return dropped_flag_.load(); }
  // The game had no owner for `ms` before this node took it over (nobody's clock ran): its state says so
  // (`interrupted_ms`, docs/protocol.md) and the players see it as an interruption. Memory only.
  void set_interruption(int64_t ms) { interrupted_ms_ = ms; }

 private:
  // Messages (game_room.cpp).
  // `received`: the game time source when it arrived (what it waited is added to the mover's lag allowance).
  void handle(const std::shared_ptr<GameSession>& session, const ParsedMessage& message, ArrivalTime arrived,
              Millis received);
  void hello(GameSession& s, const HelloMessage& m);
  void pong(GameSession& s, const PongMessage& m);
  static Result<std::string, ProtocolError> read_typed_move(const Position& position, const std::string& text,
                                                            Language language);
  void move(GameSession& s, const MoveMessage& m, std::optional<int64_t> req, ArrivalTime arrived, Millis waited);
  // The message again, on a worker, before anything queued for the room (its proof is too long for this thread).
  void hand_over(GameSession& s, ClientRequest request, ArrivalTime arrived, Millis received);
  void offer(GameSession& s, const OfferMessage& m, std::optional<int64_t> req, ArrivalTime arrived);
  void claim(GameSession& s, const ClaimMessage& m, std::optional<int64_t> req, ArrivalTime arrived);
  void resign(GameSession& s, const ResignMessage& m, std::optional<int64_t> req, ArrivalTime arrived);
  // The rematch of a finished invite game (room_rematch.cpp).
  void rematch(GameSession& s, const RematchMessage& m, std::optional<int64_t> req);
  void rematch_created(const std::string& game, bool committed, Color acceptor);
  void send_rematch_seats(GameSession& s) const;
  // The fair start and an opponent gone (room_absence.cpp).
  void abort(GameSession& s, const AbortMessage& m, std::optional<int64_t> req, ArrivalTime arrived);
  void opponent_gone(GameSession& s, const OpponentGoneMessage& m, std::optional<int64_t> req, ArrivalTime arrived);
  bool absence_counts() const;  // the opponent-gone rule applies to this game
  // After a seat's connections changed: starts or ends its absence, with an `away` or `back` event.
  void follow_absence(const GameView& before, const GameView& after);
  Result<Color, ProtocolError> acting_color(const GameSession& s, std::optional<Color> asked,
                                            std::optional<Color> natural) const;
  void do_leave(const std::shared_ptr<GameSession>& s, int64_t closed_at);
  // Runs `work` now, or after the commit in progress.
  void after_commit(std::function<void()> work);

  // What goes out (room_events.cpp).
  GameView view() const;
  std::string state_text(const GameSession& s) const;
  // Numbers the event, keeps it for resync and publishes it; the requester's copy carries its `req`; `except`
  // does not receive it.
  void broadcast(const boost::json::object& e, GameSession* requester = nullptr, std::optional<int64_t> req = {},
                 const GameSession* except = nullptr);
  // The same for an event already in JSON text.
  void broadcast_text(std::string_view e, GameSession* requester = nullptr, std::optional<int64_t> req = {},
                      const GameSession* except = nullptr);
  void broadcast_state();
  void resync(GameSession& s, int64_t since);
  void send_ok(GameSession& s, std::optional<int64_t> req);
  void send_error(GameSession& s, std::optional<int64_t> req, const ProtocolError& e);
  void send_ping(GameSession& s);
  boost::json::object presence_event() const;
  boost::json::object robot_event() const;

  // Storage order (room_commits.cpp).
  using AfterCommit = std::function<void(GameRoom&, bool committed)>;
  std::vector<StoreWrite> unstored_writes(int64_t seq_after) const;
  void store_then(std::vector<StoreWrite> writes, AfterCommit then, bool light = false);
  void committed(std::size_t actions, bool finishing, const std::string& failure, const AfterCommit& then);
  void drain();
  void rollback();
  void finish_stored();
  void ask_end_ratings(const AfterCommit& then);
  void commit_and_announce(const play::Change& change, std::size_t plies_before, GameSession* requester,
                           std::optional<int64_t> req, std::optional<boost::json::object> extra_event = std::nullopt,
                           std::optional<ArrivalTime> arrived = std::nullopt);
  // An action refused by the Laws: the requester hears why; a flag found fallen ends the game for everyone.
  void refuse(GameSession& s, std::optional<int64_t> req, const play::Refusal& r, std::size_t plies_before,
              boost::json::object move_data = {});
  void done(GameSession& s, std::optional<int64_t> req, const play::Answer<play::Change>& change,
            std::size_t plies_before, ArrivalTime arrived, std::optional<boost::json::object> event = std::nullopt);

  // Clock and robot (room_clock_and_robot.cpp).
  void schedule();
  void on_time();
  void queue_robot();
  // The running clock's checkpoint (for a restart or a takeover): the virtual instant the next is due; nullopt:
  // none is.
  std::optional<int64_t> next_checkpoint() const;
  void checkpoint_if_due();
  void robot_turn(engine::Engine& engine, Color robot, int ply, int rewrites);
  void robot_play(Color robot, int ply, int rewrites, const engine::SearchResult& result);
  void robot_answers_draw_offer(Color robot);

  void post(std::function<void(GameRoom&)> task);
  // post(), or at once on the calling thread when the room's queue is idle (RoomWorkers::Queue::run_or_post).
  void run_or_post(std::function<void(GameRoom&)> task);
  void post_first(std::function<void(GameRoom&)> task);

  RoomServices& services_;
  const std::string id_;
  const Setup setup_;
  std::shared_ptr<RoomWorkers::Queue> queue_;
  std::atomic<int> inbox_{0};  // client messages received and not yet answered
  std::atomic<bool> stored_finish_flag_{false};
  std::atomic<bool> evicted_flag_{false};
  // A message of this game once took longer than INLINE_BUDGET (a dead-position search, an endgame): its moves
  // no longer run on the network threads.
  std::atomic<bool> heavy_{false};

  mutable std::timed_mutex mutex_;  // everything below
  std::unique_ptr<play::LiveGame> live_;
  std::vector<std::shared_ptr<GameSession>> sessions_;  // joined ones
  int64_t seq_ = 0;
  std::deque<std::pair<int64_t, SharedText>> history_;  // (seq, event text without req), for resync
  std::size_t history_bytes_ = 0;                       // the size of their texts
  std::size_t stored_actions_ = 0;                      // log entries committed to the store
  bool stored_finish_ = false;
  // The last clock checkpoint submitted: its virtual instant and the stored actions it followed.
  int64_t checkpoint_at_ = 0;
  std::size_t checkpoint_actions_ = 0;
  boost::asio::steady_timer timer_;
  bool robot_queued_ = false;
  bool robot_thinking_ = false;
  int robot_score_ = 0;  // the robot's last evaluation, its own view (for answering draw offers)
  // A unit of this game's writes is with the storage thread: everything else waits in `waiting_`, in order.
  bool writing_ = false;
  // Not a deque: an empty one holds 576 bytes, in each of 10,000 rooms.
  std::list<std::function<void()>> waiting_;
  int rollbacks_ = 0;  // commits refused: the game was rebuilt from its stored log
  bool lost_ = false;  // its creation was not committed: it does not exist
  bool closed_ = false;
  int64_t last_used_ms_ = 0;  // the game time source, for eviction
  // The rematch, in memory only (an offer, or the link to the new game, is lost on a restart or an eviction).
  std::optional<Color> rematch_offer_;
  bool rematch_creating_ = false;
  std::string rematch_game_;
  std::string rematch_seats_[COLOR_NB];  // the new game's token for this game's player of each colour
  // Since when (the game time source) each seat has had no connection; nullopt while it has one.
  std::optional<int64_t> away_since_[COLOR_NB];
  // A rated game's rating change, once its end is rated (GameServiceOptions::end_ratings); memory only.
  std::optional<boost::json::object> end_ratings_;

  mutable std::mutex snapshot_mutex_;
  mutable std::string snapshot_;  // the last GAME text read, for reads while the room works

  // Ownership across nodes.
  std::atomic<int64_t> epoch_{0};
  std::atomic<bool> dropped_flag_{false};
  std::atomic<int64_t> interrupted_ms_{0};
  void leave_service(const std::string& why);  // on the room's queue
};

}  // namespace tabiya::server
