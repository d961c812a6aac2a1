#include "server/cluster/event_bus.h"

#include <algorithm>
#include <mutex>

namespace tabiya::server {

void InProcessBus::publish(const std::string& topic, const SharedText& text, const Peer* skip) {
  std::shared_lock lock(mutex_);
  auto it = topics_.find(topic);
  if (it == topics_.end()) return;
  for (const auto& peer : it->second)
    if (peer.get() != skip) peer->send(text);
}

void InProcessBus::subscribe(const std::string& topic, std::shared_ptr<Peer> peer) {
  std::unique_lock lock(mutex_);
  auto& peers = topics_[topic];
  if (std::find(peers.begin(), peers.end(), peer) == peers.end()) peers.push_back(std::move(peer));
}

void InProcessBus::unsubscribe(const std::string& topic, const Peer* peer) {
  std::unique_lock lock(mutex_);
  auto it = topics_.find(topic);
  if (it == topics_.end()) return;
  std::erase_if(it->second, [peer](const auto& p) { return p.get() == peer; });
  if (it->second.empty()) topics_.erase(it);
}

std::size_t InProcessBus::receivers(const std::string& topic) const {
  std::shared_lock lock(mutex_);
  auto it = topics_.find(topic);
  return it == topics_.end() ? 0 : it->second.size();
}

}  // namespace tabiya::server
