// A stand-in for the accounts in tests (`tabiya serve --lobby-test-accounts`):
// the cookie "acct=NAME" is the account "id-NAME" named NAME, with no password
// and no session. Never for a real server: anyone can claim any name.
#pragma once

#include <cctype>

#include "server/base/identity.h"

namespace tabiya::server {

class CookieNameAccounts final : public IdentityResolver {
 public:
  std::optional<Identity> identify(std::string_view cookie) const override {
    constexpr std::string_view prefix = "acct=";
    std::size_t at = cookie.find(prefix);
    // Only at a cookie's start ("acct=" inside another cookie's value does not count).
    while (at != std::string_view::npos && at > 0 && cookie[at - 1] != ' ' && cookie[at - 1] != ';')
      at = cookie.find(prefix, at + 1);
    if (at == std::string_view::npos) return std::nullopt;
    std::string_view name = cookie.substr(at + prefix.size());
    name = name.substr(0, name.find(';'));
    if (name.empty() || name.size() > 30) return std::nullopt;
    for (char c : name)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') return std::nullopt;
    return Identity{"id-" + std::string(name), std::string(name)};
  }
};

}  // namespace tabiya::server
