// Reading the tournament API's requests that carry an event's or a player's particulars: checked field by field,
// a refusal naming the field and what it expects (400 bad_request).
#pragma once

#include <boost/json.hpp>
#include <optional>

#include "server/base/service.h"
#include "server/events/tournament_event.h"

namespace tabiya::server {

// A player's particulars from a join or add request, checked like `tabiya tournament add-player` (the checks of
// tournament/office.h). Otherwise nullopt with the refusal in `answer`.
std::optional<tournament::Player> player_from(const boost::json::object& o, HttpAnswer& answer);

// A new event's settings (v, name, system, rounds, time, rules, tie_breaks, tie_break_edition) into `event`; the
// refusal if a field is wrong.
std::optional<HttpAnswer> read_new_event(const boost::json::object& request, EventEntry& event);

}  // namespace tabiya::server
