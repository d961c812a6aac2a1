#include "server/net/connection_limits.h"

namespace tabiya::server {

ConnectionLimits::Hold& ConnectionLimits::Hold::operator=(Hold&& other) noexcept {
  if (this != &other) {
    release();
    limits_ = std::exchange(other.limits_, nullptr);
    key_ = std::move(other.key_);
    websocket_ = other.websocket_;
  }
  return *this;
}

void ConnectionLimits::Hold::release() {
  if (auto* limits = std::exchange(limits_, nullptr)) limits->release(key_, websocket_);
}

std::pair<ConnectionLimits::Verdict, ConnectionLimits::Hold> ConnectionLimits::connect(const std::string& key) {
  std::lock_guard lock(mutex_);
  const int max = options_.max_connections;
  if (max > 0 && open_ >= max) return {Verdict::server_full, Hold()};
  if (!key.empty()) {
    auto it = clients_.find(key);
    const int holding = it == clients_.end() ? 0 : it->second.connections;
    if (options_.per_client_connections > 0 && holding >= options_.per_client_connections)
      return {Verdict::client_connections, Hold()};
    // Into the reserve only with few connections: the server's last descriptors go to new visitors.
    if (max > 0 && open_ >= max - options_.visitor_reserve && holding >= options_.reserve_share)
      return {Verdict::server_full, Hold()};
    ++clients_[key].connections;
  }
  ++open_;
  return {Verdict::admitted, Hold(this, key, false)};
}

std::pair<ConnectionLimits::Verdict, ConnectionLimits::Hold> ConnectionLimits::open_websocket(const std::string& key) {
  if (key.empty()) return {Verdict::admitted, Hold()};
  std::lock_guard lock(mutex_);
  auto it = clients_.find(key);
  const int holding = it == clients_.end() ? 0 : it->second.websockets;
  if (options_.per_client_websockets > 0 && holding >= options_.per_client_websockets)
    return {Verdict::client_websockets, Hold()};
  ++clients_[key].websockets;
  return {Verdict::admitted, Hold(this, key, true)};
}

void ConnectionLimits::release(const std::string& key, bool websocket) {
  std::lock_guard lock(mutex_);
  if (!websocket) --open_;
  if (key.empty()) return;
  auto it = clients_.find(key);
  if (it == clients_.end()) return;
  (websocket ? it->second.websockets : it->second.connections) -= 1;
  if (it->second.connections <= 0 && it->second.websockets <= 0) clients_.erase(it);
}

int ConnectionLimits::open_connections() const {
  std::lock_guard lock(mutex_);
  return open_;
}

int ConnectionLimits::clients() const {
  std::lock_guard lock(mutex_);
  return int(clients_.size());
}

int ConnectionLimits::limit_of(Verdict verdict) const {
  switch (verdict) {
    case Verdict::client_connections:
      return options_.per_client_connections;
    case Verdict::client_websockets:
      return options_.per_client_websockets;
    case Verdict::server_full:
      return options_.max_connections;
    case Verdict::admitted:
      break;
  }
  return 0;
}

}  // namespace tabiya::server
