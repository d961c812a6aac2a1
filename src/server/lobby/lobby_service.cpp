// The lobby service's HTTP requests, sockets and shared helpers.
#include <cctype>
#include <chrono>
#include <cmath>
#include <iostream>
#include <random>

#include "server/base/tokens.h"
#include "server/lobby/lobby_impl.h"

namespace tabiya::server {

namespace json = boost::json;

namespace {

constexpr std::string_view kAnonCookie = "tabiya_anon";

// The value of cookie `name` in a Cookie header ("a=1; b=2"); empty when absent.
std::string_view cookie_value(std::string_view header, std::string_view name) {
  while (!header.empty()) {
    const std::size_t end = header.find(';');
    std::string_view pair = header.substr(0, end);
    header = end == std::string_view::npos ? std::string_view() : header.substr(end + 1);
    while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
    if (pair.size() > name.size() && pair.starts_with(name) && pair[name.size()] == '=')
      return pair.substr(name.size() + 1);
  }
  return {};
}

bool anon_id_ok(std::string_view id) {
  if (id.size() < 16 || id.size() > 64) return false;
  for (char c : id)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return false;
  return true;
}

HttpAnswer json_answer(int status, const json::object& body) {
  return {status, "application/json", json::serialize(body), {}};
}

HttpAnswer not_found(std::string_view code) {
  return {404, "application/json", std::string(R"({"error":")") + std::string(code) + R"(","data":{}})", {}};
}

// "/api/players/NAME/ratings" -> NAME (undecoded: usernames are URL-safe).
std::optional<std::string> player_of(std::string_view path) {
  constexpr std::string_view prefix = "/api/players/", suffix = "/ratings";
  if (!path.starts_with(prefix) || !path.ends_with(suffix) || path.size() <= prefix.size() + suffix.size())
    return std::nullopt;
  std::string_view name = path.substr(prefix.size(), path.size() - prefix.size() - suffix.size());
  if (name.find('/') != std::string_view::npos || name.size() > 64) return std::nullopt;
  return std::string(name);
}

json::object change_json(const RatingChange& c, const Glicko2& glicko) {
  return {{"category", std::string(rating_category_name(c.category))},
          {"game", c.game},
          {"at_ms", c.at_ms},
          {"before", static_cast<int>(std::lround(c.before.rating))},
          {"rating", static_cast<int>(std::lround(c.after.rating))},
          {"rd", static_cast<int>(std::lround(c.after.deviation))},
          {"diff", static_cast<int>(std::lround(c.after.rating) - std::lround(c.before.rating))},
          {"provisional", glicko.provisional(c.after)}};
}

}  // namespace

std::string pool_key(const std::string& time, bool rated) { return time + (rated ? " rated" : " casual"); }

LobbyService::Impl::Impl(GameApi& games, LobbyServiceOptions opts)
    : games(games), options(std::move(opts)), glicko(options.glicko) {
  if (!options.store) options.store = make_memory_lobby_store();
  if (!options.bus) options.bus = std::make_shared<InProcessBus>();
  if (options.node.empty()) options.node = new_game_id();
  for (const std::string& time : options.pools) {
    pools[pool_key(time, true)];
    pools[pool_key(time, false)];
  }
}

int64_t LobbyService::Impl::now() const {
  if (options.now_ms) return options.now_ms();
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

uint64_t LobbyService::Impl::random() {
  if (options.random) return options.random();
  static thread_local std::random_device device;
  return (static_cast<uint64_t>(device()) << 32) | device();
}

void LobbyService::Impl::log(const std::string& line) const {
  if (options.log) options.log(line);
  else std::cerr << "tabiya: lobby: " << line << "\n";
}

std::optional<LobbyUser> LobbyService::Impl::user_of(std::string_view cookie_header) const {
  if (options.identities) {
    if (std::optional<Identity> who = options.identities->identify(cookie_header))
      return LobbyUser{who->account, who->username, who->account, ""};
  }
  std::string_view anon = cookie_value(cookie_header, kAnonCookie);
  if (!anon_id_ok(anon)) return std::nullopt;
  std::string id = "anon:";
  id += anon;
  return LobbyUser{id, "", std::nullopt, ""};
}

void LobbyService::Impl::give_tag(LobbyUser& user) {
  std::string& tag = tags[user.id];
  if (tag.empty() && live())  // the tag the player has on another node, so their seeks read as theirs here too
    if (std::optional<LobbyUser> elsewhere = shared_online(user.id)) tag = elsewhere->tag;
  if (tag.empty()) tag = new_game_id();
  user.tag = tag;
}

Glicko2Rating LobbyService::Impl::rating_of(const LobbyUser& user, RatingCategory category) const {
  if (!user.account) return {};
  std::optional<StoredRating> stored = options.store->rating(*user.account, category);
  if (!stored) return {};
  const double days = static_cast<double>(std::max<int64_t>(0, now() - stored->updated_ms)) / 86'400'000.0;
  return glicko.after_inactivity(stored->rating, days * kRatingPeriodsPerDay);
}

void LobbyService::Impl::publish_all(const json::object& event) {
  if (!options.io || options.batch_interval.count() <= 0) {
    options.bus->publish("lobby", share(json::serialize(event)));
    return;
  }
  outbox.push_back(event);
  if (outbox.size() > 1 || stopped) return;  // the timer is already set (or nothing is sent any more)
  if (!batch_timer) batch_timer = std::make_unique<boost::asio::steady_timer>(*options.io);
  batch_timer->expires_after(options.batch_interval);
  batch_timer->async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
    if (ec) return;
    if (auto self = weak.lock()) {
      std::lock_guard lock(self->mutex);
      self->flush_outbox();
    }
  });
}

void LobbyService::Impl::flush_outbox() {
  if (outbox.empty()) return;
  json::value message = outbox.size() == 1 ? outbox[0] : json::object{{"t", "updates"}, {"events", outbox}};
  outbox = json::array();
  options.bus->publish("lobby", share(json::serialize(message)));
}

void LobbyService::Impl::publish_to(const std::string& user_id, const json::object& event) {
  options.bus->publish(user_topic(user_id), share(json::serialize(event)));
}

json::object LobbyService::Impl::ratings_json(const LobbyUser& user) const {
  json::object out;
  for (RatingCategory c : kRatingCategories) {
    const Glicko2Rating r = rating_of(user, c);
    const std::optional<StoredRating> stored = user.account ? options.store->rating(*user.account, c) : std::nullopt;
    out[rating_category_name(c)] = {{"rating", static_cast<int>(std::lround(r.rating))},
                                    {"rd", static_cast<int>(std::lround(r.deviation))},
                                    {"games", stored ? stored->games : 0},
                                    {"provisional", glicko.provisional(r)}};
  }
  return out;
}

json::object LobbyService::Impl::snapshot(const std::optional<LobbyUser>& you) {
  json::array seek_list, game_list, pool_list, challenge_list;
  for (const auto& [id, seek] : seeks) seek_list.push_back(seek_json(seek));
  for (const auto& [id, game] : playing) game_list.push_back(lobby_game_json(game));
  std::optional<std::string> waiting_in;
  for (const std::string& time : options.pools) {
    json::object pool{{"time", time}, {"category", pool_category(time)}};
    for (bool rated : {true, false}) {
      const std::vector<PoolEntry>& queue = pools[pool_key(time, rated)];
      pool[rated ? "rated_waiting" : "casual_waiting"] = queue.size();
      if (you)
        for (const PoolEntry& e : queue)
          if (e.user.id == you->id) waiting_in = pool_key(time, rated);
    }
    pool_list.push_back(std::move(pool));
  }
  if (you)
    for (const auto& [id, c] : challenges)
      if (c.from.id == you->id || c.to.id == you->id) {
        json::object o = challenge_json(c);
        o["incoming"] = c.to.id == you->id;
        challenge_list.push_back(std::move(o));
      }
  json::object out{{"seeks", std::move(seek_list)},
                   {"games", std::move(game_list)},
                   {"pools", std::move(pool_list)},
                   {"challenges", std::move(challenge_list)}};
  if (you) {
    out["you"] = {{"id", you->tag},
                  {"name", shown_name(*you)},
                  {"account", you->account.has_value()},
                  {"ratings", ratings_json(*you)}};
    out["waiting"] = waiting_in ? json::value(*waiting_in) : json::value(nullptr);
  }
  if (live()) shared_snapshot(you, out);  // the maps above are empty then: the lists are the shared rows
  return out;
}

Result<std::unique_ptr<LobbyService>> LobbyService::create(GameApi& games, LobbyServiceOptions options) {
  std::unique_ptr<LobbyService> service(new LobbyService(games, std::move(options)));
  {
    std::lock_guard lock(service->impl_->mutex);
    service->impl_->load_stored_seeks();
  }
  service->impl_->schedule_wave();
  return service;
}

LobbyService::LobbyService(GameApi& games, LobbyServiceOptions options)
    : impl_(std::make_shared<Impl>(games, std::move(options))) {}

// Only the timer: the game service may already be gone (it is declared after its wrappers).
LobbyService::~LobbyService() {
  std::lock_guard lock(impl_->mutex);
  impl_->stopped = true;
  if (impl_->timer) impl_->timer->cancel();
  if (impl_->batch_timer) impl_->batch_timer->cancel();
}

HttpAnswer LobbyService::http(const HttpRequest& request) {
  const std::string_view path = request.target.substr(0, request.target.find('?'));
  Impl& m = *impl_;
  if (path == "/api/lobby") {
    if (request.method != "GET") return {405, "application/json", R"({"error":"method_not_allowed","data":{}})", {}};
    std::optional<LobbyUser> you = m.user_of(request.cookie);
    std::vector<std::pair<std::string, std::string>> headers;
    if (!you) {
      // A browser's anonymous id, kept a year: its seeks and pool places follow it across its tabs.
      const std::string id = new_seat_token();
      std::string cookie(kAnonCookie);
      cookie += "=" + id + "; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax";
      headers.emplace_back("Set-Cookie", cookie);
      you = LobbyUser{"anon:" + id, "", std::nullopt, ""};
    }
    std::lock_guard lock(m.mutex);
    m.give_tag(*you);
    HttpAnswer answer = json_answer(200, m.snapshot(you));
    answer.headers = std::move(headers);
    answer.headers.emplace_back("Cache-Control", "no-store");
    return answer;
  }
  if (std::optional<std::string> name = player_of(path); name && request.method == "GET") {
    std::optional<std::string> account = m.options.store->account_named(*name);
    if (!account) return not_found("unknown_player");
    json::array history;
    for (const RatingChange& c : m.options.store->rating_history(*account)) history.push_back(change_json(c, m.glicko));
    return json_answer(200, {{"name", *name},
                             {"ratings", m.ratings_json(LobbyUser{*account, *name, *account, ""})},
                             {"history", std::move(history)}});
  }
  constexpr std::string_view game_prefix = "/api/lobby/games/";
  if (path.starts_with(game_prefix) && path.ends_with("/ratings") && request.method == "GET") {
    const std::string id(path.substr(game_prefix.size(), path.size() - game_prefix.size() - 8));
    json::object out;
    for (const RatingChange& c : m.options.store->changes_of_game(id)) {
      json::object change = change_json(c, m.glicko);
      out[out.contains("white") ? "black" : "white"] = std::move(change);
    }
    if (out.empty()) return not_found("no_rating_change");
    return json_answer(200, out);
  }
  return not_found("not_found");
}

std::shared_ptr<Session> LobbyService::open(std::string_view path, std::shared_ptr<Peer> peer) {
  if (path != "/ws/lobby") return nullptr;
  Impl& m = *impl_;
  auto session = std::make_shared<LobbySession>();
  std::optional<LobbyUser> user = m.user_of(peer->cookie());
  // Without the cookie (a script, cookies off) the socket is its own anonymous player.
  session->user = user ? *user : LobbyUser{"anon:" + new_seat_token(), "", std::nullopt, ""};
  session->peer = peer;
  if (session->user.account) (void)m.options.store->remember_name(*session->user.account, session->user.name);
  std::lock_guard lock(m.mutex);
  if (m.stopped) return nullptr;
  m.give_tag(session->user);
  if (++m.sockets_of[session->user.id] == 1 && m.live()) m.shared_arrived(session->user);
  m.online[session->user.id] = session->user;
  json::object hello = m.snapshot(session->user);
  hello["t"] = "hello";
  peer->send(share(json::serialize(hello)));
  m.options.bus->subscribe("lobby", peer);
  m.options.bus->subscribe(Impl::user_topic(session->user.id), peer);
  return session;
}

void LobbyService::message(Session& session, std::string_view text) {
  auto* lobby = dynamic_cast<LobbySession*>(&session);
  if (!lobby) return;
  boost::system::error_code ec;
  json::value parsed = json::parse(text, ec);
  std::optional<LobbyRefusal> refusal;
  json::object message;
  if (ec || !parsed.is_object()) {
    refusal = LobbyRefusal{"bad_json", "a JSON object"};
  } else {
    message = parsed.as_object();
    std::lock_guard lock(impl_->mutex);
    refusal = impl_->handle(*lobby, message);
  }
  if (refusal) {
    json::object error{{"t", "error"}, {"code", refusal->code}, {"detail", refusal->detail}};
    if (const json::value* req = message.if_contains("req")) error["req"] = *req;
    lobby->peer->send(share(json::serialize(error)));
  }
}

void LobbyService::closed(Session& session) {
  auto* lobby = dynamic_cast<LobbySession*>(&session);
  if (!lobby) return;
  Impl& m = *impl_;
  m.options.bus->unsubscribe("lobby", lobby->peer.get());
  m.options.bus->unsubscribe(Impl::user_topic(lobby->user.id), lobby->peer.get());
  std::lock_guard lock(m.mutex);
  if (--m.sockets_of[lobby->user.id] > 0) return;
  m.sockets_of.erase(lobby->user.id);
  m.online.erase(lobby->user.id);
  m.user_left(lobby->user);
}

bool LobbyService::keeps_alive(const Session&) {
  return false;  // a lobby socket is closed when idle like any other
}

void LobbyService::write_metrics(std::string& out) {
  std::lock_guard lock(impl_->mutex);
  std::size_t waiting = 0;
  for (const auto& [key, queue] : impl_->pools) waiting += queue.size();
  out += "# TYPE tabiya_lobby_players gauge\ntabiya_lobby_players " + std::to_string(impl_->online.size()) + "\n";
  out += "# TYPE tabiya_lobby_seeks gauge\ntabiya_lobby_seeks " + std::to_string(impl_->seeks.size()) + "\n";
  out += "# TYPE tabiya_lobby_pool_waiting gauge\ntabiya_lobby_pool_waiting " + std::to_string(waiting) + "\n";
  out += "# TYPE tabiya_lobby_pairings_total counter\ntabiya_lobby_pairings_total " + std::to_string(impl_->pairings) +
         "\n";
}

void LobbyService::shutdown() {
  {
    std::lock_guard lock(impl_->mutex);
    if (impl_->stopped) return;
    impl_->stopped = true;
    if (impl_->timer) impl_->timer->cancel();
    if (impl_->batch_timer) impl_->batch_timer->cancel();
  }
}

std::optional<json::object> LobbyService::game_ended(const std::string& game_id, const std::string& score) {
  return impl_->game_ended(game_id, score);
}

void LobbyService::rate_game(const std::string& game_id, const std::string& score,
                             GameServiceOptions::EndRatingsDone done) {
  impl_->rate_game(game_id, score, std::move(done));
}

void LobbyService::run_wave() {
  std::lock_guard lock(impl_->mutex);
  impl_->wave();
}

}  // namespace tabiya::server
