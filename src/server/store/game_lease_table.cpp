// The lease contract of game_store.h in a process's memory (LeaseTable), and what a store without leases answers.
#include "server/store/game_store.h"

namespace tabiya::server {

Result<std::optional<int64_t>> GameStore::acquire_lease(const std::string&, const std::string&, int64_t, int64_t) {
  return fail("this store keeps no leases");
}
Result<std::vector<std::string>> GameStore::renew_leases(const std::string&, const std::vector<HeldLease>&, int64_t,
                                                         int64_t) {
  return fail("this store keeps no leases");
}
Result<bool> GameStore::release_lease(const std::string&, const std::string&, int64_t) {
  return fail("this store keeps no leases");
}
Result<std::optional<GameLease>> GameStore::lease(const std::string&) { return fail("this store keeps no leases"); }
Result<std::vector<std::string>> GameStore::unowned_games(int64_t, std::size_t) {
  return fail("this store keeps no leases");
}

bool LeaseTable::free_at(const std::string& game, int64_t now_ms) const {
  auto it = leases_.find(game);
  return it == leases_.end() || it->second.owner.empty() || it->second.expires_ms <= now_ms;
}

std::optional<int64_t> LeaseTable::acquire(const std::string& game, const std::string& node, int64_t now_ms,
                                           int64_t duration_ms) {
  GameLease& lease = leases_[game];
  if (!lease.owner.empty() && lease.owner != node && lease.expires_ms > now_ms) return std::nullopt;
  lease.owner = node;
  lease.epoch += 1;
  lease.expires_ms = now_ms + duration_ms;
  return lease.epoch;
}

std::vector<std::string> LeaseTable::renew(const std::string& node, const std::vector<HeldLease>& held, int64_t now_ms,
                                           int64_t duration_ms) {
  std::vector<std::string> renewed;
  for (const HeldLease& h : held) {
    auto it = leases_.find(h.game);
    if (it == leases_.end() || it->second.owner != node || it->second.epoch != h.epoch) continue;
    it->second.expires_ms = now_ms + duration_ms;
    renewed.push_back(h.game);
  }
  return renewed;
}

bool LeaseTable::release(const std::string& game, const std::string& node, int64_t epoch) {
  auto it = leases_.find(game);
  if (it == leases_.end() || it->second.owner != node || it->second.epoch != epoch) return false;
  it->second.owner.clear();
  it->second.expires_ms = 0;
  return true;
}

std::optional<GameLease> LeaseTable::find(const std::string& game) const {
  auto it = leases_.find(game);
  if (it == leases_.end()) return std::nullopt;
  return it->second;
}

std::optional<std::string> LeaseTable::refuse(const std::string& game, int64_t epoch) const {
  auto it = leases_.find(game);
  if (it == leases_.end() || it->second.epoch <= epoch) return std::nullopt;
  std::string text = "game ";
  text += game;
  text += ": ";
  text += STALE_EPOCH;
  text += ' ';
  text += std::to_string(epoch);
  text += " (the lease is at ";
  text += std::to_string(it->second.epoch);
  text += ')';
  return text;
}

std::optional<std::string> LeaseTable::refuse_batch(const std::vector<StoreWrite>& writes) const {
  for (const StoreWrite& w : writes) {
    if (w.kind == StoreWrite::Kind::REMOVE || w.kind == StoreWrite::Kind::KEEP) continue;
    if (auto refused = refuse(w.game, w.epoch)) return refused;
  }
  return std::nullopt;
}

}  // namespace tabiya::server
