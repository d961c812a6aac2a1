// The analysis board's HTTP routes (docs/protocol.md, "Analysis board"): the
// legal moves and SAN of any position a client shows, the pieces bearing on one
// of its squares, the engine's view of it, and a reviewed game as PGN with the
// evaluations, labels and better lines.
#pragma once

#include <boost/json/object.hpp>
#include <string>
#include <string_view>

#include "server/base/service.h"
#include "server/review/review.h"

namespace tabiya::server {

// POST /api/position {"fen", "uci"?}: the position (after the move, if one is given) with its legal moves.
HttpAnswer position_answer(std::string_view body);
// POST /api/position/attackers {"fen", "square"}: the pieces of each colour bearing on the square (blind mode).
HttpAnswer attackers_answer(std::string_view body);
// POST /api/position/eval {"fen"}: the engine's view of the position, for this client (one at a time).
HttpAnswer position_eval_answer(Reviewer& reviewer, std::string_view client, std::string_view body);
// The game's PGN (as GET /api/games/ID/pgn writes it) with the review's [%eval] comments, the labels as
// NAGs and the engine's line as a variation at each labelled move. The review must be done.
HttpAnswer analysis_pgn(const HttpAnswer& plain_pgn, const ReviewState& review);

// The analysis fields of a reviewed ply in GET /api/games/ID/review: line_san, fen, label, loss.
void add_analysis_fields(boost::json::object& out, const PlyReview& ply);
// Per side: how many inaccuracies, mistakes and blunders, and the average centipawn loss (null without moves).
boost::json::object review_summary_json(const ReviewState& review);

}  // namespace tabiya::server
