// The game room (server/games/game_room.h) through the service: moves typed as a
// person writes them, one game's slow work not delaying another's, a room
// with too much queued work refusing with `busy`, and one shared buffer per
// event for all its receivers.
#include "server/games/game_room.h"

#include <gtest/gtest.h>

#include <future>

#include "support/service_test_support.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;
using GameRoomTest = ServiceFixture;

// Holds a room's queue until released (or destroyed, so a failing test does not hang).
class RoomLatch {
 public:
  RoomLatch(GameService& service, const std::string& id) {
    auto started = std::make_shared<std::promise<void>>();
    auto done = started->get_future();
    EXPECT_TRUE(service.run_in_room(id, [started, wait = release_.get_future().share()] {
      started->set_value();
      wait.wait();
    }));
    done.wait();  // the room's worker is inside the task now
  }
  ~RoomLatch() { release(); }
  void release() {
    if (!released_) release_.set_value();
    released_ = true;
  }

 private:
  std::promise<void> release_;
  bool released_ = false;
};

std::string move_uci(const json::object& event) { return std::string(event.at("e").at("uci").as_string()); }

TEST_F(GameRoomTest, AMoveMayBeTypedInAnyFormTheMoveReaderKnows) {
  auto t = hotseat();
  send(t.both, R"({"t":"move","req":1,"text":"Nf3","ply":0})");
  auto ack = t.both.peer->last("event", "move");
  ASSERT_TRUE(ack);
  EXPECT_EQ(ack->at("req").as_int64(), 1);
  EXPECT_EQ(move_uci(*ack), "g1f3");
  send(t.both, R"({"t":"move","req":2,"text":"Sc6","lang":"de","ply":1})");
  EXPECT_EQ(move_uci(*t.both.peer->last("event", "move")), "b8c6");
  send(t.both, R"({"t":"move","req":3,"text":"e2-e4"})");
  EXPECT_EQ(move_uci(*t.both.peer->last("event", "move")), "e2e4");
  send(t.both, R"({"t":"move","req":4,"uci":"e7e5"})");
  EXPECT_EQ(move_uci(*t.both.peer->last("event", "move")), "e7e5");
}

TEST_F(GameRoomTest, ATypedMoveThatCannotBePlayedSaysWhy) {
  auto t = hotseat();
  auto error_for = [&](const std::string& message) {
    t.both.peer->take();
    send(t.both, message);
    auto e = t.both.peer->last("error");
    EXPECT_TRUE(e) << message;
    return e ? *e : json::object{};
  };
  json::object unreadable = error_for(R"({"t":"move","req":1,"text":"hello"})");
  EXPECT_EQ(unreadable.at("code").as_string(), "illegal_move");
  EXPECT_EQ(unreadable.at("req").as_int64(), 1);
  EXPECT_EQ(unreadable.at("data").at("reason").as_string(), "unreadable");
  EXPECT_EQ(unreadable.at("data").at("text").as_string(), "hello");

  json::object illegal = error_for(R"({"t":"move","req":2,"text":"Ke2"})");
  EXPECT_EQ(illegal.at("code").as_string(), "illegal_move");
  EXPECT_EQ(illegal.at("data").at("reason").as_string(), "illegal");
  EXPECT_EQ(illegal.at("data").at("text").as_string(), "Ke2");

  json::object stale = error_for(R"({"t":"move","req":3,"text":"hello","ply":7})");
  EXPECT_EQ(stale.at("code").as_string(), "stale");  // the game's own refusals come first

  for (const char* uci : {"g1f3", "a7a6", "d2d4", "a6a5"})
    send(t.both, std::string(R"({"t":"move","uci":")") + uci + "\"}");
  json::object ambiguous = error_for(R"({"t":"move","req":4,"text":"Nd2"})");
  EXPECT_EQ(ambiguous.at("code").as_string(), "illegal_move");
  EXPECT_EQ(ambiguous.at("data").at("reason").as_string(), "ambiguous");
  EXPECT_EQ(ambiguous.at("data").at("candidates"), (json::array{"Nbd2", "Nfd2"}));
  EXPECT_FALSE(t.both.peer->last("event", "move"));  // nothing was played
}

// FIDE Laws 2018 Art. 9.3.1 / 9.5.2: a claim names the move it intends to play, which is played when the claim is
// rejected; typed, it is read as a typed move is.
TEST_F(GameRoomTest, AClaimsIntendedMoveMayBeTyped) {
  auto t = hotseat();
  send(t.both, R"({"t":"claim","req":1,"ground":"fifty","text":"hello"})");
  auto unreadable = t.both.peer->last("error");
  ASSERT_TRUE(unreadable);
  EXPECT_EQ(unreadable->at("code").as_string(), "illegal_move");
  EXPECT_EQ(unreadable->at("data").at("reason").as_string(), "unreadable");
  EXPECT_FALSE(t.both.peer->last("event", "move"));
  send(t.both, R"({"t":"claim","req":2,"ground":"fifty","text":"Sf3","lang":"pl"})");
  auto rejected = t.both.peer->last("event", "claim_rejected");
  ASSERT_TRUE(rejected);
  auto played = t.both.peer->last("event", "move");
  ASSERT_TRUE(played);
  EXPECT_EQ(move_uci(*played), "g1f3");
}

