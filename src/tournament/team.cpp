#include "tournament/team.h"

#include <algorithm>
#include <set>

namespace tabiya::tournament {
namespace {

bool played_code(char c) { return c == '1' || c == '0' || c == '='; }

// The result code the opponent gets for `code`.
bool codes_agree(char first, char second) {
  if (first == '1') return second == '0';
  if (first == '0') return second == '1';
  if (first == '=') return second == '=';
  if (first == '+') return second == '-';
  if (first == '-') return second == '+' || second == '-';
  return false;
}

std::string player_label(const Tournament& t, int number) {
  const Player* p = t.player(number);
  std::string label = "player " + std::to_string(number);
  if (p && !p->name.empty()) label += " (" + p->name + ")";
  return label;
}

// A player's round entry; against an empty place no colour (the TRF's "0000 - +").
void set_entry(Tournament& t, int player, int round, RoundEntry e) {
  if (e.opponent == 0) e.colour = Colour::none;
  Player* p = t.player(player);
  if (!p) return;
  if (static_cast<int>(p->rounds.size()) < round) p->rounds.resize(round);
  p->rounds[round - 1] = e;
}

}  // namespace

bool MatchBoard::played() const {
  return first_player != 0 && second_player != 0 && played_code(first_result) && played_code(second_result);
}

const Team* TeamEvent::team(int number) const {
  if (number < 1 || number > static_cast<int>(teams.size())) return nullptr;
  return &teams[number - 1];
}

int TeamEvent::team_of(int player) const {
  for (const Team& t : teams)
    if (std::find(t.members.begin(), t.members.end(), player) != t.members.end()) return t.number;
  return 0;
}

Points TeamEvent::bye_game_points_value() const {
  return bye_game_points >= 0 ? bye_game_points : boards * players.points.draw;
}

void number_matches(std::vector<TeamMatch>& matches) {
  auto key = [](const TeamMatch& m) { return m.bye() ? 1 << 20 : std::min(m.first, m.second); };
  std::stable_sort(matches.begin(), matches.end(),
                   [&](const TeamMatch& a, const TeamMatch& b) { return key(a) < key(b); });
}

Colour board_colour(Colour board_one, int board) { return board % 2 == 1 ? board_one : opposite(board_one); }

Result<bool> check_lineup(const Tournament& players, const Team& team, int boards, const std::vector<int>& lineup) {
  const std::string who = "team " + std::to_string(team.number) + (team.name.empty() ? "" : " (" + team.name + ")");
  if (static_cast<int>(lineup.size()) > boards)
    return fail(who + ": line-up of " + std::to_string(lineup.size()) + " players for " + std::to_string(boards) +
                " boards");
  std::set<int> seen;
  int previous_board = 0;
  int previous_index = -1;
  for (int b = 1; b <= static_cast<int>(lineup.size()); ++b) {
    const int player = lineup[b - 1];
    if (player == 0) continue;
    auto it = std::find(team.members.begin(), team.members.end(), player);
    if (it == team.members.end())
      return fail(who + ", board " + std::to_string(b) + ": " + player_label(players, player) +
                  " is not registered for the team");
    if (!seen.insert(player).second)
      return fail(who + ", board " + std::to_string(b) + ": " + player_label(players, player) +
                  " is already on board " + std::to_string(previous_board));
    const int index = static_cast<int>(it - team.members.begin());
    if (index < previous_index)
      return fail(who + ", board " + std::to_string(b) + ": " + player_label(players, player) + " (registered " +
                  std::to_string(index + 1) + ") may not play below " +
                  player_label(players, lineup[previous_board - 1]) + " (registered " +
                  std::to_string(previous_index + 1) + "): the board order follows the registered order");
    previous_index = index;
    previous_board = b;
  }
  return true;
}

Points board_points(const PointSystem& points, char code) {
  switch (code) {
    case '1':
    case '+':
      return points.win;
    case '=':
      return points.draw;
    case '0':
      return points.loss;
    case '-':
      return points.forfeit_loss;
    default:
      return 0;
  }
}

MatchScore score_match(const TeamEvent& event, const TeamMatch& match) {
  MatchScore s;
  if (match.bye()) {
    s.first_game_points = event.bye_game_points_value();
    s.first_match_points = event.bye_match_points;
    s.complete = true;
    return s;
  }
  s.complete = static_cast<int>(match.boards.size()) == event.boards;
  bool any_played = false;
  for (const MatchBoard& b : match.boards) {
    if (!b.has_result()) s.complete = false;
    s.first_game_points += board_points(event.players.points, b.first_result);
    s.second_game_points += board_points(event.players.points, b.second_result);
    any_played = any_played || b.played() || b.first_result == '+' || b.second_result == '+';
  }
  if (!s.complete) return s;
  const MatchPointSystem& mp = event.match_points;
  if (!any_played && s.first_game_points == 0 && s.second_game_points == 0) {
    s.first_match_points = s.second_match_points = mp.loss;  // both teams absent: lost by both (11(d), 11(g))
  } else if (s.first_game_points > s.second_game_points) {
    s.first_match_points = mp.win;
    s.second_match_points = mp.loss;
  } else if (s.first_game_points < s.second_game_points) {
    s.first_match_points = mp.loss;
    s.second_match_points = mp.win;
  } else {
    s.first_match_points = s.second_match_points = mp.draw;
  }
  return s;
}

Result<bool> set_lineups(TeamEvent& event, int round, int match_index, const std::vector<int>& first_lineup,
                         const std::vector<int>& second_lineup) {
  if (round < 1 || round > static_cast<int>(event.rounds.size()))
    return fail("round " + std::to_string(round) + " is not paired");
  auto& matches = event.rounds[round - 1];
  if (match_index < 0 || match_index >= static_cast<int>(matches.size()))
    return fail("round " + std::to_string(round) + " has no match " + std::to_string(match_index + 1));
  TeamMatch& m = matches[match_index];
  if (m.bye()) return fail("round " + std::to_string(round) + ", match " + std::to_string(match_index + 1) + ": a bye");
  auto first = check_lineup(event.players, *event.team(m.first), event.boards, first_lineup);
  if (!first) return first.error();
  auto second = check_lineup(event.players, *event.team(m.second), event.boards, second_lineup);
  if (!second) return second.error();
  // Clear the entries of an earlier line-up of this match.
  for (const MatchBoard& b : m.boards) {
    if (b.first_player) set_entry(event.players, b.first_player, round, {});
    if (b.second_player) set_entry(event.players, b.second_player, round, {});
  }
  const Colour board_one =
      m.boards.empty() || m.boards.front().first_colour == Colour::none ? Colour::white : m.boards.front().first_colour;
  m.boards.assign(event.boards, {});
  for (int b = 1; b <= event.boards; ++b) {
    MatchBoard& mb = m.boards[b - 1];
    mb.first_colour = board_colour(board_one, b);
    mb.first_player = b <= static_cast<int>(first_lineup.size()) ? first_lineup[b - 1] : 0;
    mb.second_player = b <= static_cast<int>(second_lineup.size()) ? second_lineup[b - 1] : 0;
    // An empty place is an unplayed board at once (11(g)): the player present wins by forfeit.
    if (mb.first_player == 0 || mb.second_player == 0) {
      mb.first_result = mb.first_player ? '+' : '-';
      mb.second_result = mb.second_player ? '+' : '-';
    }
    if (mb.first_player)
      set_entry(event.players, mb.first_player, round, {mb.second_player, mb.first_colour, mb.first_result});
    if (mb.second_player)
      set_entry(event.players, mb.second_player, round, {mb.first_player, opposite(mb.first_colour), mb.second_result});
  }
  return true;
}

Result<bool> enter_board_result(TeamEvent& event, int round, int match_index, int board, char first_code,
                                char second_code) {
  const std::string where = "round " + std::to_string(round) + ", match " + std::to_string(match_index + 1) +
                            ", board " + std::to_string(board);
  if (round < 1 || round > static_cast<int>(event.rounds.size()))
    return fail("round " + std::to_string(round) + " is not paired");
  auto& matches = event.rounds[round - 1];
  if (match_index < 0 || match_index >= static_cast<int>(matches.size()))
    return fail("round " + std::to_string(round) + " has no match " + std::to_string(match_index + 1));
  TeamMatch& m = matches[match_index];
  if (board < 1 || board > static_cast<int>(m.boards.size())) return fail(where + ": no such board (line-ups set?)");
  if (!codes_agree(first_code, second_code))
    return fail(where + ": results '" + std::string(1, first_code) + "' and '" + std::string(1, second_code) +
                "' do not fit together");
  MatchBoard& b = m.boards[board - 1];
  if ((b.first_player == 0 && first_code != '-') || (b.second_player == 0 && second_code != '-'))
    return fail(where + ": an empty place can only lose by forfeit");
  if ((b.first_player == 0 || b.second_player == 0) && (played_code(first_code) || played_code(second_code)))
    return fail(where + ": a board with an empty place was not played");
  b.first_result = first_code;
  b.second_result = second_code;
  if (b.first_player) set_entry(event.players, b.first_player, round, {b.second_player, b.first_colour, first_code});
  if (b.second_player)
    set_entry(event.players, b.second_player, round, {b.first_player, opposite(b.first_colour), second_code});
  return true;
}

std::string format_board_result(const MatchBoard& b) {
  if (!b.has_result()) return "";
  auto mark = [](char c) -> std::string {
    switch (c) {
      case '1':
        return "1";
      case '0':
        return "0";
      case '=':
        return "½";
      default:
        return std::string(1, c);
    }
  };
  const char* sep = b.played() ? "-" : "/";
  return mark(b.first_result) + sep + mark(b.second_result);
}

}  // namespace tabiya::tournament
