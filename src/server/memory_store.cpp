#include <map>
#include <mutex>

#include "server/game_store.h"

namespace tabiya::server {
namespace {

class MemoryStore final : public GameStore {
 public:
  Result<bool> commit(const std::vector<StoreWrite>& writes) override {
    std::lock_guard lock(mutex_);
    // All or nothing: apply to a copy of the games touched, then swap them in.
    std::map<std::string, StoredGame> touched;
    for (const StoreWrite& w : writes) {
      auto current = touched.find(w.game);
      if (current == touched.end()) {
        if (auto it = games_.find(w.game); it != games_.end()) current = touched.emplace(w.game, it->second).first;
      }
      if (w.kind == StoreWrite::Kind::CREATE) {
        if (current != touched.end()) return fail("game " + w.game + " exists already");
        touched.emplace(w.game, StoredGame{w.game, w.text, {}, 0, false, {}});
        continue;
      }
      if (current == touched.end()) return fail("no game " + w.game);
      StoredGame& game = current->second;
      if (w.kind == StoreWrite::Kind::APPEND) {
        if (w.index != int64_t(game.actions.size()))
          return fail("game " + w.game + ": action " + std::to_string(w.index) + " out of order");
        game.actions.push_back(w.text);
        game.seq = w.seq;
      } else {
        game.finished = true;
        game.result = w.text;
      }
    }
    for (auto& [id, game] : touched) games_[id] = std::move(game);
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
