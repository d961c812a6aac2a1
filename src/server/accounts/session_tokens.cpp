#include "server/accounts/session_tokens.h"

#include <sodium.h>

namespace tabiya::server {

std::string random_token() {
  unsigned char bytes[32];
  randombytes_buf(bytes, sizeof bytes);
  char text[sodium_base64_ENCODED_LEN(sizeof bytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING)];
  sodium_bin2base64(text, sizeof text, bytes, sizeof bytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  return text;
}

std::string token_hash(std::string_view token) {
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(token.data()), token.size());
  char hex[2 * sizeof digest + 1];
  sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
  return hex;
}

std::string_view cookie_value(std::string_view header, std::string_view name) {
  while (!header.empty()) {
    std::size_t end = header.find(';');
    std::string_view pair = header.substr(0, end);
    header = end == std::string_view::npos ? std::string_view{} : header.substr(end + 1);
    while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
    std::size_t eq = pair.find('=');
    if (eq != std::string_view::npos && pair.substr(0, eq) == name) return pair.substr(eq + 1);
  }
  return {};
}

std::string session_cookie(std::string_view token, bool secure) {
  std::string cookie(SESSION_COOKIE);
  cookie += '=';
  cookie += token;
  cookie += "; HttpOnly; SameSite=Lax; Path=/; Max-Age=";
  cookie += token.empty() ? std::string("0") : std::to_string(SESSION_LIFETIME.count());
  if (secure) cookie += "; Secure";
  return cookie;
}

}  // namespace tabiya::server
