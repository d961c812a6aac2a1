// Who is behind a request or a WebSocket: a logged-in account, or nobody
// (anonymous play, which keeps working exactly as without accounts). The
// accounts service answers from its session cookie; the lobby, ratings and
// game history ask through this seam, so none of them reads cookies itself
// and a test can stand in for the accounts.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tabiya::server {

struct Identity {
  std::string account;   // the account's stable id (never reused, kept after a rename)
  std::string username;  // as the player spelled it at registration
};

class IdentityResolver {
 public:
  virtual ~IdentityResolver() = default;
  // The account whose live session cookie is in `cookie_header` (a Cookie header as sent); nullopt: anonymous.
  virtual std::optional<Identity> identify(std::string_view cookie_header) const = 0;
};

}  // namespace tabiya::server