// The same move sent twice by a player (a double click, a resend after a reconnect) is `stale`, with the server's
// ply, not `not_your_turn`; a move for the current ply by the side not to move still is `not_your_turn`.
TEST_F(GameRoomTest, APlayersRepeatedMoveIsStale) {
  auto t = invite();
  send(t.white, R"({"t":"move","req":1,"uci":"e2e4","ply":0})");
  ASSERT_TRUE(t.white.peer->last("event", "move"));
  send(t.white, R"({"t":"move","req":2,"uci":"e2e4","ply":0})");
  auto repeated = t.white.peer->last("error");
  ASSERT_TRUE(repeated);
  EXPECT_EQ(repeated->at("code").as_string(), "stale");
  EXPECT_EQ(repeated->at("req").as_int64(), 2);
  EXPECT_EQ(repeated->at("data").at("ply").as_int64(), 1);
  t.white.peer->take();
  send(t.white, R"({"t":"move","req":3,"uci":"d2d4","ply":1})");
  auto early = t.white.peer->last("error");
  ASSERT_TRUE(early);
  EXPECT_EQ(early->at("code").as_string(), "not_your_turn");
}

TEST_F(GameRoomTest, ASlowGameDoesNotDelayAnother) {
  auto slow = hotseat();
  auto other = hotseat();
  slow.both.peer->take();
  other.both.peer->take();
  RoomLatch latch(*service_, slow.id);  // the slow game's worker is busy (a long proof, say)
  service_->message(*slow.both.session, R"({"t":"move","req":1,"uci":"e2e4","ply":0})");
  service_->message(*other.both.session, R"({"t":"move","req":1,"uci":"d2d4","ply":0})");
  ASSERT_TRUE(other.both.peer->wait_for("event", "move"));  // answered while the slow game still works
  EXPECT_FALSE(slow.both.peer->last("event", "move"));
  latch.release();
  ASSERT_TRUE(slow.both.peer->wait_for("event", "move"));
  settle();
  EXPECT_EQ(move_uci(*slow.both.peer->last("event", "move")), "e2e4");
  EXPECT_EQ(move_uci(*other.both.peer->last("event", "move")), "d2d4");
}

TEST_F(GameRoomTest, ARoomWithTooMuchQueuedWorkRefusesWithBusy) {
  room_queue_limit_ = 2;
  restart();
  auto t = hotseat();
  auto other = hotseat();
  t.both.peer->take();
  RoomLatch latch(*service_, t.id);
  service_->message(*t.both.session, R"({"t":"move","req":1,"uci":"e2e4","ply":0})");
  service_->message(*t.both.session, R"({"t":"move","req":2,"uci":"e7e5","ply":1})");
  service_->message(*t.both.session, R"({"t":"move","req":3,"uci":"g1f3","ply":2})");  // the third is one too many
  auto busy = t.both.peer->last("error");
  ASSERT_TRUE(busy);  // refused at once, on the caller's thread
  EXPECT_EQ(busy->at("code").as_string(), "busy");
  EXPECT_EQ(busy->at("req").as_int64(), 3);
  EXPECT_EQ(busy->at("data").at("limit").as_int64(), 2);
  EXPECT_FALSE(t.both.peer->last("event", "move"));
  // Another game is not refused.
  service_->message(*other.both.session, R"({"t":"move","req":1,"uci":"d2d4","ply":0})");
  ASSERT_TRUE(other.both.peer->wait_for("event", "move"));
  latch.release();
  settle();
  std::vector<int64_t> acked;
  for (const json::object& m : t.both.peer->messages())
    if (m.at("t").as_string() == "event" && m.contains("req")) acked.push_back(m.at("req").as_int64());
  EXPECT_EQ(acked, (std::vector<int64_t>{1, 2}));  // the queued two, in order
  // With room again, the refused move is accepted.
  send(t.both, R"({"t":"move","req":4,"uci":"g1f3","ply":2})");
  EXPECT_EQ(t.both.peer->last("event", "move")->at("req").as_int64(), 4);
}

TEST_F(GameRoomTest, HttpReadsNeverWaitForARoomAtWork) {
  auto t = hotseat();
  move(t.both, "e2e4", 0);
  HttpAnswer fresh = service_->http({"GET", "/api/games/" + t.id, ""});
  ASSERT_EQ(fresh.status, 200) << fresh.body;
  RoomLatch latch(*service_, t.id);
  // Answered at once while the room works: the game as last read, and `busy` for what needs the game itself.
  HttpAnswer held = service_->http({"GET", "/api/games/" + t.id, ""});
  EXPECT_EQ(held.status, 200);
  EXPECT_EQ(held.body, fresh.body);
  HttpAnswer pgn = service_->http({"GET", "/api/games/" + t.id + "/pgn", ""});
  EXPECT_EQ(pgn.status, 503);
  EXPECT_EQ(json::parse(pgn.body).at("error").as_string(), "busy");
  latch.release();
  settle();
  EXPECT_EQ(service_->http({"GET", "/api/games/" + t.id + "/pgn", ""}).status, 200);
}

TEST_F(GameRoomTest, AnEventIsOneBufferForAllItsReceivers) {
  auto t = invite();
  Client watcher = connect(t.id);
  hello(watcher, {});
  const std::size_t black_before = t.black.peer->buffers().size();
  const std::size_t watcher_before = watcher.peer->buffers().size();
  move(t.white, "e2e4", 0, 7);
  auto black = t.black.peer->buffers();
  auto seen = watcher.peer->buffers();
  ASSERT_EQ(black.size(), black_before + 1);
  ASSERT_EQ(seen.size(), watcher_before + 1);
  EXPECT_EQ(black.back(), seen.back());  // the same buffer
  auto mine = t.white.peer->last("event", "move");
  ASSERT_TRUE(mine);
  EXPECT_EQ(mine->at("req").as_int64(), 7);  // the requester's own copy carries its req
  EXPECT_EQ(json::parse(*black.back()).as_object().count("req"), 0u);
}

}  // namespace
}  // namespace tabiya::server::testing
