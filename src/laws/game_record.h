// A Game as a PGN record and back: moves with [%clk] times, the result, the
// reason and the rules profile in tags, so a stored game can be resumed or
// checked later with the same Laws.
#pragma once

#include <memory>
#include <string>

#include "core/result.h"
#include "laws/game.h"
#include "notation/pgn_game.h"

namespace tabiya {

// Tags written besides the Seven Tag Roster: Rules (profile name),
// TimeControl (PGN form), Termination (PGN standard word) and TerminationDetail
// (the reason and its article, e.g. "checkmate (FIDE 2018 Art. 5.1.1)").
// Draw offers, claims and arbiter actions become comments on the move after
// which they happened.
PgnGame game_to_pgn(const Game& game, const PgnTags& extra_tags = {});

// Replays a PGN mainline under the Laws into a Game: options from the Rules and
// TimeControl tags unless `options` is given. Moves are played one by one with
// every automatic ending applied; a move after the game ended is an error that
// names the move number and the reason the game had ended.
Result<Game> game_from_pgn(const PgnGame& pgn, std::optional<GameOptions> options = std::nullopt,
                           std::shared_ptr<const TimeSource> time = nullptr);

// The PGN Termination tag word for a termination ("normal", "time forfeit",
// "rules infraction", "adjudication", "abandoned").
std::string_view pgn_termination(Termination t);

}  // namespace tabiya
