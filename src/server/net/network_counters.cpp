#include "server/net/network_counters.h"

#include "server/base/prometheus.h"

namespace tabiya::server {

void write_network_metrics(const Counters& c, std::string& out) {
  PrometheusWriter w(out);
  w.family("tabiya_sockets_open", "gauge", "Open sockets: HTTP connections and WebSockets.");
  w.sample("tabiya_sockets_open", "{kind=\"http\"}", int64_t(c.http_connections.load()));
  w.sample("tabiya_sockets_open", "{kind=\"websocket\"}", int64_t(c.websockets.load()));
  w.single("tabiya_http_requests_total", "counter", "HTTP requests read (WebSocket upgrades included).",
           int64_t(c.http_requests.load()));
  w.single("tabiya_http_too_large_total", "counter", "HTTP requests refused with 413 (body over the limit).",
           int64_t(c.http_too_large.load()));
  w.family("tabiya_websocket_upgrades_total", "counter", "WebSocket upgrade requests by outcome.");
  w.sample("tabiya_websocket_upgrades_total", "{result=\"accepted\"}", int64_t(c.ws_accepted.load()));
  w.sample("tabiya_websocket_upgrades_total", "{result=\"bad_origin\"}", int64_t(c.ws_bad_origin.load()));
  w.sample("tabiya_websocket_upgrades_total", "{result=\"unknown_game\"}", int64_t(c.ws_unknown.load()));
  w.family("tabiya_websocket_messages_total", "counter", "WebSocket messages received and sent.");
  w.sample("tabiya_websocket_messages_total", "{direction=\"in\"}", int64_t(c.ws_in.load()));
  w.sample("tabiya_websocket_messages_total", "{direction=\"out\"}", int64_t(c.ws_out.load()));
  w.single("tabiya_websocket_rate_limited_total", "counter", "WebSocket messages refused by flood throttling.",
           int64_t(c.ws_rate_limited.load()));
  w.family("tabiya_websocket_dropped_total", "counter", "WebSockets closed by the server for misbehaviour.");
  w.sample("tabiya_websocket_dropped_total", "{reason=\"flood\"}", int64_t(c.ws_closed_flood.load()));
  w.sample("tabiya_websocket_dropped_total", "{reason=\"too_large\"}", int64_t(c.ws_closed_too_large.load()));
  w.sample("tabiya_websocket_dropped_total", "{reason=\"slow_reader\"}", int64_t(c.ws_closed_slow.load()));
  w.sample("tabiya_websocket_dropped_total", "{reason=\"idle\"}", int64_t(c.ws_closed_idle.load()));
  w.single("tabiya_http_bad_host_total", "counter",
           "HTTP requests refused with 421 (a Host the server does not serve).", int64_t(c.http_bad_host.load()));
  w.family("tabiya_connections_refused_total", "counter",
           "Connections and WebSockets refused with 429 too_many_connections, by the limit they hit.");
  w.sample("tabiya_connections_refused_total", "{limit=\"client_connections\"}",
           int64_t(c.refused_client_connections.load()));
  w.sample("tabiya_connections_refused_total", "{limit=\"client_websockets\"}",
           int64_t(c.refused_client_websockets.load()));
  w.sample("tabiya_connections_refused_total", "{limit=\"server_full\"}", int64_t(c.refused_server_full.load()));
  c.ws_send.write(w, "tabiya_websocket_send_seconds",
                  "Time from a WebSocket message's sending by the service to its write to the socket.");
}

void write_connection_limit_metrics(const ConnectionLimits& limits, std::string& out) {
  PrometheusWriter w(out);
  w.single("tabiya_connections_counted", "gauge", "Connections counted against the global cap.",
           int64_t(limits.open_connections()));
  w.single("tabiya_connections_max", "gauge", "The global cap on connections (0: none).",
           int64_t(limits.options().max_connections));
  w.single("tabiya_connection_clients", "gauge", "Clients (IPv4 addresses, IPv6 /64s) holding a connection.",
           int64_t(limits.clients()));
}

}  // namespace tabiya::server
