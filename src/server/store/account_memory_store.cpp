// The AccountStore in memory: tests, and a server run without --data.
#include <map>
#include <mutex>
#include <set>
#include <tuple>

#include "server/store/account_store.h"

namespace tabiya::server {
namespace {

class MemoryAccountStore final : public AccountStore {
 public:
  Result<bool> create_account(const Account& account) override {
    std::lock_guard lock(mutex_);
    if (keys_.contains(account.key)) return false;
    keys_[account.key] = account.id;
    accounts_[account.id] = account;
    return true;
  }
  Result<std::optional<Account>> account_by_key(const std::string& key) override {
    std::lock_guard lock(mutex_);
    auto it = keys_.find(key);
    if (it == keys_.end()) return std::optional<Account>();
    return std::optional<Account>(accounts_.at(it->second));
  }
  Result<std::optional<Account>> account_by_id(const std::string& id) override {
    std::lock_guard lock(mutex_);
    auto it = accounts_.find(id);
    if (it == accounts_.end()) return std::optional<Account>();
    return std::optional<Account>(it->second);
  }
  Result<bool> set_password(const std::string& id, const std::string& hash) override {
    std::lock_guard lock(mutex_);
    auto it = accounts_.find(id);
    if (it == accounts_.end() || it->second.deleted) return false;
    it->second.password_hash = hash;
    return true;
  }
  Result<bool> set_profile(const std::string& id, const Profile& profile) override {
    std::lock_guard lock(mutex_);
    auto it = accounts_.find(id);
    if (it == accounts_.end() || it->second.deleted) return false;
    it->second.profile = profile;
    return true;
  }
  Result<bool> delete_account(const std::string& id) override {
    std::lock_guard lock(mutex_);
    auto it = accounts_.find(id);
    if (it == accounts_.end()) return false;
    it->second.deleted = true;
    it->second.password_hash.clear();
    it->second.email.clear();
    it->second.profile = {};
    std::erase_if(sessions_, [&](const auto& s) { return s.second.account == id; });
    return true;
  }
  Result<bool> add_session(const SessionRecord& session) override {
    std::lock_guard lock(mutex_);
    sessions_[session.token_hash] = session;
    return true;
  }
  Result<std::optional<SessionRecord>> session(const std::string& token_hash) override {
    std::lock_guard lock(mutex_);
    auto it = sessions_.find(token_hash);
    if (it == sessions_.end()) return std::optional<SessionRecord>();
    return std::optional<SessionRecord>(it->second);
  }
  Result<bool> remove_session(const std::string& token_hash) override {
    std::lock_guard lock(mutex_);
    return sessions_.erase(token_hash) > 0;
  }
  Result<bool> remove_sessions(const std::string& account, const std::string& keep) override {
    std::lock_guard lock(mutex_);
    std::erase_if(sessions_, [&](const auto& s) { return s.second.account == account && s.first != keep; });
    return true;
  }
  Result<bool> add_game(const AccountGame& game) override {
    std::lock_guard lock(mutex_);
    if (!seats_.insert({game.account, game.game, game.seat}).second) return true;
    games_[game.account].insert({game.at_ms, game.game, game.seat});
    by_game_[game.game].push_back(game);
    return true;
  }
  Result<std::vector<AccountGame>> games(const std::string& account, const GamesCursor& from,
                                         std::size_t limit) override {
    std::lock_guard lock(mutex_);
    std::vector<AccountGame> out;
    auto it = games_.find(account);
    if (it == games_.end()) return out;
    // Newest first: walk down from the cursor (exclusive).
    const auto& set = it->second;
    auto pos = set.lower_bound({from.at_ms, from.game, std::string()});
    while (pos != set.begin() && out.size() < limit) {
      --pos;
      const auto& [at, game, seat] = *pos;
      if (std::tie(at, game) >= std::tie(from.at_ms, from.game)) continue;
      out.push_back({account, game, seat, at});
    }
    return out;
  }
  Result<std::vector<AccountGame>> players(const std::string& game) override {
    std::lock_guard lock(mutex_);
    auto it = by_game_.find(game);
    if (it == by_game_.end()) return std::vector<AccountGame>();
    return it->second;
  }

 private:
  std::mutex mutex_;
  std::map<std::string, std::string> keys_;  // key -> id
  std::map<std::string, Account> accounts_;
  std::map<std::string, SessionRecord> sessions_;
  std::set<std::tuple<std::string, std::string, std::string>> seats_;
  std::map<std::string, std::set<std::tuple<int64_t, std::string, std::string>>> games_;
  std::map<std::string, std::vector<AccountGame>> by_game_;
};

}  // namespace

std::unique_ptr<AccountStore> make_memory_account_store() { return std::make_unique<MemoryAccountStore>(); }

}  // namespace tabiya::server
