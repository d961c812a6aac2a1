#include "server/store/group_commit.h"

namespace tabiya::server {

GroupCommitter::GroupCommitter(std::shared_ptr<GameStore> store, std::chrono::microseconds gather)
    : store_(std::move(store)), gathering_(gather), thread_([this] { run(); }) {}

GroupCommitter::~GroupCommitter() { stop(); }

void GroupCommitter::submit(std::vector<StoreWrite> writes, Done done) {
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) {
      const auto now = std::chrono::steady_clock::now();
      gathering_.arrived(now);
      pending_.push_back(Unit{std::move(writes), std::move(done), now});
      ++submitted_;
      if (pending_.size() == 1) wake_.notify_one();  // later ones find the thread awake, gathering or committing
      return;
    }
  }
  done(fail("storage: the server is stopping"));
}

bool GroupCommitter::idle() const {
  std::lock_guard lock(mutex_);
  return reported_ >= submitted_;
}

void GroupCommitter::flush() {
  std::unique_lock lock(mutex_);
  const uint64_t target = submitted_;
  ++flushing_;  // no gathering while someone waits for the commit
  wake_.notify_one();
  idle_.wait(lock, [&] { return reported_ >= target; });  // the thread drains all before it ends
  --flushing_;
}

void GroupCommitter::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    wake_.notify_one();
  }
  if (thread_.joinable()) thread_.join();
}

int64_t GroupCommitter::commits() const {
  std::lock_guard lock(mutex_);
  return commits_;
}

int64_t GroupCommitter::units() const {
  std::lock_guard lock(mutex_);
  return units_;
}

void GroupCommitter::run() {
  std::vector<Unit> batch;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !pending_.empty(); });
      if (pending_.empty()) return;  // stopping, and nothing left
      // Under load (changes come faster than one per gathering) the others that come meanwhile join this
      // transaction (submit() does not wake the thread for them); otherwise a change is committed at once.
      if (gathering_.worth_waiting())
        wake_.wait_for(lock, gathering_.gather(), [&] { return stopping_ || flushing_ > 0; });
      batch.swap(pending_);
    }
    const auto start = std::chrono::steady_clock::now();
    for (const Unit& u : batch)
      queue_time_.record(std::chrono::duration_cast<std::chrono::microseconds>(start - u.submitted));
    commit(batch);
    {
      std::lock_guard lock(mutex_);
      reported_ += batch.size();
      idle_.notify_all();
    }
    batch.clear();
  }
}

Result<bool> GroupCommitter::timed_commit(const std::vector<StoreWrite>& writes) {
  const auto start = std::chrono::steady_clock::now();
  Result<bool> done = store_->commit(writes);
  commit_time_.record(std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start));
  return done;
}

void GroupCommitter::commit(std::vector<Unit>& batch) {
  std::vector<StoreWrite> writes;
  if (batch.size() == 1) {
    writes = std::move(batch.front().writes);
  } else {
    std::size_t total = 0;
    for (const Unit& u : batch) total += u.writes.size();
    writes.reserve(total);
    for (const Unit& u : batch) writes.insert(writes.end(), u.writes.begin(), u.writes.end());
  }
  Result<bool> all = timed_commit(writes);
  int64_t transactions = 1;
  if (all || batch.size() == 1) {
    for (Unit& u : batch) u.done(all);
  } else {
    // Someone's unit is bad: find out whose, committing each on its own, in order.
    for (Unit& u : batch) {
      u.done(timed_commit(u.writes));
      ++transactions;
    }
  }
  std::lock_guard lock(mutex_);
  commits_ += transactions;
  units_ += int64_t(batch.size());
}

}  // namespace tabiya::server
