#include "server/cluster/redis_bus.h"

#include <hiredis/hiredis.h>
#include <sys/socket.h>
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <climits>
#include <csignal>
#include <random>
#include <vector>

namespace tabiya::server {
namespace {

constexpr const char* CHANNEL_PREFIX = "tabiya:events:";

constexpr const char* NODE_PREFIX = "tabiya:node:";

std::string channel(int lane) { return CHANNEL_PREFIX + std::to_string(lane); }

std::string node_channel(const std::string& node) {
  std::string name = NODE_PREFIX;
  name += node;
  return name;
}

// The event number in an event or state text ({"t":"event","seq":N,...}); -1 when there is none.
int64_t seq_of(const std::string& text) {
  const std::size_t at = text.find("\"seq\":");
  if (at == std::string::npos) return -1;
  int64_t seq = -1;
  const char* begin = text.data() + at + 6;
  std::from_chars(begin, text.data() + text.size(), seq);
  return seq;
}

std::string random_node_name() {
  std::random_device device;
  char host[64] = {};
  ::gethostname(host, sizeof host - 1);
  std::string name = host;
  name += "-";
  name += std::to_string(::getpid());
  name += "-";
  name += std::to_string(device() % 100000);
  return name;
}

// The bus lag's clock: the wall clock, as the only one two processes (or machines, kept in step by NTP) share.
int64_t wall_clock_micros() {
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

void free_context(redisContext* c) {
  if (c) redisFree(c);
}

}  // namespace

int RedisBus::lane(const std::string& topic) {
  // FNV-1a: stable across nodes and builds (std::hash is not promised to be).
  uint32_t h = 2166136261u;
  for (unsigned char ch : topic) h = (h ^ ch) * 16777619u;
  return int(h % LANES);
}

Result<RedisBus::Address> RedisBus::parse_url(const std::string& url) {
  const std::string scheme = "redis://";
  if (url.rfind(scheme, 0) != 0) return fail("--bus " + url + ": expected redis://host[:port]");
  std::string rest = url.substr(scheme.size());
  if (const std::size_t slash = rest.find('/'); slash != std::string::npos) rest.resize(slash);
  Address address;
  const std::size_t colon = rest.rfind(':');
  address.host = colon == std::string::npos ? rest : rest.substr(0, colon);
  if (colon != std::string::npos) {
    const std::string port = rest.substr(colon + 1);
    auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), address.port);
    if (ec != std::errc() || end != port.data() + port.size() || address.port <= 0 || address.port > 65535)
      return fail("--bus " + url + ": bad port '" + port + "'");
  }
  if (address.host.empty()) return fail("--bus " + url + ": no host");
  return address;
}

RedisBus::RedisBus(RedisBusOptions options) : options_(std::move(options)) {
  if (options_.node.empty()) options_.node = random_node_name();
}

Result<redisContext*> RedisBus::connect() const {
  const timeval timeout{2, 0};
  redisContext* c = redisConnectWithTimeout(address_.host.c_str(), address_.port, timeout);
  if (!c || c->err) {
    std::string message = c ? c->errstr : "out of memory";
    free_context(c);
    return fail("redis " + options_.url + ": connect: " + message);
  }
  return c;
}

Result<redisContext*> RedisBus::connect_subscriber() const {
  auto c = connect();
  if (!c) return c;
  std::vector<std::string> args{"SUBSCRIBE"};
  for (int lane = 0; lane < LANES; ++lane) args.push_back(channel(lane));
  args.push_back(node_channel(options_.node));
  std::vector<const char*> argv;
  std::vector<std::size_t> lengths;
  for (const std::string& a : args) {
    argv.push_back(a.c_str());
    lengths.push_back(a.size());
  }
  // Redis runs the one SUBSCRIBE whole before anything else: its first confirmation means every lane is on.
  auto* reply = static_cast<redisReply*>(redisCommandArgv(*c, int(argv.size()), argv.data(), lengths.data()));
  if (!reply) {
    std::string message = (*c)->errstr;
    free_context(*c);
    return fail("redis " + options_.url + ": subscribe: " + message);
  }
  freeReplyObject(reply);
  return c;
}

