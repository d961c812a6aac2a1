// Games against the robot through the service: its moves come from the pool's
// threads, the game reaches its end, and takebacks are granted at once.
#include <gtest/gtest.h>

#include <thread>

#include "server/games/game_service.h"
#include "support/service_test_support.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;
using RobotGameTest = ServiceFixture;

// Waits (running the io_context) until the game has `plies` moves or is over, for at most a minute: a deadline,
// not a count of polls, so a loaded machine (the robot's threads starved by a parallel build) does not fail it.
bool wait_for(RecordingPeer& peer, std::size_t plies, boost::asio::io_context& io) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline) {
    for (const json::object& m : peer.messages()) {
      if (m.at("t").as_string() != "event") continue;
      const json::object& e = m.at("e").as_object();
      if (e.at("type").as_string() == "end") return true;
      if (e.at("type").as_string() == "move" && std::size_t(e.at("ply").as_int64()) >= plies) return true;
    }
    io.poll();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

TEST_F(RobotGameTest, ALevelOneRobotGameIsPlayedToItsEnd) {
  json::object g = create(R"({"v":1,"opponent":"robot","level":1,"color":"white","time":"none"})");
  const std::string id = str(g.at("id"));
  Client me = connect(id);
  hello(me, {seat(g, "white")});
  auto state = me.peer->last("state");
  ASSERT_TRUE(state);
  EXPECT_EQ(str(state->at("game").as_object().at("players").as_object().at("black").as_object().at("kind")), "robot");
  json::object legal = state->at("game").as_object().at("legal").as_object();
  std::string fen;
  for (int ply = 0; ply < 400; ply += 2) {
    // The person plays the first legal move in the list, which is as deterministic as it is weak.
    ASSERT_FALSE(legal.empty());
    const auto& [from, to] = *legal.begin();
    move(me, std::string(from) + std::string(to.as_array()[0].as_string()), ply, ply);
    auto after = me.peer->last("event", "move");
    ASSERT_TRUE(after);
    if (me.peer->last("event", "end")) break;
    ASSERT_TRUE(wait_for(*me.peer, std::size_t(ply + 2), io_)) << "the robot did not answer at ply " << ply;
    if (me.peer->last("event", "end")) break;
    const json::object reply = me.peer->last("event", "move")->at("e").as_object();
    legal = reply.at("legal").as_object();
    me.peer->take();
  }
  auto end = me.peer->last("event", "end");
  ASSERT_TRUE(end) << "no result after 200 moves";
  HttpAnswer a = service_->http({"GET", "/api/games/" + id, ""});
  json::object game = json::parse(a.body).as_object();
  EXPECT_EQ(str(game.at("status")), "over");
  EXPECT_FALSE(game.at("result").is_null());
}

TEST_F(RobotGameTest, TakebackAgainstTheRobotTakesBackItsReplyToo) {
  json::object g = create(R"({"v":1,"opponent":"robot","level":1,"color":"white","time":"5+0"})");
  const std::string id = str(g.at("id"));
  Client me = connect(id);
  hello(me, {seat(g, "white")});
  move(me, "e2e4", 0);
  ASSERT_TRUE(wait_for(*me.peer, 2, io_));
  me.peer->take();
  send(me, R"({"t":"takeback","req":5,"action":"offer"})");
  auto state = me.peer->last("state");
  ASSERT_TRUE(state) << "a takeback sends the whole state";
  EXPECT_TRUE(state->at("game").as_object().at("moves").as_array().empty());
  EXPECT_EQ(str(state->at("game").as_object().at("turn")), "white");
  move(me, "d2d4", 0);
  ASSERT_TRUE(wait_for(*me.peer, 2, io_));
  EXPECT_EQ(str(me.peer->last("event", "move")->at("e").as_object().at("turn")), "white");
}

TEST_F(RobotGameTest, TheRobotMovesFirstWhenItHasWhite) {
  json::object g = create(R"({"v":1,"opponent":"robot","level":1,"color":"black","time":"none"})");
  Client me = connect(str(g.at("id")));
  hello(me, {seat(g, "black")});
  // The robot starts at creation: its move reaches this client as an event after the hello, or, when it was
  // played before the hello was read (a loaded machine), in the state the hello got.
  auto state = me.peer->last("state");
  ASSERT_TRUE(state);
  const json::object& game = state->at("game").as_object();
  if (game.at("moves").as_array().empty()) {
    ASSERT_TRUE(wait_for(*me.peer, 1, io_));
    auto robot = me.peer->last("event", "robot");
    ASSERT_TRUE(robot);
  } else {
    EXPECT_EQ(str(game.at("turn")), "black");
    ASSERT_TRUE(game.at("robot").is_object());
  }
  std::string metrics;
  service_->write_metrics(metrics);
  EXPECT_NE(metrics.find("tabiya_robot_queue 0"), std::string::npos) << metrics;
  EXPECT_NE(metrics.find("tabiya_games_active 1"), std::string::npos) << metrics;
}

}  // namespace
}  // namespace tabiya::server::testing
