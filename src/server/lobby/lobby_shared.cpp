// The lobby's steps on several nodes (lobby_service.h, "Several servers"): seeks, challenges, pool places, players
// and games are rows of the shared LobbyLiveStore instead of this process's maps, so a seek made on one node is
// listed and taken up on another, a challenge reaches its player on whichever node they are, and the pools pair
// players waiting on different nodes. The sockets hear of every change on the shared event bus, as on one node.
// Taking up a seek or a challenge, and a pair of pool places, is the store's atomic take: of two nodes racing for
// the same, one gets it and the other answers `seek_taken` (or `unknown_challenge`).
#include <cmath>
#include <map>

#include "laws/time_control.h"
#include "server/base/tokens.h"
#include "server/lobby/lobby_impl.h"

namespace tabiya::server {

namespace json = boost::json;

namespace {

std::optional<json::object> parsed(const std::string& text) {
  boost::system::error_code ec;
  json::value v = json::parse(text, ec);
  if (ec || !v.is_object()) return std::nullopt;
  return std::move(v.as_object());
}

// A pool place: its pool and the entry.
struct SharedPlace {
  std::string key;
  PoolEntry entry;
};

std::optional<SharedPlace> place_from_json(const std::string& text) {
  std::optional<json::object> o = parsed(text);
  if (!o || !o->contains("key") || !(*o)["key"].is_string() || !o->contains("user") || !(*o)["user"].is_object())
    return std::nullopt;
  SharedPlace p;
  p.key = std::string((*o)["key"].as_string());
  p.entry.user = user_from_json((*o)["user"].as_object());
  if (const json::value* v = o->if_contains("rating"); v && v->is_int64()) p.entry.rating = int(v->as_int64());
  if (const json::value* v = o->if_contains("joined_ms"); v && v->is_int64()) p.entry.joined_ms = v->as_int64();
  return p;
}

std::optional<LobbyRefusal> refuse(const char* code, std::string detail) {
  return LobbyRefusal{code, std::move(detail)};
}

}  // namespace

std::optional<LobbyRefusal> LobbyService::Impl::unavailable(const Error& error) {
  log(error.message);
  return LobbyRefusal{"unavailable", "the lobby's store did not answer: try again"};
}

std::vector<Seek> LobbyService::Impl::shared_seeks(const std::string& owner) {
  std::vector<Seek> out;
  Result<std::vector<LiveRow>> rows = live()->rows(LiveKind::SEEK, owner);
  if (!rows) {
    log(rows.error().message);
    return out;
  }
  for (const LiveRow& row : *rows) {
    std::optional<json::object> o = parsed(row.json);
    Result<Seek> seek = o ? seek_from_json(*o) : Result<Seek>(fail("not a JSON object"));
    if (seek) out.push_back(std::move(*seek));
    else log("shared seek " + row.id + ": " + seek.error().message);
  }
  return out;
}

std::optional<LobbyRefusal> LobbyService::Impl::shared_create_seek(const Seek& seek) {
  // A correspondence seek lasts (no node keeps it alive: it waits for its taker across restarts).
  const LiveRow row{seek.id, seek.owner.id, "", json::serialize(seek_json(seek, true))};
  if (Result<bool> put = live()->put(LiveKind::SEEK, row, seek.terms.days.has_value()); !put)
    return unavailable(put.error());
  return std::nullopt;
}

void LobbyService::Impl::shared_remove_seek(const std::string& id, const char* reason) {
  Result<std::vector<LiveRow>> taken = live()->take(LiveKind::SEEK, {id});
  if (!taken) return log(taken.error().message);
  if (!taken->empty()) publish_all({{"t", "seek_gone"}, {"id", id}, {"reason", reason}});
}

std::optional<LobbyRefusal> LobbyService::Impl::shared_cancel_seek(const LobbyUser& user, const std::string& id) {
  Result<std::optional<LiveRow>> row = live()->row(LiveKind::SEEK, id);
  if (!row) return unavailable(row.error());
  if (!*row) return refuse("unknown_seek", id);
  if ((*row)->owner != user.id) return refuse("not_allowed", "only its owner cancels a seek");
  shared_remove_seek(id, "cancelled");
  return std::nullopt;
}

std::optional<LobbyRefusal> LobbyService::Impl::shared_accept_seek(const LobbyUser& user, const std::string& id) {
  Result<std::optional<LiveRow>> row = live()->row(LiveKind::SEEK, id);
  if (!row) return unavailable(row.error());
  if (!*row) {
    Result<bool> taken = live()->was_taken(LiveKind::SEEK, id);
    if (taken && *taken) return refuse("seek_taken", id);
    return refuse("unknown_seek", id);
  }
  std::optional<json::object> o = parsed((*row)->json);
  Result<Seek> seek = o ? seek_from_json(*o) : Result<Seek>(fail("not a JSON object"));
  if (!seek) return refuse("unknown_seek", id);
  if (std::optional<LobbyRefusal> refused = check_acceptance(user, *seek)) return refused;
  Result<std::vector<LiveRow>> taken = live()->take(LiveKind::SEEK, {id});
  if (!taken) return unavailable(taken.error());
  if (taken->empty()) return refuse("seek_taken", id);  // another player, on this node or another, was first
  publish_all({{"t", "seek_gone"}, {"id", id}, {"reason", "accepted"}});
  if (!pair(seek->owner, user, seek->terms, offerer_white(seek->terms.color)))
    return refuse("busy", "no game could be made");
  return std::nullopt;
}

std::optional<LobbyUser> LobbyService::Impl::shared_online(const std::string& user_id) {
  Result<std::vector<LiveRow>> rows = live()->rows(LiveKind::PLAYER, user_id);
  if (!rows) {
    log(rows.error().message);
    return std::nullopt;
  }
  for (const LiveRow& row : *rows)
    if (std::optional<json::object> o = parsed(row.json)) return user_from_json(*o);
  return std::nullopt;
}

std::optional<LobbyRefusal> LobbyService::Impl::shared_challenge(const LobbyUser& user, const LobbyUser& to,
                                                                 const GameTerms& terms) {
  Result<std::vector<LiveRow>> mine = live()->rows(LiveKind::CHALLENGE, user.id);
  if (!mine) return unavailable(mine.error());
  std::size_t open = 0;
  for (const LiveRow& row : *mine) open += row.owner == user.id;
  if (open >= kChallengesPerUser) return refuse("too_many_challenges", "at most 3 open challenges");
  const Challenge c{new_game_id(), user, to, terms, now()};
  const LiveRow row{c.id, user.id, to.id, json::serialize(stored_challenge_json(c))};
  if (Result<bool> put = live()->put(LiveKind::CHALLENGE, row); !put) return unavailable(put.error());
  const json::object event = challenge_json(c);
  publish_to(c.to.id, {{"t", "challenge"}, {"incoming", true}, {"challenge", event}});
  publish_to(c.from.id, {{"t", "challenge"}, {"incoming", false}, {"challenge", event}});
  return std::nullopt;
}

bool LobbyService::Impl::shared_remove_challenge(const Challenge& c, const char* reason) {
  Result<std::vector<LiveRow>> taken = live()->take(LiveKind::CHALLENGE, {c.id});
  if (!taken) {
    log(taken.error().message);
    return false;
  }
  if (taken->empty()) return false;
  const json::object event{{"t", "challenge_gone"}, {"id", c.id}, {"reason", reason}};
  publish_to(c.from.id, event);
  publish_to(c.to.id, event);
  return true;
}

std::optional<LobbyRefusal> LobbyService::Impl::shared_answer_challenge(const LobbyUser& user, const std::string& id,
                                                                        const std::string& how) {
  Result<std::optional<LiveRow>> row = live()->row(LiveKind::CHALLENGE, id);
  if (!row) return unavailable(row.error());
  std::optional<json::object> o = *row ? parsed((*row)->json) : std::nullopt;
  Result<Challenge> c = o ? challenge_from_json(*o) : Result<Challenge>(fail("no such challenge"));
  if (!c) return refuse("unknown_challenge", id);
  const bool mine_to_answer = how == "cancelled" ? c->from.id == user.id : c->to.id == user.id;
  if (!mine_to_answer) return refuse("not_allowed", "not your challenge to " + how.substr(0, how.size() - 2));
  const char* reason = how == "accepted" ? "accepted" : how == "declined" ? "declined" : "cancelled";
  if (!shared_remove_challenge(*c, reason)) return refuse("unknown_challenge", id);  // answered meanwhile
  if (how == "accepted" && !pair(c->from, c->to, c->terms, offerer_white(c->terms.color)))
    return refuse("busy", "no game could be made");
  return std::nullopt;
}

std::optional<LobbyRefusal> LobbyService::Impl::shared_join_pool(const PoolEntry& entry, const std::string& key) {
  const json::object place{
      {"key", key}, {"user", stored_user_json(entry.user)}, {"rating", entry.rating}, {"joined_ms", entry.joined_ms}};
  const LiveRow row{entry.user.id, entry.user.id, "", json::serialize(place)};
  if (Result<bool> put = live()->put(LiveKind::POOL, row); !put) return unavailable(put.error());
  return std::nullopt;
}

void LobbyService::Impl::shared_leave_pools(const LobbyUser& user) {
  if (Result<std::vector<LiveRow>> taken = live()->take(LiveKind::POOL, {user.id}); !taken) log(taken.error().message);
}

void LobbyService::Impl::shared_arrived(const LobbyUser& user) {
  const LiveRow row{player_row(user), user.id, "", json::serialize(stored_user_json(user))};
  if (Result<bool> put = live()->put(LiveKind::PLAYER, row); !put) log(put.error().message);
}

void LobbyService::Impl::shared_left(const LobbyUser& user) {
  if (Result<std::vector<LiveRow>> gone = live()->take(LiveKind::PLAYER, {player_row(user)}); !gone)
    log(gone.error().message);
  // Still in the lobby on another node: their offers stay.
  if (Result<std::vector<LiveRow>> elsewhere = live()->rows(LiveKind::PLAYER, user.id);
      !elsewhere || !elsewhere->empty())
    return;
  shared_leave_pools(user);
  for (const Seek& seek : shared_seeks(user.id))
    if (!seek.terms.days) shared_remove_seek(seek.id, "owner_left");
  Result<std::vector<LiveRow>> challenges = live()->rows(LiveKind::CHALLENGE, user.id);
  if (!challenges) return log(challenges.error().message);
  for (const LiveRow& row : *challenges) {
    std::optional<json::object> o = parsed(row.json);
    if (Result<Challenge> c = o ? challenge_from_json(*o) : Result<Challenge>(fail("bad row")); c)
      shared_remove_challenge(*c, "offline");
  }
}

void LobbyService::Impl::shared_wave() {
  // Every node keeps its rows alive; the node holding the lead pairs.
  if (Result<bool> renewed = live()->renew(); !renewed) log(renewed.error().message);
  Result<bool> lead = live()->lead_waves();
  if (!lead) return log(lead.error().message);
  if (!*lead) return;
  Result<std::vector<LiveRow>> rows = live()->rows(LiveKind::POOL);
  if (!rows) return log(rows.error().message);
  std::map<std::string, std::vector<PoolEntry>> queues;
  for (const LiveRow& row : *rows)
    if (std::optional<SharedPlace> place = place_from_json(row.json); place && pools.contains(place->key))
      queues[place->key].push_back(std::move(place->entry));
  const int64_t at = now();
  for (auto& [key, queue] : queues) {
    if (queue.size() < 2) continue;
    const PoolPairs pairs = pair_wave(pool_players(queue, at), options.pool_rules);
    const bool rated = key.ends_with(" rated");
    json::object terms_message{{"time", key.substr(0, key.find(' '))}, {"rated", rated}};
    Result<GameTerms> terms = read_game_terms(terms_message);
    for (auto [a, b] : pairs) {
      // Both places or neither: a player who left meanwhile (on any node) is not paired.
      Result<std::vector<LiveRow>> taken = live()->take(LiveKind::POOL, {queue[a].user.id, queue[b].user.id});
      if (!taken) {
        log(taken.error().message);
        continue;
      }
      if (taken->size() == 2) pair(queue[a].user, queue[b].user, *terms, random() % 2 == 0);
    }
  }
}

void LobbyService::Impl::shared_snapshot(const std::optional<LobbyUser>& you, json::object& out) {
  json::array seek_list, game_list, pool_list, challenge_list;
  for (const Seek& seek : shared_seeks()) seek_list.push_back(seek_json(seek));
  if (Result<std::vector<LiveRow>> games = live()->rows(LiveKind::GAME); games) {
    for (const LiveRow& row : *games)
      if (std::optional<json::object> o = parsed(row.json)) game_list.push_back(std::move(*o));
  } else {
    log(games.error().message);
  }
  std::map<std::string, std::size_t> waiting;
  std::optional<std::string> waiting_in;
  if (Result<std::vector<LiveRow>> places = live()->rows(LiveKind::POOL); places) {
    for (const LiveRow& row : *places)
      if (std::optional<SharedPlace> place = place_from_json(row.json)) {
        ++waiting[place->key];
        if (you && row.owner == you->id) waiting_in = place->key;
      }
  } else {
    log(places.error().message);
  }
  for (const std::string& time : options.pools)
    pool_list.push_back(json::object{{"time", time},
                                     {"category", pool_category(time)},
                                     {"rated_waiting", waiting[pool_key(time, true)]},
                                     {"casual_waiting", waiting[pool_key(time, false)]}});
  if (you) {
    if (Result<std::vector<LiveRow>> mine = live()->rows(LiveKind::CHALLENGE, you->id); mine) {
      for (const LiveRow& row : *mine) {
        std::optional<json::object> o = parsed(row.json);
        Result<Challenge> c = o ? challenge_from_json(*o) : Result<Challenge>(fail("bad row"));
        if (!c) continue;
        json::object shown = challenge_json(*c);
        shown["incoming"] = c->to.id == you->id;
        challenge_list.push_back(std::move(shown));
      }
    } else {
      log(mine.error().message);
    }
    out["waiting"] = waiting_in ? json::value(*waiting_in) : json::value(nullptr);
  }
  out["seeks"] = std::move(seek_list);
  out["games"] = std::move(game_list);
  out["pools"] = std::move(pool_list);
  out["challenges"] = std::move(challenge_list);
}

}  // namespace tabiya::server
