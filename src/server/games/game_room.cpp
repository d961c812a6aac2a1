// The room's life and the client messages it answers.
#include "server/games/game_room.h"

#include <algorithm>
#include <ctime>
#include <type_traits>
#include <utility>

#include "core/uci_move.h"
#include "notation/move_reader.h"
#include "notation/san.h"
#include "server/base/tokens.h"

namespace tabiya::server {
namespace json = boost::json;

namespace {
constexpr int64_t MAX_LAG_MS = 500;

// True while a network thread runs a room's message itself (receive, run_or_post): what it does there must stay
// short. A worker's is always false.
thread_local bool on_network_thread = false;

ProtocolError simple_error(std::string code, std::string detail = {}) {
  return ProtocolError{std::move(code), {}, std::move(detail)};
}

std::chrono::nanoseconds thread_cpu_time() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return std::chrono::seconds(t.tv_sec) + std::chrono::nanoseconds(t.tv_nsec);
}

std::string_view move_error_reason(MoveErrorKind kind) {
  switch (kind) {
    case MoveErrorKind::SYNTAX:
      return "unreadable";
    case MoveErrorKind::ILLEGAL:
      return "illegal";
    case MoveErrorKind::AMBIGUOUS:
      return "ambiguous";
  }
  return "unreadable";
}
}  // namespace

std::shared_ptr<GameRoom> GameSession::room() const {
  std::lock_guard lock(mutex_);
  return room_;
}

void GameSession::move_to(std::shared_ptr<GameRoom> room) {
  std::lock_guard lock(mutex_);
  room_ = std::move(room);
}

GameRoom::GameRoom(RoomServices& services, std::string id, Setup setup, std::unique_ptr<play::LiveGame> live,
                   std::size_t stored_actions, int64_t seq)
    : services_(services),
      id_(std::move(id)),
      setup_(std::move(setup)),
      queue_(services.workers.make_queue()),
      live_(std::move(live)),
      seq_(seq),
      stored_actions_(stored_actions),
      stored_finish_(live_->over()),
      timer_(services.io),
      last_used_ms_(services.time->now().count()) {
  stored_finish_flag_ = stored_finish_;
  // Loaded (new, or after a restart): nobody is connected yet; absence counts from now.
  for (Color c : {WHITE, BLACK}) away_since_[c] = last_used_ms_;
}

GameRoom::~GameRoom() = default;

// --- Work handed to the room ---

void GameRoom::post(std::function<void(GameRoom&)> task) {
  queue_->post([self = shared_from_this(), task = std::move(task)] {
    std::lock_guard lock(self->mutex_);
    if (!self->closed_) task(*self);
  });
}

void GameRoom::run_or_post(std::function<void(GameRoom&)> task) {
  queue_->run_or_post([self = shared_from_this(), task = std::move(task)] {
    std::lock_guard lock(self->mutex_);
    if (!self->closed_) task(*self);
  });
}

void GameRoom::post_first(std::function<void(GameRoom&)> task) {
  queue_->post_first([self = shared_from_this(), task = std::move(task)] {
    std::lock_guard lock(self->mutex_);
    if (!self->closed_) task(*self);
  });
}

void GameRoom::run(std::function<void(GameRoom&)> task) { post(std::move(task)); }

void GameRoom::after_commit(std::function<void()> work) {
  if (writing_) waiting_.push_back(std::move(work));
  else work();
}

void GameRoom::receive(std::shared_ptr<GameSession> session, ParsedMessage message, ArrivalTime arrived) {
  if (inbox_.fetch_add(1) >= services_.queue_limit()) {
    // Refused on the network thread, at once: the game's queue is full and waiting would delay the answer
    // without bound.
    --inbox_;
    ++services_.metrics.busy_total;
    ++services_.metrics.errors_total;
    ProtocolError e = simple_error("busy", "this game has too much work waiting; send it again later");
    e.data["limit"] = services_.queue_limit();
    session->peer->send(share(error_message(message ? message->req : message.error().req, e)));
    return;
  }
  const Millis received = services_.time->now();
  // Moves and pongs are short unless the game has shown otherwise: answered here when the room is idle. (Not for
  // a room that left memory: answering then loads the game again from the store.)
  const bool short_work =
      message && !heavy_.load(std::memory_order_relaxed) && !evicted_flag_.load() &&
      (std::holds_alternative<MoveMessage>(message->message) || std::holds_alternative<PongMessage>(message->message));
  auto task = [session = std::move(session), message = std::move(message), arrived, received,
               short_work](GameRoom& room) {
    // The thread's CPU time, not the wall clock: a thread the scheduler set aside did not find the work heavy.
    // Only moves and pongs are measured: a hello's state of a long game is not what the next move will cost.
    const auto start = short_work ? thread_cpu_time() : decltype(thread_cpu_time()){};
    room.handle(session, message, arrived, received);
    if (short_work && thread_cpu_time() - start > INLINE_BUDGET) room.heavy_ = true;
  };
  if (!short_work) return post(std::move(task));
  const bool outer = std::exchange(on_network_thread, true);
  run_or_post(std::move(task));
  on_network_thread = outer;
}

