#include "server/base/router.h"

#include <algorithm>

#include "server/base/http_errors.h"

namespace tabiya::server {

namespace {

// A socket as the router keeps it: the module it was opened on, and that module's own session.
struct RoutedSession final : Session {
  Service* service = nullptr;
  std::shared_ptr<Session> inner;
};

std::string_view without_query(std::string_view target) { return target.substr(0, target.find('?')); }

}  // namespace

bool Route::matches(Kind k, std::string_view target) const {
  if (k != kind) return false;
  std::string_view pattern = path;
  // Segment by segment: a "*" takes one non-empty segment of the target, anything else must be the same text.
  while (!pattern.empty()) {
    const std::size_t star = pattern.find('*');
    const std::string_view literal = pattern.substr(0, star);
    if (!target.starts_with(literal)) return false;
    target.remove_prefix(literal.size());
    if (star == std::string_view::npos) break;
    const std::size_t segment = std::min(target.find('/'), target.size());
    if (segment == 0) return false;
    target.remove_prefix(segment);
    pattern.remove_prefix(star + 1);
  }
  return prefix || target.empty();
}

Router::Router(std::vector<Route> routes, std::vector<Service*> services)
    : routes_(std::move(routes)), services_(std::move(services)) {}

Service* Router::service_for(Route::Kind kind, std::string_view target) const {
  const std::string_view path = without_query(target);
  for (const Route& route : routes_)
    if (route.matches(kind, path)) return route.service;
  return nullptr;
}

HttpAnswer Router::http(const HttpRequest& request) {
  Service* service = service_for(Route::HTTP, request.target);
  return service ? service->http(request) : http_error(404, "not_found");
}

void Router::http_async(const HttpRequest& request, std::function<void(HttpAnswer)> done) {
  Service* service = service_for(Route::HTTP, request.target);
  if (!service) return done(http_error(404, "not_found"));
  service->http_async(request, std::move(done));
}

std::shared_ptr<Session> Router::open(std::string_view path, std::shared_ptr<Peer> peer) {
  Service* service = service_for(Route::SOCKET, path);
  if (!service) return nullptr;
  auto inner = service->open(path, std::move(peer));
  if (!inner) return nullptr;
  auto routed = std::make_shared<RoutedSession>();
  routed->service = service;
  routed->inner = std::move(inner);
  return routed;
}

void Router::message(Session& session, std::string_view text) {
  auto& routed = static_cast<RoutedSession&>(session);
  routed.service->message(*routed.inner, text);
}

void Router::closed(Session& session) {
  auto& routed = static_cast<RoutedSession&>(session);
  routed.service->closed(*routed.inner);
}

bool Router::keeps_alive(const Session& session) {
  const auto& routed = static_cast<const RoutedSession&>(session);
  return routed.service->keeps_alive(*routed.inner);
}

void Router::write_metrics(std::string& out) {
  for (auto it = services_.rbegin(); it != services_.rend(); ++it) (*it)->write_metrics(out);
}

void Router::shutdown() {
  for (Service* service : services_) service->shutdown();
}

}  // namespace tabiya::server
