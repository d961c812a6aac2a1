// The tournament API's answers and the reading of its JSON requests: error bodies {"error": CODE, "data": {...}}
// as docs/protocol.md describes them for /api/tournaments.
#pragma once

#include <boost/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "server/base/service.h"

namespace tabiya::server {

HttpAnswer tournament_json_answer(int status, const boost::json::value& body);
HttpAnswer tournament_error(int status, std::string code, boost::json::object data = {});
// 400 bad_request naming the field and what it expects.
HttpAnswer tournament_bad_field(std::string_view field, std::string_view expected, std::string detail = {});
// 409 not_allowed with the reason.
HttpAnswer tournament_not_allowed(std::string_view reason, boost::json::object more = {});

// A field of a request, nullptr when absent or null.
const boost::json::value* field(const boost::json::object& o, std::string_view name);
// The request body as a JSON object; otherwise nullopt with the answer in `answer`.
std::optional<boost::json::object> parse_body(std::string_view body, HttpAnswer& answer);
// Event ids are 1 to 64 letters, digits, '-' and '_'.
bool valid_event_id(std::string_view id);

}  // namespace tabiya::server
