// The lobby on two nodes, each a lobby service with its own Redis bus and its own PostgreSQL stores, on
// one database and one Redis (the test run's own servers). A seek made on A is listed and taken up on B, a
// challenge made on A reaches its player on B, the pools pair players waiting on different nodes with one node
// leading the waves, and of two players accepting one seek on two nodes at once exactly one gets the game.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "server/cluster/redis_bus.h"
#include "server/lobby/lobby_service.h"
#include "support/database_servers.h"
#include "support/lobby_test_support.h"
#include "support/migrated_database.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;

struct Node {
  std::shared_ptr<RedisBus> bus;
  FakeGames games;
  std::unique_ptr<LobbyService> lobby;
};

struct Client {
  std::shared_ptr<LobbyPeer> peer;
  std::shared_ptr<Session> session;
  LobbyService* lobby = nullptr;
};

class LobbyTwoNodes : public ::testing::Test {
 protected:
  void SetUp() override {
    auto url = tabiya::testing::fresh_migrated_database();
    ASSERT_TRUE(url) << url.error().message;
    auto redis = tabiya::testing::RedisServer::create();
    ASSERT_TRUE(redis) << redis.error().message;
    redis_ = std::move(*redis);
    for (auto [node, name] : {std::pair{&a_, "a"}, std::pair{&b_, "b"}}) {
      RedisBusOptions bus;
      bus.url = redis_->url();
      bus.node = name;
      auto opened = RedisBus::open(bus);
      ASSERT_TRUE(opened) << opened.error().message;
      node->bus = std::move(*opened);
      auto store = open_postgres_lobby_store(*url);
      auto live = open_postgres_lobby_live_store(*url, name);
      ASSERT_TRUE(store && live);
      LobbyServiceOptions options;
      options.store = std::move(*store);
      options.live = std::move(*live);
      options.node = name;
      options.bus = node->bus;
      options.identities = std::make_shared<FakeAccounts>();
      auto made = LobbyService::create(node->games, options);
      ASSERT_TRUE(made) << made.error().message;
      node->lobby = std::move(*made);
    }
  }
  void TearDown() override {
    for (Node* node : {&a_, &b_}) {
      node->lobby.reset();
      node->bus.reset();
    }
  }
  static Client connect(Node& node, const std::string& cookie) {
    Client c{std::make_shared<LobbyPeer>(cookie), nullptr, node.lobby.get()};
    c.session = node.lobby->open("/ws/lobby", c.peer);
    EXPECT_TRUE(c.session);
    return c;
  }
  static void say(Client& c, const json::object& message) { c.lobby->message(*c.session, json::serialize(message)); }
  static json::object lobby_of(Node& node, const std::string& cookie) {
    HttpAnswer a = node.lobby->http({"GET", "/api/lobby", "", "127.0.0.1", cookie});
    EXPECT_EQ(a.status, 200) << a.body;
    return json::parse(a.body).as_object();
  }
  // The client's last message of type `t`, waiting for it up to 10 s (it may come over Redis).
  static std::optional<json::object> await(Client& c, std::string_view t, std::size_t count = 1) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (c.peer->all(t).size() < count && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return c.peer->last(t);
  }
  std::size_t games_made() { return a_.games.created.size() + b_.games.created.size(); }

  std::unique_ptr<tabiya::testing::RedisServer> redis_;
  Node a_, b_;
};

TEST_F(LobbyTwoNodes, ASeekMadeOnAIsListedAndTakenUpOnB) {
  Client alice = connect(a_, "acct=alice");
  Client bob = connect(b_, "acct=bob");
  say(alice, {{"t", "seek"}, {"time", "3+2"}, {"rated", true}, {"color", "white"}});
  auto seen = await(bob, "seek");  // over Redis
  ASSERT_TRUE(seen);
  const std::string id(seen->at("seek").at("id").as_string());
  json::array listed = lobby_of(b_, "acct=bob").at("seeks").as_array();
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0].at("id").as_string(), id);
  EXPECT_EQ(listed[0].at("player").as_string(), "alice");
  EXPECT_FALSE(listed[0].as_object().contains("owner"));  // the owner's id never leaves the server
  // Alice's tag is the same on both nodes: the seek reads as hers on B too.
  Client alice_on_b = connect(b_, "acct=alice");
  EXPECT_EQ(alice_on_b.peer->last("hello")->at("you").at("id"), listed[0].at("user"));
  say(bob, {{"t", "accept_seek"}, {"id", id}});
  auto bob_paired = await(bob, "paired");
  auto alice_paired = await(alice, "paired");  // made on B, told to A over Redis
  ASSERT_TRUE(bob_paired && alice_paired);
  EXPECT_EQ(bob_paired->at("game"), alice_paired->at("game"));
  EXPECT_EQ(alice_paired->at("color").as_string(), "white");
  EXPECT_TRUE(alice_paired->at("rated").as_bool());
  EXPECT_EQ(b_.games.created.size(), 1u);
  EXPECT_EQ(games_made(), 1u);
  EXPECT_TRUE(await(alice, "seek_gone"));
  EXPECT_TRUE(lobby_of(a_, "acct=alice").at("seeks").as_array().empty());
  // The game is listed on both nodes while it is played, and leaves both lists when it ends (on either node).
  EXPECT_EQ(lobby_of(a_, "acct=carol").at("games").as_array().size(), 1u);
  a_.lobby->game_ended(std::string(alice_paired->at("game").as_string()), "1-0");
  EXPECT_TRUE(lobby_of(b_, "acct=carol").at("games").as_array().empty());
  auto rating = await(bob, "rating");  // the rated game moved both ratings, once, told over Redis
  ASSERT_TRUE(rating);
  EXPECT_LT(rating->at("diff").as_int64(), 0);
}

