// The lane for requests that may take long (loading a game from the store and
// replaying it, reading a PGN, setting up a review): a few threads of their
// own with a bounded queue, so the network threads hand such work over and
// never wait for it. When the queue is full the request is refused (`busy`)
// instead of waiting without end. No one client may hold more than its share
// of the queue (a client's key as in client_address.h), so one client's flood
// of slow requests cannot make everyone else's refused.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <cstdio>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <vector>

namespace tabiya::server {

class BlockingLane {
 public:
  // `threads` at least 1; `queue_limit`: tasks waiting for a thread (running ones not counted), at least 1;
  // `per_client_limit`: of those, at most this many from one client (0: a sixteenth of the queue, at least 1).
  BlockingLane(int threads, std::size_t queue_limit, std::size_t per_client_limit = 0);
  ~BlockingLane();  // stop()
  BlockingLane(const BlockingLane&) = delete;
  BlockingLane& operator=(const BlockingLane&) = delete;

  // Queues `task` for `client`; false (and `task` is not run) when the queue is full, the client already has its
  // share waiting, or the lane has stopped. An empty client (the server itself) has no share of its own.
  bool try_post(std::function<void()> task, std::string_view client = {});
  // Runs no more tasks: waits for the running ones, drops (destroys) the waiting ones.
  void stop();

 private:
  void run();

  struct Waiting {
    std::function<void()> task;
    std::string client;
  };

  const std::size_t queue_limit_;
  const std::size_t per_client_limit_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Waiting> queue_;
  std::unordered_map<std::string, std::size_t> waiting_by_client_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

inline BlockingLane::BlockingLane(int threads, std::size_t queue_limit, std::size_t per_client_limit)
    : queue_limit_(std::max<std::size_t>(1, queue_limit)),
      per_client_limit_(per_client_limit > 0 ? per_client_limit : std::max<std::size_t>(1, queue_limit_ / 16)) {
  for (int i = 0; i < std::max(1, threads); ++i) threads_.emplace_back([this] { run(); });
}

inline BlockingLane::~BlockingLane() { stop(); }

inline bool BlockingLane::try_post(std::function<void()> task, std::string_view client) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || queue_.size() >= queue_limit_) return false;
    if (!client.empty()) {
      std::size_t& waiting = waiting_by_client_[std::string(client)];
      if (waiting >= per_client_limit_) return false;
      ++waiting;
    }
    queue_.push_back({std::move(task), std::string(client)});
  }
  wake_.notify_one();
  return true;
}

inline void BlockingLane::stop() {
  std::deque<Waiting> dropped;
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && threads_.empty()) return;
    stopping_ = true;
    dropped.swap(queue_);
    waiting_by_client_.clear();
  }
  wake_.notify_all();
  for (std::thread& t : threads_) t.join();
  threads_.clear();
  // Destroyed here, outside the lock: a task may hold what lets go of a connection.
  dropped.clear();
}

inline void BlockingLane::run() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      Waiting& next = queue_.front();
      task = std::move(next.task);
      if (!next.client.empty()) {
        auto it = waiting_by_client_.find(next.client);
        if (it != waiting_by_client_.end() && --it->second == 0) waiting_by_client_.erase(it);
      }
      queue_.pop_front();
    }
    try {
      task();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "tabiya: blocking lane task failed: %s\n", e.what());
    }
  }
}

}  // namespace tabiya::server
