// Session cookies: a random 256-bit token the browser holds (HttpOnly, SameSite=Lax, Path=/, Secure over https),
// of which the server keeps only a SHA-256 hash (a stolen database opens no session), and the CSRF token the page
// sends back in X-CSRF-Token (double submit: a cross-site page can make the browser send the cookie, never read
// the token).
#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "server/base/tokens.h"  // same_secret

namespace tabiya::server {

inline constexpr std::string_view SESSION_COOKIE = "tabiya_session";
inline constexpr std::chrono::seconds SESSION_LIFETIME = std::chrono::hours(24 * 30);

// 32 random bytes from the OS, URL-safe base64 without padding (43 characters).
std::string random_token();
// SHA-256 of the token, lower-case hex.
std::string token_hash(std::string_view token);
// The value of cookie `name` in a Cookie header ("a=1; b=2"); empty when absent.
std::string_view cookie_value(std::string_view header, std::string_view name);
// The Set-Cookie value that gives the browser `token`, or (empty token) forgets it.
std::string session_cookie(std::string_view token, bool secure);

}  // namespace tabiya::server
