// The names this server answers to, and the pages its WebSockets may be
// opened from. A request's Host must name the server: a --public-url, the
// --host it listens on, the address the client connected to, or a loopback
// name, with the server's port, so that a hostile name pointed at the server
// (DNS rebinding) gets nothing. A browser's WebSocket must come from a page of
// the public URL (scheme, host and port), or of the very host it asked for
// over plain http when no public URL is set.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace tabiya::server {

// scheme://host[:port] with nothing after it but an optional "/"; the host in lower case, an IPv6 one without
// its brackets; the port filled in from the scheme when absent (http 80, https 443).
struct WebOrigin {
  std::string scheme;
  std::string host;
  uint16_t port = 0;
  bool operator==(const WebOrigin&) const = default;
};
// A --public-url: http or https only; the error names the text and what is wrong.
Result<WebOrigin> parse_public_url(std::string_view text);
// An Origin header (any scheme; "null" and anything with a path are not origins).
std::optional<WebOrigin> parse_origin(std::string_view text);

// A Host header split into its name (lower case, brackets off) and its port if it has one.
struct HostHeader {
  std::string name;
  std::optional<uint16_t> port;
};
std::optional<HostHeader> parse_host_header(std::string_view text);

class ServedNames {
 public:
  ServedNames() = default;
  ServedNames(std::string listen_host, std::vector<WebOrigin> public_urls)
      : listen_host_(std::move(listen_host)), public_urls_(std::move(public_urls)) {}
  // The port bound (known after the listener opens; 0 asks the OS for one).
  void set_port(uint16_t port) { port_ = port; }

  // `host`: the Host header; `local_address`: the address the connection reached (an IP literal, always a
  // name of this server whatever interface it is).
  bool host_allowed(std::string_view host, std::string_view local_address) const;
  // `origin`: the Origin header, absent for clients that are not browsers (scripts, the load test), who are
  // let in; `host`: the request's Host (already allowed).
  bool origin_allowed(std::optional<std::string_view> origin, std::string_view host) const;

 private:
  bool is_loopback_name(std::string_view name) const;
  std::string listen_host_;
  std::vector<WebOrigin> public_urls_;
  uint16_t port_ = 0;
};

}  // namespace tabiya::server
