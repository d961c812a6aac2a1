// One owner per game across nodes. A game runs (clocks, timers, robot, writes) on the node holding its
// lease in the store; the lease is renewed every lease / 3 and every write carries its epoch, so a node that lost
// it can never write over its successor (game_store.h). A socket may reach any node: the owner serves it, any
// other node relays it (owner_relay.h). A node takes over the games nobody owns (their owner died, was paused, or
// drained on SIGTERM) from the store, as after a restart: the clocks stood still meanwhile (Art. 6.12).
#include <boost/json.hpp>
#include <charconv>
#include <set>

#include "server/games/client_message.h"
#include "server/games/game_registry.h"

namespace tabiya::server {
namespace json = boost::json;

namespace {
// Games taken over in one look at the store (the next look, lease / 3 later, takes more).
constexpr std::size_t TAKEOVERS_PER_LOOK = 256;
// Pings a relayed client missed before its socket counts as gone (its relay died without saying so).
constexpr int MISSED_PINGS = 3;

int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
}  // namespace

std::shared_ptr<GameRoom> GameService::Impl::take_over(const std::string& id, std::string* holder) {
  std::lock_guard lock(own_mutex);
  if (auto room = find(id)) return room;
  auto before = store->load(id);
  if (!before) return nullptr;
  if (!*before) {  // not stored, or not yet: its creator takes the lease first and may be committing it now
    if (holder && owned_elsewhere(id)) {
      auto lease = store->lease(id);
      if (lease && *lease) *holder = (*lease)->owner;
    }
    return nullptr;
  }
  if ((*before)->finished) {  // over: nothing to own, any node may show it
    auto room = restore(**before);
    return room ? *room : nullptr;
  }
  // Its owner's last sign of life: the last renewal of a lease that ran out (a released one was handed over at once).
  std::optional<int64_t> owner_last_seen;
  if (auto previous = store->lease(id); previous && *previous && !(*previous)->owner.empty())
    owner_last_seen = (*previous)->expires_ms - lease_ms();
  auto epoch = store->acquire_lease(id, options.node_id, services.wall_now(), lease_ms());
  if (!epoch) {
    services.log(json::object{{"event", "store_error"}, {"game", id}, {"detail", epoch.error().message}});
    return nullptr;
  }
  if (!*epoch) {
    if (holder) {
      auto lease = store->lease(id);
      if (lease && *lease) *holder = (*lease)->owner;
    }
    return nullptr;
  }
  // Read again now that the lease is ours: every write of the previous owner is in, and its later ones are refused.
  auto stored = store->load(id);
  std::shared_ptr<GameRoom> room;
  if (stored && *stored) {
    auto restored = restore(**stored, true, **epoch);
    if (restored) room = *restored;
    else services.log(json::object{{"event", "store_error"}, {"game", id}, {"detail", restored.error().message}});
  }
  if (!room) {
    (void)store->release_lease(id, options.node_id, **epoch);
    return nullptr;
  }
  if (**epoch > 1) ++takeovers;
  json::object owned{{"event", "game_owned"}, {"game", id}, {"epoch", **epoch}, {"node", options.node_id}};
  if (owner_last_seen) {
    const int64_t without_owner = std::max<int64_t>(0, services.wall_now() - *owner_last_seen);
    room->set_interruption(without_owner);
    owned["without_owner_ms"] = without_owner;
  }
  services.log(std::move(owned));
  room->resume();
  return room;
}

std::shared_ptr<Session> GameService::Impl::open_socket(const std::string& id, std::shared_ptr<Peer> peer) {
  if (id.empty() || id.size() > 64) return nullptr;
  std::string holder;
  std::shared_ptr<GameRoom> room = find(id);
  if (!room) room = take_over(id, &holder);
  if (room) {
    ++metrics.sessions_open;
    return std::make_shared<GameSession>(std::move(room), std::move(peer));
  }
  if (holder.empty() || holder == options.node_id || !options.owner_link) return nullptr;
  auto relay = std::make_shared<RelaySession>(id, holder, next_conn++, std::move(peer), services.wall_now());
  {
    std::lock_guard lock(relay_mutex);
    relays[relay->conn] = relay;
  }
  ++metrics.sessions_open;
  send_to(holder, {"open", options.node_id, relay->conn, id, {}});
  return relay;
}

void GameService::Impl::send_to(const std::string& node, RelayMessage m) const {
  options.owner_link->send_to_node(node, encode_relay_message(m));
}

void GameService::Impl::relay_message(RelaySession& s, std::string_view text) {
  if (s.closing()) return;
  send_to(s.owner, {"msg", options.node_id, s.conn, s.game, std::string(text)});
}

void GameService::Impl::relay_closed(RelaySession& s) {
  --metrics.sessions_open;
  {
    std::lock_guard lock(relay_mutex);
    relays.erase(s.conn);
  }
  send_to(s.owner, {"close", options.node_id, s.conn, s.game, {}});
}

// On the link's thread: only hand-offs (a room's queue, a socket's send queue).
void GameService::Impl::heard_from_node(const std::string& payload) {
  auto m = decode_relay_message(payload);
  if (!m) return;
  if (m->kind == "out" || m->kind == "drop") {  // the owner to one of our sockets
    std::shared_ptr<RelaySession> relay;
    {
      std::lock_guard lock(relay_mutex);
      if (auto it = relays.find(m->conn); it != relays.end()) relay = it->second.lock();
    }
    if (!relay) return;
    if (m->kind == "out") {
      relay->deliver(m->text);
      return;
    }
    int code = CLOSE_MOVED;
    const std::size_t space = m->text.find(' ');
    std::from_chars(m->text.data(), m->text.data() + std::min(space, m->text.size()), code);
    relay->close(code, space == std::string::npos ? std::string_view() : std::string_view(m->text).substr(space + 1));
    return;
  }
  // A relay to a game we own.
  const auto key = std::make_pair(m->from, m->conn);
  auto moved = [&] {
    send_to(m->from, {"drop", options.node_id, m->conn, m->game, std::to_string(CLOSE_MOVED) + " moved"});
  };
  if (m->kind == "open") {
    auto room = find(m->game);
    if (!room || room->dropped() || stopping) return moved();
    auto peer = std::make_shared<RemotePeer>(options.owner_link, m->from, m->conn, m->game);
    auto session = std::make_shared<GameSession>(std::move(room), std::move(peer));
    std::lock_guard lock(relay_mutex);
    remote[key] = {std::move(session), steady_ms()};
    return;
  }
  std::shared_ptr<GameSession> session;
  {
    std::lock_guard lock(relay_mutex);
    if (auto it = remote.find(key); it != remote.end()) {
      session = it->second.session;
      it->second.heard_ms = steady_ms();
      if (m->kind == "close") remote.erase(it);
    }
  }
  if (m->kind == "close") {
    if (session) session->room()->leave(session);
    return;
  }
  if (m->kind != "msg") return;
  if (!session || session->room()->dropped()) return moved();
  session->room()->receive(session, parse_client_message(m->text), std::chrono::steady_clock::now());
}

// The link was down: what the owners sent our sockets meanwhile is lost. Each client reconnects and resyncs.
void GameService::Impl::link_lost() {
  std::vector<std::shared_ptr<RelaySession>> open;
  {
    std::lock_guard lock(relay_mutex);
    for (auto& [conn, weak] : relays)
      if (auto relay = weak.lock()) open.push_back(std::move(relay));
  }
  for (auto& relay : open) relay->close(CLOSE_MOVED, "resync");
}

void GameService::Impl::tend_leases() {
  if (!leasing() || stopping) return;
  const std::string& node = options.node_id;
  std::vector<HeldLease> held;
  std::vector<std::shared_ptr<GameRoom>> holders;
  for (auto& room : all()) {
    if (room->epoch() == 0 || room->dropped()) continue;
    if (room->finished()) {  // stored as over: it makes no more writes, its lease can go
      (void)store->release_lease(room->id(), node, room->epoch());
      room->set_epoch(0);
      continue;
    }
    held.push_back({room->id(), room->epoch()});
    holders.push_back(std::move(room));
  }
  // Renewed first: a node waking from a pause learns what it lost before it looks for games to take.
  if (auto renewed = store->renew_leases(node, held, services.wall_now(), lease_ms()); renewed) {
    const std::set<std::string> kept(renewed->begin(), renewed->end());
    for (auto& room : holders) {
      if (kept.count(room->id())) continue;
      ++leases_lost;
      room->drop_ownership("its lease was taken over");
      forget(*room);  // at once: the game may be free again by the look below
    }
  } else {
    services.log(json::object{{"event", "store_error"}, {"detail", renewed.error().message}});
  }
  const int64_t now = services.wall_now();
  if (auto unowned = store->unowned_games(now, TAKEOVERS_PER_LOOK); unowned) {
    for (const std::string& id : *unowned)
      if (!stopping && !find(id)) (void)take_over(id);
  }
  check_relays(now);
  forget_silent_remotes();
}

// A relayed client answers every ping (docs/protocol.md) through its relay; nothing for several ping intervals
// means the relay node is gone, and with it the socket: its seat counts as away, as for a socket of this node.
void GameService::Impl::forget_silent_remotes() {
  if (options.ping_interval.count() <= 0) return;
  const int64_t silent_after = MISSED_PINGS * options.ping_interval.count();
  const int64_t now = steady_ms();
  std::vector<std::shared_ptr<GameSession>> gone;
  {
    std::lock_guard lock(relay_mutex);
    for (auto it = remote.begin(); it != remote.end();) {
      if (now - it->second.heard_ms <= silent_after) {
        ++it;
        continue;
      }
      gone.push_back(std::move(it->second.session));
      it = remote.erase(it);
    }
  }
  for (auto& session : gone) session->room()->leave(session);
}

// A relayed socket whose owner changed or went (its lease expired) is closed with CLOSE_MOVED, so its client
// comes back to the new owner; an expired game is taken over here first. A socket whose owner never answered
// (the open was lost) is closed too.
void GameService::Impl::check_relays(int64_t now) {
  std::vector<std::shared_ptr<RelaySession>> open;
  {
    std::lock_guard lock(relay_mutex);
    for (auto it = relays.begin(); it != relays.end();) {
      if (auto relay = it->second.lock()) {
        open.push_back(std::move(relay));
        ++it;
      } else {
        it = relays.erase(it);
      }
    }
  }
  std::map<std::string, std::optional<GameLease>> leases;  // each game's read once
  std::map<std::string, bool> over;                        // whether a game whose lease was let go is over
  for (auto& relay : open) {
    if (relay->closing() || relay->over) continue;
    auto [it, fresh] = leases.try_emplace(relay->game);
    if (fresh) {
      auto lease = store->lease(relay->game);
      if (!lease) continue;  // the store is down: nothing is known
      it->second = *lease;
    }
    const std::optional<GameLease>& lease = it->second;
    // A finished game's owner lets its lease go (tend_leases) and still answers its sockets: they stay, as on one
    // node. A lease let go by a node that stops (release_leases) belongs to a game still going: its sockets move.
    if (lease && lease->owner.empty() && lease->expires_ms == 0 && relay->heard) {
      auto [known, first] = over.try_emplace(relay->game, false);
      if (first) {
        auto finished = store->finished(relay->game);  // not stored, or the store down: not known to be over
        known->second = finished && *finished;
      }
      if (known->second) {
        relay->over = true;
        continue;
      }
    }
    const bool moved = !lease || lease->owner != relay->owner;
    const bool orphaned = !moved && lease->expires_ms <= now;
    const bool unanswered = !relay->heard && now - relay->opened_ms > lease_ms();
    if (orphaned) (void)take_over(relay->game);
    if (moved || orphaned || unanswered) relay->close(CLOSE_MOVED, "moved");
  }
}

void GameService::Impl::start_lease_timer() {
  if (stopping || !leasing()) return;
  if (!lease_queue) lease_queue = workers.make_queue();
  lease_timer.expires_after(std::max<std::chrono::milliseconds>(options.lease / 3, std::chrono::milliseconds(50)));
  lease_timer.async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
    auto impl = weak.lock();
    if (ec || !impl) return;
    impl->lease_queue->post([weak] {
      if (auto impl = weak.lock()) impl->tend_leases();
    });
    impl->start_lease_timer();
  });
}

// SIGTERM, after every write is stored: each game's lease is freed, so another node takes it over at once.
void GameService::Impl::release_leases() {
  for (auto& room : all()) {
    if (room->epoch() == 0 || room->dropped()) continue;
    (void)store->release_lease(room->id(), options.node_id, room->epoch());
  }
}

bool GameService::Impl::owned_elsewhere(const std::string& id) {
  if (!leasing()) return false;
  auto lease = store->lease(id);
  if (!lease) return true;
  return *lease && !(*lease)->owner.empty() && (*lease)->owner != options.node_id &&
         (*lease)->expires_ms > services.wall_now();
}

void GameService::tend_leases() { impl_->tend_leases(); }

std::size_t GameService::owned_games() const {
  std::size_t n = 0;
  for (auto& room : impl_->all())
    if (room->epoch() > 0 && !room->dropped()) ++n;
  return n;
}

}  // namespace tabiya::server
