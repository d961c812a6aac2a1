// The event bus across server nodes, on Redis pub/sub (`tabiya serve --bus
// redis://host:port`). A node delivers its own events to its own sockets at
// once (as InProcessBus does) and publishes them to Redis; every other node
// delivers what it hears to its sockets subscribed to that game.
//
// Order: a game's events go on one of 16 lane channels (its id hashed, as
// lichess does), published from one connection, so each node hears one
// game's events in the order they were published. Loss: pub/sub keeps
// nothing; a node that misses messages (Redis restarted, a slow subscriber
// cut off) must not trust the bus. Every event carries its game's number
// (`seq`, protocol.md); a node hearing a number that is not the next one, or
// reconnecting after the bus was down, reports the game through `on_gap`, and
// the service re-reads it from the store. While Redis is down, local delivery
// goes on and what would have been published is dropped (counted).
//
// Scale across nodes: with game ownership, a game's events stay on its owner's node (keep_local): the lanes carry the
// events of games nobody owns (finished ones shown on several nodes, a cluster without --node-id) and the lobby's.
// What a node hears for a topic none of its sockets watches is dropped from the envelope's header, unread.
//
// A message is "NODE MICROS\nTOPIC\nEVENT": the publishing node, its wall clock at publication (microseconds
// since the epoch; the receiver measures the bus lag from it), the game, the event. A first line without the time
// (an older node) is a node name alone.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

#include "core/result.h"
#include "server/cluster/event_bus.h"
#include "server/cluster/owner_link.h"

struct redisContext;

namespace tabiya::server {

struct RedisBusOptions {
  std::string url;   // redis://host[:port]
  std::string node;  // this node's name, unique among the nodes (its own messages come back and are skipped)
  // A game whose events this node may have missed (a gap in `seq`, or the bus was down): re-read it from the
  // store. Called on the bus's thread: hand the work on, do not block.
  std::function<void(const std::string& topic)> on_gap;
  std::chrono::milliseconds reconnect_pause{100};
  std::size_t queue_limit = 100'000;  // messages waiting to be published; beyond, new ones are dropped
};

struct RedisBusCounters {
  uint64_t published = 0;      // sent to Redis
  uint64_t received = 0;       // heard from other nodes
  uint64_t dropped = 0;        // not published: Redis down, or the queue full
  uint64_t gaps = 0;           // on_gap calls
  uint64_t reconnections = 0;  // subscriber connections made again after a loss
  uint64_t kept_local = 0;     // events of games owned here, delivered to this node's sockets only
  uint64_t ignored = 0;        // heard from other nodes for topics nobody here listens to (dropped unread)
};

// Also the cluster's OwnerLink: each node listens on a channel of its own (tabiya:node:NAME) beside the lanes.
class RedisBus final : public EventSink, public OwnerLink {
 public:
  static constexpr int LANES = 16;
  // Connects (and subscribes) before returning: an unreachable Redis at start is an error. Later losses are
  // repaired by the bus itself.
  static Result<std::unique_ptr<RedisBus>> open(RedisBusOptions options);
  ~RedisBus() override;

  void publish(const std::string& topic, const SharedText& text, const Peer* skip = nullptr) override;
  void subscribe(const std::string& topic, std::shared_ptr<Peer> peer) override;
  void unsubscribe(const std::string& topic, const Peer* peer) override;
  std::size_t receivers(const std::string& topic) const override;

  const std::string& node() const override { return options_.node; }
  void send_to_node(const std::string& node, std::string payload) override;
  void listen(std::function<void(const std::string& payload)> heard, std::function<void()> lost) override;
  void keep_local(std::function<bool(const std::string& topic)> owned_here) override;

  RedisBusCounters counters() const;
  // Messages published, heard, dropped, gaps, reconnections, and the lag histogram (bus_lag).
  void write_metrics(PrometheusWriter& out) const override;
  // The time from an event's publication on its node to its arrival here, for events heard from other nodes
  // (their envelope carries the publishing node's wall clock: across machines, as good as their clocks agree).
  const LatencyHistogram& bus_lag() const { return lag_; }
  // The lane channel of a game (0..15).
  static int lane(const std::string& topic);
  // True while the subscriber is connected and subscribed (tests wait on it).
  bool listening() const { return listening_; }

 private:
  explicit RedisBus(RedisBusOptions options);
  struct Address {
    std::string host;
    int port = 6379;
  };
  static Result<Address> parse_url(const std::string& url);
  Result<redisContext*> connect() const;
  Result<redisContext*> connect_subscriber() const;
  void publish_loop();
  void subscribe_loop(redisContext* first);
  void heard(std::string_view channel, std::string_view payload);
  void enqueue(std::string channel, std::string payload);
  // Where the event number of `text` falls on `topic` (noted as the last one when new).
  enum class Place { NEXT, AFTER_GAP, SEEN };
  Place place(const std::string& topic, const std::string& text);
  void report_gap(const std::string& topic);

  RedisBusOptions options_;
  Address address_;
  InProcessBus local_;

  mutable std::mutex queue_mutex_;
  std::condition_variable queue_wake_;
  std::deque<std::pair<std::string, std::string>> queue_;  // channel, payload
  bool stopping_ = false;

  std::mutex seq_mutex_;
  std::unordered_map<std::string, int64_t> last_seq_;  // per game: the last event number seen (any node's)

  redisContext* publisher_context_ = nullptr;  // the publisher thread's

  std::mutex subscriber_mutex_;
  redisContext* subscriber_ = nullptr;  // shut down from the destructor to end a blocking read
  bool stop_listening_ = false;
  std::atomic<bool> listening_{false};

  std::function<bool(const std::string&)> owned_here_;  // keep_local's; set before publishing starts

  std::mutex inbox_mutex_;
  std::function<void(const std::string&)> inbox_heard_;
  std::function<void()> inbox_lost_;

  mutable std::mutex counters_mutex_;
  RedisBusCounters counters_;
  LatencyHistogram lag_{0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};

  std::thread publisher_, listener_;
};

}  // namespace tabiya::server
