#include <map>
#include <mutex>

#include "server/game_store.h"

namespace tabiya::server {
namespace {

class MemoryStore final : public GameStore {
 public:
  Result<bool> commit(const std::vector<StoreWrite>& writes) override {
    std::lock_guard lock(mutex_);
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
          break;
        case StoreWrite::Kind::APPEND: {
          StoredGame& game = games_[w.game];
          game.actions.push_back(w.text);
          game.seq = w.seq;
          break;
        }
        case StoreWrite::Kind::FINISH: {
          StoredGame& game = games_[w.game];
          game.finished = true;
          game.result = w.text;
          break;
        }
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

 private:
  std::mutex mutex_;
  std::map<std::string, StoredGame> games_;
};

}  // namespace

std::unique_ptr<GameStore> make_memory_store() { return std::make_unique<MemoryStore>(); }

}  // namespace tabiya::server
