// Steps the individual and the team event services (tournament_service.h, team_service.h) take alike: a change made
// under the event's lock against every node, and the answer when an event cannot be read again.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "server/base/service.h"
#include "server/store/tournament_storage_backend.h"

namespace tabiya::server {

using EventLog = std::function<void(const std::string&)>;

// The answer of `change`, run under event `id`'s lock; 500 server_error when the lock cannot be taken, logged
// as "`label`: why" (label names the event, e.g. "tournament ID").
HttpAnswer change_exclusively(EventFileStore& files, const std::string& id, const std::string& label,
                              const EventLog& log, const std::function<HttpAnswer()>& change);

// 500 server_error when the event cannot be read again before a change, logged as "`label`: why".
HttpAnswer unreadable_event(const std::string& label, const std::string& why, const EventLog& log);

}  // namespace tabiya::server
