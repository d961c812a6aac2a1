// What the team event API shows: the event as everyone may see it (teams, the matches board by board, standings,
// the match crosstable), the arbiter's captain links, and a captain's page (his team's boards: running or finished
// and their results, with the advice exchanged; no position, no moves and no clocks, as Tournament Rules 15 keeps
// the captain to "no information about the position" and the page is where he would read it).
#pragma once

#include <boost/json.hpp>
#include <optional>
#include <string>

#include "server/events/team_event.h"

namespace tabiya::server {

// A board of a published round.
struct TeamBoardRef {
  int round = 0;
  std::size_t match = 0;
  std::size_t board = 0;
};

// The board where `white` plays `black` in `round`.
std::optional<TeamBoardRef> find_team_board(const tournament::TeamEvent& event, int round, int white, int black);
// The running game (published, no result yet) of `player` in the last published round.
const OnlineGame* running_game_of(const TeamEntry& e, int player);
// "registration", "running", "finished".
std::string team_event_state(const TeamEntry& e);

// GET /api/tournaments/ID of a team event.
boost::json::object team_event_json(const TeamEntry& e);
// POST .../me with the arbiter's token: the captains' and the players' links.
boost::json::object team_arbiter_json(const TeamEntry& e);
// POST .../me with a player's token: his games with his seats.
boost::json::object team_player_json(const TeamEntry& e, int player);
// POST .../me with a captain's token.
boost::json::object team_captain_json(const TeamEntry& e, int team);
// The messages of `game` between `player` and his captain, oldest first.
boost::json::array advice_json(const TeamEntry& e, const std::string& game, int player);

}  // namespace tabiya::server
