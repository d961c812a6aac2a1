#include "server/game_service.h"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/json.hpp>
#include <deque>
#include <filesystem>
#include <iostream>
#include <stdexcept>

#include "core/uci_move.h"
#include "laws/game_record.h"
#include "notation/pgn_writer.h"
#include "play/robot_policy.h"
#include "server/group_commit.h"
#include "server/protocol.h"
#include "server/robot_pool.h"
#include "server/tokens.h"

namespace tabiya::server {
namespace json = boost::json;

namespace {

constexpr std::size_t HISTORY_EVENTS = 64;  // events kept for resync; older gaps get a full state
constexpr int64_t MAX_LAG_MS = 500;
constexpr std::size_t MAX_MESSAGE_BYTES = 4096;  // docs/protocol.md; the network layer enforces it first

std::string error_text(int64_t req, bool has_req, const ProtocolError& e) {
  json::object o;
  o["t"] = "error";
  if (has_req) o["req"] = req;
  o["code"] = e.code;
  o["data"] = e.data;
  if (!e.detail.empty()) o["detail"] = e.detail;
  return json::serialize(o);
}

ProtocolError simple_error(std::string code, std::string detail = {}) {
  return ProtocolError{std::move(code), {}, std::move(detail)};
}

HttpAnswer json_answer(int status, const json::value& body) {
  HttpAnswer a;
  a.status = status;
  a.body = json::serialize(body);
  return a;
}

json::object review_json(const ReviewState& state) {
  json::object o;
  o["status"] = state.status;
  o["engine"] = state.engine.empty() ? json::value(nullptr) : json::value(state.engine);
  json::array plies;
  for (const PlyReview& p : state.plies) {
    json::object r;
    r["ply"] = p.ply;
    r["cp"] = p.cp ? json::value(*p.cp) : json::value(nullptr);
    r["mate"] = p.mate ? json::value(*p.mate) : json::value(nullptr);
    r["best"] = p.best.empty() ? json::value(nullptr) : json::value(p.best);
    r["best_san"] = p.best_san.empty() ? json::value(nullptr) : json::value(p.best_san);
    json::array line;
    for (const std::string& m : p.line) line.push_back(json::value(m));
    r["line"] = std::move(line);
    plies.push_back(std::move(r));
  }
  o["plies"] = std::move(plies);
  return o;
}

HttpAnswer http_error(int status, std::string code, json::object data = {}) {
  json::object o;
  o["error"] = code;
  o["data"] = std::move(data);
  return json_answer(status, o);
}

}  // namespace

// --- One game and one connection ---

class GameSession final : public Session, public std::enable_shared_from_this<GameSession> {
 public:
  GameSession(std::shared_ptr<GameEntry> entry, std::shared_ptr<Peer> peer)
      : entry(std::move(entry)), peer(std::move(peer)) {}
  // All of these are guarded by the game's mutex.
  std::shared_ptr<GameEntry> entry;
  std::shared_ptr<Peer> peer;
  bool joined = false;                    // after hello
  bool seats[COLOR_NB] = {false, false};  // tokens it showed
  int64_t lag_ms = 0;                     // one-way delay estimate
  int64_t ping_n = 0;                     // last ping sent
  int64_t ping_sent = -1;                 // when (game time source), -1: none outstanding
  bool holds_any() const { return seats[WHITE] || seats[BLACK]; }
};

struct GameEntry : std::enable_shared_from_this<GameEntry> {
  GameEntry(boost::asio::io_context& io, std::string id) : id(std::move(id)), timer(io) {}
  std::mutex mutex;
  const std::string id;
  Setup setup;
  std::unique_ptr<play::LiveGame> live;
  std::vector<std::shared_ptr<GameSession>> sessions;  // joined ones
  int64_t seq = 0;
  std::deque<std::pair<int64_t, std::string>> history;  // (seq, event text without req)
  std::size_t stored_actions = 0;                       // log entries committed to the store
  bool stored_finish = false;
  boost::asio::steady_timer timer;
  bool robot_queued = false;
  bool robot_thinking = false;
  int robot_score = 0;  // the robot's last evaluation, its own view (for answering draw offers)
  // A unit of this game's writes is with the storage thread: everything else for the game waits in `waiting`
  // (run in order under the mutex once the commit is reported), so nobody sees a change before it is durable.
  bool writing = false;
  std::deque<std::function<void()>> waiting;
  int rollbacks = 0;         // commits refused: the game was rebuilt from its stored log
  bool lost = false;         // its creation was not committed: it does not exist
  bool evicted = false;      // out of the map: a session that still holds it loads the game again
  int64_t last_used_ms = 0;  // the service's time source, for eviction
};

struct GameService::Impl : std::enable_shared_from_this<GameService::Impl> {
  Impl(boost::asio::io_context& io, GameServiceOptions o, std::shared_ptr<GameStore> s)
      : io(io),
        options(std::move(o)),
        store(std::move(s)),
        time(options.time ? options.time : std::make_shared<SteadyTimeSource>()),
        robots(options.robot_threads),
        reviewer(options.review),
        ping_timer(io),
        evict_timer(io),
        writer(store) {}

  boost::asio::io_context& io;
  GameServiceOptions options;
  std::shared_ptr<GameStore> store;
  std::shared_ptr<const TimeSource> time;
  RobotPool robots;
  Reviewer reviewer;
  boost::asio::steady_timer ping_timer;
  boost::asio::steady_timer evict_timer;
  GroupCommitter writer;  // the one thread that writes to the store

  mutable std::mutex games_mutex;
  std::map<std::string, std::shared_ptr<GameEntry>> games;
  std::atomic<bool> stopping{false};

  // Metrics.
  std::atomic<int64_t> moves_total{0}, games_created{0}, games_finished{0}, sessions_open{0}, errors_total{0};
  static constexpr int64_t LATENCY_BUCKETS[] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};
  std::atomic<int64_t> latency_count[std::size(LATENCY_BUCKETS) + 1] = {};
  std::atomic<int64_t> latency_sum_us{0};

  int64_t wall_now() const {
    if (options.wall_clock) return options.wall_clock();
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
  }
  uint64_t random() const { return options.random ? options.random() : os_random_u64(); }
  void log_line(const json::object& o) const {
    std::string line = json::serialize(o);
    if (options.log) options.log(line);
    else std::cerr << line << '\n';
  }

  std::shared_ptr<GameEntry> find(std::string_view id) const {
    std::lock_guard lock(games_mutex);
    auto it = games.find(std::string(id));
    return it == games.end() ? nullptr : it->second;
  }

  // --- Building the game's messages (game mutex held) ---

  GameView view(const GameEntry& g) const {
    GameView v;
    v.id = g.id;
    v.setup = &g.setup;
    for (const auto& s : g.sessions)
      for (Color c : {WHITE, BLACK})
        if (s->seats[c]) v.connected[c] = true;
    v.robot_thinking = g.robot_thinking;
    v.robot_queue = g.robot_queued ? std::max(1, robots.position(g.id)) : 0;
    v.wall_now_ms = wall_now();
    return v;
  }

