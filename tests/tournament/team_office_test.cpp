// The team office (tournament/team_office.h): the decisions `tabiya tournament team` and the server's team events
// share. FIDE Tournament Rules: the Berger tables of C.05 Annex 1 for a round robin, a line-up in the registered
// order when a team submits none (team.h), a round finished only when every match has its result.
#include "tournament/team_office.h"

#include <gtest/gtest.h>

#include "team_test_support.h"
#include "tournament/team_round_robin.h"

namespace tabiya::tournament {
namespace {

TEST(TeamOffice, ARoundRobinHasOneRoundLessThanItsTeamsOrOneEachWithABye_BergerC05) {
  EXPECT_EQ(team_round_robin_rounds(4, 1), 3);
  EXPECT_EQ(team_round_robin_rounds(5, 1), 5);  // an odd number: each team has one bye
  EXPECT_EQ(team_round_robin_rounds(4, 2), 6);  // played twice
  EXPECT_EQ(team_round_robin_rounds(1, 1), 0);
}

TEST(TeamOffice, ARoundRobinsRoundComesFromTheBergerTablesInNumberOrderAndNoTeamIsLeftOut) {
  const TeamEvent e = test::team_event(4, 4, 5);
  auto round = pair_team_round(e, {false, 1}, 2);
  ASSERT_TRUE(round) << round.error().message;
  auto expected = team_round_robin(4, 4, 1)[1];
  number_matches(expected);
  ASSERT_EQ(round->size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ((*round)[i].first, expected[i].first);
    EXPECT_EQ((*round)[i].second, expected[i].second);
  }
  auto beyond = pair_team_round(e, {false, 1}, 4);
  ASSERT_FALSE(beyond);
  EXPECT_NE(beyond.error().message.find("beyond the round robin's 3 rounds"), std::string::npos);
  auto absent = pair_team_round(e, {false, 1}, 1, {2});
  ASSERT_FALSE(absent);
  EXPECT_NE(absent.error().message.find("Berger tables"), std::string::npos);
  EXPECT_FALSE(pair_team_round(test::team_event(1, 4, 4), {false, 1}, 1));
}

TEST(TeamOffice, ATeamWithoutALineUpPlaysItsFirstRegisteredMembers) {
  const TeamEvent e = test::team_event(2, 4, 6);
  EXPECT_EQ(registered_lineup(e, 2), test::first_players(e, 2));
  EXPECT_EQ(registered_lineup(e, 2).size(), 4u);  // the fifth and sixth are reserves
  EXPECT_TRUE(registered_lineup(e, 9).empty());   // no such team
}

TEST(TeamOffice, ARoundIsFinishedOnlyWhenEveryBoardOfEveryMatchHasItsResult) {
  TeamEvent e = test::team_event(2, 2, 2);
  EXPECT_FALSE(team_round_finished(e, 1));  // not paired
  auto round = pair_team_round(e, {false, 1}, 1);
  ASSERT_TRUE(round);
  e.rounds.push_back(*round);
  ASSERT_TRUE(
      set_lineups(e, 1, 0, registered_lineup(e, e.rounds[0][0].first), registered_lineup(e, e.rounds[0][0].second)));
  EXPECT_FALSE(team_round_finished(e, 1));
  ASSERT_TRUE(enter_board_result(e, 1, 0, 1, '1', '0'));
  EXPECT_FALSE(team_round_finished(e, 1));  // board 2 still plays
  ASSERT_TRUE(enter_board_result(e, 1, 0, 2, '=', '='));
  EXPECT_TRUE(team_round_finished(e, 1));
}

}  // namespace
}  // namespace tabiya::tournament
