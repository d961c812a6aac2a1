// Where a room's work runs (server/game_room.h, "Threads"): a move for an idle
// room is answered on the thread that delivers it, one for a room at work
// waits for that work on the room's queue, in order.
#include <gtest/gtest.h>

#include <future>

#include "server/game_room.h"
#include "service_test_support.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;
using RoomThreadsTest = ServiceFixture;

// An illegal move is answered without a commit, by the thread that handles it: whether its error is there when
// message() returns tells where it ran.
constexpr const char* ILLEGAL = R"({"t":"move","req":5,"uci":"e2e5","ply":0})";

TEST_F(RoomThreadsTest, AMoveForAnIdleRoomIsAnsweredOnTheThreadThatDeliversIt) {
  auto t = hotseat();
  settle();  // the room idle first: what the game's set-up left to do may still run on a worker (slow under ASan)
  t.both.peer->take();
  service_->message(*t.both.session, ILLEGAL);  // no settle() after: nothing else runs meanwhile
  auto error = t.both.peer->last("error");
  ASSERT_TRUE(error);
  EXPECT_EQ(error->at("req").as_int64(), 5);
  EXPECT_EQ(error->at("code").as_string(), "illegal_move");
}

TEST_F(RoomThreadsTest, AMoveForARoomAtWorkWaitsForItInOrder) {
  auto t = hotseat();
  t.both.peer->take();
  auto started = std::make_shared<std::promise<void>>();
  std::promise<void> release;
  ASSERT_TRUE(service_->run_in_room(t.id, [started, wait = release.get_future().share()] {
    started->set_value();
    wait.wait();
  }));
  started->get_future().wait();  // a worker holds the room's queue now
  service_->message(*t.both.session, R"({"t":"move","req":4,"uci":"e2e4","ply":0})");
  service_->message(*t.both.session, ILLEGAL);
  EXPECT_TRUE(t.both.peer->messages().empty());  // both wait behind the room's work
  release.set_value();
  settle();
  auto moved = t.both.peer->last("event", "move");
  ASSERT_TRUE(moved);
  EXPECT_EQ(moved->at("req").as_int64(), 4);
  auto error = t.both.peer->last("error");
  ASSERT_TRUE(error);
  EXPECT_EQ(error->at("req").as_int64(), 5);
  EXPECT_EQ(error->at("code").as_string(), "stale");  // read after the first move: it was for ply 0
}

}  // namespace
}  // namespace tabiya::server::testing