  std::string state_text(const GameEntry& g, const GameSession& s) const {
    json::object o;
    o["t"] = "state";
    o["seq"] = g.seq;
    json::array you;
    for (Color c : {WHITE, BLACK})
      if (s.seats[c]) you.push_back(json::value(color_text(c)));
    o["you"] = std::move(you);
    o["game"] = game_json(*g.live, view(g));
    return json::serialize(o);
  }

  // Numbers the event, keeps it for resync and sends it to every joined
  // session; the requester's copy carries its `req`.
  void broadcast(GameEntry& g, json::object e, const GameSession* requester = nullptr, int64_t req = 0,
                 bool has_req = false) {
    json::object o;
    o["t"] = "event";
    o["seq"] = ++g.seq;
    o["e"] = std::move(e);
    std::string text = json::serialize(o);
    g.history.emplace_back(g.seq, text);
    while (g.history.size() > HISTORY_EVENTS) g.history.pop_front();
    std::string with_req;
    if (requester && has_req) {
      o["req"] = req;
      with_req = json::serialize(o);
    }
    for (const auto& s : g.sessions) s->peer->send(s.get() == requester && has_req ? with_req : text);
  }

  // A rewritten game: a new number and the whole state for everyone; older events cannot be replayed.
  void broadcast_state(GameEntry& g) {
    ++g.seq;
    g.history.clear();
    for (const auto& s : g.sessions) s->peer->send(state_text(g, *s));
  }

  void send_ok(GameSession& s, int64_t req, bool has_req) {
    json::object o;
    o["t"] = "ok";
    if (has_req) o["req"] = req;
    s.peer->send(json::serialize(o));
  }

  json::object presence_event(const GameEntry& g) const {
    GameView v = view(g);
    json::object e;
    e["type"] = "presence";
    e["white"] = v.connected[WHITE] || g.live->robot_seat(WHITE);
    e["black"] = v.connected[BLACK] || g.live->robot_seat(BLACK);
    return e;
  }

  json::object robot_event(const GameEntry& g) const {
    json::object e;
    e["type"] = "robot";
    e["thinking"] = g.robot_thinking;
    e["queue"] = g.robot_queued ? std::max(1, robots.position(g.id)) : 0;
    return e;
  }

  // --- Storage (game mutex held) ---

  // What the game did since its last commit: its new log entries and, once over, its result.
  std::vector<StoreWrite> unstored_writes(const GameEntry& g, int64_t seq_after) const {
    std::vector<StoreWrite> writes;
    const auto& log = g.live->log();
    for (std::size_t i = g.stored_actions; i < log.size(); ++i)
      writes.push_back({StoreWrite::Kind::APPEND, g.id, play::action_text(log[i]), int64_t(i), seq_after});
    if (g.live->over() && !g.stored_finish) {
      const Game& game = g.live->game();
      writes.push_back(
          {StoreWrite::Kind::FINISH, g.id, json::serialize(result_json(*game.outcome(), game.options().rules)), 0, 0});
    }
    return writes;
  }

  using AfterCommit = std::function<void(GameEntry&, bool committed)>;

  // Hands `writes` to the storage thread and runs `then` under the game's lock on the io_context once the
  // commit is reported; until then the game is `writing` and everything else for it waits. No writes: now.
  void store_then(GameEntry& g, std::vector<StoreWrite> writes, AfterCommit then) {
    if (writes.empty()) return then(g, true);
    g.writing = true;
    const std::size_t actions = g.live->log().size();
    const bool finishing = std::any_of(writes.begin(), writes.end(),
                                       [](const StoreWrite& w) { return w.kind == StoreWrite::Kind::FINISH; });
    std::weak_ptr<Impl> weak_impl = weak_from_this();
    std::weak_ptr<GameEntry> weak_game = g.weak_from_this();
    writer.submit(std::move(writes),
                  [weak_impl, weak_game, actions, finishing, then = std::move(then)](const Result<bool>& r) mutable {
                    auto impl = weak_impl.lock();
                    if (!impl) return;
                    std::string failure = r ? std::string() : r.error().message;
                    boost::asio::post(impl->io, [weak_impl, weak_game, actions, finishing, then = std::move(then),
                                                 failure = std::move(failure)] {
                      auto impl = weak_impl.lock();
                      auto game = weak_game.lock();
                      if (impl && game) impl->committed(*game, actions, finishing, failure, then);
                    });
                  });
  }

  // The storage thread's report, on the io_context.
  void committed(GameEntry& g, std::size_t actions, bool finishing, const std::string& failure,
                 const AfterCommit& then) {
    std::lock_guard lock(g.mutex);
    g.writing = false;
    if (failure.empty()) {
      g.stored_actions = std::max(g.stored_actions, actions);
      if (finishing && !g.stored_finish) finished(g);
    } else {
      ++errors_total;
      json::object l{{"event", "store_error"}, {"game", g.id}, {"detail", failure}};
      log_line(l);
      rollback(g);
    }
    then(g, failure.empty());
    drain(g);
  }

  // Runs what waited for the game's commit, in order, until one of them starts another.
  void drain(GameEntry& g) {
    while (!g.writing && !g.waiting.empty()) {
      auto work = std::move(g.waiting.front());
      g.waiting.pop_front();
      work();
    }
  }

  // A refused commit: the game goes back to what is stored, rebuilt from its log as after a restart
  // (the clocks stand still from its last stored action to now: the arbiter stopped them, Art. 6.12).
  void rollback(GameEntry& g) {
    ++g.rollbacks;
    if (g.live->log().size() == g.stored_actions && (!g.live->over() || g.stored_finish)) return;
    auto opts = start_options(g.setup);
    if (!opts) return;
    std::vector<play::Action> log(g.live->log().begin(), g.live->log().begin() + std::ptrdiff_t(g.stored_actions));
    auto live = play::LiveGame::restore(*opts, log, time);
    if (!live) {
      json::object l{{"event", "store_error"}, {"game", g.id}, {"detail", "rollback: " + live.error().message}};
      log_line(l);
      return;
    }
    g.live = std::move(*live);
  }

  // The result is stored: the game is over for good.
  void finished(GameEntry& g) {
    g.stored_finish = true;
    g.timer.cancel();
    const Game& game = g.live->game();
    json::object result = result_json(*game.outcome(), game.options().rules);
    ++games_finished;
    if (options.on_game_end) options.on_game_end(g.id, std::string(result.at("score").as_string()));
    json::object l{{"event", "game_end"}, {"game", g.id}, {"result", result}, {"plies", game.moves().size()}};
    log_line(l);
  }