void GameRoom::leave(std::shared_ptr<GameSession> session) {
  // After the commit in progress, if any: the presence event is numbered after that change's events. The game
  // was last used when the socket closed, not when the room got to it.
  const int64_t closed_at = services_.time->now().count();
  post([session = std::move(session), closed_at](GameRoom& room) {
    room.after_commit([&room, session, closed_at] { room.do_leave(session, closed_at); });
  });
}

void GameRoom::ping() {
  run_or_post([](GameRoom& room) {  // a few bytes per socket: short work
    for (auto& s : room.sessions_) room.send_ping(*s);
  });
}

void GameRoom::check_time() {
  post([](GameRoom& room) { room.on_time(); });
}

void GameRoom::store_creation(StoreWrite create, RoomServices::Created stored) {
  post([create = std::move(create), stored = std::move(stored)](GameRoom& room) mutable {
    std::vector<StoreWrite> writes{std::move(create)};
    if (room.setup_.opponent != "invite") (void)room.live_->start();
    for (StoreWrite& w : room.unstored_writes(0)) writes.push_back(std::move(w));
    room.store_then(std::move(writes), [stored = std::move(stored)](GameRoom& room, bool committed) {
      if (stored) stored(room.id_, committed);
      if (committed) return room.schedule();
      room.lost_ = true;
      room.services_.forget(room);
    });
  });
}

void GameRoom::resume() {
  post([](GameRoom& room) {
    room.store_then(room.unstored_writes(room.seq_), [](GameRoom& room, bool) { room.schedule(); });
  });
}

bool GameRoom::evict_if_idle(int64_t now_ms, int64_t after_ms) {
  std::unique_lock lock(mutex_, std::try_to_lock);
  if (!lock.owns_lock()) return false;  // working: not idle
  const bool idle = live_->over() && stored_finish_ && !writing_ && waiting_.empty() && sessions_.empty() &&
                    inbox_ == 0 && !robot_queued_ && !robot_thinking_ && now_ms - last_used_ms_ >= after_ms;
  if (idle) evicted_flag_ = true;
  return idle;
}

void GameRoom::cancel_timer() {
  std::lock_guard lock(mutex_);
  timer_.cancel();
}

void GameRoom::close() {
  std::lock_guard lock(mutex_);
  closed_ = true;
  timer_.cancel();
  for (auto& s : sessions_) services_.bus.unsubscribe(id_, s->peer.get());
  sessions_.clear();
  waiting_.clear();
}

std::optional<std::string> GameRoom::game_text() const {
  std::unique_lock lock(mutex_, READ_PATIENCE);
  std::lock_guard snapshot_lock(snapshot_mutex_);
  if (lock.owns_lock()) snapshot_ = json::serialize(server::game_json(*live_, view()));
  if (snapshot_.empty()) return std::nullopt;
  return snapshot_;
}

// --- Messages ---

