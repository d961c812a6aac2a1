#include "server/events/event_service_steps.h"

#include <boost/json.hpp>

#include "server/events/tournament_http.h"

namespace tabiya::server {
namespace json = boost::json;

HttpAnswer change_exclusively(EventFileStore& files, const std::string& id, const std::string& label,
                              const EventLog& log, const std::function<HttpAnswer()>& change) {
  HttpAnswer answer;
  if (auto locked = files.exclusively(id, [&] { answer = change(); }); !locked) {
    log(label + ": " + locked.error().message);
    return tournament_error(500, "server_error", {{"detail", "cannot lock the event"}});
  }
  return answer;
}

HttpAnswer unreadable_event(const std::string& label, const std::string& why, const EventLog& log) {
  log(label + ": " + why);
  return tournament_error(500, "server_error", {{"detail", "cannot read the event"}});
}

}  // namespace tabiya::server
