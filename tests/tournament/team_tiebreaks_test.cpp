// Team tie-breaks with a pairing-allocated bye (C.07 Art. 16.4 applied to
// teams; values as FIDE's TieBreakServer gives them, bench/team-tiebreaks-vs-tbs.sh),
// worked by hand on a three-team event of two boards:
//   round 1: A-B 2-0 (MP 2-0), C has the bye (2 MP, and a draw on each board: 1 GP);
//   round 2: A-C 1-1 (1-1), B has the bye.
//   MP / GP: A 3 / 3, B 2 / 1, C 3 / 2.
// The bye's dummy opponent has the team's own score (2022 and 2024 editions), at most a draw in every round in
// the 2026 edition (1 MP x 2 rounds), and in a round robin the bye round is left out:
//   BH  2024: A 2+3 = 5, B 3+2 = 5, C 3+3 = 6;  2026: B 3+2 = 5, C 2+3 = 5;  round robin: A 5, B 3, C 3.
//   SB (MP x MP)  2024: A 2x2 + 3x1 = 7, B 3x0 + 2x2 = 4, C 3x2 + 3x1 = 9;  2026: C 2x2 + 3x1 = 7;
//   round robin: A 7, B 0, C 3.
#include <gtest/gtest.h>

#include <tuple>

#include "team_test_support.h"
#include "tournament/team_standings.h"

namespace tabiya::tournament {
namespace {

TeamEvent three_teams_with_byes() {
  TeamEvent e = test::team_event(3, 2, 2);
  auto match = [](int first, int second) {
    TeamMatch m{first, second, {}};
    if (second) m.boards.resize(2);
    return m;
  };
  e.rounds = {{match(1, 2), match(3, 0)}, {match(1, 3), match(2, 0)}};
  EXPECT_TRUE(set_lineups(e, 1, 0, {1, 2}, {3, 4}).ok());
  EXPECT_TRUE(enter_board_result(e, 1, 0, 1, '1', '0').ok());
  EXPECT_TRUE(enter_board_result(e, 1, 0, 2, '1', '0').ok());
  EXPECT_TRUE(set_lineups(e, 2, 0, {1, 2}, {5, 6}).ok());
  EXPECT_TRUE(enter_board_result(e, 2, 0, 1, '1', '0').ok());
  EXPECT_TRUE(enter_board_result(e, 2, 0, 2, '0', '1').ok());
  return e;
}

// Values by team number.
std::vector<std::vector<double>> values(const TeamEvent& e, TeamTieBreakRules rules) {
  const std::vector<TeamTieBreak> tbs = {*parse_team_tie_break("BH"), *parse_team_tie_break("SB")};
  std::vector<std::vector<double>> by_team(3);
  for (const TeamStanding& s : team_standings(e, TeamScore::match_points, tbs, 0, rules))
    by_team[s.team - 1] = s.tie_breaks;
  return by_team;
}

TEST(TeamTieBreaksTest, TheByesDummyByEdition) {
  const TeamEvent e = three_teams_with_byes();
  const auto scores = team_scores(e);
  EXPECT_EQ(scores[0].match_points, 30);
  EXPECT_EQ(scores[1].game_points, 10);
  EXPECT_EQ(scores[2].game_points, 20);

  const std::vector<std::vector<double>> v2024 = {{5, 7}, {5, 4}, {6, 9}};
  EXPECT_EQ(values(e, {TieBreakEdition::fide2024, false}), v2024);
  EXPECT_EQ(values(e, {TieBreakEdition::fide2022, false}), v2024);
  const std::vector<std::vector<double>> v2026 = {{5, 7}, {5, 4}, {5, 7}};
  EXPECT_EQ(values(e, {TieBreakEdition::fide2026, false}), v2026);
  const std::vector<std::vector<double>> round_robin = {{5, 7}, {3, 0}, {3, 3}};
  EXPECT_EQ(values(e, {TieBreakEdition::fide2026, true}), round_robin);
}

// A match forfeited whole (one team fielded nobody) is an unplayed round for both teams in a Swiss event (16.4):
//   round 1: A-B 2-0, C-D with D absent (C wins 2-0 without play); round 2: A-C 1-1, B-D 2-0.
//   MP: A 3, B 2, C 3, D 0.
//   BH 2024: A 2+3 = 5, B 3+0 = 3, C own 3 (dummy) + 3 = 6, D own 0 (dummy) + 2 = 2;
//   2026 (the dummy at most the scheduled opponent's score): C 0+3 = 3, D 0+2 = 2;
//   round robin (a forfeit counts against the opponent): C 0+3 = 3, D 3+2 = 5.
TEST(TeamTieBreaksTest, AForfeitedMatchIsAnUnplayedRound) {
  TeamEvent e = test::team_event(4, 2, 2);
  auto match = [](int first, int second) { return TeamMatch{first, second, std::vector<MatchBoard>(2)}; };
  e.rounds = {{match(1, 2), match(3, 4)}, {match(1, 3), match(2, 4)}};
  ASSERT_TRUE(set_lineups(e, 1, 0, {1, 2}, {3, 4}).ok());
  ASSERT_TRUE(set_lineups(e, 1, 1, {5, 6}, {}).ok());
  ASSERT_TRUE(set_lineups(e, 2, 0, {1, 2}, {5, 6}).ok());
  ASSERT_TRUE(set_lineups(e, 2, 1, {3, 4}, {7, 8}).ok());
  for (auto [round, match_index, codes] : {std::tuple{1, 0, "11"}, {2, 0, "10"}, {2, 1, "11"}})
    for (int b = 1; b <= 2; ++b) {
      const char c = codes[b - 1];
      ASSERT_TRUE(enter_board_result(e, round, match_index, b, c, c == '1' ? '0' : '1').ok());
    }
  const std::vector<TeamTieBreak> bh = {*parse_team_tie_break("BH")};
  auto buchholz = [&](TeamTieBreakRules rules) {
    std::vector<double> by_team(4);
    for (const TeamStanding& s : team_standings(e, TeamScore::match_points, bh, 0, rules))
      by_team[s.team - 1] = s.tie_breaks[0];
    return by_team;
  };
  EXPECT_EQ(buchholz({TieBreakEdition::fide2024, false}), (std::vector<double>{5, 3, 6, 2}));
  EXPECT_EQ(buchholz({TieBreakEdition::fide2026, false}), (std::vector<double>{5, 3, 3, 2}));
  EXPECT_EQ(buchholz({TieBreakEdition::fide2026, true}), (std::vector<double>{5, 3, 3, 5}));
}

}  // namespace
}  // namespace tabiya::tournament