void GameRoom::handle(const std::shared_ptr<GameSession>& session, const ParsedMessage& message, ArrivalTime arrived,
                      Millis received) {
  if (writing_) {
    // The game's last change is being committed: this message comes after it, in order. Its clock time while
    // it waits is not the mover's (added to the lag allowance, capped as that is).
    waiting_.push_back([this, session, message, arrived, received] { handle(session, message, arrived, received); });
    return;
  }
  --inbox_;
  GameSession& s = *session;
  if (evicted_flag_) {
    // The game left memory after this connection opened (it had not said hello yet): load it again.
    auto fresh = services_.reload(id_);
    if (!fresh) {
      send_error(s, std::nullopt, simple_error("unknown_game"));
      return s.peer->close(1008, "unknown_game");
    }
    s.move_to(fresh);
    return fresh->receive(session, message, arrived);
  }
  last_used_ms_ = services_.time->now().count();
  if (lost_) {
    send_error(s, std::nullopt, simple_error("unknown_game"));
    return s.peer->close(1008, "unknown_game");
  }
  const Millis waited = services_.time->now() - received;
  auto hello_first = [&](std::optional<int64_t> req) {
    ProtocolError e = simple_error("not_allowed", "send hello first");
    e.data["reason"] = "hello_first";
    ++services_.metrics.errors_total;
    send_error(s, req, e);
  };
  if (!message) {
    const ClientMessageError& error = message.error();
    if (!s.joined && !error.type.empty() && error.type != "hello" && error.type != "pong")
      return hello_first(error.req);
    ++services_.metrics.errors_total;
    return send_error(s, error.req, error.error);
  }
  const std::optional<int64_t> req = message->req;
  std::visit(
      [&](const auto& m) {
        using M = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<M, HelloMessage>) return hello(s, m);
        else if constexpr (std::is_same_v<M, PongMessage>) return pong(s, m);
        else {
          if (!s.joined) return hello_first(req);
          if constexpr (std::is_same_v<M, ResyncMessage>) resync(s, m.since);
          else if constexpr (std::is_same_v<M, MoveMessage>) move(s, m, req, arrived, waited);
          else if constexpr (std::is_same_v<M, OfferMessage>) offer(s, m, req, arrived);
          else if constexpr (std::is_same_v<M, ClaimMessage>) claim(s, m, req, arrived);
          else if constexpr (std::is_same_v<M, RematchMessage>) rematch(s, m, req);
          else if constexpr (std::is_same_v<M, AbortMessage>) abort(s, m, req, arrived);
          else if constexpr (std::is_same_v<M, OpponentGoneMessage>) opponent_gone(s, m, req, arrived);
          else resign(s, m, req, arrived);
        }
      },
      message->message);
}

void GameRoom::hello(GameSession& s, const HelloMessage& m) {
  bool bad = false;
  bool seats[COLOR_NB] = {false, false};
  for (const std::string& token : m.seats) {
    bool matched = false;
    for (Color c : {WHITE, BLACK})
      if (!token.empty() && !setup_.seats[c].empty() && same_secret(token, setup_.seats[c])) seats[c] = matched = true;
    bad = bad || !matched;
  }
  // Presence first, to the others: the newcomer's own state already includes it.
  GameView before = view();
  s.seats[WHITE] = seats[WHITE];
  s.seats[BLACK] = seats[BLACK];
  s.seated = s.holds_any();
  const bool was_joined = s.joined;
  if (!was_joined) {
    s.joined = true;
    sessions_.push_back(s.shared_from_this());
  }
  GameView after = view();
  if (before.connected[WHITE] != after.connected[WHITE] || before.connected[BLACK] != after.connected[BLACK]) {
    broadcast(presence_event(), nullptr, std::nullopt, &s);
    follow_absence(before, after);
  }
  if (!was_joined) services_.bus.subscribe(id_, s.peer);
  if (bad) send_error(s, std::nullopt, simple_error("bad_seat", "a token is not this game's"));
  // Always a fresh state: a reconnecting client needs the clocks as they are now even when it missed no event.
  s.peer->send(share(state_text(s)));
  send_rematch_seats(s);
  // An invited game starts when the invited player first comes (the clocks start then).
  if (!live_->started() && !live_->over() && after.connected[WHITE] && after.connected[BLACK]) {
    if (auto change = live_->start()) {
      store_then(unstored_writes(seq_ + 1), [](GameRoom& room, bool committed) {
        if (committed) room.broadcast_state();
        room.schedule();
      });
    }
  }
  send_ping(s);
}

void GameRoom::pong(GameSession& s, const PongMessage& m) {
  if (m.n != s.ping_n || s.ping_sent < 0) return;
  const int64_t one_way = std::max<int64_t>(0, (services_.time->now().count() - s.ping_sent) / 2);
  s.lag_ms = s.lag_ms == 0 ? one_way : (3 * s.lag_ms + one_way) / 4;
  s.ping_sent = -1;
}

