// The game service's registry: the rooms by id, created, restored after a
// restart, loaded again when asked for, evicted when idle, and pinged; and the
// Service interface the network layer calls. Each game's work is its room's
// (game_room.h); the HTTP routes are in game_routes.cpp.
#include "server/games/game_service.h"

#include <algorithm>
#include <boost/json.hpp>
#include <filesystem>
#include <iostream>
#include <stdexcept>

#include "server/base/tokens.h"
#include "server/games/game_registry.h"

namespace tabiya::server {
namespace json = boost::json;

int64_t RoomServices::wall_now() const {
  if (options.wall_clock) return options.wall_clock();
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

void RoomServices::log(const json::object& line) const {
  std::string text = json::serialize(line);
  if (options.log) options.log(text);
  else std::cerr << text << '\n';
}

GameService::Impl::Impl(boost::asio::io_context& io, GameServiceOptions o, std::shared_ptr<GameStore> s)
    : io(io),
      options(std::move(o)),
      store(std::move(s)),
      time(options.time ? options.time : std::make_shared<SteadyTimeSource>()),
      robots(options.robot_threads),
      reviewer(options.review),
      bus(options.bus ? options.bus : std::make_shared<InProcessBus>()),
      writer(store),
      ping_timer(io),
      evict_timer(io),
      expiry_timer(io),
      workers(options.room_threads),
      services{io, options, time, robots, writer, *bus, workers, metrics, stopping, {}, {}, {}} {
  services.forget = [this](const GameRoom& room) { forget(room); };
  services.reload = [this](const std::string& id) { return room(id); };
  services.create = [this](Setup setup, RoomServices::Created stored) {
    create_rematch(std::move(setup), std::move(stored));
  };
}

uint64_t GameService::Impl::random() const { return options.random ? options.random() : os_random_u64(); }

std::shared_ptr<GameRoom> GameService::Impl::find(std::string_view id) const {
  std::lock_guard lock(games_mutex);
  auto it = games.find(std::string(id));
  return it == games.end() ? nullptr : it->second;
}

std::vector<std::shared_ptr<GameRoom>> GameService::Impl::all() const {
  std::lock_guard lock(games_mutex);
  std::vector<std::shared_ptr<GameRoom>> rooms;
  rooms.reserve(games.size());
  for (const auto& [id, room] : games) rooms.push_back(room);
  return rooms;
}

std::shared_ptr<GameRoom> GameService::Impl::add(std::string id, Setup setup, std::unique_ptr<play::LiveGame> live,
                                                 std::size_t stored_actions, int64_t seq, int64_t epoch) {
  auto room = std::make_shared<GameRoom>(services, id, std::move(setup), std::move(live), stored_actions, seq);
  room->set_epoch(epoch);
  std::lock_guard lock(games_mutex);
  auto [it, added] = games.try_emplace(std::move(id), room);
  return it->second;
}

Result<std::shared_ptr<GameRoom>> GameService::Impl::restore(const StoredGame& stored, bool keep, int64_t epoch) {
  auto setup = setup_from_json(stored.setup);
  if (!setup) return setup.error();
  auto opts = start_options(*setup);
  if (!opts) return opts.error();
  std::vector<play::Action> log;
  for (const std::string& line : stored.actions) {
    auto a = play::parse_action(line);
    if (!a) return a.error();
    log.push_back(*a);
  }
  std::optional<Millis> checkpoint;
  if (stored.clock_checkpoint) checkpoint = Millis{*stored.clock_checkpoint};
  auto live = play::LiveGame::restore(*opts, log, time, checkpoint);
  if (!live) return live.error();
  if (!keep)
    return std::make_shared<GameRoom>(services, stored.id, std::move(*setup), std::move(*live), log.size(), stored.seq);
  return add(stored.id, std::move(*setup), std::move(*live), log.size(), stored.seq, epoch);
}

Result<bool> GameService::Impl::load_unfinished() {
  auto stored = store->load_unfinished();
  if (!stored) return stored.error();
  for (StoredGame& game : *stored) {
    auto loaded = restore(game);
    if (!loaded) return fail("game " + game.id + ": " + loaded.error().message);
    (*loaded)->resume();
  }
  return true;
}

std::shared_ptr<GameRoom> GameService::Impl::room(std::string_view id) {
  if (auto found = find(id)) return found;
  if (id.empty() || id.size() > 64) return nullptr;
  auto stored = store->load(std::string(id));
  if (!stored || !*stored) return nullptr;
  // Several nodes: an unfinished game runs only on its lease's holder; here it is read and not kept.
  auto loaded = restore(**stored, !leasing() || (*stored)->finished);
  return loaded ? *loaded : nullptr;
}

void GameService::Impl::forget(const GameRoom& room) {
  std::lock_guard lock(games_mutex);
  if (auto it = games.find(room.id()); it != games.end() && it->second.get() == &room) games.erase(it);
}

void GameService::Impl::evict_idle() {
  if (options.evict_after.count() <= 0) return;
  const int64_t now = time->now().count();
  for (auto& room : all())
    if (room->evict_if_idle(now, options.evict_after.count())) forget(*room);
}

void GameService::Impl::start_evict_timer() {
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
void GameService::Impl::ping_some() {
  constexpr int PING_SLICES = 50;
  if (stopping || options.ping_interval.count() <= 0) return;
  // The registry is read once per round, not walked whole at every slice under its lock (that walk was a tenth
  // of the server's CPU with 10,000 games).
  if (ping_slice == 0) {
    ping_round.clear();
    for (auto& room : all()) ping_round.push_back(room);
  }
  for (std::size_t i = std::size_t(ping_slice); i < ping_round.size(); i += PING_SLICES)
    if (auto room = ping_round[i].lock()) room->ping();
  ping_slice = (ping_slice + 1) % PING_SLICES;
  ping_timer.expires_after(std::max(options.ping_interval / PING_SLICES, std::chrono::milliseconds(1)));
  ping_timer.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) ping_some();
  });
}

