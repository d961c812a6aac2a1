// A team's players chosen by its captain and a round's line-up (team.h: boards in registered order, reserves
// included, empty boards allowed and unplayed, 11(g)), submitted by the arbiter or the team's captain for a round
// not yet published. Every refusal is a code with the board and the players it is about (docs/protocol.md).
#include <algorithm>
#include <map>
#include <set>

#include "server/base/tokens.h"
#include "server/events/team_service.h"
#include "server/events/tournament_http.h"
#include "server/events/tournament_requests.h"

namespace tabiya::server {
namespace json = boost::json;
namespace tn = tabiya::tournament;

namespace {

// Why `lineup` may not be `team`'s (codes of docs/protocol.md), nullopt when it may: the same rules as
// tournament::check_lineup, which set_lineups applies again when the round is published.
std::optional<HttpAnswer> lineup_refusal(const tn::Team& team, int boards, const std::vector<int>& lineup) {
  if (static_cast<int>(lineup.size()) > boards)
    return tournament_not_allowed("lineup_too_long", {{"boards", boards}, {"players", lineup.size()}});
  std::set<int> seen;
  int above = 0;  // the last player lined up above this board
  std::size_t above_index = 0;
  for (std::size_t b = 0; b < lineup.size(); ++b) {
    const int player = lineup[b];
    if (player == 0) continue;
    const int board = static_cast<int>(b + 1);
    auto it = std::find(team.members.begin(), team.members.end(), player);
    if (it == team.members.end())
      return tournament_not_allowed("not_team_member", {{"board", board}, {"player", player}, {"team", team.number}});
    if (!seen.insert(player).second)
      return tournament_not_allowed("player_twice", {{"board", board}, {"player", player}});
    const std::size_t index = static_cast<std::size_t>(it - team.members.begin());
    // A player registered before a team-mate may not play below him.
    if (above != 0 && index < above_index)
      return tournament_not_allowed("board_order", {{"board", board}, {"player", player}, {"above", above}});
    above = player;
    above_index = index;
  }
  return std::nullopt;
}

// Takes `team`'s players out of the event, before any round: the later players move up to keep the start numbers
// 1..n (with their links), and line-ups naming a moved player follow him; the team's own line-ups go.
void remove_roster(TeamEntry& e, int team) {
  std::vector<int>& members = e.event.teams[std::size_t(team - 1)].members;
  if (members.empty()) return;
  const std::set<int> gone(members.begin(), members.end());
  members.clear();
  std::map<int, int> renumbered;
  std::vector<tn::Player> kept;
  for (tn::Player& p : e.event.players.players) {
    if (gone.contains(p.number)) continue;
    renumbered[p.number] = static_cast<int>(kept.size()) + 1;
    p.number = static_cast<int>(kept.size()) + 1;
    kept.push_back(std::move(p));
  }
  e.event.players.players = std::move(kept);
  auto moved = [&](int number) { return number == 0 ? 0 : renumbered.at(number); };
  for (tn::Team& t : e.event.teams)
    for (int& m : t.members) m = moved(m);
  std::map<int, std::string> links;
  for (const auto& [number, token] : e.players)
    if (!gone.contains(number)) links[moved(number)] = token;
  e.players = std::move(links);
  for (auto& [round, teams] : e.lineups) {
    teams.erase(team);
    for (auto& [other, lineup] : teams)
      for (int& p : lineup) p = moved(p);
  }
}

}  // namespace

std::optional<HttpAnswer> TeamEvents::enter_roster(TeamEntry& e, int team, const json::value* players) {
  const std::size_t most = std::size_t(e.event.boards + MAX_TEAM_RESERVES);
  if (!players || !players->is_array() || players->as_array().size() < std::size_t(e.event.boards) ||
      players->as_array().size() > most)
    return tournament_bad_field("players", "array of the players in board order, boards to boards + 4 of them");
  for (const json::value& entry : players->as_array()) {
    HttpAnswer bad;
    auto p = entry.is_object() ? player_from(entry.as_object(), bad) : std::nullopt;
    if (!p) return entry.is_object() ? bad : tournament_bad_field("players", "array of objects with a name");
    p->number = static_cast<int>(e.event.players.players.size()) + 1;
    e.event.teams[std::size_t(team - 1)].members.push_back(p->number);
    e.players[p->number] = new_seat_token();
    e.event.players.players.push_back(std::move(*p));
  }
  return std::nullopt;
}

HttpAnswer TeamEvents::captain_roster(TeamEntry& e, int team, const json::object& o) {
  if (!e.captains_register) return tournament_not_allowed("captains_do_not_register");
  if (!e.registration_open) return tournament_not_allowed("registration_closed");
  const TeamEntry before = e;
  // A captain may correct his roster until registration closes: the new one replaces it.
  remove_roster(e, team);
  if (auto refused = enter_roster(e, team, field(o, "players"))) {
    e = before;
    return *refused;
  }
  return commit(
      e, before,
      tournament_json_answer(
          201, json::object{{"team", team}, {"players", e.event.teams[std::size_t(team - 1)].members.size()}}));
}

HttpAnswer TeamEvents::submit_lineup(TeamEntry& e, int team, const json::object& o) {
  if (team == 0) {
    const json::value* named = field(o, "team");
    if (!named || !named->is_int64() ||
        !e.event.team(static_cast<int>(std::clamp<int64_t>(named->as_int64(), 0, 1000))))
      return tournament_bad_field("team", "team number");
    team = static_cast<int>(named->as_int64());
  }
  const json::value* round = field(o, "round");
  if (!round || !round->is_int64()) return tournament_bad_field("round", "integer");
  const int r = static_cast<int>(std::clamp<int64_t>(round->as_int64(), -1, 10'000));
  // A line-up is for a round still to come: once a round is published its games are running.
  if (r <= e.published) return tournament_not_allowed("round_published", {{"round", r}, {"published", e.published}});
  if (!e.registration_open && r > e.event.players.total_rounds)
    return tournament_not_allowed("no_such_round", {{"round", r}, {"rounds", e.event.players.total_rounds}});
  if (e.registration_open && r != 1) return tournament_not_allowed("no_such_round", {{"round", r}, {"rounds", 0}});
  const json::value* players = field(o, "players");
  if (!players || !players->is_array())
    return tournament_bad_field("players", "array of start numbers by board, 0 or null for an empty board");
  std::vector<int> lineup;
  for (const json::value& p : players->as_array()) {
    if (p.is_null()) lineup.push_back(0);
    else if (p.is_int64() && p.as_int64() >= 0 && p.as_int64() < 1'000'000)
      lineup.push_back(static_cast<int>(p.as_int64()));
    else return tournament_bad_field("players", "array of start numbers by board, 0 or null for an empty board");
  }
  const tn::Team& t = *e.event.team(team);
  if (auto refused = lineup_refusal(t, e.event.boards, lineup)) return *refused;
  lineup.resize(std::size_t(e.event.boards), 0);
  const TeamEntry before = e;
  e.lineups[r][team] = lineup;
  json::array numbers;
  for (int p : lineup) numbers.push_back(p);
  return commit(
      e, before,
      tournament_json_answer(200, json::object{{"round", r}, {"team", team}, {"players", std::move(numbers)}}));
}

}  // namespace tabiya::server