Result<Color, ProtocolError> GameRoom::acting_color(const GameSession& s, std::optional<Color> asked,
                                                    std::optional<Color> natural) const {
  Color color = asked                                ? *asked
                : (s.seats[WHITE] != s.seats[BLACK]) ? (s.seats[WHITE] ? WHITE : BLACK)
                                                     : natural.value_or(live_->turn());
  if (!s.seats[color]) {
    ProtocolError e = simple_error("not_your_seat", "this connection holds no seat for that side");
    e.data["color"] = color_text(color);
    return e;
  }
  return color;
}

// A move as a person typed it (a move's or a claim's `text`), read by the one move reader (notation/move_reader.h)
// into UCI; refused as `illegal_move` with the reader's reason and, when several or close moves fit, their SAN.
Result<std::string, ProtocolError> GameRoom::read_typed_move(const Position& position, const std::string& text,
                                                             Language language) {
  auto read = parse_move(position, text, {language});
  if (read) return to_uci(*read, position);
  ProtocolError e = simple_error("illegal_move", read.error().message);
  e.data["text"] = text;
  e.data["reason"] = move_error_reason(read.error().kind);
  if (!read.error().candidates.empty() || read.error().kind == MoveErrorKind::AMBIGUOUS) {
    json::array candidates;
    for (Move c : read.error().candidates) candidates.push_back(json::value(to_san(position, c)));
    e.data["candidates"] = std::move(candidates);
  }
  return e;
}

void GameRoom::move(GameSession& s, const MoveMessage& m, std::optional<int64_t> req, ArrivalTime arrived,
                    Millis waited) {
  play::LiveGame& live = *live_;
  const std::size_t plies_before = live.game().moves().size();
  json::object move_data;  // what an illegal_move answer repeats
  if (m.text) move_data["text"] = *m.text;
  else move_data["uci"] = m.uci;
  if (live.over()) return refuse(s, req, {"game_over", "", "the game is over"}, plies_before);
  // A move sent for another ply (the same move sent twice, or one that crossed the opponent's) is stale, whoever is
  // to move now: a player's repeated move is not "not your turn".
  if (m.ply && *m.ply != int(plies_before) && s.holds_any())
    return refuse(s, req, {"stale", "", "the move was sent for ply " + std::to_string(*m.ply)}, plies_before);
  const Color mover = live.turn();
  if (!s.seats[mover]) {
    if (s.holds_any()) return refuse(s, req, {"not_your_turn", "", "the other side is to move"}, plies_before);
    ProtocolError e = simple_error("not_your_seat", "a spectator cannot move");
    e.data["color"] = color_text(mover);
    ++services_.metrics.errors_total;
    return send_error(s, req, e);
  }
  const Millis lag = Millis(std::min(s.lag_ms, MAX_LAG_MS)) + waited;
  std::string uci = m.uci;
  if (m.text) {
    auto read = read_typed_move(live.game().position(), *m.text, m.language);
    if (!read) {
      // The game's own refusals (not started, stale ply) come first, as for a move in UCI; an empty move
      // changes nothing.
      auto checked = live.move(mover, "", m.ply, Millis{0});
      if (!checked && checked.error().code != "illegal_move") return refuse(s, req, checked.error(), plies_before);
      ++services_.metrics.errors_total;
      return send_error(s, req, read.error());
    }
    uci = *read;
  }
  if (!on_network_thread) {
    auto change = live.move(mover, uci, m.ply, lag);
    if (!change) return refuse(s, req, change.error(), plies_before, std::move(move_data));
    return done(s, req, change, plies_before, arrived);
  }
  // Nothing of the move is done yet: a proof too long for this thread goes to a worker with the move.
  if (!live.prepare_move(uci, INLINE_PROOF_STEPS))
    return hand_over(s, ClientRequest{req, m}, arrived, services_.time->now() - waited);
  const uint64_t searches = live.dead_positions().searches();
  auto change = live.move(mover, uci, m.ply, lag);
  services_.metrics.inline_searches += int64_t(live.dead_positions().searches() - searches);
  if (!change) return refuse(s, req, change.error(), plies_before, std::move(move_data));
  done(s, req, change, plies_before, arrived);
}

void GameRoom::hand_over(GameSession& s, ClientRequest request, ArrivalTime arrived, Millis received) {
  ++inbox_;  // handle() counted it answered
  heavy_ = true;
  ++services_.metrics.moves_handed_over;
  post_first([session = s.shared_from_this(), message = ParsedMessage(std::move(request)), arrived,
              received](GameRoom& room) { room.handle(session, message, arrived, received); });
}

