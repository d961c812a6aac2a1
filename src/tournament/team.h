// Team events: teams with their players in registered board order, the
// matches of each round board by board, and how a match is scored.
//
// FIDE Tournament Rules (the 2009 text, Art. 11(g) and
// 15; 11(g): the unplayed-game rules of 11(d)-(f) "apply to team events;
// unplayed games must be clearly marked"). Here an unplayed board is one
// side's forfeit win "+" against the other's forfeit loss "-", or "-" for both
// when neither side had a player there ("--", 11(d)); it scores the points of
// the event's forfeit win and loss, and a match in which no board was played
// and neither team scored is lost by both (a double forfeit, as 11(d) treats
// two absent players). A player may not play above a team-mate registered
// before him: the line-up of every round follows the registered order, as
// team events' regulations ask (e.g. the Olympiad's "board order").
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "tournament/tournament.h"

namespace tabiya::tournament {

struct Team {
  int number = 0;  // team start number, 1..
  std::string name;
  // Start numbers of the players (the event's 001 lines) in registered order:
  // the first `boards` are the regular boards, the rest reserves.
  std::vector<int> members;
};

// Match points per match, in tenths as Points are (2/1/0 by default: 20 10 0).
struct MatchPointSystem {
  Points win = 20;
  Points draw = 10;
  Points loss = 0;
  bool operator==(const MatchPointSystem&) const = default;
};

// One board of a match. `first_player` plays for the match's first team,
// `second_player` for the second; 0 = nobody there (the board unplayed).
// Results are TRF codes from each side: 1 = 0 played, + - unplayed, ' ' none yet.
struct MatchBoard {
  int first_player = 0;
  int second_player = 0;
  Colour first_colour = Colour::none;  // the first team's player's colour
  char first_result = ' ';
  char second_result = ' ';

  bool has_result() const { return first_result != ' ' && second_result != ' '; }
  // Both players sat down and the result was played out (not + or -).
  bool played() const;
};

struct TeamMatch {
  int first = 0;   // the team with White on board 1
  int second = 0;  // 0: the first team has the pairing-allocated bye
  std::vector<MatchBoard> boards;

  bool bye() const { return second == 0; }
};

// A match's score, once every board has a result.
struct MatchScore {
  Points first_game_points = 0;
  Points second_game_points = 0;
  Points first_match_points = 0;
  Points second_match_points = 0;
  bool complete = false;  // every board has a result
};

struct TeamEvent {
  Tournament players;       // every team member as a TRF player; the boards' games in their round entries
  std::vector<Team> teams;  // teams[i].number == i + 1
  int boards = 4;
  MatchPointSystem match_points;
  // The pairing-allocated bye (an odd number of teams): match points of a
  // win and, by default, a draw on every board (as the Olympiad regulations
  // give a bye 2 match points and 2 game points on four boards).
  Points bye_match_points = 20;
  Points bye_game_points = -1;                 // -1: boards x the draw's game points
  std::vector<std::vector<TeamMatch>> rounds;  // rounds[r - 1]: the matches of round r

  const Team* team(int number) const;
  // The team a player plays for (0: none).
  int team_of(int player) const;
  Points bye_game_points_value() const;
};

// Puts a round's matches in the order they are numbered: by the lower team
// number in each, the bye last (the order a TRF's players give them back).
void number_matches(std::vector<TeamMatch>& matches);

// Board colours: the first team has `board_one` on board 1 and the colours
// alternate by board (boards 1 and 3 alike, 2 and 4 the other).
Colour board_colour(Colour board_one, int board);

// Checks a round's line-up of `team`: at most `boards` entries in board order
// (0 = board left empty), members of the team, each once, and no player above
// one registered before him. The error names the board and both players.
Result<bool> check_lineup(const Tournament& players, const Team& team, int boards, const std::vector<int>& lineup);

// Game points of one result code under the event's point system ('+' a win,
// '-' the forfeit loss, ' ' nothing yet).
Points board_points(const PointSystem& points, char code);

// The match's game and match points (11(g): unplayed boards scored as forfeits,
// a match of double forfeits only lost by both).
MatchScore score_match(const TeamEvent& event, const TeamMatch& match);

// Sets the line-ups of a paired match: the boards' players (0 = empty board,
// its result set at once: "+" against nobody, "--" for two empty places), and
// writes the players' round entries (opponent, colour, no result yet).
Result<bool> set_lineups(TeamEvent& event, int round, int match_index, const std::vector<int>& first_lineup,
                         const std::vector<int>& second_lineup);

// Enters (or corrects) the result of `board` (1-based) of a match: the first
// team's player's code and the second's ('1' '0', '=' '=', '0' '1', '+' '-',
// '-' '+', '-' '-'), into the board and the players' round entries.
Result<bool> enter_board_result(TeamEvent& event, int round, int match_index, int board, char first_code,
                                char second_code);

// The marks of a board for the crosstable: "1-0", "½-½", "+/-" (unplayed boards
// clearly marked, 11(g)), "-/-".
std::string format_board_result(const MatchBoard& board);

}  // namespace tabiya::tournament
