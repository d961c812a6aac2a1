// Two nodes, each a game service with its own Redis bus, sharing one PostgreSQL database. A game played
// on node A is watched from node B: B loads it from the store, and A's events reach B's spectator over Redis, in
// order. The test starts its own PostgreSQL (shared run server) and Redis.
#include <gtest/gtest.h>

#include <thread>

#include "support/two_nodes_fixture.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;

// The fixture's name and members stay as its tests use them (two_nodes_fixture.h).
class TwoNodesTest : public TwoNodesFixture {};

TEST_F(TwoNodesTest, ASpectatorOnNodeBSeesTheMovesOfAGamePlayedOnNodeA) {
  auto [g, id, players] = hotseat(R"({"v":1,"opponent":"hotseat","time":"5+0"})");
  move(players, "e2e4", 0, 1);

  auto spectator = std::make_shared<RecordingPeer>();
  auto session = node_b_->open("/ws/" + id, spectator);
  ASSERT_NE(session, nullptr) << "node B does not find the game in the store";
  node_b_->message(*session, R"({"t":"hello","v":1,"seats":[]})");
  settle_b();
  auto state = spectator->last("state");
  ASSERT_TRUE(state);
  EXPECT_EQ(state->at("game").as_object().at("moves").as_array().size(), 1u);  // read from the store
  const int64_t seq = state->at("seq").as_int64();

  move(players, "e7e5", 1, 2);
  move(players, "g1f3", 2, 3);
  ASSERT_TRUE(spectator->wait_for("event", "move"));
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  std::vector<int64_t> plies, seqs;
  while (std::chrono::steady_clock::now() < deadline) {
    plies.clear();
    seqs.clear();
    for (const auto& m : spectator->messages()) {
      if (m.at("t").as_string() != "event") continue;
      // An event the state already included may still come over the bus after it (A publishes after its commit,
      // B read the store): the client skips numbers it has (docs/protocol.md), and so does this check.
      if (m.at("seq").as_int64() <= seq) continue;
      seqs.push_back(m.at("seq").as_int64());
      plies.push_back(m.at("e").as_object().at("ply").as_int64());
    }
    if (plies.size() >= 2) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_EQ(plies, (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(seqs, (std::vector<int64_t>{seq + 1, seq + 2}));
  EXPECT_EQ(bus_b_->counters().gaps, 0u);
}

// The clock checkpoint in the cluster: node A dies 7 s into White's think; node B takes the game from the shared
// store with White charged the 5 s up to A's last clock checkpoint (without it, all 7 s would be refunded).
TEST_F(TwoNodesTest, ANodeTakingOverAGameRefundsAtMostTheCheckpointInterval) {
  auto [g, id, players] = hotseat(R"({"v":1,"opponent":"hotseat","time":"5+0"})");
  move(players, "e2e4", 0, 1);
  move(players, "e7e5", 1, 2);  // the fair start is over: White's clock runs from here
  for (int second = 1; second <= 7; ++second) {
    clock_->advance(Millis{1000});
    service_->check_clocks();
    service_->wait_for_store();
  }
  players = {};
  service_.reset();  // node A is gone

  auto spectator = std::make_shared<RecordingPeer>();
  auto session = node_b_->open("/ws/" + id, spectator);
  ASSERT_NE(session, nullptr) << "node B does not find the game in the store";
  node_b_->message(*session, R"({"t":"hello","v":1,"seats":[]})");
  settle_b();
  auto state = spectator->last("state");
  ASSERT_TRUE(state);
  const json::object& clock = state->at("game").as_object().at("clock").as_object();
  EXPECT_EQ(str(clock.at("running")), "white");
  EXPECT_EQ(clock.at("white").as_int64(), 300'000 - 5000);
  EXPECT_EQ(clock.at("black").as_int64(), 300'000);
}

}  // namespace
}  // namespace tabiya::server::testing
