#include "server/event_service_steps.h"

#include <boost/json.hpp>

#include "server/tournament_http.h"

namespace tabiya::server {
namespace json = boost::json;

std::optional<std::string> ended_game_score(Service& games, const std::string& game_id) {
  HttpAnswer a = games.http({"GET", "/api/games/" + game_id, ""});
  if (a.status != 200) return std::nullopt;
  json::error_code ec;
  json::value v = json::parse(a.body, ec);
  if (ec || !v.is_object()) return std::nullopt;
  const json::value* result = field(v.as_object(), "result");
  if (!result || !result->is_object()) return std::nullopt;
  const json::value* score = field(result->as_object(), "score");
  if (!score || !score->is_string()) return std::nullopt;
  return std::string(score->as_string());
}

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
