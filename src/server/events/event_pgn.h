// An event's games as one PGN download (GET /api/tournaments/ID/pgn), for individual and team events alike.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "server/base/service.h"
#include "server/games/game_api.h"

namespace tabiya::server {

// One board of a published round.
struct EventPgnBoard {
  std::string game;  // the id of the board's game here; empty: none (a result the arbiter entered, a forfeit)
  int round = 0;
  std::string white, black;  // the players' names
  std::string result;        // the board's result as the crosstable has it (board_result); empty: none yet
  // Tags written after the event's (a team event's WhiteTeam and BlackTeam), in this order.
  std::vector<std::pair<std::string, std::string>> extra_tags;
};

// Every board in the order given: its game's record with the event's tags, or a game of no moves for a result that
// did not come from a game here; a board with neither (an unfinished game, no result) is left out. A game record
// counts only when it holds the result: an unfinished one ("*") does not. The games are read through `games`, so
// the caller must hold no lock a game's end takes.
HttpAnswer event_pgn_answer(GameApi& games, const std::string& event_name, const std::vector<EventPgnBoard>& boards,
                            const std::string& file_name);

}  // namespace tabiya::server