Result<std::unique_ptr<RedisBus>> RedisBus::open(RedisBusOptions options) {
  // A write to a connection Redis closed must fail, not kill the process.
  static std::once_flag ignore_sigpipe;
  std::call_once(ignore_sigpipe, [] { std::signal(SIGPIPE, SIG_IGN); });
  std::unique_ptr<RedisBus> bus(new RedisBus(std::move(options)));
  auto address = parse_url(bus->options_.url);
  if (!address) return address.error();
  bus->address_ = *address;
  auto publisher = bus->connect();
  if (!publisher) return publisher.error();
  redisSetTimeout(*publisher, timeval{2, 0});  // a hung Redis costs a reconnection, never a stuck thread
  auto subscriber = bus->connect_subscriber();
  if (!subscriber) {
    free_context(*publisher);
    return subscriber.error();
  }
  RedisBus* self = bus.get();
  self->listening_ = true;
  self->publisher_ = std::thread([self, c = *publisher] {
    self->publisher_context_ = c;
    self->publish_loop();
  });
  self->listener_ = std::thread([self, c = *subscriber] { self->subscribe_loop(c); });
  return bus;
}

RedisBus::~RedisBus() {
  {
    std::lock_guard lock(queue_mutex_);
    stopping_ = true;
    queue_wake_.notify_all();
  }
  {
    // Ends the listener's blocking read.
    std::lock_guard lock(subscriber_mutex_);
    stop_listening_ = true;
    if (subscriber_) ::shutdown(subscriber_->fd, SHUT_RDWR);
  }
  if (publisher_.joinable()) publisher_.join();
  if (listener_.joinable()) listener_.join();
}

void RedisBus::publish(const std::string& topic, const SharedText& text, const Peer* skip) {
  local_.publish(topic, text, skip);
  if (owned_here_ && owned_here_(topic)) {
    std::lock_guard lock(counters_mutex_);
    ++counters_.kept_local;
    return;
  }
  if (local_.receivers(topic) > 0) (void)place(topic, *text);  // our own numbers count as seen
  std::string payload = options_.node;
  payload += ' ';
  payload += std::to_string(wall_clock_micros());
  payload += '\n';
  payload += topic;
  payload += '\n';
  payload += *text;
  enqueue(channel(lane(topic)), std::move(payload));
}

void RedisBus::enqueue(std::string channel, std::string payload) {
  std::lock_guard lock(queue_mutex_);
  if (queue_.size() >= options_.queue_limit) {
    std::lock_guard counting(counters_mutex_);
    ++counters_.dropped;
    return;
  }
  queue_.emplace_back(std::move(channel), std::move(payload));
  queue_wake_.notify_one();
}

void RedisBus::send_to_node(const std::string& node, std::string payload) {
  enqueue(node_channel(node), std::move(payload));
}

void RedisBus::listen(std::function<void(const std::string& payload)> heard, std::function<void()> lost) {
  std::lock_guard lock(inbox_mutex_);
  inbox_heard_ = std::move(heard);
  inbox_lost_ = std::move(lost);
}

void RedisBus::keep_local(std::function<bool(const std::string& topic)> owned_here) {
  owned_here_ = std::move(owned_here);
}

// A game watched here whose number is not known yet: its first event sets it.
constexpr int64_t UNKNOWN_SEQ = INT64_MIN;

void RedisBus::subscribe(const std::string& topic, std::shared_ptr<Peer> peer) {
  local_.subscribe(topic, std::move(peer));
  std::lock_guard lock(seq_mutex_);
  last_seq_.try_emplace(topic, UNKNOWN_SEQ);
}

void RedisBus::unsubscribe(const std::string& topic, const Peer* peer) {
  local_.unsubscribe(topic, peer);
  if (local_.receivers(topic) == 0) {
    std::lock_guard lock(seq_mutex_);
    last_seq_.erase(topic);
  }
}

