// Where a room's work runs (server/games/game_room.h, "Threads"): a move for an idle
// room is answered on the thread that delivers it, one for a room at work
// waits for that work on the room's queue, in order.
#include <gtest/gtest.h>

#include <future>

#include "server/games/game_room.h"
#include "support/service_test_support.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;

int64_t metric(GameService& service, const std::string& name) {
  std::string out;
  service.write_metrics(out);
  const std::size_t at = out.find("\n" + name + " ");
  return at == std::string::npos ? -1 : std::stoll(out.substr(at + name.size() + 2));
}

class RoomThreadsTest : public ServiceFixture {
 protected:
  // Plays e2e3 (req 4), the first move of the hot-seat game `t`, whose dead-position proof is long: it is handed
  // to the game threads before anything of it is done on this, the delivering, thread, and played there.
  void play_handed_over_first_move(HotSeat& t) {
    settle();  // the room idle: the move would run on this (the delivering) thread
    t.both.peer->take();
    service_->message(*t.both.session, R"({"t":"move","req":4,"uci":"e2e3","ply":0})");
    // Probes, not timing: the proof passed the inline budget before it was made, so nothing of it ran here.
    EXPECT_EQ(metric(*service_, "tabiya_moves_handed_over_total"), 1);
    EXPECT_EQ(metric(*service_, "tabiya_inline_dead_position_searches_total"), 0);
    settle();
    auto moved = t.both.peer->last("event", "move");
    ASSERT_TRUE(moved);
    EXPECT_EQ(moved->at("req").as_int64(), 4);
  }
};

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

// The locked ending of the takeback attack (bench/takeback-attack.mjs). Its positions need a long dead-position
// search (Art. 5.2.2, FIDE Laws 2018), 9-29 ms each; the first move of the game once ran it on the network thread.
constexpr const char* LOCKED_ENDING = "8/p7/P7/P5kB/8/8/4K3/8 w - - 0 1";

TEST_F(RoomThreadsTest, AMoveWhoseProofIsLongIsHandedToTheGameThreadsBeforeAnythingOfItIsDone) {
  auto t = hotseat(std::string(R"({"v":1,"opponent":"hotseat","fen":")") + LOCKED_ENDING + R"("})");
  ASSERT_NO_FATAL_FAILURE(play_handed_over_first_move(t));
  EXPECT_FALSE(t.both.peer->last("event", "end")) << "the ending is not dead: play goes on";
  EXPECT_EQ(metric(*service_, "tabiya_inline_dead_position_searches_total"), 0);
  // The game is heavy now: its next moves go to the game threads directly, without a trial here.
  service_->message(*t.both.session, R"({"t":"move","req":5,"uci":"g5h5","ply":1})");
  settle();
  EXPECT_EQ(metric(*service_, "tabiya_moves_handed_over_total"), 1);
  auto second = t.both.peer->last("event", "move");
  ASSERT_TRUE(second);
  EXPECT_EQ(second->at("req").as_int64(), 5);
  EXPECT_EQ(metric(*service_, "tabiya_inline_dead_position_searches_total"), 0);
}

TEST_F(RoomThreadsTest, AMoveWithAShortProofStaysOnTheDeliveringThread) {
  auto t = hotseat();
  settle();
  t.both.peer->take();
  service_->message(*t.both.session, R"({"t":"move","req":4,"uci":"e2e4","ply":0})");
  EXPECT_EQ(metric(*service_, "tabiya_moves_handed_over_total"), 0);
  settle();
  ASSERT_TRUE(t.both.peer->last("event", "move"));
}

TEST_F(RoomThreadsTest, AHandedOverMoveStillEndsTheGameWhenThePositionIsDead) {
  // White's king takes the rook: dead (Art. 5.2.2), shown only by an exhaustive search of ~89,000 positions.
  auto t = hotseat(R"({"v":1,"opponent":"hotseat","fen":"k1b5/1p1p4/1P1P4/8/8/4r3/4K3/6B1 w - - 0 1"})");
  ASSERT_NO_FATAL_FAILURE(play_handed_over_first_move(t));
  auto end = t.both.peer->last("event", "end");
  ASSERT_TRUE(end);
  EXPECT_EQ(str(end->at("e").as_object().at("result").as_object().at("termination")), "dead_position");
}

TEST_F(RoomThreadsTest, AHandedOverMoveKeepsItsPlaceBeforeWhatCameAfterIt) {
  auto t = hotseat(std::string(R"({"v":1,"opponent":"hotseat","fen":")") + LOCKED_ENDING + R"("})");
  settle();
  t.both.peer->take();
  service_->message(*t.both.session, R"({"t":"move","req":4,"uci":"e2e3","ply":0})");
  service_->message(*t.both.session, R"({"t":"move","req":5,"uci":"g5h5","ply":1})");  // queued behind it
  settle();
  auto error = t.both.peer->last("error");
  EXPECT_FALSE(error) << (error ? boost::json::serialize(*error) : "");
  auto moved = t.both.peer->last("event", "move");
  ASSERT_TRUE(moved);
  EXPECT_EQ(moved->at("req").as_int64(), 5) << "both played, in order";
}

}  // namespace
}  // namespace tabiya::server::testing