TEST_F(LobbyTwoNodes, AChallengeMadeOnAReachesThePlayerOnB) {
  Client alice = connect(a_, "acct=alice");
  Client bob = connect(b_, "acct=bob");
  say(alice, {{"t", "challenge"}, {"to", "Bob"}, {"time", "5+0"}, {"color", "black"}});
  EXPECT_FALSE(alice.peer->last("error")) << json::serialize(*alice.peer->last("error"));
  auto incoming = await(bob, "challenge");
  ASSERT_TRUE(incoming);
  EXPECT_TRUE(incoming->at("incoming").as_bool());
  EXPECT_EQ(incoming->at("challenge").at("from").as_string(), "alice");
  // Bob sees it in his lobby on B too (a reload), and accepts it there.
  json::array listed = lobby_of(b_, "acct=bob").at("challenges").as_array();
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_TRUE(listed[0].at("incoming").as_bool());
  say(bob, {{"t", "accept_challenge"}, {"id", incoming->at("challenge").at("id")}});
  auto alice_paired = await(alice, "paired");
  ASSERT_TRUE(alice_paired);
  EXPECT_EQ(alice_paired->at("color").as_string(), "black");
  EXPECT_EQ(await(bob, "paired")->at("game"), alice_paired->at("game"));
  EXPECT_EQ(games_made(), 1u);
  // A player on no node is offline.
  say(alice, {{"t", "challenge"}, {"to", "nobody"}, {"time", "5+0"}});
  EXPECT_EQ(alice.peer->last("error")->at("code").as_string(), "player_offline");
}

TEST_F(LobbyTwoNodes, ThePoolsPairPlayersWaitingOnDifferentNodesOneNodeLeadingTheWaves) {
  Client alice = connect(a_, "acct=alice");
  Client bob = connect(b_, "acct=bob");
  say(alice, {{"t", "join_pool"}, {"time", "1+0"}});
  say(bob, {{"t", "join_pool"}, {"time", "1+0"}});
  EXPECT_EQ(lobby_of(a_, "acct=alice").at("waiting").as_string(), "1+0 casual");
  a_.lobby->run_wave();  // A takes the lead and pairs
  b_.lobby->run_wave();  // B does not lead: nothing more
  auto alice_paired = await(alice, "paired");
  auto bob_paired = await(bob, "paired");
  ASSERT_TRUE(alice_paired && bob_paired);
  EXPECT_EQ(alice_paired->at("game"), bob_paired->at("game"));
  EXPECT_EQ(a_.games.created.size(), 1u);
  EXPECT_EQ(games_made(), 1u);
  // Two more players, both on B: B's waves do not pair them while A leads, A's next wave does.
  Client carol = connect(b_, "acct=carol");
  Client dave = connect(b_, "acct=dave");
  say(carol, {{"t", "join_pool"}, {"time", "3+2"}});
  say(dave, {{"t", "join_pool"}, {"time", "3+2"}});
  b_.lobby->run_wave();
  EXPECT_EQ(games_made(), 1u);
  EXPECT_FALSE(carol.peer->last("paired"));
  a_.lobby->run_wave();
  EXPECT_TRUE(await(carol, "paired"));
  EXPECT_TRUE(await(dave, "paired"));
  EXPECT_EQ(a_.games.created.size(), 2u);
  EXPECT_EQ(b_.games.created.size(), 0u);
}

TEST_F(LobbyTwoNodes, TheSameSeekAcceptedOnBothNodesAtOnceMakesOneGame) {
  Client alice = connect(a_, "acct=alice");
  for (int round = 0; round < 5; ++round) {
    say(alice, {{"t", "seek"}, {"time", "5+0"}});
    auto seek = alice.peer->all("seek").back();  // her own, at once
    const std::string id(seek.at("seek").at("id").as_string());
    const std::string n = std::to_string(round);
    Client bob = connect(a_, std::string("acct=bob").append(n));
    Client carol = connect(b_, std::string("acct=carol").append(n));
    std::atomic<bool> go{false};
    auto accept = [&](Client& who) {
      while (!go) std::this_thread::yield();
      say(who, {{"t", "accept_seek"}, {"id", id}});
    };
    const std::size_t before = games_made();
    std::thread one(accept, std::ref(bob)), two(accept, std::ref(carol));
    go = true;
    one.join();
    two.join();
    EXPECT_EQ(games_made(), before + 1) << "round " << round;
    const bool bob_won = bob.peer->last("paired").has_value();
    Client& loser = bob_won ? carol : bob;
    EXPECT_NE(bob_won, carol.peer->last("paired").has_value());
    auto refused = loser.peer->last("error");
    ASSERT_TRUE(refused) << "round " << round;
    EXPECT_EQ(refused->at("code").as_string(), "seek_taken");
  }
}

}  // namespace
}  // namespace tabiya::server::testing