std::size_t RedisBus::receivers(const std::string& topic) const { return local_.receivers(topic); }

RedisBusCounters RedisBus::counters() const {
  std::lock_guard lock(counters_mutex_);
  return counters_;
}

void RedisBus::publish_loop() {
  redisContext* c = publisher_context_;
  std::vector<std::pair<std::string, std::string>> batch;
  while (true) {
    {
      std::unique_lock lock(queue_mutex_);
      queue_wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_) break;
      batch.assign(std::make_move_iterator(queue_.begin()), std::make_move_iterator(queue_.end()));
      queue_.clear();
    }
    std::size_t sent = 0;
    // Twice at most: a connection Redis closed while we were idle (a restart) fails at once, and a new one may
    // carry the rest. (A message sent twice is skipped by the receivers: its number is not new.)
    for (int attempt = 0; attempt < 2 && sent < batch.size(); ++attempt) {
      if (!c) {
        auto made = connect();
        if (!made) break;
        c = *made;
        redisSetTimeout(c, timeval{2, 0});
      }
      // Pipelined: every PUBLISH of the batch, then their replies; one round trip.
      for (std::size_t i = sent; i < batch.size(); ++i) {
        const std::string& name = batch[i].first;
        redisAppendCommand(c, "PUBLISH %b %b", name.data(), name.size(), batch[i].second.data(),
                           batch[i].second.size());
      }
      while (sent < batch.size()) {
        void* reply = nullptr;
        if (redisGetReply(c, &reply) != REDIS_OK) break;
        freeReplyObject(reply);
        ++sent;
      }
      if (c->err) {
        free_context(c);
        c = nullptr;
      }
    }
    {
      std::lock_guard lock(counters_mutex_);
      counters_.published += sent;
      counters_.dropped += batch.size() - sent;
    }
    if (!c) {
      // Down: wait before trying again, dropping what comes meanwhile (the receivers heal from the store).
      std::unique_lock lock(queue_mutex_);
      queue_wake_.wait_for(lock, options_.reconnect_pause, [&] { return stopping_; });
    }
    batch.clear();
  }
  free_context(c);
}

void RedisBus::subscribe_loop(redisContext* first) {
  redisContext* c = first;
  while (true) {
    if (!c) {
      {
        std::unique_lock lock(queue_mutex_);
        queue_wake_.wait_for(lock, options_.reconnect_pause, [&] { return stopping_; });
        if (stopping_) return;
      }
      auto made = connect_subscriber();
      if (!made) continue;
      c = *made;
      {
        std::lock_guard lock(counters_mutex_);
        ++counters_.reconnections;
      }
      // Whatever was published while we were away is lost: every game watched here is re-read.
      std::vector<std::string> topics;
      {
        std::lock_guard lock(seq_mutex_);
        for (const auto& [topic, seq] : last_seq_) topics.push_back(topic);
      }
      for (const std::string& topic : topics) report_gap(topic);
      std::lock_guard lock(inbox_mutex_);
      if (inbox_lost_) inbox_lost_();
    }
    {
      std::lock_guard lock(subscriber_mutex_);
      if (stop_listening_) {
        free_context(c);
        listening_ = false;
        return;
      }
      subscriber_ = c;
    }
    listening_ = true;
    while (true) {
      void* raw = nullptr;
      if (redisGetReply(c, &raw) != REDIS_OK) break;
      auto* reply = static_cast<redisReply*>(raw);
      // ["message", channel, payload]
      if (reply->type == REDIS_REPLY_ARRAY && reply->elements == 3 && reply->element[0]->type == REDIS_REPLY_STRING &&
          std::string_view(reply->element[0]->str) == "message")
        heard(std::string_view(reply->element[1]->str, reply->element[1]->len),
              std::string_view(reply->element[2]->str, reply->element[2]->len));
      freeReplyObject(reply);
    }
    listening_ = false;
    {
      std::lock_guard lock(subscriber_mutex_);
      subscriber_ = nullptr;
    }
    free_context(c);
    c = nullptr;
  }
}

