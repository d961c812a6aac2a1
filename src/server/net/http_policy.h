// The network layer's rules that need no Beast: whether a client takes gzip,
// the Content-Security-Policy, which messages are only keep-alive chatter, and
// the small JSON texts the network layer writes itself. (Hosts and origins:
// served_names.h.)
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
// The game protocol's ping and pong (docs/protocol.md), which say nothing about whether anyone is there: a
// WebSocket that carries only these is idle.
bool keepalive_chatter(std::string_view text);
// The Accept-Encoding header names gzip without refusing it (q=0).
bool accepts_gzip(std::string_view accept_encoding);

}  // namespace tabiya::server