  // After any change: store it, then tell everyone, then set the timers and the robot going. If the store
  // refuses, the game goes back to its stored state and the requester gets a server_error (reason storage).
  void commit_and_announce(GameEntry& g, const play::Change& change, std::size_t plies_before, GameSession* requester,
                           int64_t req, bool has_req, std::optional<json::object> extra_event = std::nullopt,
                           std::optional<std::chrono::steady_clock::time_point> started = std::nullopt) {
    std::shared_ptr<GameSession> mover = requester ? requester->shared_from_this() : nullptr;
    if (g.writing) {
      // A second change made while the first is being committed (the robot answering an offer at once):
      // it follows the first, unless that one was refused and the game went back.
      const int rollbacks = g.rollbacks;
      g.waiting.push_back([this, gp = &g, change, plies_before, mover, req, has_req, extra_event, started, rollbacks] {
        if (gp->rollbacks == rollbacks)
          commit_and_announce(*gp, change, plies_before, mover.get(), req, has_req, extra_event, started);
      });
      return;
    }
    // The events this change causes, numbered after the commit.
    std::vector<json::object> events;
    const Game& game = g.live->game();
    if (change.rewritten) {
      // a state follows
    } else {
      if (extra_event) events.push_back(*extra_event);
      if (change.moved || game.moves().size() != plies_before) {
        // A rejected claim with an intended move plays it: one event per move played.
        events.push_back(move_event(*g.live, wall_now()));
      }
    }
    if (change.ended) {
      json::object e;
      e["type"] = "end";
      e["result"] = result_json(*game.outcome(), game.options().rules);
      events.push_back(std::move(e));
    }
    const int64_t seq_after = g.seq + (change.rewritten ? 1 : 0) + int64_t(events.size());
    const bool rewritten = change.rewritten;
    store_then(g, unstored_writes(g, seq_after),
               [this, mover, req, has_req, started, rewritten, events = std::move(events)](GameEntry& g,
                                                                                           bool committed) mutable {
                 if (!committed) {
                   if (mover) {
                     ProtocolError e = simple_error("server_error", "storage failed");
                     e.data["reason"] = "storage";
                     mover->peer->send(error_text(req, has_req, e));
                   }
                   return schedule(g);
                 }
                 if (rewritten) broadcast_state(g);
                 bool first = true;
                 for (json::object& e : events) {
                   broadcast(g, std::move(e), first ? mover.get() : nullptr, req, has_req && first);
                   first = false;
                 }
                 if (events.empty() && !rewritten && mover) send_ok(*mover, req, has_req);
                 schedule(g);
                 if (started) record_latency(*started);
               });
  }

  // --- Timers and the robot (game mutex held) ---

  void schedule(GameEntry& g) {
    if (stopping) return;
    g.timer.cancel();
    if (g.live->over()) return;
    if (auto limit = g.live->time_limit()) {
      int64_t grace = 0;  // a lagging mover's move may still arrive in time (see the lag allowance)
      for (const auto& s : g.sessions)
        if (s->seats[g.live->turn()]) grace = std::max(grace, std::min(s->lag_ms, MAX_LAG_MS));
      int64_t wait = (*limit - g.live->now()).count() + grace + 1;
      g.timer.expires_after(std::chrono::milliseconds(std::max<int64_t>(wait, 0)));
      std::weak_ptr<GameEntry> weak = g.weak_from_this();
      g.timer.async_wait([this, weak](const boost::system::error_code& ec) {
        if (ec) return;
        if (auto entry = weak.lock()) on_time(*entry);
      });
    }
    if (g.live->robot_to_move() && !g.robot_queued && !g.robot_thinking) queue_robot(g);
  }

  void on_time(GameEntry& g) {
    std::lock_guard lock(g.mutex);
    if (g.writing) return;  // schedule() follows the commit
    check_time_locked(g);
  }

  void check_time_locked(GameEntry& g) {
    if (g.live->over()) return;
    if (g.live->check_time()) {
      play::Change change;
      change.ended = true;
      commit_and_announce(g, change, g.live->game().moves().size(), nullptr, 0, false);
    } else {
      schedule(g);
    }
  }

  void queue_robot(GameEntry& g) {
    g.robot_queued = true;
    const Color robot = g.live->turn();
    const int ply = int(g.live->game().moves().size());
    const int rewrites = g.live->rewrites();
    std::weak_ptr<GameEntry> weak = g.weak_from_this();
    int ahead = robots.submit(g.id, [this, weak, robot, ply, rewrites](engine::Engine& engine) {
      if (auto entry = weak.lock()) robot_turn(*entry, engine, robot, ply, rewrites);
    });
    if (ahead > 0) broadcast(g, robot_event(g));
  }

  // On a robot thread: think without any lock, then play under the game's lock.
  void robot_turn(GameEntry& g, engine::Engine& engine, Color robot, int ply, int rewrites) {
    Position start;
    std::vector<Move> moves;
    engine::SearchLimits limits;
    engine::EngineOptions engine_options = engine.options();
    {
      std::lock_guard lock(g.mutex);
      g.robot_queued = false;
      if (g.writing) return;  // a commit is in progress: schedule() after it queues the robot again
      if (stopping || g.live->over() || !g.live->robot_to_move() || g.live->turn() != robot ||
          int(g.live->game().moves().size()) != ply || g.live->rewrites() != rewrites)
        return schedule(g);
      g.robot_thinking = true;
      broadcast(g, robot_event(g));
      start = g.live->game().start_position();
      moves = g.live->move_list();
      limits = g.live->robot_limits(options.robot_movetime_ms);
      engine_options.level = g.live->options().seats[robot].level;
      engine_options.seed = g.setup.seed;
      engine_options.threads = 1;
    }
    engine.set_options(engine_options);
    engine.new_game();
    engine.set_position(start, moves);
    const engine::SearchResult result = engine.search(limits);
    std::lock_guard lock(g.mutex);
    if (g.writing) {
      // Something the person did is being committed: the robot's move comes after it.
      g.waiting.push_back(
          [this, gp = &g, robot, ply, rewrites, result] { robot_play(*gp, robot, ply, rewrites, result); });
      return;
    }
    robot_play(g, robot, ply, rewrites, result);
  }

  // The robot's move, under the game's lock.
  void robot_play(GameEntry& g, Color robot, int ply, int rewrites, const engine::SearchResult& result) {
    g.robot_thinking = false;
    if (stopping) return;
    if (g.live->over() || g.live->turn() != robot || int(g.live->game().moves().size()) != ply ||
        g.live->rewrites() != rewrites || !result.best.is_ok()) {
      broadcast(g, robot_event(g));
      return schedule(g);
    }
    g.robot_score = result.score;
    const play::RobotAction action = play::robot_action(*g.live, result);  // play/robot_policy.h
    const std::string uci = to_uci(action.move, g.live->game().position());
    const std::size_t before = g.live->game().moves().size();
    auto change = action.claim ? g.live->claim(robot, *action.claim, uci) : g.live->move(robot, uci, ply);
    if (!change) {
      if (g.live->over()) {  // the robot's flag fell while it thought
        play::Change ended;
        ended.ended = true;
        commit_and_announce(g, ended, before, nullptr, 0, false);
        return;
      }
      json::object l{{"event", "robot_error"}, {"game", g.id}, {"detail", change.error().detail}};
      log_line(l);
      return;
    }
    ++moves_total;
    commit_and_announce(g, *change, before, nullptr, 0, false, robot_event(g));
  }

