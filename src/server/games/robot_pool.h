// A bounded pool of robot threads, each with its own engine. Jobs wait in a
// queue (a robot game whose turn comes while every thread thinks waits
// visibly: its place in the queue is reported); network threads only ever
// enqueue, never wait.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/search.h"

namespace tabiya::server {

class RobotPool {
 public:
  // Runs on a pool thread with that thread's engine; `key` names the game.
  using Job = std::function<void(engine::Engine&)>;

  explicit RobotPool(int threads);
  ~RobotPool();
  RobotPool(const RobotPool&) = delete;
  RobotPool& operator=(const RobotPool&) = delete;

  // Queues a job; returns how many jobs wait before it (0: a thread takes it now or next).
  int submit(std::string key, Job job);
  // The place of `key`'s job in the queue (1 = next), 0 if it is not waiting.
  int position(const std::string& key) const;
  int queued() const;
  int threads() const { return int(workers_.size()); }
  // Stops every search at once and joins the threads; queued jobs are dropped.
  void stop();

 private:
  struct Worker {
    std::thread thread;
    std::unique_ptr<engine::Engine> engine;
  };
  void run(Worker& worker);

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::pair<std::string, Job>> queue_;
  std::vector<std::unique_ptr<Worker>> workers_;
  int busy_ = 0;
  bool stopping_ = false;
};

// cores - 1, at least 1.
int default_robot_threads();

}  // namespace tabiya::server
