// POST /api/position/check (docs/protocol.md, "Start positions"): the new-game form asks whether a FEN or PGN
// can start a game, and sees the position play would begin from, before creating anything.
#pragma once

#include <boost/json.hpp>
#include <string_view>

#include "core/result.h"
#include "server/games/protocol.h"

namespace tabiya::server {

// {"v": 1, "fen": ...} or {"v": 1, "pgn": ...} -> {"fen", "start_fen", "plies", "turn"}, or the refusal that
// POST /api/games would give for the same field.
Result<boost::json::object, ProtocolError> check_position(std::string_view body);

}  // namespace tabiya::server