// --- The service ---

GameService::GameService(boost::asio::io_context& io, GameServiceOptions options, std::shared_ptr<GameStore> store)
    : impl_(std::make_shared<Impl>(io, std::move(options), std::move(store))) {}

GameService::~GameService() {
  shutdown();
  // What the storage thread reported still reaches the clients; then each room lets go of its sessions (a
  // joined session and its room point at each other) and of its waiting work.
  impl_->workers.wait_idle();
  for (auto& room : impl_->all()) room->close();
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
  Impl& impl = *service->impl_;
  if (auto r = impl.expire_stored(); !r) return r.error();
  if (impl.leasing()) {
    // The games nobody owns are taken at once (and then every lease / 3); the others stay with their owners.
    if (!impl.options.owner_link) return fail("--node-id needs a bus to the other nodes (--bus)");
    std::weak_ptr<Impl> weak = service->impl_;
    impl.options.owner_link->listen(
        [weak](const std::string& payload) {
          if (auto impl = weak.lock()) impl->heard_from_node(payload);
        },
        [weak] {
          if (auto impl = weak.lock()) impl->link_lost();
        });
    // A game held here is heard elsewhere only through relays: its events need not go round every node. (Once
    // stored as over, any node may show it: its events go out again.)
    impl.options.owner_link->keep_local([weak](const std::string& topic) {
      auto impl = weak.lock();
      if (!impl) return false;
      auto room = impl->find(topic);
      return room && room->epoch() > 0 && !room->dropped() && !room->finished();
    });
    impl.tend_leases();
    impl.start_lease_timer();
  } else if (auto r = impl.load_unfinished(); !r) {
    return r.error();
  }
  if (impl.options.ping_interval.count() > 0) {
    impl.ping_timer.expires_after(impl.options.ping_interval);
    impl.ping_timer.async_wait([&impl](const boost::system::error_code& ec) {
      if (!ec) impl.ping_some();
    });
  }
  impl.start_evict_timer();
  impl.start_expiry_timer();
  return service;
}

