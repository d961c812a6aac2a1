// The network layer's rules that need no Beast: which origins may open a
// WebSocket, whether a client takes gzip, the Content-Security-Policy, and the
// small JSON texts the network layer writes itself.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tabiya::server {

// `text` as a JSON string literal, quotes included.
std::string json_string(std::string_view text);
// {"t":"error","code":CODE,"data":DATA} as docs/protocol.md gives WebSocket errors.
std::string ws_error(std::string_view code, std::string_view data);
// The host the browser used, if it is a plain host[:port]; used in connect-src.
bool plain_host(std::string_view host);
std::string content_security_policy(std::string_view host);
bool iequals(std::string_view a, std::string_view b);
// A browser's WebSocket must come from a page of this server: Origin's host[:port] equals Host. Clients that are
// not browsers (the load test, scripts) send no Origin and are let in; a browser always sends one.
bool origin_allowed(std::optional<std::string_view> origin, std::string_view host);
// The Accept-Encoding header names gzip without refusing it (q=0).
bool accepts_gzip(std::string_view accept_encoding);

}  // namespace tabiya::server
