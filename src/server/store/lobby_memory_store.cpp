// The lobby's store in memory (tests, --data ""): the same answers as the SQLite one, nothing kept.
#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>

#include "server/store/lobby_store.h"

namespace tabiya::server {

namespace {

std::string folded(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

class MemoryLobbyStore final : public LobbyStore {
 public:
  Result<bool> remember_name(const std::string& account, const std::string& username) override {
    std::lock_guard lock(mutex_);
    names_[folded(username)] = account;
    return true;
  }
  std::optional<std::string> account_named(const std::string& username) const override {
    std::lock_guard lock(mutex_);
    auto it = names_.find(folded(username));
    if (it == names_.end()) return std::nullopt;
    return it->second;
  }
  std::optional<StoredRating> rating(const std::string& account, RatingCategory category) const override {
    std::lock_guard lock(mutex_);
    auto it = ratings_.find({account, category});
    if (it == ratings_.end()) return std::nullopt;
    return it->second;
  }
  Result<bool> record_rating(const RatingChange& change) override {
    std::lock_guard lock(mutex_);
    StoredRating& r = ratings_[{change.account, change.category}];
    r.rating = change.after;
    r.games += 1;
    r.updated_ms = change.at_ms;
    history_.push_back(change);
    return true;
  }
  std::vector<RatingChange> rating_history(const std::string& account) const override {
    std::lock_guard lock(mutex_);
    std::vector<RatingChange> out;
    for (const RatingChange& c : history_)
      if (c.account == account) out.push_back(c);
    return out;
  }
  std::vector<RatingChange> changes_of_game(const std::string& game) const override {
    std::lock_guard lock(mutex_);
    std::vector<RatingChange> out;
    for (const RatingChange& c : history_)
      if (c.game == game) out.push_back(c);
    return out;
  }
  Result<bool> add_rated_game(const RatedGame& game) override {
    std::lock_guard lock(mutex_);
    rated_[game.game] = game;
    return true;
  }
  std::optional<RatedGame> take_rated_game(const std::string& game) override {
    std::lock_guard lock(mutex_);
    auto it = rated_.find(game);
    if (it == rated_.end()) return std::nullopt;
    RatedGame out = it->second;
    rated_.erase(it);
    return out;
  }
  Result<bool> put_seek(const std::string& id, const std::string& json) override {
    std::lock_guard lock(mutex_);
    seeks_[id] = json;
    return true;
  }
  Result<bool> remove_seek(const std::string& id) override {
    std::lock_guard lock(mutex_);
    seeks_.erase(id);
    return true;
  }
  std::vector<std::pair<std::string, std::string>> seeks() const override {
    std::lock_guard lock(mutex_);
    return {seeks_.begin(), seeks_.end()};
  }

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::string> names_;
  std::map<std::pair<std::string, RatingCategory>, StoredRating> ratings_;
  std::vector<RatingChange> history_;
  std::map<std::string, RatedGame> rated_;
  std::map<std::string, std::string> seeks_;
};

}  // namespace

std::unique_ptr<LobbyStore> make_memory_lobby_store() { return std::make_unique<MemoryLobbyStore>(); }

}  // namespace tabiya::server
