// The lane for requests that may take long (loading a game from the store and
// replaying it, reading a PGN, setting up a review): a few threads of their
// own with a bounded queue, so the network threads hand such work over and
// never wait for it. When the queue is full the request is refused (`busy`)
// instead of waiting without end.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <cstdio>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace tabiya::server {

class BlockingLane {
 public:
  // `threads` at least 1; `queue_limit`: tasks waiting for a thread (running ones not counted), at least 1.
  BlockingLane(int threads, std::size_t queue_limit);
  ~BlockingLane();  // stop()
  BlockingLane(const BlockingLane&) = delete;
  BlockingLane& operator=(const BlockingLane&) = delete;

  // Queues `task`; false (and `task` is not run) when the queue is full or the lane has stopped.
  bool try_post(std::function<void()> task);
  // Runs no more tasks: waits for the running ones, drops (destroys) the waiting ones.
  void stop();

 private:
  void run();

  const std::size_t queue_limit_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> queue_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

inline BlockingLane::BlockingLane(int threads, std::size_t queue_limit)
    : queue_limit_(std::max<std::size_t>(1, queue_limit)) {
  for (int i = 0; i < std::max(1, threads); ++i) threads_.emplace_back([this] { run(); });
}

inline BlockingLane::~BlockingLane() { stop(); }

inline bool BlockingLane::try_post(std::function<void()> task) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || queue_.size() >= queue_limit_) return false;
    queue_.push_back(std::move(task));
  }
  wake_.notify_one();
  return true;
}

inline void BlockingLane::stop() {
  std::deque<std::function<void()>> dropped;
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && threads_.empty()) return;
    stopping_ = true;
    dropped.swap(queue_);
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
      task = std::move(queue_.front());
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
