#include "server/cluster/owner_relay.h"

#include <charconv>

namespace tabiya::server {
namespace {

// The number after "seq": in a state or event text, and whether it is an event; -1: none.
std::pair<int64_t, bool> numbered(const std::string& text) {
  const bool event = text.starts_with(R"({"t":"event")");
  const bool state = text.starts_with(R"({"t":"state")");
  if (!event && !state) return {-1, false};
  const std::size_t at = text.find("\"seq\":");
  if (at == std::string::npos) return {-1, false};
  int64_t seq = -1;
  std::from_chars(text.data() + at + 6, text.data() + text.size(), seq);
  return {seq, event};
}

}  // namespace

std::string encode_relay_message(const RelayMessage& m) {
  std::string out = m.kind;
  out += '\n';
  out += m.from;
  out += '\n';
  out += std::to_string(m.conn);
  out += '\n';
  out += m.game;
  out += '\n';
  out += m.text;
  return out;
}

std::optional<RelayMessage> decode_relay_message(const std::string& payload) {
  RelayMessage m;
  std::size_t at = 0;
  std::string* fields[] = {&m.kind, &m.from, nullptr, &m.game};
  for (std::string* field : fields) {
    const std::size_t end = payload.find('\n', at);
    if (end == std::string::npos) return std::nullopt;
    const std::string_view value(payload.data() + at, end - at);
    if (field) {
      *field = std::string(value);
    } else {
      auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), m.conn);
      if (ec != std::errc() || ptr != value.data() + value.size()) return std::nullopt;
    }
    at = end + 1;
  }
  m.text = payload.substr(at);
  return m;
}

void RemotePeer::send(SharedText text) {
  link_->send_to_node(relay_, encode_relay_message({"out", link_->node(), conn_, game_, *text}));
}

void RemotePeer::close(int code, std::string_view reason) {
  std::string text = std::to_string(code);
  text += ' ';
  text += reason;
  link_->send_to_node(relay_, encode_relay_message({"drop", link_->node(), conn_, game_, std::move(text)}));
}

bool RelaySession::deliver(const std::string& text) {
  heard = true;
  if (closing_) return false;
  const auto [seq, event] = numbered(text);
  {
    std::lock_guard lock(mutex_);
    if (seq >= 0) {
      if (event && last_seq_ >= 0 && seq > last_seq_ + 1) {
        close(CLOSE_MOVED, "resync");
        return false;
      }
      last_seq_ = event ? std::max(last_seq_, seq) : seq;
    }
  }
  peer->send(std::make_shared<const std::string>(text));
  return true;
}

void RelaySession::close(int code, std::string_view reason) {
  if (closing_.exchange(true)) return;
  peer->close(code, reason);
}

}  // namespace tabiya::server
