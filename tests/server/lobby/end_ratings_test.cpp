// A rated game's rating change travels in the game's own `end` event (and in the state of the finished game):
// the real game service under the lobby, the lobby rating the game on its own lane and the room waiting for the
// figures before it announces the end. Every socket of the game gets them, without any lobby socket.
#include <gtest/gtest.h>

#include "server/lobby/lobby_service.h"
#include "support/lobby_test_support.h"
#include "support/service_test_support.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;

class EndRatingsTest : public ServiceFixture {
 protected:
  void SetUp() override {
    configure_ = [this](GameServiceOptions& options) {
      options.end_ratings = [this](const std::string& id, const std::string& score,
                                   GameServiceOptions::EndRatingsDone done) {
        ++asked_;
        lobby_->rate_game(id, score, std::move(done));
      };
    };
    start();
    LobbyServiceOptions options;
    options.identities = std::make_shared<FakeAccounts>();
    options.now_ms = [] { return int64_t{1'700'000'000'000}; };
    options.random = [this] { return ++lobby_random_; };
    auto made = LobbyService::create(*service_, options);
    ASSERT_TRUE(made) << made.error().message;
    lobby_ = std::move(*made);
  }
  void TearDown() override {
    lobby_.reset();
    service_.reset();
  }

  // Alice (white) and Bob pair through a seek; returns the game with both players' clients, each said hello.
  struct Paired {
    std::string id;
    Client white, black;
  };
  Paired pair(bool rated, const std::string& time = "3+2") {
    auto alice = std::make_shared<LobbyPeer>("acct=alice");
    auto bob = std::make_shared<LobbyPeer>("acct=bob");
    auto a = lobby_->open("/ws/lobby", alice);
    auto b = lobby_->open("/ws/lobby", bob);
    lobby_->message(*a,
                    json::serialize(json::object{{"t", "seek"}, {"time", time}, {"rated", rated}, {"color", "white"}}));
    auto seek = bob->last("seek");
    EXPECT_TRUE(seek);
    if (!seek) return {};
    lobby_->message(*b, json::serialize(json::object{{"t", "accept_seek"}, {"id", seek->at("seek").at("id")}}));
    settle();
    auto white_seat = alice->last("paired"), black_seat = bob->last("paired");
    EXPECT_TRUE(white_seat && black_seat);
    if (!white_seat || !black_seat) return {};
    // The players' lobby sockets go: the game alone must bring the figures.
    lobby_->closed(*a);
    lobby_->closed(*b);
    Paired p{str(white_seat->at("game")), {}, {}};
    p.white = connect(p.id);
    p.black = connect(p.id);
    hello(p.white, {str(white_seat->at("seat"))});
    hello(p.black, {str(black_seat->at("seat"))});
    return p;
  }
  // The `end` event each player received (waiting for it, with a deadline).
  static json::object end_of(Client& c) {
    EXPECT_TRUE(c.peer->wait_for("event", "end"));
    auto e = c.peer->last("event", "end");
    return e ? e->at("e").as_object() : json::object{};
  }

  std::unique_ptr<LobbyService> lobby_;
  uint64_t lobby_random_ = 0;
  std::atomic<int> asked_{0};
};

TEST_F(EndRatingsTest, ResignationCarriesBothSidesChangeToEverySocket) {
  Paired p = pair(true);
  ASSERT_FALSE(p.id.empty());
  Client watcher = connect(p.id);
  hello(watcher, {});
  send(p.black, R"({"t":"resign","req":7})");
  for (Client* c : {&p.white, &p.black, &watcher}) {
    const json::object end = end_of(*c);
    ASSERT_TRUE(end.contains("ratings")) << json::serialize(end);
    const json::object& r = end.at("ratings").as_object();
    EXPECT_EQ(r.at("category").as_string(), "blitz");
    EXPECT_EQ(r.at("white").at("before").as_int64(), 1500);
    EXPECT_GT(r.at("white").at("diff").as_int64(), 0);
    EXPECT_LT(r.at("black").at("diff").as_int64(), 0);
    EXPECT_EQ(r.at("white").at("rating").as_int64(), 1500 + r.at("white").at("diff").as_int64());
    EXPECT_TRUE(r.at("white").at("provisional").as_bool());
    EXPECT_EQ(end.at("result").at("score").as_string(), "1-0");
  }
  // The resigner's own copy is its answer (its req) and still carries the figures.
  EXPECT_EQ(p.black.peer->last("event", "end")->at("req").as_int64(), 7);
  // A socket that comes later reads them in the finished game's state; the lobby's GET says the same.
  Client late = connect(p.id);
  hello(late, {});
  ASSERT_TRUE(late.peer->wait_for("state"));
  const json::object state = late.peer->last("state")->at("game").as_object();
  EXPECT_EQ(state.at("ratings"), p.white.peer->last("event", "end")->at("e").at("ratings"));
  HttpAnswer get = lobby_->http({"GET", "/api/lobby/games/" + p.id + "/ratings", ""});
  ASSERT_EQ(get.status, 200) << get.body;
  EXPECT_EQ(json::parse(get.body).at("white").at("diff"), state.at("ratings").at("white").at("diff"));
  EXPECT_EQ(asked_.load(), 1);  // rated once
}

TEST_F(EndRatingsTest, FlagFallCarriesTheChange) {
  Paired p = pair(true, "1+0");
  ASSERT_FALSE(p.id.empty());
  move(p.white, "e2e4", 0);
  move(p.black, "e7e5", 1);
  clock_->advance(Millis{61'000});  // white's flag falls
  service_->check_clocks();
  settle();
  for (Client* c : {&p.white, &p.black}) {
    const json::object end = end_of(*c);
    EXPECT_EQ(end.at("result").at("score").as_string(), "0-1");
    ASSERT_TRUE(end.contains("ratings")) << json::serialize(end);
    EXPECT_EQ(end.at("ratings").at("category").as_string(), "bullet");
    EXPECT_LT(end.at("ratings").at("white").at("diff").as_int64(), 0);
    EXPECT_GT(end.at("ratings").at("black").at("diff").as_int64(), 0);
  }
}

TEST_F(EndRatingsTest, DrawAgreementCarriesTheChange) {
  Paired p = pair(true);
  ASSERT_FALSE(p.id.empty());
  move(p.white, "e2e4", 0);
  move(p.black, "e7e5", 1);
  send(p.white, R"({"t":"draw","req":3,"action":"offer"})");
  send(p.black, R"({"t":"draw","req":4,"action":"accept"})");
  for (Client* c : {&p.white, &p.black}) {
    const json::object end = end_of(*c);
    EXPECT_EQ(end.at("result").at("score").as_string(), "1/2-1/2");
    ASSERT_TRUE(end.contains("ratings")) << json::serialize(end);
    // Equal ratings, a draw: neither moves, both still named.
    EXPECT_EQ(end.at("ratings").at("white").at("diff").as_int64(), 0);
    EXPECT_EQ(end.at("ratings").at("black").at("before").as_int64(), 1500);
  }
}

TEST_F(EndRatingsTest, CasualGameEndsWithoutFigures) {
  Paired p = pair(false);
  ASSERT_FALSE(p.id.empty());
  send(p.white, R"({"t":"resign","req":2})");
  for (Client* c : {&p.white, &p.black}) {
    const json::object end = end_of(*c);
    EXPECT_EQ(end.at("result").at("score").as_string(), "0-1");
    EXPECT_FALSE(end.contains("ratings"));
  }
  EXPECT_FALSE(p.white.peer->last("state")->at("game").as_object().contains("ratings"));
}

}  // namespace
}  // namespace tabiya::server::testing
