#include <map>
#include <mutex>

#include "server/game_store.h"

namespace tabiya::server {
namespace {

class MemoryStore final : public GameStore {
 public:
  Result<bool> create(const std::string& id, const std::string& setup) override {
    std::lock_guard lock(mutex_);
    if (games_.count(id)) return fail("game " + id + " exists already");
    games_[id] = StoredGame{id, setup, {}, 0, false, {}};
    return true;
  }
  Result<bool> append(const std::string& id, int64_t index, const std::string& action, int64_t seq) override {
    std::lock_guard lock(mutex_);
    auto it = games_.find(id);
    if (it == games_.end()) return fail("no game " + id);
    if (index != int64_t(it->second.actions.size()))
      return fail("game " + id + ": action " + std::to_string(index) + " out of order");
    it->second.actions.push_back(action);
    it->second.seq = seq;
    return true;
  }
  Result<bool> finish(const std::string& id, const std::string& result) override {
    std::lock_guard lock(mutex_);
    auto it = games_.find(id);
    if (it == games_.end()) return fail("no game " + id);
    it->second.finished = true;
    it->second.result = result;
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
