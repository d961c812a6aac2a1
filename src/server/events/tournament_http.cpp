#include "server/events/tournament_http.h"

#include <algorithm>
#include <cctype>

#include "server/base/http_errors.h"

namespace tabiya::server {
namespace json = boost::json;

HttpAnswer tournament_json_answer(int status, const json::value& body) {
  return json_answer_text(status, json::serialize(body));
}

// Through the HTTP layer's one error builder (http_errors.h), as every service answers.
HttpAnswer tournament_error(int status, std::string code, json::object data) {
  return http_error(status, code, json::serialize(data));
}

HttpAnswer tournament_bad_field(std::string_view field, std::string_view expected, std::string detail) {
  json::object data{{"field", field}, {"expected", expected}};
  if (!detail.empty()) data["detail"] = detail;
  return tournament_error(400, "bad_request", std::move(data));
}

HttpAnswer tournament_not_allowed(std::string_view reason, json::object more) {
  more["reason"] = reason;
  return tournament_error(409, "not_allowed", std::move(more));
}

const json::value* field(const json::object& o, std::string_view name) {
  auto it = o.find(name);
  return it == o.end() || it->value().is_null() ? nullptr : &it->value();
}

std::optional<json::object> parse_body(std::string_view body, HttpAnswer& answer) {
  json::error_code ec;
  json::value v = json::parse(body, ec);
  if (ec) {
    answer = tournament_error(400, "bad_json", {{"detail", ec.message()}});
    return std::nullopt;
  }
  if (!v.is_object()) {
    answer = tournament_bad_field("", "object", "the request must be a JSON object");
    return std::nullopt;
  }
  return std::move(v.as_object());
}

bool valid_event_id(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  return std::all_of(id.begin(), id.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'; });
}

}  // namespace tabiya::server
