// A team Swiss's options as an arbiter gives them on the server ("system": "team-swiss"), the CLI's `team new`
// options: the primary score (C.04.6 1.2), the colour preferences (1.7: Type A, Type B or none) and the colour of
// the first team on board 1 in round 1 (4.1), white, black or drawn by lot. The draw is made once by the server
// from a seed it stores with the event, so the outcome can be shown and re-derived after a restart.
#pragma once

#include <cstdint>
#include <optional>

#include <boost/json.hpp>

#include "server/base/service.h"
#include "tournament/team_swiss.h"

namespace tabiya::server {

// `rules` with the request's "primary" (mp|gp), "colour_preferences" (A|B|none) and "initial_colour"
// (white|black|lot) applied; a lot is drawn from `seed`. The refusal names the field.
std::optional<HttpAnswer> read_team_swiss_options(const boost::json::object& request, uint64_t seed,
                                                  tournament::TeamSwissRules& rules, bool& by_lot);

// The colour a draw by lot with `seed` gives the first team on board 1 in round 1.
tournament::Colour initial_colour_by_lot(uint64_t seed);

// The options as the event's JSON shows them.
boost::json::object team_swiss_options_json(const tournament::TeamSwissRules& rules, std::optional<uint64_t> lot_seed);

}  // namespace tabiya::server
