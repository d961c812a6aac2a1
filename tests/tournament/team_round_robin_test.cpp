// Team round robins (team_round_robin.h) and team standings
// (team_standings.h), worked by hand from the Berger tables (C.05 Annex 1):
// for four teams the table is 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
#include "tournament/team_round_robin.h"

#include <gtest/gtest.h>

#include <string>

#include "team_test_support.h"
#include "tournament/team_standings.h"

namespace tabiya::tournament {
namespace {

using test::first_players;
using test::team_event;

std::string colours(const TeamMatch& m) {
  std::string s;
  for (const MatchBoard& b : m.boards) s += static_cast<char>(b.first_colour);
  return s;
}

TEST(TeamRoundRobinTest, FourTeamsByTheBergerTable) {
  const auto rounds = team_round_robin(4, 4, 1);
  ASSERT_EQ(rounds.size(), 3u);
  auto pairs = [&](int r) {
    std::string s;
    for (const TeamMatch& m : rounds[r - 1]) s += std::to_string(m.first) + "-" + std::to_string(m.second) + " ";
    return s;
  };
  EXPECT_EQ(pairs(1), "1-4 2-3 ");
  EXPECT_EQ(pairs(2), "4-3 1-2 ");
  EXPECT_EQ(pairs(3), "2-4 3-1 ");
  // The first-named team has White on boards 1 and 3, Black on 2 and 4.
  for (const auto& round : rounds)
    for (const TeamMatch& m : round) EXPECT_EQ(colours(m), "wbwb");
  // So team 1 has White on board 1 in rounds 1 and 2 (1-4, 1-2) and Black in round 3 (3-1), as the table has it;
  // on board 2 the other colour each time.
}

TEST(TeamRoundRobinTest, SecondCycleReversesTheColours) {
  const auto rounds = team_round_robin(4, 4, 2);
  ASSERT_EQ(rounds.size(), 6u);
  EXPECT_EQ(rounds[3][0].first, 4);
  EXPECT_EQ(rounds[3][0].second, 1);
  EXPECT_EQ(rounds[5][1].first, 1);
  EXPECT_EQ(rounds[5][1].second, 3);
}

TEST(TeamRoundRobinTest, OddNumberOfTeamsGivesTheDummysOpponentTheBye) {
  // Five teams: the table of six, "1-6 2-5 3-4" then "6-4 5-3 1-2": team 1 rests in round 1, team 4 in round 2.
  const auto rounds = team_round_robin(5, 2, 1);
  ASSERT_EQ(rounds.size(), 5u);
  ASSERT_EQ(rounds[0].size(), 3u);
  EXPECT_EQ(rounds[0][0].first, 2);
  EXPECT_EQ(rounds[0][0].second, 5);
  EXPECT_TRUE(rounds[0][2].bye());
  EXPECT_EQ(rounds[0][2].first, 1);
  EXPECT_TRUE(rounds[1][2].bye());
  EXPECT_EQ(rounds[1][2].first, 4);
}

// Plays match `index` of `round` with the first team's results board by board ("1=0=").
void play(TeamEvent& e, int round, int index, const std::string& first_codes) {
  const TeamMatch& m = e.rounds[round - 1][index];
  ASSERT_TRUE(set_lineups(e, round, index, first_players(e, m.first), first_players(e, m.second)).ok());
  for (int b = 1; b <= static_cast<int>(first_codes.size()); ++b) {
    const char c = first_codes[b - 1];
    ASSERT_TRUE(enter_board_result(e, round, index, b, c, c == '1' ? '0' : c == '0' ? '1' : '=').ok());
  }
}

// Worked by hand:
//   round 1: A-D 3-1 (MP 2-0), B-C 2-2 (1-1); round 2: D-C 2-2 (1-1), A-B 1.5-2.5 (0-2);
//   round 3: B-D 0-4 (0-2), C-A 2.5-1.5 (2-0).
//   MP / GP: A 2 / 6, B 3 / 4.5, C 4 / 6.5, D 3 / 7.
//   BH (the opponents' match points; everyone met everyone): 12 - own MP: A 10, B 9, C 8, D 9.
//   EMGSB (each opponent's MP times the game points scored against him):
//   A 3x3 + 3x1.5 + 4x1.5 = 19.5; B 4x2 + 2x2.5 + 3x0 = 13; C 3x2 + 3x2 + 2x2.5 = 17; D 2x1 + 4x2 + 3x4 = 22.
//   SB (each opponent's MP times the match points won against him):
//   A 3x2 + 3x0 + 4x0 = 6; B 4x1 + 2x2 + 3x0 = 8; C 3x1 + 3x1 + 2x2 = 10; D 2x0 + 4x1 + 3x2 = 10.
//   EGGSB (the opponents' game points times the game points against them):
//   A 7x3 + 4.5x1.5 + 6.5x1.5 = 37.5; B 6.5x2 + 6x2.5 + 7x0 = 28; C 4.5x2 + 7x2 + 6x2.5 = 38;
//   D 6x1 + 6.5x2 + 4.5x4 = 37.
TEST(TeamStandingsTest, MatchPointsThenTieBreaksWorkedByHand) {
  TeamEvent e = team_event(4, 4, 5);
  e.rounds = team_round_robin(4, 4, 1);
  play(e, 1, 0, "11==");
  play(e, 1, 1, "1=0=");
  play(e, 2, 0, "1100");
  play(e, 2, 1, "==0=");
  play(e, 3, 0, "0000");
  play(e, 3, 1, "1===");
  std::vector<TeamTieBreak> tbs;
  for (const char* code : {"GP", "BH", "EMGSB", "MW", "SB", "EGGSB"}) tbs.push_back(*parse_team_tie_break(code));
  const auto standings = team_standings(e, TeamScore::match_points, tbs);
  ASSERT_EQ(standings.size(), 4u);
  EXPECT_EQ(standings[0].team, 3);
  EXPECT_EQ(standings[1].team, 4);
  EXPECT_EQ(standings[2].team, 2);
  EXPECT_EQ(standings[3].team, 1);
  const std::vector<std::vector<double>> expected = {
      {6.5, 8, 17, 1, 10, 38}, {7, 9, 22, 1, 10, 37}, {4.5, 9, 13, 1, 8, 28}, {6, 10, 19.5, 1, 6, 37.5}};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(standings[i].tie_breaks, expected[i]) << "team " << standings[i].team;
  EXPECT_EQ(standings[0].match_points, 40);
  EXPECT_EQ(standings[3].game_points, 60);

  // By game points first: D 7, C 6.5, A 6, B 4.5.
  const auto by_gp = team_standings(e, TeamScore::game_points, {});
  EXPECT_EQ(by_gp[0].team, 4);
  EXPECT_EQ(by_gp[1].team, 3);
  EXPECT_EQ(by_gp[2].team, 1);
  EXPECT_EQ(by_gp[3].team, 2);

  // After round 1 only: A 2 MP, B and C 1, D 0.
  const auto after_one = team_standings(e, TeamScore::match_points, {}, 1);
  EXPECT_EQ(after_one[0].team, 1);
  EXPECT_EQ(after_one[1].rank, 2);
  EXPECT_EQ(after_one[2].rank, 2) << "B and C equal on everything asked";
  EXPECT_EQ(after_one[3].team, 4);

  EXPECT_FALSE(parse_team_tie_break("XYZ").ok());
  EXPECT_FALSE(parse_team_tie_break("EMXSB").ok());
  EXPECT_EQ(parse_team_tie_break("emgsb")->code, "EMGSB");
}

TEST(TeamStandingsTest, TheMatchCrosstableShowsGamePointsAndUnplayedMatches) {
  TeamEvent e = team_event(4, 4, 4);
  e.rounds = team_round_robin(4, 4, 1);
  play(e, 1, 0, "11==");
  // B and C both stay away: lost by both, marked "-".
  ASSERT_TRUE(set_lineups(e, 1, 1, {}, {}).ok());
  const std::string table = format_match_crosstable(e);
  EXPECT_EQ(table,
            " No            1    2    3    4     MP     GP\n"
            "  1  Team A    x            3.0    2.0    3.0\n"
            "  2  Team B         x    -         0.0    0.0\n"
            "  3  Team C         -    x         0.0    0.0\n"
            "  4  Team D  1.0              x    0.0    1.0\n");
}

}  // namespace
}  // namespace tabiya::tournament
