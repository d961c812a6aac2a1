#include "server/game_service.h"

#include <gtest/gtest.h>

#include "server/tokens.h"
#include "service_test_support.h"

namespace tabiya::server::testing {
namespace {

namespace json = boost::json;
using GameServiceTest = ServiceFixture;

TEST_F(GameServiceTest, CreateHelloStateAndMove) {
  json::object g = create(R"({"v":1,"opponent":"hotseat","time":"5+3"})");
  const std::string id = str(g.at("id"));
  EXPECT_EQ(str(g.at("spectate")), "/g/" + id);
  Client c = connect(id);
  hello(c, {seat(g, "white"), seat(g, "black")});
  auto state = c.peer->last("state");
  ASSERT_TRUE(state);
  EXPECT_EQ(state->at("you").as_array().size(), 2u);
  const json::object& game = state->at("game").as_object();
  EXPECT_EQ(str(game.at("status")), "playing");
  EXPECT_EQ(str(game.at("turn")), "white");
  EXPECT_EQ(game.at("legal").as_object().at("e2").as_array().size(), 2u);
  EXPECT_EQ(game.at("clock").as_object().at("white").as_int64(), 5 * 60 * 1000 + 3000);
  clock_->advance(Millis{1200});
  move(c, "e2e4", 0, 7);
  auto ev = c.peer->last("event", "move");
  ASSERT_TRUE(ev);
  EXPECT_EQ(ev->at("req").as_int64(), 7);
  EXPECT_EQ(ev->at("seq").as_int64(), state->at("seq").as_int64() + 1);
  const json::object& e = ev->at("e").as_object();
  EXPECT_EQ(str(e.at("san")), "e4");
  EXPECT_EQ(e.at("ply").as_int64(), 1);
  EXPECT_EQ(e.at("elapsed").as_int64(), 1200);
  EXPECT_EQ(e.at("clock").as_object().at("white").as_int64(), 5 * 60 * 1000 + 3000 - 1200 + 3000);
  EXPECT_EQ(str(e.at("turn")), "black");
}

}  // namespace
}  // namespace tabiya::server::testing