  // --- Requests ---

  void handle(GameSession& s, std::string_view text);
  void handle_locked(GameSession& s, std::string_view text, std::chrono::steady_clock::time_point started,
                     Millis waited);
  void hello(GameEntry& g, GameSession& s, const json::object& o);
  void resync(GameEntry& g, GameSession& s, int64_t since);
  // The side a request acts for, or the error to answer.
  Result<Color, ProtocolError> acting_color(const GameEntry& g, const GameSession& s, const json::object& o,
                                            std::optional<Color> natural) const;

  std::shared_ptr<GameEntry> add_game(std::string id, Setup setup, std::unique_ptr<play::LiveGame> live,
                                      std::size_t stored_actions, int64_t seq) {
    auto entry = std::make_shared<GameEntry>(io, std::move(id));
    entry->setup = std::move(setup);
    entry->live = std::move(live);
    entry->stored_actions = stored_actions;
    entry->seq = seq;
    entry->stored_finish = entry->live->over();
    entry->last_used_ms = time->now().count();
    {
      std::lock_guard lock(games_mutex);
      // Two requests may load the same stored game at once: the first one in the map is the game.
      auto [it, added] = games.try_emplace(entry->id, entry);
      if (!added) return it->second;
    }
    return entry;
  }

  Result<bool> load_unfinished() {
    auto stored = store->load_unfinished();
    if (!stored) return stored.error();
    for (StoredGame& sg : *stored) {
      auto loaded = restore(sg);
      if (!loaded) return fail("game " + sg.id + ": " + loaded.error().message);
      std::lock_guard lock((*loaded)->mutex);
      // Stored over but not marked finished (an older server): store the result now.
      store_then(**loaded, unstored_writes(**loaded, (*loaded)->seq), [this](GameEntry& g, bool) { schedule(g); });
    }
    return true;
  }

  Result<std::shared_ptr<GameEntry>> restore(const StoredGame& sg) {
    auto setup = setup_from_json(sg.setup);
    if (!setup) return setup.error();
    auto opts = start_options(*setup);
    if (!opts) return opts.error();
    std::vector<play::Action> log;
    for (const std::string& line : sg.actions) {
      auto a = play::parse_action(line);
      if (!a) return a.error();
      log.push_back(*a);
    }
    auto live = play::LiveGame::restore(*opts, log, time);
    if (!live) return live.error();
    return add_game(sg.id, std::move(*setup), std::move(*live), log.size(), sg.seq);
  }

  // A game from memory, or a finished one from the store. The store's reads do not wait for its commits.
  std::shared_ptr<GameEntry> game(std::string_view id) {
    if (auto g = find(id)) return g;
    if (id.empty() || id.size() > 64) return nullptr;
    auto stored = store->load(std::string(id));
    if (!stored || !*stored) return nullptr;
    auto loaded = restore(**stored);
    return loaded ? *loaded : nullptr;
  }

  HttpAnswer create_game(std::string_view body);
  HttpAnswer pgn(GameEntry& g);

  // --- Eviction ---

  bool evictable(const GameEntry& g, int64_t now) const {
    return g.live->over() && g.stored_finish && !g.writing && g.waiting.empty() && g.sessions.empty() &&
           !g.robot_queued && !g.robot_thinking && now - g.last_used_ms >= options.evict_after.count();
  }

  void evict_idle() {
    if (options.evict_after.count() <= 0) return;
    std::vector<std::shared_ptr<GameEntry>> all;
    {
      std::lock_guard lock(games_mutex);
      for (auto& [id, g] : games) all.push_back(g);
    }
    const int64_t now = time->now().count();
    for (auto& g : all) {
      std::lock_guard game_lock(g->mutex);
      if (!evictable(*g, now)) continue;
      g->evicted = true;
      std::lock_guard lock(games_mutex);  // after the game's lock, as everywhere
      if (auto it = games.find(g->id); it != games.end() && it->second == g) games.erase(it);
    }
  }

  void start_evict_timer() {
    if (stopping || options.evict_after.count() <= 0) return;
    evict_timer.expires_after(std::clamp<std::chrono::milliseconds>(options.evict_after / 4, std::chrono::seconds(1),
                                                                    std::chrono::seconds(60)));
    evict_timer.async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
      auto impl = weak.lock();
      if (ec || !impl) return;
      impl->evict_idle();
      impl->start_evict_timer();
    });
  }

  // Pings go out in slices: each tick pings the games of one slice, so every socket is pinged once per
  // ping_interval without a burst of thousands of pings (and pongs) that would hold up the moves behind it.
  static constexpr int ping_slices = 50;
  int ping_slice = 0;
  void ping_all() {
    if (stopping || options.ping_interval.count() <= 0) return;
    std::vector<std::shared_ptr<GameEntry>> due;
    {
      std::lock_guard lock(games_mutex);
      std::size_t i = 0;
      for (auto& [id, g] : games)
        if (int(i++ % ping_slices) == ping_slice) due.push_back(g);
    }
    ping_slice = (ping_slice + 1) % ping_slices;
    for (auto& g : due) {
      std::lock_guard lock(g->mutex);
      for (auto& s : g->sessions) send_ping(*s);
    }
    ping_timer.expires_after(std::max(options.ping_interval / ping_slices, std::chrono::milliseconds(1)));
    ping_timer.async_wait([this](const boost::system::error_code& ec) {
      if (!ec) ping_all();
    });
  }

  void send_ping(GameSession& s) {
    s.ping_n++;
    s.ping_sent = time->now().count();
    json::object o{{"t", "ping"}, {"n", s.ping_n}};
    s.peer->send(json::serialize(o));
  }

  void record_latency(std::chrono::steady_clock::time_point start) {
    int64_t us =
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count();
    latency_sum_us += us;
    std::size_t i = 0;
    while (i < std::size(LATENCY_BUCKETS) && us > LATENCY_BUCKETS[i] * 1000) ++i;
    ++latency_count[i];
  }
};

// --- Requests ---

