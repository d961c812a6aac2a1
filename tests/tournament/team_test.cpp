// Team events (team.h): line-ups checked against the registered order, board
// colours, match and game points, and unplayed boards as FIDE Tournament Rules
// 11(g) asks (the rules of 11(d)-(f) applied to team events, unplayed games
// clearly marked).
#include "tournament/team.h"

#include <gtest/gtest.h>

#include "team_test_support.h"

namespace tabiya::tournament {
namespace {

using test::first_players;
using test::team_event;

// Two teams of four boards and one reserve: A1..A5 = 1..5, B1..B5 = 6..10.
TeamEvent two_teams() {
  TeamEvent e = team_event(2, 4, 5);
  TeamMatch m;
  m.first = 1;
  m.second = 2;
  m.boards.resize(4);
  for (int b = 1; b <= 4; ++b) m.boards[b - 1].first_colour = board_colour(Colour::white, b);
  e.rounds.push_back({m});
  return e;
}

TEST(TeamLineupTest, FollowsTheRegisteredOrder) {
  TeamEvent e = two_teams();
  const Team& a = *e.team(1);
  EXPECT_TRUE(check_lineup(e.players, a, 4, {1, 2, 3, 4}).ok());
  EXPECT_TRUE(check_lineup(e.players, a, 4, {1, 2, 3, 5})) << "the reserve replaces board 4";
  EXPECT_TRUE(check_lineup(e.players, a, 4, {2, 3, 4, 5})) << "everyone moves up when board 1 rests";
  EXPECT_TRUE(check_lineup(e.players, a, 4, {1, 0, 3, 4})) << "an empty board keeps the others' order";
  EXPECT_TRUE(check_lineup(e.players, a, 4, {1, 2})) << "the last boards left empty";

  auto swapped = check_lineup(e.players, a, 4, {1, 3, 2, 4});
  ASSERT_FALSE(swapped.ok());
  EXPECT_EQ(swapped.error().message,
            "team 1 (Team A), board 3: player 2 (A2) (registered 2) may not play below player 3 (A3) (registered 3): "
            "the board order follows the registered order");
  auto reserve_above = check_lineup(e.players, a, 4, {1, 2, 5, 4});
  ASSERT_FALSE(reserve_above.ok());
  EXPECT_NE(reserve_above.error().message.find("board 4"), std::string::npos);

  auto stranger = check_lineup(e.players, a, 4, {1, 2, 3, 6});
  ASSERT_FALSE(stranger.ok());
  EXPECT_EQ(stranger.error().message, "team 1 (Team A), board 4: player 6 (B1) is not registered for the team");
  auto twice = check_lineup(e.players, a, 4, {1, 1, 3, 4});
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.error().message, "team 1 (Team A), board 2: player 1 (A1) is already on board 1");
  auto too_many = check_lineup(e.players, a, 4, {1, 2, 3, 4, 5});
  ASSERT_FALSE(too_many.ok());
  EXPECT_EQ(too_many.error().message, "team 1 (Team A): line-up of 5 players for 4 boards");
}

TEST(TeamBoardColourTest, BoardsOneAndThreeAlikeTwoAndFourTheOther) {
  EXPECT_EQ(board_colour(Colour::white, 1), Colour::white);
  EXPECT_EQ(board_colour(Colour::white, 2), Colour::black);
  EXPECT_EQ(board_colour(Colour::white, 3), Colour::white);
  EXPECT_EQ(board_colour(Colour::white, 4), Colour::black);
  EXPECT_EQ(board_colour(Colour::black, 1), Colour::black);
  EXPECT_EQ(board_colour(Colour::black, 4), Colour::white);
}

TEST(TeamMatchTest, LineUpsWriteThePlayersRoundEntries) {
  TeamEvent e = two_teams();
  ASSERT_TRUE(set_lineups(e, 1, 0, {1, 2, 3, 5}, first_players(e, 2)).ok());
  const TeamMatch& m = e.rounds[0][0];
  EXPECT_EQ(m.boards[3].first_player, 5);
  EXPECT_EQ(m.boards[3].second_player, 9);
  // A1 has White on board 1 against B1; A2 Black against B2; the reserve A5 Black against B4.
  EXPECT_EQ(e.players.player(1)->entry(1).opponent, 6);
  EXPECT_EQ(e.players.player(1)->entry(1).colour, Colour::white);
  EXPECT_EQ(e.players.player(2)->entry(1).colour, Colour::black);
  EXPECT_EQ(e.players.player(7)->entry(1).colour, Colour::white);
  EXPECT_EQ(e.players.player(5)->entry(1).opponent, 9);
  EXPECT_EQ(e.players.player(5)->entry(1).colour, Colour::black);
  EXPECT_TRUE(e.players.player(4)->entry(1).empty()) << "A4 rests";

  auto wrong = set_lineups(e, 1, 0, {2, 1, 3, 4}, first_players(e, 2));
  ASSERT_FALSE(wrong.ok());
  EXPECT_NE(wrong.error().message.find("team 1 (Team A), board 2"), std::string::npos);
}

TEST(TeamMatchTest, GamePointsDecideTheMatchPoints) {
  TeamEvent e = two_teams();
  ASSERT_TRUE(set_lineups(e, 1, 0, first_players(e, 1), first_players(e, 2)).ok());
  EXPECT_FALSE(score_match(e, e.rounds[0][0]).complete);
  ASSERT_TRUE(enter_board_result(e, 1, 0, 1, '1', '0').ok());
  ASSERT_TRUE(enter_board_result(e, 1, 0, 2, '=', '=').ok());
  ASSERT_TRUE(enter_board_result(e, 1, 0, 3, '=', '=').ok());
  ASSERT_TRUE(enter_board_result(e, 1, 0, 4, '0', '1').ok());
  MatchScore s = score_match(e, e.rounds[0][0]);
  EXPECT_TRUE(s.complete);
  EXPECT_EQ(s.first_game_points, 20);
  EXPECT_EQ(s.second_game_points, 20);
  EXPECT_EQ(s.first_match_points, 10);
  EXPECT_EQ(s.second_match_points, 10);

  ASSERT_TRUE(enter_board_result(e, 1, 0, 4, '=', '=').ok()) << "a correction";
  s = score_match(e, e.rounds[0][0]);
  EXPECT_EQ(s.first_game_points, 25);
  EXPECT_EQ(s.second_game_points, 15);
  EXPECT_EQ(s.first_match_points, 20);
  EXPECT_EQ(s.second_match_points, 0);
  EXPECT_EQ(e.players.player(4)->entry(1).result, '=');
  EXPECT_EQ(e.players.player(9)->entry(1).result, '=');

  // 3/1/0 match points, as some leagues count them.
  e.match_points = {30, 10, 0};
  EXPECT_EQ(score_match(e, e.rounds[0][0]).first_match_points, 30);

  auto clash = enter_board_result(e, 1, 0, 2, '1', '1');
  ASSERT_FALSE(clash.ok());
  EXPECT_EQ(clash.error().message, "round 1, match 1, board 2: results '1' and '1' do not fit together");
  EXPECT_FALSE(enter_board_result(e, 1, 0, 5, '1', '0').ok());
  EXPECT_FALSE(enter_board_result(e, 2, 0, 1, '1', '0').ok());
}

// 11(g): an empty board is an unplayed game, won by the player who is there,
// and marked as unplayed.
TEST(TeamMatchTest, AnEmptyBoardIsLostByForfeitAndMarked) {
  TeamEvent e = two_teams();
  ASSERT_TRUE(set_lineups(e, 1, 0, {1, 2, 3, 4}, {6, 7, 8}).ok());
  const MatchBoard& fourth = e.rounds[0][0].boards[3];
  EXPECT_EQ(fourth.first_result, '+');
  EXPECT_EQ(fourth.second_result, '-');
  EXPECT_FALSE(fourth.played());
  EXPECT_EQ(format_board_result(fourth), "+/-");
  EXPECT_EQ(e.players.player(4)->entry(1).result, '+');
  EXPECT_EQ(e.players.player(4)->entry(1).opponent, 0);

  auto played_on_empty = enter_board_result(e, 1, 0, 4, '1', '0');
  ASSERT_FALSE(played_on_empty.ok());
  EXPECT_EQ(played_on_empty.error().message, "round 1, match 1, board 4: an empty place can only lose by forfeit");

  ASSERT_TRUE(enter_board_result(e, 1, 0, 1, '0', '1').ok());
  ASSERT_TRUE(enter_board_result(e, 1, 0, 2, '0', '1').ok());
  ASSERT_TRUE(enter_board_result(e, 1, 0, 3, '1', '0').ok());
  EXPECT_EQ(format_board_result(e.rounds[0][0].boards[0]), "0-1");
  const MatchScore s = score_match(e, e.rounds[0][0]);
  EXPECT_EQ(s.first_game_points, 20) << "the forfeit win counts";
  EXPECT_EQ(s.second_game_points, 20);
  EXPECT_EQ(s.first_match_points, 10);

  // A player who sat down but whose opponent never came: "+" "-" entered on a full board.
  ASSERT_TRUE(enter_board_result(e, 1, 0, 3, '-', '+').ok());
  EXPECT_EQ(format_board_result(e.rounds[0][0].boards[2]), "-/+");
  EXPECT_EQ(score_match(e, e.rounds[0][0]).second_match_points, 20);
}

// 11(d) applied by 11(g): two teams that both stay away lose the match both ("--" on every board).
TEST(TeamMatchTest, BothTeamsAbsentLoseTheMatch) {
  TeamEvent e = two_teams();
  ASSERT_TRUE(set_lineups(e, 1, 0, {}, {}).ok());
  for (const MatchBoard& b : e.rounds[0][0].boards) EXPECT_EQ(format_board_result(b), "-/-");
  const MatchScore s = score_match(e, e.rounds[0][0]);
  EXPECT_TRUE(s.complete);
  EXPECT_EQ(s.first_match_points, 0);
  EXPECT_EQ(s.second_match_points, 0);
  EXPECT_EQ(s.first_game_points, 0);
}

TEST(TeamMatchTest, TheByeScoresAWinAndADrawOnEveryBoard) {
  TeamEvent e = team_event(3, 4, 4);
  TeamMatch bye;
  bye.first = 3;
  const MatchScore s = score_match(e, bye);
  EXPECT_EQ(s.first_match_points, 20);
  EXPECT_EQ(s.first_game_points, 20);
  e.bye_game_points = 40;
  EXPECT_EQ(score_match(e, bye).first_game_points, 40);
}

}  // namespace
}  // namespace tabiya::tournament
