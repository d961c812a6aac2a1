// The game service's expiry of games nobody joined (unjoined_games.h): at start, before the unfinished games are
// loaded, and then on a timer. The store names the games whose time is up; each is looked at once: deleted if
// nobody joined it, otherwise marked never to expire.
#include <algorithm>
#include <boost/json.hpp>
#include <set>

#include "server/games/game_registry.h"
#include "server/games/unjoined_games.h"

namespace tabiya::server {
namespace json = boost::json;

namespace {

constexpr std::size_t EXPIRY_BATCH = 1000;

}  // namespace

StoreWrite GameService::Impl::expiry_write(const std::string& id) {
  auto stored = store->load(id);
  if (stored && *stored) {
    auto setup = setup_from_json((*stored)->setup);
    if (setup && unjoined(*setup, (*stored)->actions))
      return {StoreWrite::Kind::REMOVE, id, {}, int64_t((*stored)->actions.size()), 0};
  }
  return {StoreWrite::Kind::KEEP, id, {}, 0, 0};
}

Result<bool> GameService::Impl::expire_stored() {
  if (options.unjoined_expiry.count() <= 0) return true;
  const int64_t cutoff = services.wall_now() - options.unjoined_expiry.count();
  std::set<std::string> seen;  // each game once, whatever the store answers
  for (;;) {
    auto ids = store->expiry_candidates(cutoff, EXPIRY_BATCH);
    if (!ids) return ids.error();
    std::vector<StoreWrite> writes;
    for (const std::string& id : *ids)
      if (seen.insert(id).second && !owned_elsewhere(id)) writes.push_back(expiry_write(id));
    if (writes.empty()) return true;
    if (auto r = store->commit(writes); !r) return r;
    const auto removed = std::count_if(writes.begin(), writes.end(),
                                       [](const StoreWrite& w) { return w.kind == StoreWrite::Kind::REMOVE; });
    games_expired += removed;
    if (removed > 0) services.log(json::object{{"event", "games_expired"}, {"count", removed}, {"at", "start"}});
  }
}

void GameService::Impl::expire_unjoined() {
  if (options.unjoined_expiry.count() <= 0 || stopping) return;
  const int64_t cutoff = services.wall_now() - options.unjoined_expiry.count();
  auto ids = store->expiry_candidates(cutoff, EXPIRY_BATCH);
  if (!ids) {
    services.log(json::object{{"event", "store_error"}, {"detail", "expiry: " + ids.error().message}});
    return;
  }
  auto counted = [weak = weak_from_this()](const std::string& id) {
    if (auto impl = weak.lock()) {
      ++impl->games_expired;
      impl->services.log(json::object{{"event", "game_expired"}, {"game", id}});
    }
  };
  for (const std::string& id : *ids) {
    if (auto room = find(id)) {
      room->expire_if_unjoined([counted, id](bool expired) {
        if (expired) counted(id);
      });
      continue;
    }
    // Not in memory: a finished game (every unfinished one is loaded at start and stays until it ends), or one
    // another node runs (its owner expires it).
    if (owned_elsewhere(id)) continue;
    StoreWrite write = expiry_write(id);
    const bool removing = write.kind == StoreWrite::Kind::REMOVE;
    writer.submit({std::move(write)}, [counted, id, removing](const Result<bool>& r) {
      if (r && removing) counted(id);
    });
  }
}

void GameService::Impl::start_expiry_timer() {
  if (stopping || options.unjoined_expiry.count() <= 0) return;
  if (!expiry_queue) expiry_queue = workers.make_queue();
  expiry_timer.expires_after(std::clamp<std::chrono::milliseconds>(options.unjoined_expiry / 4, std::chrono::seconds(1),
                                                                   std::chrono::seconds(60)));
  expiry_timer.async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
    auto impl = weak.lock();
    if (ec || !impl) return;
    impl->expiry_queue->post([weak] {
      if (auto impl = weak.lock()) impl->expire_unjoined();
    });
    impl->start_expiry_timer();
  });
}

}  // namespace tabiya::server
