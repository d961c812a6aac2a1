#include <algorithm>
#include <map>
#include <mutex>

#include "server/store/game_store.h"

namespace tabiya::server {
namespace {

class MemoryStore final : public GameStore {
 public:
  Result<bool> commit(const std::vector<StoreWrite>& writes) override {
    std::lock_guard lock(mutex_);
    if (auto refused = leases_.refuse_batch(writes)) return fail(*refused);
    // All or nothing: check the whole batch first (each touched game's next index), then apply it.
    std::map<std::string, int64_t> next;  // -1: absent
    for (const StoreWrite& w : writes) {
      auto it = next.find(w.game);
      if (it == next.end()) {
        auto g = games_.find(w.game);
        it = next.emplace(w.game, g == games_.end() ? -1 : int64_t(g->second.actions.size())).first;
      }
      if (w.kind == StoreWrite::Kind::CREATE) {
        if (it->second >= 0) return fail("game " + w.game + " exists already");
        it->second = 0;
        continue;
      }
      if (w.kind == StoreWrite::Kind::REMOVE) {  // only a game that still holds `index` actions; never an error
        if (it->second == w.index) it->second = -1;
        continue;
      }
      if (w.kind == StoreWrite::Kind::KEEP || w.kind == StoreWrite::Kind::CHECKPOINT) continue;
      if (it->second < 0) return fail("no game " + w.game);
      if (w.kind == StoreWrite::Kind::APPEND) {
        if (w.index != it->second)
          return fail("game " + w.game + ": action " + std::to_string(w.index) + " out of order");
        ++it->second;
      }
    }
    for (const StoreWrite& w : writes) {
      switch (w.kind) {
        case StoreWrite::Kind::CREATE:
          games_[w.game] = StoredGame{w.game, w.text, {}, 0, false, {}};
          if (w.unjoined_since) unjoined_since_[w.game] = *w.unjoined_since;
          break;
        case StoreWrite::Kind::APPEND: {
          StoredGame& game = games_[w.game];
          game.actions.push_back(w.text);
          game.seq = w.seq;
          game.clock_checkpoint.reset();  // a move supersedes the checkpoint
          break;
        }
        case StoreWrite::Kind::FINISH: {
          StoredGame& game = games_[w.game];
          game.finished = true;
          game.result = w.text;
          break;
        }
        case StoreWrite::Kind::REMOVE:
          if (auto g = games_.find(w.game); g != games_.end() && int64_t(g->second.actions.size()) == w.index) {
            games_.erase(g);
            unjoined_since_.erase(w.game);
          }
          break;
        case StoreWrite::Kind::KEEP:
          unjoined_since_.erase(w.game);
          break;
        case StoreWrite::Kind::CHECKPOINT:
          if (auto g = games_.find(w.game);
              g != games_.end() && !g->second.finished && int64_t(g->second.actions.size()) == w.index)
            g->second.clock_checkpoint = w.seq;
          break;
      }
    }
    return true;
  }
  Result<std::vector<StoredGame>> load_unfinished() override {
    std::lock_guard lock(mutex_);
    std::vector<StoredGame> out;
    for (auto& [id, game] : games_)
      if (!game.finished) out.push_back(game);
    return out;
  }
  Result<std::optional<StoredGame>> load(const std::string& id) override {
    std::lock_guard lock(mutex_);
    auto it = games_.find(id);
    if (it == games_.end()) return std::optional<StoredGame>{};
    return std::optional<StoredGame>{it->second};
  }
  Result<bool> finished(const std::string& id) override {
    std::lock_guard lock(mutex_);
    auto it = games_.find(id);
    if (it == games_.end()) return fail(no_stored_game(id));
    return it->second.finished;
  }
  Result<std::vector<std::string>> expiry_candidates(int64_t before_ms, std::size_t limit) override {
    std::lock_guard lock(mutex_);
    std::vector<std::pair<int64_t, std::string>> found;
    for (const auto& [id, since] : unjoined_since_)
      if (since < before_ms) found.emplace_back(since, id);
    std::sort(found.begin(), found.end());
    std::vector<std::string> ids;
    for (std::size_t i = 0; i < found.size() && i < limit; ++i) ids.push_back(found[i].second);
    return ids;
  }

  Result<std::optional<int64_t>> acquire_lease(const std::string& game, const std::string& node, int64_t now_ms,
                                               int64_t duration_ms) override {
    std::lock_guard lock(mutex_);
    return leases_.acquire(game, node, now_ms, duration_ms);
  }
  Result<std::vector<std::string>> renew_leases(const std::string& node, const std::vector<HeldLease>& held,
                                                int64_t now_ms, int64_t duration_ms) override {
    std::lock_guard lock(mutex_);
    return leases_.renew(node, held, now_ms, duration_ms);
  }
  Result<bool> release_lease(const std::string& game, const std::string& node, int64_t epoch) override {
    std::lock_guard lock(mutex_);
    return leases_.release(game, node, epoch);
  }
  Result<std::optional<GameLease>> lease(const std::string& game) override {
    std::lock_guard lock(mutex_);
    return leases_.find(game);
  }
  Result<std::vector<std::string>> unowned_games(int64_t now_ms, std::size_t limit) override {
    std::lock_guard lock(mutex_);
    std::vector<std::string> ids;
    for (const auto& [id, game] : games_)
      if (!game.finished && ids.size() < limit && leases_.free_at(id, now_ms)) ids.push_back(id);
    return ids;
  }

 private:
  std::mutex mutex_;
  LeaseTable leases_;
  std::map<std::string, StoredGame> games_;
  std::map<std::string, int64_t> unjoined_since_;  // games that may expire (CREATE's unjoined_since)
};

}  // namespace

std::unique_ptr<GameStore> make_memory_store() { return std::make_unique<MemoryStore>(); }

}  // namespace tabiya::server
