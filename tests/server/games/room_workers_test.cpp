#include "server/games/room_workers.h"

#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

namespace tabiya::server {
namespace {

using namespace std::chrono_literals;

TEST(RoomWorkers, AnIdleQueueRunsTheTaskOnTheCallingThread) {
  RoomWorkers workers(2);
  auto queue = workers.make_queue();
  std::thread::id ran_on;
  queue->run_or_post([&] { ran_on = std::this_thread::get_id(); });
  EXPECT_EQ(ran_on, std::this_thread::get_id());
  EXPECT_TRUE(workers.idle());
  EXPECT_EQ(workers.completed(), 1u);
}

TEST(RoomWorkers, ABusyQueueTakesTheTaskAfterItsWorkInOrder) {
  RoomWorkers workers(2);
  auto queue = workers.make_queue();
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::promise<void> started;
  std::mutex mutex;
  std::vector<int> order;
  std::thread::id second_on;
  queue->post([&] {
    started.set_value();
    released.wait();
    std::lock_guard lock(mutex);
    order.push_back(1);
  });
  ASSERT_EQ(started.get_future().wait_for(10s), std::future_status::ready);
  queue->run_or_post([&] {
    std::lock_guard lock(mutex);
    order.push_back(2);
    second_on = std::this_thread::get_id();
  });
  {
    std::lock_guard lock(mutex);
    EXPECT_TRUE(order.empty());  // not run here: the queue was at work
  }
  release.set_value();
  workers.wait_idle();
  EXPECT_EQ(order, (std::vector<int>{1, 2}));
  EXPECT_NE(second_on, std::this_thread::get_id());
}

// A task run on the calling thread hands its work over (a proof too long for a network thread): what
// it hands over runs on a worker before what was queued behind it meanwhile.
TEST(RoomWorkers, WorkHandedOverByATaskRunHereGoesFirstOnTheWorkers) {
  RoomWorkers workers(2);
  auto queue = workers.make_queue();
  std::mutex mutex;
  std::vector<int> order;
  std::thread::id handed_over_on;
  queue->run_or_post([&] {
    queue->post([&] {  // came meanwhile: queued behind this task
      std::lock_guard lock(mutex);
      order.push_back(2);
    });
    queue->post_first([&] {
      std::lock_guard lock(mutex);
      order.push_back(1);
      handed_over_on = std::this_thread::get_id();
    });
  });
  workers.wait_idle();
  EXPECT_EQ(order, (std::vector<int>{1, 2}));
  EXPECT_NE(handed_over_on, std::this_thread::get_id());
  EXPECT_EQ(workers.completed(), 3u);
}

TEST(RoomWorkers, WhatIsPostedDuringATaskRunHereFollowsItOnTheWorkers) {
  RoomWorkers workers(2);
  auto queue = workers.make_queue();
  std::mutex mutex;
  std::vector<int> order;
  std::thread::id third_on;
  queue->run_or_post([&] {
    queue->post([&] {
      std::lock_guard lock(mutex);
      order.push_back(2);
    });
    // Another thread handing work now finds the queue held: it queues behind, it does not run it itself.
    std::thread([&] {
      queue->run_or_post([&] {
        std::lock_guard lock(mutex);
        order.push_back(3);
        third_on = std::this_thread::get_id();
      });
    }).join();
    std::lock_guard lock(mutex);
    order.push_back(1);
  });
  workers.wait_idle();
  EXPECT_EQ(order, (std::vector<int>{1, 2, 3}));
  EXPECT_NE(third_on, std::this_thread::get_id());
  EXPECT_EQ(workers.completed(), 3u);
}

TEST(RoomWorkers, WaitIdleWaitsForATaskRunningOnItsCaller) {
  RoomWorkers workers(2);
  auto queue = workers.make_queue();
  std::promise<void> inside;
  std::promise<void> release;
  std::thread caller([&] {
    queue->run_or_post([&] {
      inside.set_value();
      release.get_future().wait();
    });
  });
  inside.get_future().wait();
  EXPECT_FALSE(workers.idle());
  release.set_value();
  caller.join();
  workers.wait_idle();
  EXPECT_TRUE(workers.idle());
}

TEST(RoomWorkers, WhileStoppingATaskHandedOverIsQueuedForTheWorkers) {
  RoomWorkers workers(2);
  auto queue = workers.make_queue();
  std::promise<void> inside;
  std::promise<void> release;
  queue->post([&] {
    inside.set_value();
    release.get_future().wait();
  });
  inside.get_future().wait();
  std::thread stopper([&] { workers.stop(); });  // waits for what is queued
  while (!workers.stopping()) std::this_thread::yield();
  bool ran = false;
  queue->run_or_post([&] { ran = true; });  // queued behind the running task, not run here
  EXPECT_FALSE(ran);
  release.set_value();
  stopper.join();
  EXPECT_TRUE(ran);
}

}  // namespace
}  // namespace tabiya::server
