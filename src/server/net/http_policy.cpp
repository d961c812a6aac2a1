#include "server/net/http_policy.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace tabiya::server {

std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", u);
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string ws_error(std::string_view code, std::string_view data) {
  return R"({"t":"error","code":")" + std::string(code) + R"(","data":)" + std::string(data) + "}";
}

bool plain_host(std::string_view host) {
  if (host.empty() || host.size() > 255) return false;
  return std::all_of(host.begin(), host.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == ':' || c == '[' || c == ']';
  });
}

// What the web app needs and nothing more: its own scripts and styles, data: images (chessground's pieces are
// data: SVGs in its CSS), WebSockets to this same host (spelled out because older browsers do not let 'self'
// cover ws:), no plugins, no framing, no <base> rewriting.
std::string content_security_policy(std::string_view host) {
  std::string connect = "'self'";
  if (plain_host(host)) connect += " ws://" + std::string(host) + " wss://" + std::string(host);
  return "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self' data:; "
         "media-src 'self' data: blob:; connect-src " +
         connect + "; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

bool keepalive_chatter(std::string_view text) {
  return text.starts_with(R"({"t":"ping",)") || text.starts_with(R"({"t":"pong",)");
}

bool accepts_gzip(std::string_view accept) {
  std::size_t at = accept.find("gzip");
  if (at == std::string_view::npos) return false;
  // "gzip;q=0" refuses it.
  std::string_view rest = accept.substr(at + 4);
  std::size_t comma = rest.find(',');
  std::string_view params = rest.substr(0, comma);
  return params.find("q=0") == std::string_view::npos || params.find("q=0.") != std::string_view::npos;
}

}  // namespace tabiya::server
