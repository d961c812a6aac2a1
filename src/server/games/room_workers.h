// The threads that run the games' work, off the network threads: a dead-position
// proof or a long takeback costs one game time, never the io threads that serve
// everyone. Each room has a serial queue: its tasks run one at a time and in
// order, on whichever worker is free, so a slow game delays only itself while
// the other workers go on with the other games. A short task may run on the
// thread that hands it over instead, when its queue is idle (run_or_post).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace tabiya::server {

class RoomWorkers {
 public:
  using Task = std::function<void()>;
  class Queue;

  // threads <= 0: the machine's cores, at least two (one slow game must not stop all the others).
  explicit RoomWorkers(int threads);
  ~RoomWorkers();  // stop()
  RoomWorkers(const RoomWorkers&) = delete;
  RoomWorkers& operator=(const RoomWorkers&) = delete;

  // A new serial queue on these workers. It may outlive them: posting then drops the task.
  std::shared_ptr<Queue> make_queue();
  // Returns once no task is queued or running (tests, shutdown).
  void wait_idle();
  // No task queued or running now, and how many have finished since the start: together they tell a caller
  // that nothing ran between two looks.
  bool idle() const;
  uint64_t completed() const;
  // Runs what is queued, then ends the threads; later posts are dropped.
  void stop();
  int threads() const { return int(threads_.size()); }
  // stop() has begun: what is handed over from now on only queues for the workers.
  bool stopping() const;

 private:
  struct State;
  void run();
  std::shared_ptr<State> state_;
  std::vector<std::thread> threads_;
};

class RoomWorkers::Queue : public std::enable_shared_from_this<Queue> {
 public:
  explicit Queue(std::weak_ptr<State> state) : state_(std::move(state)) {}
  // Runs `task` after every task posted before it on this queue; callable from any thread.
  void post(Task task);
  // The same, but when nothing is queued or running on this queue, `task` runs at once on the calling thread
  // (an io thread, the storage thread): cheap work then costs no hand-off to a worker and back. What is posted
  // while it runs goes to the workers after it, in order. Only for work known to be short.
  void run_or_post(Task task);
  // Runs `task` before everything queued on this queue, on a worker: for a task that hands its own work over to
  // the workers from the thread running it (run_or_post), keeping its place in the order.
  void post_first(Task task);

 private:
  friend class RoomWorkers;
  std::weak_ptr<State> state_;
  std::mutex mutex_;
  std::list<Task> tasks_;   // not a deque: an empty one holds 576 bytes, and a room's queue is empty nearly always
  bool scheduled_ = false;  // in the workers' ready list or running
};

}  // namespace tabiya::server
