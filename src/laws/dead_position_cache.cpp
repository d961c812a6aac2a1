#include "laws/dead_position_cache.h"

#include "laws/dead_position.h"

namespace tabiya {

const DeadPositionCache::Verdict* DeadPositionCache::find(Key key, uint64_t max_nodes) {
  auto it = entries_.find(Slot{key, max_nodes});
  if (it == entries_.end()) {
    ++misses_;
    return nullptr;
  }
  ++hits_;
  return &it->second;
}

void DeadPositionCache::store(Key key, uint64_t max_nodes, Verdict verdict) {
  if (capacity_ == 0) return;
  const Slot slot{key, max_nodes};
  auto [it, inserted] = entries_.insert_or_assign(slot, std::move(verdict));
  (void)it;
  if (!inserted) return;
  order_.push_back(slot);
  while (entries_.size() > capacity_ && !order_.empty()) {
    entries_.erase(order_.front());
    order_.pop_front();
  }
}

void DeadPositionCache::forget(Key key, uint64_t max_nodes) {
  // The slot stays in order_ until it comes up for eviction; erasing a missing key then is harmless.
  entries_.erase(Slot{key, max_nodes});
}

}  // namespace tabiya
