// What the tournament API shows: the event as everyone may see it (players, pairings, results, standings,
// crosstable), what a token may see besides, and the event's tags on its games' PGN.
#pragma once

#include <boost/json.hpp>
#include <string>

#include "server/events/tournament_auth.h"
#include "server/events/tournament_event.h"

namespace tabiya::server {

// GET /api/tournaments/ID.
boost::json::object event_json(const EventEntry& e);
// POST .../me: a player's own games with his seat tokens; for the arbiter, the join code and every player's link.
boost::json::object private_json(const EventEntry& e, const Caller& c);
// One game's PGN with the event's name, the round and the players' names in its tags.
std::string with_event_tags(const std::string& pgn, const std::string& event, int round, const std::string& white,
                            const std::string& black);

// A board's result from White's and Black's TRF round entries: "1-0", "0-1", "1/2", "+-", "-+", "--";
// empty while it has none.
std::string board_result(char white, char black);
// A board's result with no game record (entered by the arbiter, or a forfeit) as a PGN game of no moves.
std::string result_only_pgn(const std::string& event, int round, const std::string& white, const std::string& black,
                            const std::string& result);

}  // namespace tabiya::server