std::unique_ptr<GameService> make_game_service(boost::asio::io_context& io, GameServiceOptions options) {
  auto service = GameService::create(io, std::move(options));
  if (!service) throw std::runtime_error("tabiya serve: " + service.error().message);
  return std::move(*service);
}

HttpAnswer GameService::http(const HttpRequest& request) { return impl_->route(request); }

std::optional<ArchivedGame> GameService::archived_game(std::string_view id, std::string_view seat, bool with_pgn) {
  if (id.empty() || id.size() > 64) return std::nullopt;
  auto room = impl_->find(id);
  if (!room) {  // read from the store and dropped after: an export of thousands of games holds one at a time
    auto stored = impl_->store->load(std::string(id));
    if (!stored || !*stored) return std::nullopt;
    auto loaded = impl_->restore(**stored, false);
    if (!loaded) return std::nullopt;
    room = *loaded;
  }
  ArchivedGame game;
  auto text = room->game_text();
  if (!text) return std::nullopt;
  game.game_json = std::move(*text);
  if (with_pgn) {
    HttpAnswer pgn = impl_->pgn(*room);
    if (pgn.status != 200) return std::nullopt;
    game.pgn = std::move(pgn.body);
  }
  for (Color c : {WHITE, BLACK})
    if (!seat.empty() && room->setup().seats[c] == seat) game.color = c == WHITE ? "white" : "black";
  return game;
}

std::shared_ptr<Session> GameService::open(std::string_view path, std::shared_ptr<Peer> peer) {
  constexpr std::string_view PREFIX = "/ws/";
  if (!path.starts_with(PREFIX) || impl_->stopping) return nullptr;
  if (impl_->leasing()) return impl_->open_socket(std::string(path.substr(PREFIX.size())), std::move(peer));
  auto room = impl_->room(path.substr(PREFIX.size()));
  if (!room) return nullptr;
  ++impl_->metrics.sessions_open;
  return std::make_shared<GameSession>(std::move(room), std::move(peer));
}

void GameService::message(Session& session, std::string_view text) {
  const auto arrived = std::chrono::steady_clock::now();
  if (auto* relayed = dynamic_cast<RelaySession*>(&session)) {
    impl_->note_seats_claimed(*relayed->peer, relayed->game, text);
    return impl_->relay_message(*relayed, text);
  }
  auto& s = static_cast<GameSession&>(session);
  impl_->note_seats_claimed(*s.peer, s.room()->id(), text);
  // Its game went to another node before this socket said anything: the client reconnects to the owner.
  if (s.room()->dropped()) return s.peer->close(CLOSE_MOVED, "moved");
  // Read here (at most 4 KiB of JSON), answered in order by the room.
  s.room()->receive(s.shared_from_this(), parse_client_message(text), arrived);
}

void GameService::closed(Session& session) {
  if (auto* relayed = dynamic_cast<RelaySession*>(&session)) return impl_->relay_closed(*relayed);
  auto& s = static_cast<GameSession&>(session);
  --impl_->metrics.sessions_open;
  s.room()->leave(s.shared_from_this());
}

bool GameService::keeps_alive(const Session& session) {
  // A relayed socket: only its owner knows whether it holds a seat.
  if (dynamic_cast<const RelaySession*>(&session)) return true;
  const auto& s = static_cast<const GameSession&>(session);
  return s.seated && !s.room()->finished();
}

