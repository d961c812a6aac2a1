#include "server/games/robot_pool.h"

namespace tabiya::server {

int default_robot_threads() {
  int cores = int(std::thread::hardware_concurrency());
  return cores > 1 ? cores - 1 : 1;
}

RobotPool::RobotPool(int threads) {
  if (threads < 1) threads = default_robot_threads();
  for (int i = 0; i < threads; ++i) {
    auto worker = std::make_unique<Worker>();
    engine::EngineOptions options;
    options.hash_mb = 16;
    options.threads = 1;
    worker->engine = std::make_unique<engine::Engine>(options);
    workers_.push_back(std::move(worker));
  }
  for (auto& worker : workers_) worker->thread = std::thread([this, w = worker.get()] { run(*w); });
}

RobotPool::~RobotPool() { stop(); }

int RobotPool::submit(std::string key, Job job) {
  std::lock_guard lock(mutex_);
  if (stopping_) return 0;
  queue_.emplace_back(std::move(key), std::move(job));
  int idle = int(workers_.size()) - busy_;
  int ahead = int(queue_.size()) - 1 - idle;
  wake_.notify_one();
  return ahead > 0 ? ahead : 0;
}

int RobotPool::position(const std::string& key) const {
  std::lock_guard lock(mutex_);
  for (std::size_t i = 0; i < queue_.size(); ++i)
    if (queue_[i].first == key) return int(i) + 1;
  return 0;
}

int RobotPool::queued() const {
  std::lock_guard lock(mutex_);
  return int(queue_.size());
}

void RobotPool::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && workers_.empty()) return;
    stopping_ = true;
    queue_.clear();
  }
  wake_.notify_all();
  for (auto& worker : workers_) worker->engine->stop();
  for (auto& worker : workers_)
    if (worker->thread.joinable()) worker->thread.join();
  std::lock_guard lock(mutex_);
  workers_.clear();
}

void RobotPool::run(Worker& worker) {
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = std::move(queue_.front().second);
      queue_.pop_front();
      ++busy_;
    }
    job(*worker.engine);
    std::lock_guard lock(mutex_);
    --busy_;
  }
}

}  // namespace tabiya::server