Result<Color, ProtocolError> GameService::Impl::acting_color(const GameEntry& g, const GameSession& s,
                                                             const json::object& o,
                                                             std::optional<Color> natural) const {
  std::optional<Color> color;
  if (auto it = o.find("color"); it != o.end() && !it->value().is_null()) {
    if (!it->value().is_string() || !parse_color(it->value().as_string())) return bad_field("color", "white|black");
    color = parse_color(it->value().as_string());
  } else if (s.seats[WHITE] != s.seats[BLACK]) {
    color = s.seats[WHITE] ? WHITE : BLACK;
  } else {
    color = natural.value_or(g.live->turn());
  }
  if (!s.seats[*color]) {
    ProtocolError e = simple_error("not_your_seat", "this connection holds no seat for that side");
    e.data["color"] = color_text(*color);
    return e;
  }
  return *color;
}

void GameService::Impl::resync(GameEntry& g, GameSession& s, int64_t since) {
  if (since == g.seq) return;
  if (since >= 0 && since < g.seq && !g.history.empty() && g.history.front().first <= since + 1) {
    for (const auto& [seq, text] : g.history)
      if (seq > since) s.peer->send(text);
    return;
  }
  s.peer->send(state_text(g, s));
}

void GameService::Impl::hello(GameEntry& g, GameSession& s, const json::object& o) {
  auto v = o.find("v");
  if (v == o.end() || !v->value().is_int64()) {
    s.peer->send(error_text(0, false, bad_field("v", "integer")));
    return;
  }
  if (v->value().as_int64() != PROTOCOL_VERSION) {
    ProtocolError e = simple_error("unsupported_version");
    e.data["supported"] = json::array{PROTOCOL_VERSION};
    s.peer->send(error_text(0, false, e));
    return;
  }
  bool bad = false;
  bool seats[COLOR_NB] = {false, false};
  if (auto it = o.find("seats"); it != o.end() && !it->value().is_null()) {
    if (!it->value().is_array()) {
      s.peer->send(error_text(0, false, bad_field("seats", "array of strings")));
      return;
    }
    for (const json::value& token : it->value().as_array()) {
      bool matched = false;
      if (token.is_string())
        for (Color c : {WHITE, BLACK})
          if (!g.setup.seats[c].empty() && same_secret(token.as_string(), g.setup.seats[c])) seats[c] = matched = true;
      bad = bad || !matched;
    }
  }
  // Presence first, to the others: the newcomer's own state (or resync) already includes it.
  GameView before = view(g);
  s.seats[WHITE] = seats[WHITE];
  s.seats[BLACK] = seats[BLACK];
  std::shared_ptr<GameSession> self = s.shared_from_this();
  const bool was_joined = s.joined;
  if (!was_joined) {
    s.joined = true;
    g.sessions.push_back(self);
  }
  GameView after = view(g);
  if (before.connected[WHITE] != after.connected[WHITE] || before.connected[BLACK] != after.connected[BLACK]) {
    json::object e = presence_event(g);
    std::erase(g.sessions, self);
    broadcast(g, std::move(e));
    g.sessions.push_back(self);
  }
  if (bad) s.peer->send(error_text(0, false, simple_error("bad_seat", "a token is not this game's")));
  // Always a fresh state, `since` or not: a reconnecting client needs the
  // clocks as they are now even when it missed no event.
  s.peer->send(state_text(g, s));
  // An invited game starts when the invited player first comes (the clocks start then).
  if (!g.live->started() && !g.live->over() && after.connected[WHITE] && after.connected[BLACK]) {
    if (auto change = g.live->start()) {
      store_then(g, unstored_writes(g, g.seq + 1), [this](GameEntry& g, bool committed) {
        if (committed) broadcast_state(g);
        schedule(g);
      });
    }
  }
  send_ping(s);
}

void GameService::Impl::handle(GameSession& s, std::string_view text) {
  const auto started = std::chrono::steady_clock::now();
  for (;;) {
    std::shared_ptr<GameEntry> g = s.entry;
    std::unique_lock lock(g->mutex);
    if (g->evicted) {
      // The game left memory after this connection opened (it had not said hello yet): load it again.
      lock.unlock();
      auto fresh = game(g->id);
      if (!fresh) {
        s.peer->send(error_text(0, false, simple_error("unknown_game")));
        return s.peer->close(1008, "unknown_game");
      }
      s.entry = std::move(fresh);
      continue;
    }
    if (g->writing) {
      // The game's last change is being committed: this message comes after it, in order. Its clock
      // time while it waits is not the mover's (added to the lag allowance, capped as that is).
      g->waiting.push_back([this, self = s.shared_from_this(), text = std::string(text), started,
                            arrived = time->now()] { handle_locked(*self, text, started, time->now() - arrived); });
      return;
    }
    return handle_locked(s, text, started, Millis{0});
  }
}

