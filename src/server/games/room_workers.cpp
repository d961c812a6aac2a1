#include "server/games/room_workers.h"

#include <algorithm>
#include <cstdio>
#include <deque>
#include <exception>
#include <utility>

namespace tabiya::server {

struct RoomWorkers::State {
  std::mutex mutex;
  std::condition_variable wake, idle;
  std::deque<std::shared_ptr<Queue>> ready;  // queues with tasks, each at most once
  int64_t outstanding = 0;                   // tasks posted and not yet finished
  uint64_t completed = 0;
  bool stopping = false;

  // The last task ended (under `mutex`). The sleeping workers are woken only when they are to end: waking them
  // for nothing cost two context switches per move when the load was light.
  void went_idle() {
    idle.notify_all();
    if (stopping) wake.notify_all();
  }

  void schedule(std::shared_ptr<Queue> queue) {
    std::lock_guard lock(mutex);
    ready.push_back(std::move(queue));
    wake.notify_one();
  }
};

RoomWorkers::RoomWorkers(int threads) : state_(std::make_shared<State>()) {
  if (threads <= 0) threads = std::max(2, int(std::thread::hardware_concurrency()));
  for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { run(); });
}

RoomWorkers::~RoomWorkers() { stop(); }

std::shared_ptr<RoomWorkers::Queue> RoomWorkers::make_queue() { return std::make_shared<Queue>(state_); }

void RoomWorkers::Queue::post(Task task) {
  auto state = state_.lock();
  if (!state) return;
  {
    std::lock_guard lock(state->mutex);
    if (state->stopping && state->ready.empty() && state->outstanding == 0) return;
    ++state->outstanding;
  }
  bool schedule = false;
  {
    std::lock_guard lock(mutex_);
    tasks_.push_back(std::move(task));
    schedule = !std::exchange(scheduled_, true);
  }
  if (schedule) state->schedule(shared_from_this());
}

void RoomWorkers::Queue::post_first(Task task) {
  auto state = state_.lock();
  if (!state) return;
  {
    std::lock_guard lock(state->mutex);
    ++state->outstanding;
  }
  bool schedule = false;
  {
    std::lock_guard lock(mutex_);
    tasks_.push_front(std::move(task));
    schedule = !std::exchange(scheduled_, true);
  }
  if (schedule) state->schedule(shared_from_this());
}

void RoomWorkers::Queue::run_or_post(Task task) {
  auto state = state_.lock();
  if (!state) return;
  bool stopping = false;
  {
    std::lock_guard lock(state->mutex);
    stopping = state->stopping;
    if (!stopping) ++state->outstanding;  // counted as any task is: wait_idle() waits for it
  }
  if (stopping) return post(std::move(task));  // the workers finish what is queued, in order
  bool here = false;
  {
    std::lock_guard lock(mutex_);
    here = !scheduled_ && tasks_.empty();
    if (here) scheduled_ = true;  // this thread holds the queue: posts meanwhile wait behind the task
    else tasks_.push_back(std::move(task));
  }
  if (!here) return;  // queued behind work in progress, which schedules the queue when it ends
  try {
    task();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tabiya: a game task failed: %s\n", e.what());
  }
  task = nullptr;
  bool more = false;
  {
    std::lock_guard lock(mutex_);
    more = !tasks_.empty();
    scheduled_ = more;
  }
  std::lock_guard lock(state->mutex);
  if (more) {
    state->ready.push_back(shared_from_this());
    state->wake.notify_one();
  }
  ++state->completed;
  if (--state->outstanding == 0) state->went_idle();
}

void RoomWorkers::run() {
  State& s = *state_;
  for (;;) {
    std::shared_ptr<Queue> queue;
    {
      std::unique_lock lock(s.mutex);
      s.wake.wait(lock, [&] { return !s.ready.empty() || (s.stopping && s.outstanding == 0); });
      if (s.ready.empty()) return;
      queue = std::move(s.ready.front());
      s.ready.pop_front();
    }
    // One task, then the queue goes to the back of the line: a room with much work shares the workers fairly.
    Task task;
    {
      std::lock_guard lock(queue->mutex_);
      task = std::move(queue->tasks_.front());
      queue->tasks_.pop_front();
    }
    try {
      task();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "tabiya: a game task failed: %s\n", e.what());
    }
    task = nullptr;  // what it holds goes now, not with the next task
    bool more = false;
    {
      std::lock_guard lock(queue->mutex_);
      more = !queue->tasks_.empty();
      queue->scheduled_ = more;
    }
    std::lock_guard lock(s.mutex);
    if (more) s.ready.push_back(std::move(queue));
    ++s.completed;
    if (--s.outstanding == 0) s.went_idle();
    else if (more) s.wake.notify_one();
  }
}

void RoomWorkers::wait_idle() {
  std::unique_lock lock(state_->mutex);
  state_->idle.wait(lock, [&] { return state_->outstanding == 0; });
}

bool RoomWorkers::idle() const {
  std::lock_guard lock(state_->mutex);
  return state_->outstanding == 0;
}

bool RoomWorkers::stopping() const {
  std::lock_guard lock(state_->mutex);
  return state_->stopping;
}

uint64_t RoomWorkers::completed() const {
  std::lock_guard lock(state_->mutex);
  return state_->completed;
}

void RoomWorkers::stop() {
  {
    std::lock_guard lock(state_->mutex);
    state_->stopping = true;
    state_->wake.notify_all();
  }
  for (auto& t : threads_)
    if (t.joinable()) t.join();
  threads_.clear();
}

}  // namespace tabiya::server
