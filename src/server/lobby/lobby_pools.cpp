// Quick pairing: players wait in a pool (a time control, rated or casual) and
// are paired in waves (play/pool_matching.h), every wave_interval.
#include <algorithm>
#include <cmath>

#include "laws/time_control.h"
#include "server/lobby/lobby_impl.h"

namespace tabiya::server {

namespace json = boost::json;

std::optional<LobbyRefusal> LobbyService::Impl::join_pool(const LobbyUser& user, const json::object& m) {
  const json::value* time = m.if_contains("time");
  const json::value* rated_value = m.if_contains("rated");
  const bool rated = rated_value && rated_value->is_bool() && rated_value->as_bool();
  if (!time || !time->is_string() || !pools.contains(pool_key(std::string(time->as_string()), rated)))
    return LobbyRefusal{"unknown_pool", "time: one of the pools' time controls"};
  if (rated && !user.account) return LobbyRefusal{"account_required", "rated games need an account"};
  leave_pools(user);
  const std::string clock(time->as_string());
  const Result<TimeControl> tc = parse_human_time_control(clock);
  const TimePeriod& first = tc->periods().front();
  const Glicko2Rating r = rating_of(user, rating_category_for_clock(first.base, first.bonus));
  const PoolEntry entry{user, static_cast<int>(std::lround(r.rating)), now()};
  if (!live()) pools[pool_key(clock, rated)].push_back(entry);
  else if (std::optional<LobbyRefusal> refused = shared_join_pool(entry, pool_key(clock, rated))) return refused;
  publish_to(user.id, {{"t", "pool_joined"}, {"time", clock}, {"rated", rated}});
  return std::nullopt;
}

void LobbyService::Impl::leave_pools(const LobbyUser& user) {
  if (live()) return shared_leave_pools(user);
  for (auto& [key, queue] : pools) std::erase_if(queue, [&](const PoolEntry& e) { return e.user.id == user.id; });
}

std::vector<PoolPlayer> LobbyService::Impl::pool_players(const std::vector<PoolEntry>& queue, int64_t at) const {
  std::vector<PoolPlayer> players;
  players.reserve(queue.size());
  for (const PoolEntry& e : queue) {
    auto last = last_opponent.find(e.user.id);
    players.push_back({e.rating, static_cast<double>(at - e.joined_ms) / 1000.0, e.user.id,
                       last == last_opponent.end() ? std::string() : last->second});
  }
  return players;
}

void LobbyService::Impl::wave() {
  if (stopped) return;
  ++waves;
  if (live()) return shared_wave();
  const int64_t at = now();
  for (auto& [key, queue] : pools) {
    if (queue.size() < 2) continue;
    const PoolPairs pairs = pair_wave(pool_players(queue, at), options.pool_rules);
    if (pairs.empty()) continue;
    const bool rated = key.ends_with(" rated");
    const std::string clock = key.substr(0, key.find(' '));
    std::vector<bool> paired(queue.size(), false);
    std::vector<std::pair<LobbyUser, LobbyUser>> games;
    for (auto [a, b] : pairs) {
      paired[a] = paired[b] = true;
      games.emplace_back(queue[a].user, queue[b].user);
    }
    std::vector<PoolEntry> still;
    for (std::size_t i = 0; i < queue.size(); ++i)
      if (!paired[i]) still.push_back(std::move(queue[i]));
    queue = std::move(still);
    json::object terms_message{{"time", clock}, {"rated", rated}};
    Result<GameTerms> terms = read_game_terms(terms_message);
    for (const auto& [a, b] : games) pair(a, b, *terms, random() % 2 == 0);
  }
}

void LobbyService::Impl::schedule_wave() {
  if (!options.io || options.wave_interval.count() <= 0) return;
  std::lock_guard lock(mutex);
  if (stopped) return;
  if (!timer) timer = std::make_unique<boost::asio::steady_timer>(*options.io);
  timer->expires_after(options.wave_interval);
  timer->async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
    if (ec) return;
    auto self = weak.lock();
    if (!self) return;
    {
      std::lock_guard lock(self->mutex);
      self->wave();
    }
    self->schedule_wave();
  });
}

}  // namespace tabiya::server
