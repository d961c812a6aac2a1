// The link between the nodes of a cluster for the sockets of a game. A node that holds a client's
// socket for a game another node owns relays the client's messages to the owner's inbox, and the owner sends what
// the client should hear to the relay's inbox (server/cluster/owner_relay.h). The Redis bus is one (redis_bus.h).
#pragma once

#include <functional>
#include <string>

namespace tabiya::server {

class OwnerLink {
 public:
  virtual ~OwnerLink() = default;
  // This node's name, unique in the cluster.
  virtual const std::string& node() const = 0;
  // Sends `payload` to `node`'s inbox. Payloads from one sender to one receiver arrive in order, but may be lost
  // (the link was down): the receivers detect it (event numbers) and the clients resync.
  virtual void send_to_node(const std::string& node, std::string payload) = 0;
  // `heard` gets every payload sent to this node; `lost` is told when the link was down (what was sent meanwhile
  // is gone). Both on the link's thread: they must not block. Set once, before the service runs.
  virtual void listen(std::function<void(const std::string& payload)> heard, std::function<void()> lost) = 0;
  // The events of a game this node owns need not reach the other nodes: their sockets for it are relays, which
  // hear it through this node's RemotePeers. A link that is also the event bus publishes the events of the topics
  // `owned_here` names to this node's sockets only. Set once, before the service runs; called on publishing threads.
  virtual void keep_local(std::function<bool(const std::string& topic)> owned_here) { (void)owned_here; }
};

}  // namespace tabiya::server
