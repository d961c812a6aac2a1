#include "server/events/tournament_auth.h"

#include "server/base/tokens.h"
#include "server/events/tournament_http.h"

namespace tabiya::server {

Caller caller_of(const EventEntry& e, const boost::json::object& body) {
  const boost::json::value* token = field(body, "token");
  if (!token || !token->is_string()) return {};
  const std::string_view tok = token->as_string();
  if (same_secret(tok, e.arbiter)) return {Role::arbiter, 0};
  for (const auto& [number, secret] : e.tokens)
    if (same_secret(tok, secret)) return {Role::player, number};
  return {};
}

}  // namespace tabiya::server
