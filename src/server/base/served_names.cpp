#include "server/base/served_names.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace tabiya::server {

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

std::optional<uint16_t> parse_port(std::string_view digits) {
  unsigned value = 0;
  auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || error != std::errc() || end != digits.data() + digits.size() || value == 0 || value > 65535)
    return std::nullopt;
  return uint16_t(value);
}

bool name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_' || c == ':';
}

uint16_t default_port(std::string_view scheme) { return scheme == "https" || scheme == "wss" ? 443 : 80; }

}  // namespace

std::optional<HostHeader> parse_host_header(std::string_view text) {
  HostHeader out;
  std::string_view rest;
  if (text.starts_with('[')) {  // an IPv6 literal
    std::size_t close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    out.name = lower(text.substr(1, close - 1));
    rest = text.substr(close + 1);
    if (out.name.find_first_not_of("0123456789abcdef:.") != std::string::npos) return std::nullopt;
  } else {
    std::size_t colon = text.find(':');
    out.name = lower(text.substr(0, colon));
    rest = colon == std::string_view::npos ? std::string_view() : text.substr(colon);
    if (out.name.find(':') != std::string::npos) return std::nullopt;
  }
  if (out.name.empty() || out.name.size() > 253 || !std::all_of(out.name.begin(), out.name.end(), name_char))
    return std::nullopt;
  if (!rest.empty()) {
    if (!rest.starts_with(':')) return std::nullopt;
    out.port = parse_port(rest.substr(1));
    if (!out.port) return std::nullopt;
  }
  return out;
}

std::optional<WebOrigin> parse_origin(std::string_view text) {
  std::size_t separator = text.find("://");
  if (separator == std::string_view::npos || separator == 0) return std::nullopt;
  WebOrigin out;
  out.scheme = lower(text.substr(0, separator));
  if (!std::all_of(out.scheme.begin(), out.scheme.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.';
      }))
    return std::nullopt;
  std::string_view authority = text.substr(separator + 3);
  if (authority.ends_with('/')) authority.remove_suffix(1);
  if (authority.find_first_of("/?#@") != std::string_view::npos) return std::nullopt;
  auto host = parse_host_header(authority);
  if (!host) return std::nullopt;
  out.host = host->name;
  out.port = host->port.value_or(default_port(out.scheme));
  return out;
}

Result<WebOrigin> parse_public_url(std::string_view text) {
  auto origin = parse_origin(text);
  if (!origin)
    return fail("public URL '" + std::string(text) +
                "': expected scheme://host[:port] with no path, e.g. https://chess.example.org");
  if (origin->scheme != "http" && origin->scheme != "https")
    return fail("public URL '" + std::string(text) + "': the scheme must be http or https, not '" + origin->scheme +
                "'");
  return *origin;
}

bool ServedNames::is_loopback_name(std::string_view name) const {
  return name == "localhost" || name == "127.0.0.1" || name == "::1";
}

bool ServedNames::host_allowed(std::string_view host, std::string_view local_address) const {
  auto parsed = parse_host_header(host);
  if (!parsed) return false;
  for (const WebOrigin& url : public_urls_)
    if (parsed->name == url.host && parsed->port.value_or(default_port(url.scheme)) == url.port) return true;
  // The names of the listening socket itself: the port is this server's.
  if (parsed->port.value_or(80) != port_) return false;
  std::string listen = lower(listen_host_);
  if (listen.starts_with('[') && listen.ends_with(']')) listen = listen.substr(1, listen.size() - 2);
  const bool wildcard = listen.empty() || listen == "0.0.0.0" || listen == "::";
  return is_loopback_name(parsed->name) || (!wildcard && parsed->name == listen) ||
         (!local_address.empty() && parsed->name == lower(local_address));
}

bool ServedNames::origin_allowed(std::optional<std::string_view> origin_header, std::string_view host) const {
  if (!origin_header) return true;
  auto origin = parse_origin(*origin_header);
  auto asked = parse_host_header(host);
  if (!origin || !asked) return false;
  for (const WebOrigin& url : public_urls_)
    if (*origin == url) return true;
  // A page of the very host the request asked for, over plain http: the one way in without a public URL, and
  // on a loopback name (a developer or an operator on the machine itself) besides the public URLs.
  if (!public_urls_.empty() && !is_loopback_name(asked->name)) return false;
  return origin->scheme == "http" && origin->host == asked->name && origin->port == asked->port.value_or(80);
}

}  // namespace tabiya::server