void GameService::write_metrics(std::string& out) {
  Impl& m = *impl_;
  int64_t active = 0, loaded = 0;
  for (auto& room : m.all()) {
    ++loaded;
    if (!room->finished()) ++active;
  }
  PrometheusWriter w(out);
  w.single("tabiya_games_active", "gauge", "Games in progress.", active);
  w.single("tabiya_games_loaded", "gauge", "Games held in memory.", loaded);
  m.metrics.write(w);
  w.single("tabiya_games_expired_total", "counter", "Games nobody joined, deleted after the unjoined expiry.",
           m.games_expired.load());
  w.single("tabiya_games_rate_limited_total", "counter", "Game creations refused by the per-client rate limit.",
           m.creations_refused.load());
  if (m.options.creation_limits)
    w.single("tabiya_rate_limit_clients", "gauge", "Client keys with a creation rate bucket.",
             int64_t(m.options.creation_limits->tracked()));
  w.single("tabiya_robot_queue", "gauge", "Robot moves waiting for a thread.", m.robots.queued());
  w.single("tabiya_store_commits_total", "counter", "Store transactions committed (group commit).", m.writer.commits());
  w.single("tabiya_store_changes_total", "counter", "Changes of games committed in them.", m.writer.units());
  m.writer.commit_time().write(w, "tabiya_store_commit_seconds", "Time the store took to commit a transaction.");
  m.writer.queue_time().write(w, "tabiya_store_queue_seconds",
                              "Time a change waited for its transaction to start (gathering, the commit before).");
  if (m.options.bus) m.options.bus->write_metrics(w);
  if (m.leasing()) {
    std::size_t relayed = 0, remote = 0;
    {
      std::lock_guard lock(m.relay_mutex);
      relayed = m.relays.size();
      remote = m.remote.size();
    }
    w.single("tabiya_games_owned", "gauge", "Games whose lease this node holds.", int64_t(owned_games()));
    w.single("tabiya_lease_takeovers_total", "counter", "Games this node took over after another node held them.",
             m.takeovers.load());
    w.single("tabiya_leases_lost_total", "counter", "Games this node lost to another node (lease taken over).",
             m.leases_lost.load());
    w.single("tabiya_relayed_sockets", "gauge", "Sockets here on games another node owns.", int64_t(relayed));
    w.single("tabiya_remote_sockets", "gauge", "Sockets on other nodes on games this node owns.", int64_t(remote));
  }
}

void GameService::shutdown() {
  if (impl_->stopping.exchange(true)) return;
  impl_->robots.stop();
  impl_->reviewer.stop();
  impl_->ping_timer.cancel();
  impl_->evict_timer.cancel();
  impl_->expiry_timer.cancel();
  impl_->writer.stop();  // commits what is pending
  // Each commit's report is work for its room, which answers the mover (the ack) and the others; the network
  // closes the sockets with 1001 right after this returns, so every answer must be on its way by then.
  impl_->workers.wait_idle();
  for (auto& room : impl_->all()) room->cancel_timer();
  // Drain: everything is stored; the leases go now, so that another node takes the games over at once.
  impl_->lease_timer.cancel();
  if (impl_->leasing()) impl_->release_leases();
}

void GameService::check_clocks() {
  for (auto& room : impl_->all()) room->check_time();
}

std::size_t GameService::game_count() const {
  std::lock_guard lock(impl_->games_mutex);
  return impl_->games.size();
}

int GameService::robot_queue() const { return impl_->robots.queued(); }

void GameService::evict_idle() { impl_->evict_idle(); }

void GameService::expire_unjoined() { impl_->expire_unjoined(); }

void GameService::wait_for_rooms() { impl_->workers.wait_idle(); }

bool GameService::run_in_room(std::string_view id, std::function<void()> work) {
  auto room = impl_->find(id);
  if (!room) return false;
  room->run([work = std::move(work)](GameRoom&) { work(); });
  return true;
}

void GameService::wait_for_store() {
  // Until the rooms and the storage thread are both quiet and nothing ran between the looks: a room's work
  // submits writes, and a commit's report is more work for its room.
  for (;;) {
    impl_->workers.wait_idle();
    const uint64_t ran = impl_->workers.completed();
    impl_->writer.flush();
    if (impl_->writer.idle() && impl_->workers.idle() && impl_->workers.completed() == ran) return;
  }
}

}  // namespace tabiya::server