void RedisBus::heard(std::string_view channel, std::string_view payload) {
  if (channel.starts_with(NODE_PREFIX)) {  // our inbox
    std::lock_guard lock(inbox_mutex_);
    if (inbox_heard_) inbox_heard_(std::string(payload));
    return;
  }
  const std::size_t first = payload.find('\n');
  if (first == std::string::npos) return;
  const std::size_t second = payload.find('\n', first + 1);
  if (second == std::string::npos) return;
  std::string_view sender = payload.substr(0, first);
  int64_t sent_us = -1;
  if (const std::size_t space = sender.rfind(' '); space != std::string_view::npos) {
    const std::string_view micros = sender.substr(space + 1);
    const auto read = std::from_chars(micros.data(), micros.data() + micros.size(), sent_us);
    if (read.ec == std::errc() && read.ptr == micros.data() + micros.size()) sender = sender.substr(0, space);
    else sent_us = -1;  // a node name with a space, from a node that sends no time
  }
  if (sender == options_.node) return;  // ours: delivered when published
  if (sent_us >= 0) lag_.record(std::chrono::microseconds(wall_clock_micros() - sent_us));
  const std::string topic(payload.substr(first + 1, second - first - 1));
  const bool wanted = local_.receivers(topic) > 0;
  {
    std::lock_guard lock(counters_mutex_);
    ++counters_.received;
    if (!wanted) ++counters_.ignored;
  }
  if (!wanted) return;  // before the event is copied or read
  auto text = std::make_shared<const std::string>(payload.substr(second + 1));
  switch (place(topic, *text)) {
    case Place::SEEN:
      return;  // sent twice (a publisher's retry)
    case Place::AFTER_GAP:
      report_gap(topic);
      break;
    case Place::NEXT:
      break;
  }
  local_.publish(topic, text);
}

RedisBus::Place RedisBus::place(const std::string& topic, const std::string& text) {
  const int64_t seq = seq_of(text);
  if (seq < 0) return Place::NEXT;  // not numbered
  std::lock_guard lock(seq_mutex_);
  auto [it, fresh] = last_seq_.try_emplace(topic, seq);
  if (fresh || it->second == UNKNOWN_SEQ) {
    it->second = seq;
    return Place::NEXT;
  }
  if (seq <= it->second) return Place::SEEN;
  const bool gap = seq > it->second + 1;
  it->second = seq;
  return gap ? Place::AFTER_GAP : Place::NEXT;
}

void RedisBus::write_metrics(PrometheusWriter& out) const {
  const RedisBusCounters c = counters();
  out.single("tabiya_bus_published_total", "counter", "Events published to Redis for the other nodes.",
             int64_t(c.published));
  out.single("tabiya_bus_received_total", "counter", "Events heard from the other nodes over Redis.",
             int64_t(c.received));
  out.single("tabiya_bus_dropped_total", "counter", "Events not published: Redis down or the queue full.",
             int64_t(c.dropped));
  out.single("tabiya_bus_gaps_total", "counter", "Games whose events were missed (re-read from the store).",
             int64_t(c.gaps));
  out.single("tabiya_bus_kept_local_total", "counter",
             "Events of games owned here, delivered to this node's sockets only (not published).",
             int64_t(c.kept_local));
  out.single("tabiya_bus_ignored_total", "counter",
             "Events heard from other nodes for topics no socket here watches (dropped unread).", int64_t(c.ignored));
  out.single("tabiya_bus_reconnections_total", "counter", "Subscriber connections to Redis made again.",
             int64_t(c.reconnections));
  lag_.write(out, "tabiya_bus_lag_seconds",
             "Time from an event's publication on another node to its arrival here (the nodes' wall clocks).");
}

void RedisBus::report_gap(const std::string& topic) {
  {
    std::lock_guard lock(counters_mutex_);
    ++counters_.gaps;
  }
  if (options_.on_gap) options_.on_gap(topic);
}

}  // namespace tabiya::server
