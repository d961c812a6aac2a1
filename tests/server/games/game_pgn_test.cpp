// GET /api/games/ID/pgn: the game's start date in UTC, the players' names (given at creation,
// the robot as "tabiya level N", "?" when unknown, as the PGN standard writes an unknown value), and after a
// takeback clean clock readings: no arbiter's comment, and no clock that rises more than the time control adds,
// as `tabiya pgn check` reads the record.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "pgn_check.h"
#include "support/service_test_support.h"

namespace tabiya::server::testing {
namespace {
namespace json = boost::json;

using ::testing::HasSubstr;
using ::testing::Not;

class GamePgn : public ServiceFixture {
 protected:
  std::string pgn(const std::string& id) {
    HttpAnswer a = service_->http({"GET", "/api/games/" + id + "/pgn", ""});
    EXPECT_EQ(a.status, 200) << a.body;
    return a.body;
  }
};

TEST_F(GamePgn, DateIsTheGamesStartInUtcAndUnknownPlayersAreQuestionMarks) {
  Invited g = invite();  // created at 1'700'000'000'000 ms: 2023-11-14 22:13:20 UTC
  const std::string text = pgn(g.id);
  EXPECT_THAT(text, HasSubstr("[Date \"2023.11.14\"]"));
  EXPECT_THAT(text, HasSubstr("[White \"?\"]"));
  EXPECT_THAT(text, HasSubstr("[Black \"?\"]"));
  EXPECT_THAT(text, Not(HasSubstr("[White \"White\"]")));
}

TEST_F(GamePgn, NamesGivenAtCreationAndTheRobotByItsLevel) {
  json::object named = create(R"({"v":1,"opponent":"invite","names":{"white":"Berg, Alma","black":"Dahl, Bo"}})");
  const std::string text = pgn(str(named.at("id")));
  EXPECT_THAT(text, HasSubstr("[White \"Berg, Alma\"]"));
  EXPECT_THAT(text, HasSubstr("[Black \"Dahl, Bo\"]"));
  json::object robot = create(R"({"v":1,"opponent":"robot","level":4,"color":"white"})");
  const std::string against = pgn(str(robot.at("id")));
  EXPECT_THAT(against, HasSubstr("[Black \"tabiya level 4\"]"));
  EXPECT_THAT(against, HasSubstr("[White \"?\"]"));
}

TEST_F(GamePgn, AfterATakebackTheClockReadingsAreCleanAndPgnCheckFindsNoRise) {
  HotSeat h = hotseat(R"({"v":1,"opponent":"hotseat","time":"5+3"})");
  // Quick moves: each earns its increment, so the clocks stand above their start.
  move(h.both, "e2e4", 0, 1);
  move(h.both, "e7e5", 1, 2);
  move(h.both, "g1f3", 2, 3);
  move(h.both, "b8c6", 3, 4);
  // White takes back its last move and Black's reply; the increments they earned go with them.
  send(h.both, R"({"t":"takeback","req":5,"action":"offer","color":"white"})");
  send(h.both, R"({"t":"takeback","req":6,"action":"accept","color":"black"})");
  move(h.both, "g1f3", 2, 7);
  move(h.both, "g8f6", 3, 8);
  move(h.both, "f1c4", 4, 9);
  send(h.both, R"({"t":"resign","req":10,"color":"black"})");
  const std::string text = pgn(h.id);
  EXPECT_THAT(text, Not(HasSubstr("arbiter sets")));
  EXPECT_THAT(text, Not(HasSubstr("takeback")));
  EXPECT_THAT(text, HasSubstr("Bc4 {"));  // the moves after the takeback are recorded
  std::istringstream in(text);
  std::ostringstream report;
  const cli::PgnCheckSummary summary = cli::check_pgn(in, "takeback.pgn", RulesEdition::FIDE_2018, report);
  EXPECT_EQ(summary.games, 1);
  EXPECT_EQ(summary.clock_warnings, 0) << report.str() << text;
  EXPECT_EQ(summary.games_with_problems, 0) << report.str();
}

}  // namespace
}  // namespace tabiya::server::testing