void GameService::Impl::handle_locked(GameSession& s, std::string_view text,
                                      std::chrono::steady_clock::time_point started, Millis waited) {
  GameEntry& g = *s.entry;
  g.last_used_ms = time->now().count();
  if (g.lost) {
    s.peer->send(error_text(0, false, simple_error("unknown_game")));
    return s.peer->close(1008, "unknown_game");
  }
  if (text.size() > MAX_MESSAGE_BYTES) {
    ProtocolError e = simple_error("too_large");
    e.data["limit"] = MAX_MESSAGE_BYTES;
    s.peer->send(error_text(0, false, e));
    ++errors_total;
    return;
  }
  json::error_code ec;
  json::value doc = json::parse(text, ec);
  if (ec) {
    ProtocolError e = simple_error("bad_json", ec.message());
    // Boost.JSON does not report the offset through parse(); a stream parser would. Report what was consumed.
    json::stream_parser p;
    std::size_t consumed = p.write_some(text.data(), text.size(), ec);
    e.data["position"] = consumed;
    s.peer->send(error_text(0, false, e));
    ++errors_total;
    return;
  }
  if (!doc.is_object()) {
    s.peer->send(error_text(0, false, bad_field("", "object", "a message is one JSON object")));
    ++errors_total;
    return;
  }
  const json::object& o = doc.as_object();
  int64_t req = 0;
  bool has_req = false;
  if (auto it = o.find("req"); it != o.end() && !it->value().is_null()) {
    if (!it->value().is_int64()) {
      s.peer->send(error_text(0, false, bad_field("req", "integer")));
      return;
    }
    req = it->value().as_int64();
    has_req = true;
  }
  auto answer_error = [&](const ProtocolError& e) {
    ++errors_total;
    s.peer->send(error_text(req, has_req, e));
  };
  auto t_it = o.find("t");
  if (t_it == o.end() || !t_it->value().is_string()) return answer_error(bad_field("t", "string"));
  const std::string t(t_it->value().as_string());
  auto string_field = [&](std::string_view name) -> std::optional<std::string> {
    auto it = o.find(name);
    if (it == o.end() || !it->value().is_string()) return std::nullopt;
    return std::string(it->value().as_string());
  };

  if (t == "hello") return hello(g, s, o);
  if (t == "pong") {
    auto it = o.find("n");
    if (it == o.end() || !it->value().is_int64()) return answer_error(bad_field("n", "integer"));
    if (it->value().as_int64() == s.ping_n && s.ping_sent >= 0) {
      int64_t one_way = std::max<int64_t>(0, (time->now().count() - s.ping_sent) / 2);
      s.lag_ms = s.lag_ms == 0 ? one_way : (3 * s.lag_ms + one_way) / 4;
      s.ping_sent = -1;
    }
    return;
  }
  if (!s.joined) {
    ProtocolError e = simple_error("not_allowed", "send hello first");
    e.data["reason"] = "hello_first";
    return answer_error(e);
  }
  if (t == "resync") {
    auto it = o.find("since");
    if (it == o.end() || !it->value().is_int64()) return answer_error(bad_field("since", "integer"));
    return resync(g, s, it->value().as_int64());
  }
  play::LiveGame& live = *g.live;
  const std::size_t plies_before = live.game().moves().size();
  auto refused = [&](const play::Refusal& r) {
    ProtocolError e = simple_error(r.code, r.detail);
    if (r.code == "illegal_move") {
      e.data["uci"] = string_field("uci").value_or("");
      e.data["reason"] = r.reason;
    } else if (r.code == "not_allowed" || r.code == "no_offer") {
      e.data[r.code == "no_offer" ? "kind" : "reason"] = r.reason;
    } else if (r.code == "not_your_turn") {
      e.data["turn"] = color_text(live.turn());
    } else if (r.code == "stale") {
      e.data["ply"] = live.game().moves().size();
    } else if (r.code == "game_over" && live.game().outcome()) {
      e.data["result"] = result_json(*live.game().outcome(), live.game().options().rules);
    }
    answer_error(e);
    // A request that found the flag fallen ended the game: everyone hears of it.
    if (live.over() && !g.stored_finish) {
      play::Change ended;
      ended.ended = true;
      commit_and_announce(g, ended, plies_before, nullptr, 0, false);
    }
  };
  auto done = [&](const play::Answer<play::Change>& change, std::optional<json::object> event = std::nullopt) {
    if (!change) return refused(change.error());
    if (change->moved) ++moves_total;
    commit_and_announce(g, *change, plies_before, &s, req, has_req, std::move(event), started);
  };
  auto color_for = [&](std::optional<Color> natural) -> std::optional<Color> {
    auto c = acting_color(g, s, o, natural);
    if (!c) {
      answer_error(c.error());
      return std::nullopt;
    }
    return *c;
  };

  if (t == "move") {
    auto uci = string_field("uci");
    if (!uci) return answer_error(bad_field("uci", "string"));
    std::optional<int> ply;
    if (auto it = o.find("ply"); it != o.end() && !it->value().is_null()) {
      if (!it->value().is_int64()) return answer_error(bad_field("ply", "integer"));
      ply = int(std::clamp<int64_t>(it->value().as_int64(), -1, 100000));
    }
    if (live.over()) return refused({"game_over", "", "the game is over"});
    const Color mover = live.turn();
    if (!s.seats[mover]) {
      if (s.holds_any()) return refused({"not_your_turn", "", "the other side is to move"});
      ProtocolError e = simple_error("not_your_seat", "a spectator cannot move");
      e.data["color"] = color_text(mover);
      return answer_error(e);
    }
    return done(live.move(mover, *uci, ply, std::chrono::milliseconds(std::min(s.lag_ms, MAX_LAG_MS)) + waited));
  }
  if (t == "draw" || t == "takeback") {
    auto action = string_field("action");
    if (!action || (*action != "offer" && *action != "accept" && *action != "decline"))
      return answer_error(bad_field("action", "offer|accept|decline"));
    const bool draw = t == "draw";
    // Hot-seat: an answer is the offer's opponent's, an offer the side to move's.
    std::optional<Color> natural;
    std::optional<Color> offer = draw ? live.game().draw_offer() : live.takeback_offer();
    if (*action != "offer" && offer) natural = ~*offer;
    auto by = color_for(natural);
    if (!by) return;
    json::object event;
    if (*action == "offer") {
      auto change = draw ? live.draw_offer(*by) : live.takeback_offer(*by);
      if (change && change->offer) {
        event["type"] = "offer";
        event["kind"] = t;
        event["by"] = color_text(*by);
        done(change, event);
      } else {
        done(change);
      }
      // The robot answers a draw offer at once: it accepts when it expects to lose.
      if (draw && change && !live.over() && live.robot_seat(~*by) && live.game().draw_offer() == *by) {
        const std::size_t before = live.game().moves().size();
        const bool accept = play::robot_accepts_draw(g.robot_score);
        auto answer = accept ? live.draw_accept(~*by) : live.draw_decline(~*by);
        json::object e;
        if (answer && answer->declined) {
          e["type"] = "offer_declined";
          e["kind"] = "draw";
          e["by"] = color_text(~*by);
        }
        if (answer)
          commit_and_announce(g, *answer, before, nullptr, 0, false, e.empty() ? std::nullopt : std::optional(e));
      }
      return;
    }
    if (*action == "accept") return done(draw ? live.draw_accept(*by) : live.takeback_accept(*by));
    auto change = draw ? live.draw_decline(*by) : live.takeback_decline(*by);
    if (change && change->declined) {
      event["type"] = "offer_declined";
      event["kind"] = t;
      event["by"] = color_text(*by);
      return done(change, event);
    }
    return done(change);
  }
  if (t == "claim") {
    auto ground = string_field("ground");
    if (!ground || (*ground != "threefold" && *ground != "fifty"))
      return answer_error(bad_field("ground", "threefold|fifty"));
    std::string intended;
    if (auto it = o.find("uci"); it != o.end() && !it->value().is_null()) {
      if (!it->value().is_string()) return answer_error(bad_field("uci", "string"));
      intended = std::string(it->value().as_string());
    }
    if (live.over()) return refused({"game_over", "", "the game is over"});
    auto by = color_for(live.turn());
    if (!by) return;
    auto change =
        live.claim(*by, *ground == "fifty" ? ClaimGround::FIFTY_MOVES : ClaimGround::THREEFOLD_REPETITION, intended);
    if (change && change->claim_rejected) {
      json::object e;
      e["type"] = "claim_rejected";
      e["ground"] = *ground;
      e["by"] = color_text(*by);
      e["added"] = change->added.count();
      e["clock"] = clock_json(live);
      return done(change, e);
    }
    return done(change);
  }
  if (t == "resign") {
    if (live.over()) return refused({"game_over", "", "the game is over"});
    auto by = color_for(live.turn());
    if (!by) return;
    return done(live.resign(*by));
  }
  ProtocolError e = simple_error("unknown_type");
  e.data["t"] = t;
  answer_error(e);
}

