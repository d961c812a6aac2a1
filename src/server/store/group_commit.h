// Group commit: every game's writes go to one storage thread, which commits
// all that is pending in one transaction and then reports to each writer.
// One transaction per move under load costs a disk sync each; one per batch
// costs one sync for all the games that moved meanwhile, and the callers
// (the io threads) never wait for the database at all.
//
// Each submitted unit (the writes of one change of one game) is committed
// whole or not at all; units are applied in the order submitted, so one
// game's actions keep their order. If a batch fails, its units are retried one
// by one, so that one bad unit does not fail the other games' changes.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "server/base/prometheus.h"
#include "server/store/commit_gathering.h"
#include "server/store/game_store.h"

namespace tabiya::server {

class GroupCommitter {
 public:
  // Called on the storage thread once the unit is committed (or not): must not block.
  using Done = std::function<void(const Result<bool>&)>;

  // Under load (changes come more often than one per gathering, commit_gathering.h), how long the thread, woken
  // by a change, waits for others before it commits: one transaction and one wake-up for the moves of a
  // millisecond instead of one each (waking the thread per move cost more than the move). It adds at most that to
  // a move's answer; on a server with fewer changes a second each is committed at once. 1 ms, not 2: since a move
  // writes one page of the SQLite file the commits are cheap, and the gathering was a third of the p99 at 9,936
  // games (27-29 -> 21-22 ms), for 4% more CPU per move there.
  static constexpr std::chrono::microseconds DEFAULT_GATHER{1000};

  explicit GroupCommitter(std::shared_ptr<GameStore> store, std::chrono::microseconds gather = DEFAULT_GATHER);
  ~GroupCommitter();  // stop()
  GroupCommitter(const GroupCommitter&) = delete;
  GroupCommitter& operator=(const GroupCommitter&) = delete;

  // Queues one unit; never blocks on the store. After stop() the unit fails at once.
  void submit(std::vector<StoreWrite> writes, Done done);
  // Returns once every unit submitted before the call is committed and reported.
  void flush();
  // Nothing submitted is waiting for its report.
  bool idle() const;
  // Commits what is pending, then ends the thread.
  void stop();

  GameStore& store() const { return *store_; }
  // Transactions committed and units in them, since the start (metrics).
  int64_t commits() const;
  int64_t units() const;
  // How long the store took over each transaction (a batch, or one unit of a failed batch).
  const LatencyHistogram& commit_time() const { return commit_time_; }
  // How long each unit waited from its submission to the start of its transaction (gathering, or the commit
  // before it): with commit_time, where a move's storage time goes.
  const LatencyHistogram& queue_time() const { return queue_time_; }

 private:
  struct Unit {
    std::vector<StoreWrite> writes;
    Done done;
    std::chrono::steady_clock::time_point submitted;
  };
  void run();
  void commit(std::vector<Unit>& batch);
  Result<bool> timed_commit(const std::vector<StoreWrite>& writes);

  std::shared_ptr<GameStore> store_;
  mutable std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::vector<Unit> pending_;
  uint64_t submitted_ = 0, reported_ = 0;
  int64_t commits_ = 0, units_ = 0;
  LatencyHistogram commit_time_{0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};
  LatencyHistogram queue_time_{0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};
  int flushing_ = 0;           // flush() callers waiting
  CommitGathering gathering_;  // the arrival rate: whether to wait for more
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace tabiya::server
