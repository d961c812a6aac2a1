// One owner per game across nodes, in one process. Two game services (nodes "a" and "b") share one
// PostgreSQL database and talk over one Redis (each its own bus); their wall clock (the leases' time) is the
// test's, so a lease expires when the test says. Node A (the fixture's service) creates the games.
#include <gtest/gtest.h>

#include <thread>

#include "server/cluster/owner_relay.h"
#include "support/two_nodes_fixture.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;

constexpr auto DEADLINE = std::chrono::seconds(20);

class GameOwnershipTest : public TwoNodesFixture {
 protected:
  // Both nodes own games, with the test's lease; B's wall clock is the test's, its log the fixture's.
  void configure_a(GameServiceOptions& o) override {
    o.owner_link = bus_a_;
    o.node_id = "a";
    o.lease = LEASE;
  }
  void configure_b(GameServiceOptions& b) override {
    b.owner_link = bus_b_;
    b.node_id = "b";
    b.lease = LEASE;
    b.wall_clock = [this] { return wall_ms_.load(); };
    b.robot_movetime_ms = 20;
    b.log = [this](const std::string& line) {
      std::lock_guard lock(log_mutex_);
      log_.push_back(line);
    };
  }
  Client connect_b(const std::string& id) {
    Client c{std::make_shared<RecordingPeer>(), nullptr};
    c.session = node_b_->open("/ws/" + id, c.peer);
    EXPECT_NE(c.session, nullptr);
    return c;
  }
  // Sends on node B; what it causes happens on A (the owner) and comes back over Redis: the test waits for it.
  void send_b(Client& c, const std::string& text) { node_b_->message(*c.session, text); }
  // Polls `done` (the answer travels over Redis between threads) until the deadline.
  static bool eventually(const std::function<bool()>& done) {
    const auto deadline = std::chrono::steady_clock::now() + DEADLINE;
    while (std::chrono::steady_clock::now() < deadline) {
      if (done()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return done();
  }
  static int64_t event_count(RecordingPeer& p, std::string_view type) {
    int64_t n = 0;
    for (const auto& m : p.messages())
      if (m.at("t").as_string() == "event" && m.at("e").as_object().at("type").as_string() == type) ++n;
    return n;
  }

  static constexpr std::chrono::milliseconds LEASE{10'000};
};

TEST_F(GameOwnershipTest, ASocketOnAnotherNodeIsRelayedToTheOwner) {
  Invited t = invite();  // both players on A
  EXPECT_EQ(service_->owned_games(), 1u);
  auto lease = store_->lease(t.id);
  ASSERT_TRUE(lease && lease->has_value());
  EXPECT_EQ((*lease)->owner, "a");
  EXPECT_EQ((*lease)->epoch, 1);

  // A spectator and then White's second device on B: relayed, B runs nothing of the game.
  Client spectator = connect_b(t.id);
  EXPECT_NE(dynamic_cast<RelaySession*>(spectator.session.get()), nullptr);
  send_b(spectator, R"({"t":"hello","v":1,"seats":[]})");
  ASSERT_TRUE(spectator.peer->wait_for("state"));
  EXPECT_EQ(node_b_->game_count(), 0u);
  EXPECT_EQ(node_b_->owned_games(), 0u);

  Client white_b = connect_b(t.id);
  send_b(white_b, R"({"t":"hello","v":1,"seats":[")" + seat(t.game, "white") + R"("]})");
  ASSERT_TRUE(white_b.peer->wait_for("state"));
  EXPECT_EQ(str(white_b.peer->last("state")->at("you").as_array().at(0)), "white");
  // A wrong token is refused by the owner, as on its own sockets.
  Client impostor = connect_b(t.id);
  send_b(impostor, R"({"t":"hello","v":1,"seats":["not-a-token"]})");
  ASSERT_TRUE(impostor.peer->wait_for("error"));
  EXPECT_EQ(str(impostor.peer->last("error")->at("code")), "bad_seat");

  // White moves from B: the owner answers the request (its req) and everyone hears the move.
  send_b(white_b, R"({"t":"move","req":7,"uci":"e2e4","ply":0})");
  ASSERT_TRUE(eventually([&] { return event_count(*t.black.peer, "move") == 1; }));
  ASSERT_TRUE(eventually([&] { return event_count(*white_b.peer, "move") == 1; }));
  EXPECT_EQ(white_b.peer->last("event", "move")->at("req").as_int64(), 7);
  ASSERT_TRUE(eventually([&] { return event_count(*spectator.peer, "move") == 1; }));
  // Black answers on A; the relayed sockets hear it in order.
  move(t.black, "e7e5", 1, 3);
  ASSERT_TRUE(eventually([&] { return event_count(*spectator.peer, "move") == 2; }));
  std::vector<int64_t> seqs;
  for (const auto& m : spectator.peer->messages())
    if (m.at("t").as_string() != "ping") seqs.push_back(m.at("seq").as_int64());
  ASSERT_EQ(seqs.size(), 3u);
  EXPECT_EQ(seqs[1], seqs[0] + 1);
  EXPECT_EQ(seqs[2], seqs[0] + 2);
  auto stored = store_->load(t.id);
  ASSERT_TRUE(stored && stored->has_value());
  std::string log;
  for (const std::string& action : (*stored)->actions) log += action + "\n";
  EXPECT_NE(log.find("e2e4"), std::string::npos) << log;
  EXPECT_NE(log.find("e7e5"), std::string::npos) << log;
}

// The owner stops renewing (paused): past its lease, B takes the game with epoch 2 and restores it from the store;
// the old owner's next write is refused (fenced) and it drops the game, its sockets closed with CLOSE_MOVED.
TEST_F(GameOwnershipTest, AnExpiredLeaseIsTakenOverAndTheOldOwnersWritesAreRefused) {
  Invited t = invite();
  move(t.white, "e2e4", 0, 1);
  move(t.black, "e7e5", 1, 2);
  settle();
  wall_ms_ += LEASE.count() + 1;  // A did not renew in time
  node_b_->tend_leases();         // B's look at the store: the game has no owner
  settle_b();
  EXPECT_EQ(node_b_->owned_games(), 1u);
  auto lease = store_->lease(t.id);
  ASSERT_TRUE(lease && lease->has_value());
  EXPECT_EQ((*lease)->owner, "b");
  EXPECT_EQ((*lease)->epoch, 2);

  // A still believes it owns the game: White's move there is refused by the store, A drops the game.
  move(t.white, "g1f3", 2, 3);
  settle();
  EXPECT_EQ(t.white.peer->closed(), CLOSE_MOVED);
  EXPECT_EQ(t.black.peer->closed(), CLOSE_MOVED);
  EXPECT_EQ(service_->owned_games(), 0u);
  EXPECT_EQ(event_count(*t.black.peer, "move"), 2);  // the refused move was never announced

  // The players come back (through B, now the owner): every acknowledged move is there, the refused one is not.
  Client white = connect_b(t.id);
  EXPECT_EQ(dynamic_cast<RelaySession*>(white.session.get()), nullptr);
  send_b(white, R"({"t":"hello","v":1,"seats":[")" + seat(t.game, "white") + R"("]})");
  settle_b();
  auto state = white.peer->last("state");
  ASSERT_TRUE(state);
  EXPECT_EQ(state->at("game").as_object().at("moves").as_array().size(), 2u);
  send_b(white, R"({"t":"move","req":4,"uci":"g1f3","ply":2})");
  settle_b();
  ASSERT_TRUE(white.peer->last("event", "move"));
  auto stored = store_->load(t.id);
  ASSERT_TRUE(stored && stored->has_value());
  EXPECT_NE((*stored)->actions.back().find("g1f3"), std::string::npos);
  // A relayed socket on A now reaches B.
  Client black = connect(t.id);
  EXPECT_NE(dynamic_cast<RelaySession*>(black.session.get()), nullptr);
}

// A node that renews after another took its lease learns it lost the game and drops it without writing.
TEST_F(GameOwnershipTest, ARenewalAfterATakeoverDropsTheGame) {
  Invited t = invite();
  move(t.white, "e2e4", 0, 1);
  settle();
  wall_ms_ += LEASE.count() + 1;
  node_b_->tend_leases();
  settle_b();
  ASSERT_EQ(node_b_->owned_games(), 1u);
  service_->tend_leases();
  settle();
  EXPECT_EQ(service_->owned_games(), 0u);
  EXPECT_EQ(t.white.peer->closed(), CLOSE_MOVED);
  EXPECT_EQ(t.black.peer->closed(), CLOSE_MOVED);
  std::string metrics;
  service_->write_metrics(metrics);
  EXPECT_NE(metrics.find("tabiya_leases_lost_total 1"), std::string::npos) << metrics;
  metrics.clear();
  node_b_->write_metrics(metrics);
  EXPECT_NE(metrics.find("tabiya_lease_takeovers_total 1"), std::string::npos) << metrics;
  EXPECT_NE(metrics.find("tabiya_games_owned 1"), std::string::npos) << metrics;
}

// A relayed socket whose owner's lease expired: its node takes the game over and closes the socket with
// CLOSE_MOVED, so the client comes back to it; shutting down (SIGTERM) releases every lease at once.
TEST_F(GameOwnershipTest, ARelayTakesOverWhenTheOwnerGoesAndADrainingNodeReleasesItsLeases) {
  Invited t = invite();
  move(t.white, "e2e4", 0, 1);
  settle();
  Client spectator = connect_b(t.id);
  send_b(spectator, R"({"t":"hello","v":1,"seats":[]})");
  ASSERT_TRUE(spectator.peer->wait_for("state"));
  wall_ms_ += LEASE.count() + 1;
  node_b_->tend_leases();
  settle_b();
  EXPECT_EQ(spectator.peer->closed(), CLOSE_MOVED);
  EXPECT_EQ(node_b_->owned_games(), 1u);

  node_b_->shutdown();  // drain
  auto lease = store_->lease(t.id);
  ASSERT_TRUE(lease && lease->has_value());
  EXPECT_EQ((*lease)->owner, "");
  service_->tend_leases();  // A drops its stale room (renewal refused) and takes the free game again
  settle();
  lease = store_->lease(t.id);
  ASSERT_TRUE(lease && lease->has_value());
  EXPECT_EQ((*lease)->owner, "a");
  EXPECT_EQ((*lease)->epoch, 3);
}

// Redis goes away and comes back: what the owner sent a relayed socket meanwhile is lost, so the relay closes it
// with 4001 `resync`; the client comes back and the owner's fresh state has every move, the one made meanwhile too.
TEST_F(GameOwnershipTest, AfterRedisRestartsTheRelayedSocketsResync) {
  Invited t = invite();
  Client spectator = connect_b(t.id);
  send_b(spectator, R"({"t":"hello","v":1,"seats":[]})");
  ASSERT_TRUE(spectator.peer->wait_for("state"));
  redis_->stop();
  ASSERT_TRUE(eventually([&] { return !bus_b_->listening(); }));
  move(t.white, "e2e4", 0, 1);  // on the owner, while the bus is down: its event cannot reach node B
  ASSERT_TRUE(redis_->start());
  ASSERT_TRUE(eventually([&] { return bus_b_->listening(); }));
  ASSERT_TRUE(eventually([&] { return spectator.peer->closed() == CLOSE_MOVED; }));
  EXPECT_EQ(event_count(*spectator.peer, "move"), 0);
  // The owner's own connection to Redis may come back a little after B's (an open or a hello sent before is lost,
  // or answered with 4001): the client tries again every 200 ms, as a page reconnects.
  Client again;
  int polls = 0;
  ASSERT_TRUE(eventually([&] {
    if (polls++ % 40 == 0) {
      if (!again.peer || again.peer->closed() != 0) again = connect_b(t.id);
      send_b(again, R"({"t":"hello","v":1,"seats":[]})");
    }
    return again.peer->last("state").has_value();
  }));
  EXPECT_EQ(again.peer->last("state")->at("game").as_object().at("moves").as_array().size(), 1u);
}

// The relay node of a socket dies without a word: the owner counts the socket gone once it missed its pings, and
// its player is shown as away as if the socket had closed.
TEST_F(GameOwnershipTest, ARelayedSocketThatStopsAnsweringPingsLeavesItsGame) {
  auto base = configure_;
  configure_ = [base](GameServiceOptions& o) {
    base(o);
    o.ping_interval = std::chrono::milliseconds(50);
  };
  restart();
  json::object game = create(R"({"v":1,"opponent":"invite"})");
  const std::string id = str(game.at("id"));
  Client white = connect(id);
  hello(white, {seat(game, "white")});
  Client black = connect_b(id);  // its pongs never come: RecordingPeer does not answer pings
  send_b(black, R"({"t":"hello","v":1,"seats":[")" + seat(game, "black") + R"("]})");
  ASSERT_TRUE(black.peer->wait_for("state"));
  ASSERT_TRUE(eventually([&] {
    auto p = white.peer->last("event", "presence");
    return p && p->at("e").as_object().at("black").as_bool();
  }));
  ASSERT_TRUE(eventually([&] {
    settle();  // the pings go out
    service_->tend_leases();
    std::string metrics;
    service_->write_metrics(metrics);
    return metrics.find("tabiya_remote_sockets 0") != std::string::npos;
  }));
  settle();
  auto presence = white.peer->last("event", "presence");
  ASSERT_TRUE(presence);
  EXPECT_FALSE(presence->at("e").as_object().at("black").as_bool());
}

// A game that finishes: its owner lets the lease go (there is nothing more to write) and still serves it, so a
// relayed socket of that game stays open. Until ac2a29c the relay read the freed lease as "the owner went" and
// closed every relayed client with CLOSE_MOVED at the end of its game.
TEST_F(GameOwnershipTest, ARelayedSocketOfAFinishedGameStaysOpen) {
  Invited t = invite();  // both players on A, the owner
  move(t.white, "e2e4", 0, 1);
  Client black_b = connect_b(t.id);  // Black's second device, relayed by B
  ASSERT_NE(dynamic_cast<RelaySession*>(black_b.session.get()), nullptr);
  send_b(black_b, R"({"t":"hello","v":1,"seats":[")" + seat(t.game, "black") + R"("]})");
  ASSERT_TRUE(black_b.peer->wait_for("state"));

  send(t.white, R"({"t":"resign","req":2})");
  ASSERT_TRUE(eventually([&] { return event_count(*black_b.peer, "end") == 1; }));
  service_->tend_leases();  // A lets the finished game's lease go
  settle();
  auto lease = store_->lease(t.id);
  ASSERT_TRUE(lease && lease->has_value());
  EXPECT_EQ((*lease)->owner, "");
  for (int round = 0; round < 3; ++round) {  // B's relay checks, a lease apart
    wall_ms_ += LEASE.count() + 1;
    node_b_->tend_leases();
    settle_b();
  }
  ASSERT_EQ(black_b.peer->closed(), 0) << "the relayed socket of a finished game was closed";
  EXPECT_EQ(node_b_->owned_games(), 0u);

  // Still served by its owner through the relay: a second hello gets a fresh state of the finished game.
  auto states = [&] {
    int64_t n = 0;
    for (const auto& m : black_b.peer->messages()) n += m.at("t").as_string() == "state";
    return n;
  };
  const int64_t before = states();
  send_b(black_b, R"({"t":"hello","v":1,"seats":[")" + seat(t.game, "black") + R"("]})");
  ASSERT_TRUE(eventually([&] { return states() == before + 1; }));
  EXPECT_EQ(str(black_b.peer->last("state")->at("game").as_object().at("status")), "over");
}

}  // namespace
}  // namespace tabiya::server::testing