HttpAnswer GameService::Impl::create_game(std::string_view body) {
  auto parsed = parse_create_request(body, random());
  if (!parsed) {
    const ProtocolError& e = parsed.error();
    json::object data = e.data;
    if (!e.detail.empty()) data["detail"] = e.detail;
    return http_error(400, e.code == "bad_message" ? "bad_request" : e.code, data);
  }
  Setup setup = std::move(*parsed);
  for (Color c : {WHITE, BLACK})
    if (setup.opponent != "robot" || c == setup.creator) setup.seats[c] = new_seat_token();
  auto opts = start_options(setup);
  if (!opts) return http_error(400, "bad_request", {{"detail", opts.error().message}});
  auto live = play::LiveGame::create(*opts, time);
  if (!live) return http_error(400, "bad_request", {{"detail", live.error().message}});
  std::string id;
  std::shared_ptr<GameEntry> entry;
  const play::LiveGame* mine = live->get();
  for (int attempt = 0; attempt < 8 && !entry; ++attempt) {
    id = new_game_id();
    if (find(id)) continue;
    entry = add_game(id, setup, std::move(*live), 0, 0);
    if (entry->live.get() != mine) return http_error(500, "server_error", {{"detail", "game id taken"}});
  }
  if (!entry) return http_error(500, "server_error", {{"detail", "no free game id"}});
  {
    // The answer goes now; the game's creation (and its start) is committed before any message for it is
    // answered: those wait for the commit like every message that follows a change.
    std::lock_guard lock(entry->mutex);
    std::vector<StoreWrite> writes{{StoreWrite::Kind::CREATE, id, json::serialize(setup_json(setup)), 0, 0}};
    if (setup.opponent != "invite") (void)entry->live->start();
    for (StoreWrite& w : unstored_writes(*entry, 0)) writes.push_back(std::move(w));
    store_then(*entry, std::move(writes), [this](GameEntry& g, bool committed) {
      if (committed) return schedule(g);
      g.lost = true;
      std::lock_guard lock(games_mutex);
      if (auto it = games.find(g.id); it != games.end() && it->second.get() == &g) games.erase(it);
    });
  }
  ++games_created;
  json::object l{{"event", "game_start"},
                 {"game", id},
                 {"opponent", setup.opponent},
                 {"time", setup.time},
                 {"rules", setup.rules}};
  if (setup.opponent == "robot") l["level"] = setup.level;
  log_line(l);
  json::object answer;
  answer["id"] = id;
  json::object seats;
  for (Color c : {WHITE, BLACK})
    if (!setup.seats[c].empty()) seats[color_text(c)] = setup.seats[c];
  answer["seats"] = std::move(seats);
  // The creator's colour, drawn here for "random": an invited game's creator
  // holds both tokens until the link is shared and must know which is theirs.
  answer["color"] = color_text(setup.creator);
  answer["spectate"] = "/g/" + id;
  return json_answer(201, answer);
}

HttpAnswer GameService::Impl::pgn(GameEntry& g) {
  std::lock_guard lock(g.mutex);
  const Game& game = g.live->game();
  PgnTags tags;
  for (Color c : {WHITE, BLACK}) {
    std::string name = g.live->robot_seat(c) ? "tabiya level " + std::to_string(g.live->options().seats[c].level)
                                             : (c == WHITE ? "White" : "Black");
    tags.set(c == WHITE ? "White" : "Black", name);
  }
  tags.set("Site", "tabiya");
  PgnGame record = game_to_pgn(game, tags);
  // %emt beside %clk: the time each move took, as the clock charged it.
  for (std::size_t i = 0; i < record.mainline.moves.size() && i < game.moves().size(); ++i) {
    if (!game.clock()) break;
    std::string& comment = record.mainline.moves[i].comment;
    std::string emt = "[%emt " + format_clock(game.moves()[i].elapsed.count()) + "]";
    comment = comment.empty() ? emt : emt + " " + comment;
  }
  auto text = write_pgn(record);
  if (!text) return http_error(500, "server_error", {{"detail", text.error().message}});
  HttpAnswer a;
  a.status = 200;
  a.content_type = "application/x-chess-pgn";
  a.body = std::move(*text);
  a.headers.emplace_back("Content-Disposition", "attachment; filename=\"tabiya-" + g.id + ".pgn\"");
  return a;
}

// --- The service ---

GameService::GameService(boost::asio::io_context& io, GameServiceOptions options, std::shared_ptr<GameStore> store)
    : impl_(std::make_shared<Impl>(io, std::move(options), std::move(store))) {}

GameService::~GameService() {
  shutdown();
  // A joined session and its game point at each other; the network normally
  // breaks that with closed(), but sessions still open now must not keep games alive.
  std::vector<std::shared_ptr<GameEntry>> all;
  {
    std::lock_guard lock(impl_->games_mutex);
    for (auto& [id, g] : impl_->games) all.push_back(g);
  }
  for (auto& g : all) {
    std::lock_guard game_lock(g->mutex);
    g->sessions.clear();
    g->waiting.clear();
  }
}

Result<std::unique_ptr<GameService>> GameService::create(boost::asio::io_context& io, GameServiceOptions options) {
  std::shared_ptr<GameStore> store = options.store;
  if (!store) {
    if (options.data_dir.empty()) {
      store = make_memory_store();
    } else {
      std::error_code ec;
      std::filesystem::create_directories(options.data_dir, ec);
      if (ec) return fail("data directory " + options.data_dir + ": " + ec.message());
      auto opened = open_sqlite_store((std::filesystem::path(options.data_dir) / "games.sqlite3").string());
      if (!opened) return opened.error();
      store = std::move(*opened);
    }
  }
  std::unique_ptr<GameService> service(new GameService(io, std::move(options), std::move(store)));
  if (auto r = service->impl_->load_unfinished(); !r) return r.error();
  if (service->impl_->options.ping_interval.count() > 0) {
    service->impl_->ping_timer.expires_after(service->impl_->options.ping_interval);
    service->impl_->ping_timer.async_wait([impl = service->impl_.get()](const boost::system::error_code& ec) {
      if (!ec) impl->ping_all();
    });
  }
  service->impl_->start_evict_timer();
  return service;
}

std::unique_ptr<Service> make_game_service(boost::asio::io_context& io, GameServiceOptions options) {
  auto service = GameService::create(io, std::move(options));
  if (!service) throw std::runtime_error("tabiya serve: " + service.error().message);
  return std::move(*service);
}

