// The rematch of a finished invite game (docs/protocol.md, "Rematch"): offered by one player, seen
// live by the other, accepted or declined or withdrawn; an accepted one is a new stored game with the colours
// swapped and the same settings, and each player hears only his own seat in it. Games that have no rematch
// (robot, hot-seat, tournament, unfinished) refuse it by name.
#include <gtest/gtest.h>

#include "support/service_test_support.h"

namespace tabiya::server::testing {
namespace {
namespace json = boost::json;

class Rematch : public ServiceFixture {
 protected:
  Invited finished_invite(const std::string& body = R"({"v":1,"opponent":"invite","time":"5+3"})") {
    Invited g = invite(body);
    move(g.white, "e2e4", 0);
    send(g.black, R"({"t":"resign","req":2})");
    EXPECT_TRUE(g.white.peer->last("event", "end"));
    return g;
  }
  void rematch(Client& c, const char* action, int req = 7) {
    send(c, std::string(R"({"t":"rematch","req":)") + std::to_string(req) + R"(,"action":")" + action + "\"}");
  }
  static std::string reason(const json::object& error) {
    return std::string(error.at("data").as_object().at("reason").as_string());
  }
  // The seats a connection's hello to game `id` earned ("you" of its state).
  std::vector<std::string> seats_in(const std::string& id, const std::string& token) {
    Client c = connect(id);
    hello(c, {token});
    auto state = c.peer->last("state");
    EXPECT_TRUE(state);
    std::vector<std::string> you;
    for (const json::value& v : state->at("you").as_array()) you.emplace_back(v.as_string());
    return you;
  }
};

TEST_F(Rematch, AcceptedItIsANewStoredGameWithColoursSwappedAndEachPlayerGetsHisOwnSeat) {
  Invited g = finished_invite();
  rematch(g.white, "offer");
  auto offer = g.black.peer->last("event", "rematch");
  ASSERT_TRUE(offer);
  EXPECT_EQ(str(offer->at("e").as_object().at("action")), "offer");
  EXPECT_EQ(str(offer->at("e").as_object().at("by")), "white");
  rematch(g.black, "accept", 8);
  for (Client* c : {&g.white, &g.black}) {
    auto accepted = c->peer->last("event", "rematch");
    ASSERT_TRUE(accepted);
    EXPECT_EQ(str(accepted->at("e").as_object().at("action")), "accept");
  }
  const std::string next = str(g.white.peer->last("event", "rematch")->at("e").as_object().at("game"));
  EXPECT_NE(next, g.id);
  // Stored before it was announced.
  auto stored = store_->load(next);
  ASSERT_TRUE(stored && *stored);
  auto white_seat = g.white.peer->last("rematch");
  auto black_seat = g.black.peer->last("rematch");
  ASSERT_TRUE(white_seat && black_seat);
  ASSERT_EQ(white_seat->at("seats").as_array().size(), 1u);
  ASSERT_EQ(black_seat->at("seats").as_array().size(), 1u);
  const std::string white_token = str(white_seat->at("seats").as_array()[0]);
  const std::string black_token = str(black_seat->at("seats").as_array()[0]);
  EXPECT_NE(white_token, black_token);
  // Who played White here is Black there, and the other way round.
  EXPECT_EQ(seats_in(next, white_token), std::vector<std::string>{"black"});
  EXPECT_EQ(seats_in(next, black_token), std::vector<std::string>{"white"});
  // The same settings; the old game links to the new one.
  HttpAnswer a = service_->http({"GET", "/api/games/" + next, ""});
  json::object game = json::parse(a.body).as_object();
  EXPECT_EQ(str(game.at("time")), "5+3");
  EXPECT_TRUE(game.at("rematch").as_object().at("offer").is_null());
  json::object old = json::parse(service_->http({"GET", "/api/games/" + g.id, ""}).body).as_object();
  EXPECT_EQ(str(old.at("rematch").as_object().at("game")), next);
  // A player who comes back to the old game hears his seat in the new one again, and only his.
  Client again = connect(g.id);
  hello(again, {seat(g.game, "black")});
  auto repeated = again.peer->last("rematch");
  ASSERT_TRUE(repeated);
  EXPECT_EQ(repeated->at("seats").as_array(), json::array{json::value(black_token)});
  // A second accept is refused.
  rematch(g.white, "accept", 9);
  EXPECT_EQ(reason(*g.white.peer->last("error")), "rematch_exists");
}

TEST_F(Rematch, DeclinedAndWithdrawnOffersAreShownToBoth) {
  Invited g = finished_invite();
  rematch(g.white, "offer");
  rematch(g.white, "decline", 8);  // the offerer's own decline withdraws it
  for (Client* c : {&g.white, &g.black})
    EXPECT_EQ(str(c->peer->last("event", "rematch")->at("e").as_object().at("action")), "withdraw");
  rematch(g.black, "offer", 9);
  rematch(g.white, "decline", 10);
  for (Client* c : {&g.white, &g.black}) {
    auto e = c->peer->last("event", "rematch")->at("e").as_object();
    EXPECT_EQ(str(e.at("action")), "decline");
    EXPECT_EQ(str(e.at("by")), "white");
  }
  json::object game = json::parse(service_->http({"GET", "/api/games/" + g.id, ""}).body).as_object();
  EXPECT_TRUE(game.at("rematch").as_object().at("offer").is_null());
  EXPECT_TRUE(game.at("rematch").as_object().at("game").is_null());
  // Nothing to accept now.
  rematch(g.black, "accept", 11);
  EXPECT_EQ(reason(*g.black.peer->last("error")), "no_offer");
}

TEST_F(Rematch, AnOfferCrossingTheOpponentsOfferAcceptsIt) {
  Invited g = finished_invite();
  rematch(g.white, "offer");
  rematch(g.black, "offer", 8);
  EXPECT_EQ(str(g.white.peer->last("event", "rematch")->at("e").as_object().at("action")), "accept");
}

TEST_F(Rematch, RefusedBeforeTheEndForSpectatorsAndOutsideInviteGames) {
  Invited playing = invite();
  rematch(playing.white, "offer");
  EXPECT_EQ(reason(*playing.white.peer->last("error")), "not_over");

  Invited g = finished_invite();
  Client watcher = connect(g.id);
  hello(watcher, {});
  rematch(watcher, "offer");
  EXPECT_EQ(str(watcher.peer->last("error")->at("code")), "not_your_seat");
  rematch(g.white, "offer");
  rematch(g.white, "accept", 8);  // one's own offer is not the opponent's
  EXPECT_EQ(reason(*g.white.peer->last("error")), "no_offer");

  HotSeat h = hotseat();
  send(h.both, R"({"t":"resign","req":1,"color":"white"})");
  rematch(h.both, "offer");
  EXPECT_EQ(reason(*h.both.peer->last("error")), "no_rematch");

  Invited event = invite(R"({"v":1,"opponent":"invite","names":{"white":"Berg, Alma","black":"Dahl, Bo"},)"
                         R"("tournament":{"id":"Ab3_-x","name":"Club","round":1}})");
  send(event.black, R"({"t":"resign","req":1})");
  rematch(event.white, "offer");
  EXPECT_EQ(reason(*event.white.peer->last("error")), "no_rematch");
  json::object game = json::parse(service_->http({"GET", "/api/games/" + event.id, ""}).body).as_object();
  EXPECT_TRUE(game.at("rematch").is_null());
}

}  // namespace
}  // namespace tabiya::server::testing
