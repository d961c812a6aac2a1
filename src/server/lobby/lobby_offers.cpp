// Seeks and challenges: offers of a game that another player takes up.
#include <cmath>

#include "server/base/tokens.h"
#include "server/lobby/lobby_impl.h"

namespace tabiya::server {

namespace json = boost::json;

namespace {

std::string text_of(const json::object& m, const char* key) {
  const json::value* v = m.if_contains(key);
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

std::optional<LobbyRefusal> refuse(const char* code, std::string detail = {}) {
  return LobbyRefusal{code, std::move(detail)};
}

}  // namespace

bool LobbyService::Impl::offerer_white(const std::string& color) {
  if (color == "white") return true;
  if (color == "black") return false;
  return random() % 2 == 0;
}

std::optional<LobbyRefusal> LobbyService::Impl::handle(LobbySession& session, const json::object& m) {
  const std::string type = text_of(m, "t");
  const LobbyUser& user = session.user;
  if (type == "seek") return create_seek(user, m);
  if (type == "cancel_seek") return cancel_seek(user, text_of(m, "id"));
  if (type == "accept_seek") return accept_seek(user, text_of(m, "id"));
  if (type == "challenge") return challenge(user, m);
  if (type == "accept_challenge") return answer_challenge(user, text_of(m, "id"), "accepted");
  if (type == "decline_challenge") return answer_challenge(user, text_of(m, "id"), "declined");
  if (type == "cancel_challenge") return answer_challenge(user, text_of(m, "id"), "cancelled");
  if (type == "join_pool") return join_pool(user, m);
  if (type == "leave_pool") {
    leave_pools(user);
    publish_to(user.id, {{"t", "pool_left"}});
    return std::nullopt;
  }
  if (type == "ping") {
    session.peer->send(share(R"({"t":"pong"})"));
    return std::nullopt;
  }
  return refuse("unknown_type",
                "t: seek | cancel_seek | accept_seek | challenge | accept_challenge | "
                "decline_challenge | cancel_challenge | join_pool | leave_pool | ping");
}

std::optional<LobbyRefusal> LobbyService::Impl::create_seek(const LobbyUser& user, const json::object& m) {
  Result<GameTerms> terms = read_game_terms(m);
  if (!terms) return refuse("bad_request", terms.error().message);
  if (terms->rated && !user.account) return refuse("account_required", "rated games need an account");
  std::size_t mine = 0;
  if (live()) mine = shared_seeks(user.id).size();
  else
    for (const auto& [id, s] : seeks) mine += s.owner.id == user.id;
  if (mine >= kSeeksPerUser) return refuse("too_many_seeks", "at most 3 open seeks");
  Seek seek;
  seek.id = new_game_id();
  seek.owner = user;
  seek.terms = *terms;
  seek.created_ms = now();
  if (terms->category) {
    const Glicko2Rating r = rating_of(user, *terms->category);
    seek.rating = static_cast<int>(std::lround(r.rating));
    seek.provisional = glicko.provisional(r);
  }
  for (const char* bound : {"min_rating", "max_rating"}) {
    const json::value* v = m.if_contains(bound);
    if (!v || v->is_null()) continue;
    if (!v->is_int64() || v->as_int64() < 0 || v->as_int64() > 4000)
      return refuse("bad_request", std::string(bound) + ": integer 0..4000");
    (bound[1] == 'i' ? seek.min_rating : seek.max_rating) = static_cast<int>(v->as_int64());
  }
  if (live()) {
    if (std::optional<LobbyRefusal> refused = shared_create_seek(seek)) return refused;
  } else {
    if (seek.terms.days) {
      // A correspondence seek outlives the server and its owner's visit.
      if (Result<bool> stored = options.store->put_seek(seek.id, json::serialize(seek_json(seek, true))); !stored)
        log(stored.error().message);
    }
    seeks[seek.id] = seek;
  }
  const json::object event{{"t", "seek"}, {"seek", seek_json(seek)}};
  // The seeker sees their own seek at once; the public list may wait for its batch (it carries it again).
  publish_to(user.id, event);
  publish_all(event);
  return std::nullopt;
}

void LobbyService::Impl::remove_seek(const std::string& id, const char* reason) {
  if (live()) return shared_remove_seek(id, reason);
  auto it = seeks.find(id);
  if (it == seeks.end()) return;
  if (it->second.terms.days) {
    if (Result<bool> removed = options.store->remove_seek(id); !removed) log(removed.error().message);
  }
  seeks.erase(it);
  publish_all({{"t", "seek_gone"}, {"id", id}, {"reason", reason}});
}

std::optional<LobbyRefusal> LobbyService::Impl::cancel_seek(const LobbyUser& user, const std::string& id) {
  if (live()) return shared_cancel_seek(user, id);
  auto it = seeks.find(id);
  if (it == seeks.end()) return refuse("unknown_seek", id);
  if (it->second.owner.id != user.id) return refuse("not_allowed", "only its owner cancels a seek");
  remove_seek(id, "cancelled");
  return std::nullopt;
}

std::optional<LobbyRefusal> LobbyService::Impl::check_acceptance(const LobbyUser& user, const Seek& seek) {
  if (seek.owner.id == user.id) return refuse("not_allowed", "a seek of your own");
  if (seek.terms.rated && !user.account) return refuse("account_required", "rated games need an account");
  if (seek.terms.category && (seek.min_rating || seek.max_rating)) {
    const int mine = static_cast<int>(std::lround(rating_of(user, *seek.terms.category).rating));
    if ((seek.min_rating && mine < *seek.min_rating) || (seek.max_rating && mine > *seek.max_rating))
      return refuse("rating_range", "your rating is outside the seek's range");
  }
  return std::nullopt;
}

std::optional<LobbyRefusal> LobbyService::Impl::accept_seek(const LobbyUser& user, const std::string& id) {
  if (live()) return shared_accept_seek(user, id);
  auto it = seeks.find(id);
  if (it == seeks.end()) return refuse("unknown_seek", id);
  const Seek seek = it->second;
  if (std::optional<LobbyRefusal> refused = check_acceptance(user, seek)) return refused;
  remove_seek(id, "accepted");
  if (!pair(seek.owner, user, seek.terms, offerer_white(seek.terms.color)))
    return refuse("busy", "no game could be made");
  return std::nullopt;
}

std::optional<LobbyRefusal> LobbyService::Impl::challenge(const LobbyUser& user, const json::object& m) {
  const std::string to = text_of(m, "to");
  if (to.empty() || to.size() > 64) return refuse("bad_request", "to: a player's name");
  Result<GameTerms> terms = read_game_terms(m);
  if (!terms) return refuse("bad_request", terms.error().message);
  if (terms->rated && !user.account) return refuse("account_required", "rated games need an account");
  std::optional<std::string> account = options.store->account_named(to);
  std::optional<LobbyUser> target;
  if (account && live()) target = shared_online(*account);
  else if (auto it = account ? online.find(*account) : online.end(); it != online.end()) target = it->second;
  if (!target) return refuse("player_offline", to);
  if (target->id == user.id) return refuse("not_allowed", "a challenge to yourself");
  if (live()) return shared_challenge(user, *target, *terms);
  std::size_t open = 0;
  for (const auto& [id, other] : challenges) open += other.from.id == user.id;
  if (open >= kChallengesPerUser) return refuse("too_many_challenges", "at most 3 open challenges");
  Challenge c{new_game_id(), user, *target, *terms, now()};
  challenges[c.id] = c;
  json::object event = challenge_json(c);
  publish_to(c.to.id, {{"t", "challenge"}, {"incoming", true}, {"challenge", event}});
  publish_to(c.from.id, {{"t", "challenge"}, {"incoming", false}, {"challenge", event}});
  return std::nullopt;
}

void LobbyService::Impl::remove_challenge(const std::string& id, const char* reason) {
  auto it = challenges.find(id);
  if (it == challenges.end()) return;
  const json::object event{{"t", "challenge_gone"}, {"id", id}, {"reason", reason}};
  publish_to(it->second.from.id, event);
  publish_to(it->second.to.id, event);
  challenges.erase(it);
}

std::optional<LobbyRefusal> LobbyService::Impl::answer_challenge(const LobbyUser& user, const std::string& id,
                                                                 const std::string& how) {
  if (live()) return shared_answer_challenge(user, id, how);
  auto it = challenges.find(id);
  if (it == challenges.end()) return refuse("unknown_challenge", id);
  const Challenge c = it->second;
  const bool mine_to_answer = how == "cancelled" ? c.from.id == user.id : c.to.id == user.id;
  if (!mine_to_answer) return refuse("not_allowed", "not your challenge to " + how.substr(0, how.size() - 2));
  if (how != "accepted") {
    remove_challenge(id, how == "declined" ? "declined" : "cancelled");
    return std::nullopt;
  }
  remove_challenge(id, "accepted");
  if (!pair(c.from, c.to, c.terms, offerer_white(c.terms.color))) return refuse("busy", "no game could be made");
  return std::nullopt;
}

void LobbyService::Impl::user_left(const LobbyUser& user) {
  if (live()) return shared_left(user);
  leave_pools(user);
  std::vector<std::string> gone;
  for (const auto& [id, s] : seeks)
    if (s.owner.id == user.id && !s.terms.days) gone.push_back(id);
  for (const std::string& id : gone) remove_seek(id, "owner_left");
  gone.clear();
  for (const auto& [id, c] : challenges)
    if (c.from.id == user.id || c.to.id == user.id) gone.push_back(id);
  for (const std::string& id : gone) remove_challenge(id, "offline");
}

void LobbyService::Impl::load_stored_seeks() {
  if (live()) return;  // several nodes: correspondence seeks are lasting rows of the live store
  for (const auto& [id, text] : options.store->seeks()) {
    boost::system::error_code ec;
    json::value v = json::parse(text, ec);
    Result<Seek> seek = ec || !v.is_object() ? Result<Seek>(fail("not a JSON object")) : seek_from_json(v.as_object());
    if (!seek) {
      log("stored seek " + id + ": " + seek.error().message);
      continue;
    }
    tags[seek->owner.id] = seek->owner.tag;
    seeks[seek->id] = *seek;
  }
}

}  // namespace tabiya::server
