// What a room sends: its numbered events (kept for resync), states, answers and pings.
#include <algorithm>

#include "server/games/game_room.h"

namespace tabiya::server {
namespace json = boost::json;

namespace {
// Events kept for resync; an older gap gets a full state. Past the last two, at most HISTORY_BYTES of them: a
// `move` event is 1-3 KiB (its legal moves), and the history was the largest part of a game's memory (four
// middlegame events kept always were 12 KB of the 64 KB a game may take at 10,000 games).
constexpr std::size_t HISTORY_EVENTS = 64;
constexpr std::size_t HISTORY_KEPT_ALWAYS = 2;
constexpr std::size_t HISTORY_BYTES = 6 * 1024;
}  // namespace

std::string error_message(std::optional<int64_t> req, const ProtocolError& e) {
  json::object o;
  o["t"] = "error";
  if (req) o["req"] = *req;
  o["code"] = e.code;
  o["data"] = e.data;
  if (!e.detail.empty()) o["detail"] = e.detail;
  return json::serialize(o);
}

GameView GameRoom::view() const {
  GameView v;
  v.id = id_;
  v.setup = &setup_;
  for (const auto& s : sessions_)
    for (Color c : {WHITE, BLACK})
      if (s->seats[c]) v.connected[c] = true;
  v.robot_thinking = robot_thinking_;
  v.robot_queue = robot_queued_ ? std::max(1, services_.robots.position(id_)) : 0;
  v.wall_now_ms = services_.wall_now();
  v.rematch_offer = rematch_offer_;
  v.rematch_game = rematch_game_;
  if (end_ratings_) v.ratings = &*end_ratings_;
  if (absence_counts()) {
    const int64_t now = services_.time->now().count();
    for (Color c : {WHITE, BLACK})
      if (!v.connected[c] && away_since_[c]) v.away_ms[c] = now - *away_since_[c];
  }
  return v;
}

std::string GameRoom::state_text(const GameSession& s) const {
  json::object o;
  o["t"] = "state";
  o["seq"] = seq_;
  json::array you;
  for (Color c : {WHITE, BLACK})
    if (s.seats[c]) you.push_back(json::value(color_text(c)));
  o["you"] = std::move(you);
  o["game"] = server::game_json(*live_, view());
  if (const int64_t ms = interrupted_ms_.load(); ms > 0) o["interrupted_ms"] = ms;
  return json::serialize(o);
}

void GameRoom::broadcast(const json::object& e, GameSession* requester, std::optional<int64_t> req,
                         const GameSession* except) {
  broadcast_text(json::serialize(e), requester, req, except);
}

void GameRoom::broadcast_text(std::string_view e, GameSession* requester, std::optional<int64_t> req,
                              const GameSession* except) {
  // {"t":"event","seq":N,"e":E}, as serialising that object would write it, without building it.
  const std::string seq = std::to_string(++seq_);
  std::string event;
  event.reserve(e.size() + seq.size() + 24);
  event.append(R"({"t":"event","seq":)").append(seq).append(R"(,"e":)").append(e).push_back('}');
  SharedText text = share(std::move(event));
  history_.emplace_back(seq_, text);
  history_bytes_ += text->size();
  while (history_.size() > HISTORY_EVENTS ||
         (history_.size() > HISTORY_KEPT_ALWAYS && history_bytes_ > HISTORY_BYTES)) {
    history_bytes_ -= history_.front().second->size();
    history_.pop_front();
  }
  const Peer* skip = except ? except->peer.get() : nullptr;
  if (requester && req) {
    // The same text with `"req":R` as its last member, spliced in rather than serialised again.
    std::string with_req;
    with_req.reserve(text->size() + 32);
    with_req.append(*text, 0, text->size() - 1);
    with_req.append(",\"req\":").append(std::to_string(*req)).push_back('}');
    requester->peer->send(share(std::move(with_req)));
    skip = requester->peer.get();
  }
  services_.bus.publish(id_, text, skip);
}

// A rewritten game: a new number and the whole state for everyone; older events cannot be replayed.
void GameRoom::broadcast_state() {
  ++seq_;
  history_.clear();
  history_bytes_ = 0;
  for (const auto& s : sessions_) s->peer->send(share(state_text(*s)));
}

void GameRoom::resync(GameSession& s, int64_t since) {
  if (since == seq_) return;
  if (since >= 0 && since < seq_ && !history_.empty() && history_.front().first <= since + 1) {
    for (const auto& [seq, text] : history_)
      if (seq > since) s.peer->send(text);
    return;
  }
  s.peer->send(share(state_text(s)));
}

void GameRoom::send_ok(GameSession& s, std::optional<int64_t> req) {
  json::object o;
  o["t"] = "ok";
  if (req) o["req"] = *req;
  s.peer->send(share(json::serialize(o)));
}

void GameRoom::send_error(GameSession& s, std::optional<int64_t> req, const ProtocolError& e) {
  s.peer->send(share(error_message(req, e)));
}

void GameRoom::send_ping(GameSession& s) {
  s.ping_n++;
  s.ping_sent = services_.time->now().count();
  json::object o{{"t", "ping"}, {"n", s.ping_n}};
  s.peer->send(share(json::serialize(o)));
}

json::object GameRoom::presence_event() const {
  GameView v = view();
  json::object e;
  e["type"] = "presence";
  e["white"] = v.connected[WHITE] || live_->robot_seat(WHITE);
  e["black"] = v.connected[BLACK] || live_->robot_seat(BLACK);
  return e;
}

json::object GameRoom::robot_event() const {
  json::object e;
  e["type"] = "robot";
  e["thinking"] = robot_thinking_;
  e["queue"] = robot_queued_ ? std::max(1, services_.robots.position(id_)) : 0;
  return e;
}

}  // namespace tabiya::server
