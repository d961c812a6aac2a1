// Who is asking: a request's token makes its sender the event's arbiter, one of its players, or nobody.
#pragma once

#include <boost/json.hpp>

#include "server/events/tournament_event.h"

namespace tabiya::server {

enum class Role { none, arbiter, player };

struct Caller {
  Role role = Role::none;
  int player = 0;  // the start number, for a player
};

// From the request's "token" (compared in constant time with every secret of the event).
Caller caller_of(const EventEntry& e, const boost::json::object& body);

}  // namespace tabiya::server
