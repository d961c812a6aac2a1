// The seam between a game room and the sockets that watch it. A room publishes
// each numbered event once, on its game's topic; the bus delivers it to every
// receiver subscribed there. Today's bus is in-process (InProcessBus); a
// networked one (PostgreSQL NOTIFY, Redis pub/sub) can deliver to sockets held
// by other machines without the room changing.
#pragma once

#include <memory>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/base/prometheus.h"
#include "server/base/service.h"

namespace tabiya::server {

class EventSink {
 public:
  virtual ~EventSink() = default;
  // Delivers `text` to every peer subscribed to `topic` except `skip` (which gets its own copy, e.g. with its
  // `req`). Events of one topic reach each peer in the order they were published.
  virtual void publish(const std::string& topic, const SharedText& text, const Peer* skip = nullptr) = 0;
  virtual void subscribe(const std::string& topic, std::shared_ptr<Peer> peer) = 0;
  virtual void unsubscribe(const std::string& topic, const Peer* peer) = 0;
  // Peers subscribed to `topic` (metrics, tests).
  virtual std::size_t receivers(const std::string& topic) const = 0;
  // Its own /metrics families, if any (the Redis bus: messages and lag).
  virtual void write_metrics(PrometheusWriter&) const {}
};

// Every receiver is a socket of this process. Publishing hands the one shared buffer to each peer's send queue.
class InProcessBus final : public EventSink {
 public:
  void publish(const std::string& topic, const SharedText& text, const Peer* skip = nullptr) override;
  void subscribe(const std::string& topic, std::shared_ptr<Peer> peer) override;
  void unsubscribe(const std::string& topic, const Peer* peer) override;
  std::size_t receivers(const std::string& topic) const override;

 private:
  mutable std::shared_mutex mutex_;  // publishing only reads the map: many rooms publish at once
  std::unordered_map<std::string, std::vector<std::shared_ptr<Peer>>> topics_;
};

}  // namespace tabiya::server