void GameRoom::offer(GameSession& s, const OfferMessage& m, std::optional<int64_t> req, ArrivalTime arrived) {
  play::LiveGame& live = *live_;
  const std::size_t plies_before = live.game().moves().size();
  const bool draw = m.kind == OfferKind::DRAW;
  // Hot-seat: an answer is the offer's opponent's, an offer the side to move's.
  std::optional<Color> natural;
  std::optional<Color> standing = draw ? live.game().draw_offer() : live.takeback_offer();
  if (m.action != OfferAnswer::OFFER && standing) natural = ~*standing;
  auto by = acting_color(s, m.color, natural);
  if (!by) {
    ++services_.metrics.errors_total;
    return send_error(s, req, by.error());
  }
  const std::string_view kind = offer_kind_text(m.kind);
  if (m.action == OfferAnswer::OFFER) {
    auto change = draw ? live.draw_offer(*by) : live.takeback_offer(*by);
    if (change && change->offer) {
      json::object event{{"type", "offer"}, {"kind", kind}, {"by", color_text(*by)}};
      done(s, req, change, plies_before, arrived, std::move(event));
    } else {
      done(s, req, change, plies_before, arrived);
    }
    if (draw && change && !live.over() && live.robot_seat(~*by) && live.game().draw_offer() == *by)
      robot_answers_draw_offer(~*by);
    return;
  }
  if (m.action == OfferAnswer::ACCEPT)
    return done(s, req, draw ? live.draw_accept(*by) : live.takeback_accept(*by), plies_before, arrived);
  auto change = draw ? live.draw_decline(*by) : live.takeback_decline(*by);
  if (change && change->declined) {
    json::object event{{"type", "offer_declined"}, {"kind", kind}, {"by", color_text(*by)}};
    return done(s, req, change, plies_before, arrived, std::move(event));
  }
  done(s, req, change, plies_before, arrived);
}

void GameRoom::claim(GameSession& s, const ClaimMessage& m, std::optional<int64_t> req, ArrivalTime arrived) {
  play::LiveGame& live = *live_;
  const std::size_t plies_before = live.game().moves().size();
  if (live.over()) return refuse(s, req, {"game_over", "", "the game is over"}, plies_before);
  auto by = acting_color(s, m.color, live.turn());
  if (!by) {
    ++services_.metrics.errors_total;
    return send_error(s, req, by.error());
  }
  std::string intended = m.uci;
  if (m.text) {
    auto read = read_typed_move(live.game().position(), *m.text, m.language);
    if (!read) {
      ++services_.metrics.errors_total;
      return send_error(s, req, read.error());
    }
    intended = *read;
  }
  auto change = live.claim(*by, m.ground, intended);
  if (change && change->claim_rejected) {
    json::object e;
    e["type"] = "claim_rejected";
    e["ground"] = claim_ground_text(m.ground);
    e["by"] = color_text(*by);
    e["added"] = change->added.count();
    e["clock"] = clock_json(live);
    return done(s, req, change, plies_before, arrived, std::move(e));
  }
  json::object move_data;
  move_data["uci"] = m.uci;
  if (!change) return refuse(s, req, change.error(), plies_before, std::move(move_data));
  done(s, req, change, plies_before, arrived);
}

void GameRoom::resign(GameSession& s, const ResignMessage& m, std::optional<int64_t> req, ArrivalTime arrived) {
  const std::size_t plies_before = live_->game().moves().size();
  if (live_->over()) return refuse(s, req, {"game_over", "", "the game is over"}, plies_before);
  auto by = acting_color(s, m.color, live_->turn());
  if (!by) {
    ++services_.metrics.errors_total;
    return send_error(s, req, by.error());
  }
  done(s, req, live_->resign(*by), plies_before, arrived);
}

void GameRoom::do_leave(const std::shared_ptr<GameSession>& s, int64_t closed_at) {
  auto it = std::find(sessions_.begin(), sessions_.end(), s);
  if (it == sessions_.end()) return;
  last_used_ms_ = std::max(last_used_ms_, closed_at);
  GameView before = view();
  sessions_.erase(it);
  services_.bus.unsubscribe(id_, s->peer.get());
  GameView after = view();
  if (before.connected[WHITE] != after.connected[WHITE] || before.connected[BLACK] != after.connected[BLACK]) {
    broadcast(presence_event());
    follow_absence(before, after);
  }
}

}  // namespace tabiya::server