HttpAnswer GameService::http(const HttpRequest& request) {
  std::string_view target = request.target;
  if (auto q = target.find('?'); q != std::string_view::npos) target = target.substr(0, q);
  if (target == "/api/games") {
    if (request.method != "POST") return http_error(405, "method_not_allowed");
    if (impl_->stopping) return http_error(503, "shutting_down");
    return impl_->create_game(request.body);
  }
  if (target == "/api/levels") {
    if (request.method != "GET") return http_error(405, "method_not_allowed");
    return json_answer(200, levels_json());
  }
  constexpr std::string_view PREFIX = "/api/games/";
  if (!target.starts_with(PREFIX)) return http_error(404, "not_found");
  std::string_view rest = target.substr(PREFIX.size());
  std::string_view id = rest.substr(0, rest.find('/'));
  std::string_view what = id.size() < rest.size() ? rest.substr(id.size() + 1) : std::string_view{};
  auto g = impl_->game(id);
  if (!g) return http_error(404, "unknown_game", {{"id", std::string(id)}});
  if (what.empty()) {
    if (request.method != "GET") return http_error(405, "method_not_allowed");
    std::lock_guard lock(g->mutex);
    return json_answer(200, game_json(*g->live, impl_->view(*g)));
  }
  if (what == "pgn") {
    if (request.method != "GET") return http_error(405, "method_not_allowed");
    return impl_->pgn(*g);
  }
  if (what == "review") {
    ReviewState state;
    if (request.method == "POST") {
      std::lock_guard lock(g->mutex);
      if (!g->live->over()) return http_error(409, "not_allowed", {{"reason", "not_over"}});
      state = impl_->reviewer.request(g->id, g->live->game().start_position(), g->live->move_list());
    } else if (request.method == "GET") {
      state = impl_->reviewer.state(g->id);
    } else {
      return http_error(405, "method_not_allowed");
    }
    return json_answer(request.method == "POST" ? 202 : 200, review_json(state));
  }
  return http_error(404, "not_found");
}

std::shared_ptr<Session> GameService::open(std::string_view path, std::shared_ptr<Peer> peer) {
  constexpr std::string_view PREFIX = "/ws/";
  if (!path.starts_with(PREFIX) || impl_->stopping) return nullptr;
  auto g = impl_->game(path.substr(PREFIX.size()));
  if (!g) return nullptr;
  ++impl_->sessions_open;
  return std::make_shared<GameSession>(std::move(g), std::move(peer));
}

void GameService::message(Session& session, std::string_view text) {
  auto& s = static_cast<GameSession&>(session);
  impl_->handle(s, text);
}

void GameService::closed(Session& session) {
  auto& s = static_cast<GameSession&>(session);
  --impl_->sessions_open;
  GameEntry& g = *s.entry;
  std::lock_guard lock(g.mutex);
  // After the commit in progress, if any: the presence event is numbered after that change's events.
  auto leave = [impl = impl_.get(), gp = &g, self = s.shared_from_this()] {
    GameEntry& g = *gp;
    auto it = std::find_if(g.sessions.begin(), g.sessions.end(), [&](const auto& p) { return p == self; });
    if (it == g.sessions.end()) return;
    g.last_used_ms = impl->time->now().count();
    GameView before = impl->view(g);
    g.sessions.erase(it);
    GameView after = impl->view(g);
    if (before.connected[WHITE] != after.connected[WHITE] || before.connected[BLACK] != after.connected[BLACK])
      impl->broadcast(g, impl->presence_event(g));
  };
  if (g.writing) g.waiting.push_back(std::move(leave));
  else leave();
}

void GameService::write_metrics(std::string& out) {
  Impl& m = *impl_;
  std::size_t active = 0, total = 0;
  {
    std::lock_guard lock(m.games_mutex);
    total = m.games.size();
  }
  std::vector<std::shared_ptr<GameEntry>> all;
  {
    std::lock_guard lock(m.games_mutex);
    for (auto& [id, g] : m.games) all.push_back(g);
  }
  for (auto& g : all) {
    std::lock_guard lock(g->mutex);
    if (!g->live->over()) ++active;
  }
  auto line = [&](const char* help, const char* type, const std::string& name, auto value) {
    out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n" + name + " " +
           std::to_string(value) + "\n";
  };
  line("Games in progress.", "gauge", "tabiya_games_active", active);
  line("Games held in memory.", "gauge", "tabiya_games_loaded", total);
  line("Games created since the start.", "counter", "tabiya_games_created_total", m.games_created.load());
  line("Games finished since the start.", "counter", "tabiya_games_finished_total", m.games_finished.load());
  line("Moves played.", "counter", "tabiya_moves_total", m.moves_total.load());
  line("Game WebSocket sessions open.", "gauge", "tabiya_game_sessions", m.sessions_open.load());
  line("Requests answered with an error.", "counter", "tabiya_request_errors_total", m.errors_total.load());
  line("Robot moves waiting for a thread.", "gauge", "tabiya_robot_queue", m.robots.queued());
  line("Store transactions committed (group commit).", "counter", "tabiya_store_commits_total", m.writer.commits());
  line("Changes of games committed in them.", "counter", "tabiya_store_changes_total", m.writer.units());
  out += "# HELP tabiya_move_seconds Time from a request's arrival to its event, storage included.\n";
  out += "# TYPE tabiya_move_seconds histogram\n";
  int64_t cumulative = 0;
  for (std::size_t i = 0; i < std::size(Impl::LATENCY_BUCKETS); ++i) {
    cumulative += m.latency_count[i].load();
    char le[32];
    std::snprintf(le, sizeof le, "%g", double(Impl::LATENCY_BUCKETS[i]) / 1000.0);
    out += std::string("tabiya_move_seconds_bucket{le=\"") + le + "\"} " + std::to_string(cumulative) + "\n";
  }
  cumulative += m.latency_count[std::size(Impl::LATENCY_BUCKETS)].load();
  out += "tabiya_move_seconds_bucket{le=\"+Inf\"} " + std::to_string(cumulative) + "\n";
  char sum[32];
  std::snprintf(sum, sizeof sum, "%.6f", double(m.latency_sum_us.load()) / 1e6);
  out += std::string("tabiya_move_seconds_sum ") + sum + "\n";
  out += "tabiya_move_seconds_count " + std::to_string(cumulative) + "\n";
}

void GameService::shutdown() {
  if (impl_->stopping.exchange(true)) return;
  impl_->robots.stop();
  impl_->reviewer.stop();
  impl_->ping_timer.cancel();
  impl_->evict_timer.cancel();
  impl_->writer.stop();  // commits what is pending; its reports still reach the clients if the network runs
  std::vector<std::shared_ptr<GameEntry>> all;
  {
    std::lock_guard lock(impl_->games_mutex);
    for (auto& [id, g] : impl_->games) all.push_back(g);
  }
  for (auto& g : all) {
    std::lock_guard lock(g->mutex);
    g->timer.cancel();
  }
}

void GameService::check_clocks() {
  std::vector<std::shared_ptr<GameEntry>> all;
  {
    std::lock_guard lock(impl_->games_mutex);
    for (auto& [id, g] : impl_->games) all.push_back(g);
  }
  for (auto& g : all) impl_->on_time(*g);
}

std::size_t GameService::game_count() const {
  std::lock_guard lock(impl_->games_mutex);
  return impl_->games.size();
}

int GameService::robot_queue() const { return impl_->robots.queued(); }

void GameService::evict_idle() { impl_->evict_idle(); }

void GameService::wait_for_store() { impl_->writer.flush(); }

}  // namespace tabiya::server
