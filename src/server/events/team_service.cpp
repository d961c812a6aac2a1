#include "server/events/team_service.h"

#include <algorithm>
#include <vector>

#include "server/base/tokens.h"
#include "server/events/event_service_steps.h"
#include "server/events/result_request.h"
#include "server/events/team_views.h"
#include "server/events/tournament_http.h"
#include "server/events/tournament_requests.h"
#include "tournament/team_trf.h"

namespace tabiya::server {
namespace json = boost::json;
namespace tn = tabiya::tournament;

TeamEvents::TeamEvents(GameApi& games, std::shared_ptr<EventFileStore> files,
                       std::function<void(const std::string&)> log, std::function<uint64_t()> random)
    : games_(games), store_(std::move(files)), log_(std::move(log)), random_(std::move(random)) {}

Result<bool> TeamEvents::load() {
  auto loaded = store_.load_all(log_);
  if (!loaded) return loaded.error();
  {
    std::lock_guard lock(mutex_);
    for (std::shared_ptr<TeamEntry>& e : *loaded) adopt_locked(std::move(e));
  }
  catch_up();
  return true;
}

// Games that ended while the service was not listening (before a restart): their results are read from the game
// service without the lock, then entered.
void TeamEvents::catch_up() {
  std::vector<std::string> open;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, e] : events_)
      for (const OnlineGame& g : e->games)
        if (auto ref = find_team_board(e->event, g.round, g.white, g.black);
            ref && !e->event.rounds[std::size_t(ref->round - 1)][ref->match].boards[ref->board].has_result())
          open.push_back(g.id);
  }
  for (const std::string& id : open)
    if (std::optional<GameEnding> ending = games_.game_ending(id)) game_ended(id, *ending);
}

bool TeamEvents::has(const std::string& id) const {
  std::lock_guard lock(mutex_);
  return events_.contains(id);
}

bool TeamEvents::has_game(const std::string& game_id) const {
  std::lock_guard lock(mutex_);
  return event_of_game_.contains(game_id);
}

int64_t TeamEvents::version_of(const std::string& id) const {
  std::lock_guard lock(mutex_);
  auto it = events_.find(id);
  return it == events_.end() ? 0 : it->second->version;
}

void TeamEvents::adopt_locked(std::shared_ptr<TeamEntry> e) {
  auto& held = events_[e->id];
  if (held && held->version >= e->version) return;
  for (const OnlineGame& g : e->games) event_of_game_[g.id] = e->id;
  held = std::move(e);
}

Result<bool> TeamEvents::adopt(const StoredEvent& stored) {
  auto e = team_from_stored(stored);
  if (!e) return e.error();
  std::lock_guard lock(mutex_);
  adopt_locked(std::move(*e));
  return true;
}

Result<bool> TeamEvents::sync_locked(const std::string& id) {
  auto it = events_.find(id);
  auto newer = store_.files().load_if_newer(id, it == events_.end() ? 0 : it->second->version);
  if (!newer) return newer.error();
  if (!*newer || (*newer)->kind != EventKind::team) return true;
  auto e = team_from_stored(**newer);
  if (!e) return e.error();
  adopt_locked(std::move(*e));
  return true;
}

std::size_t TeamEvents::count() const {
  std::lock_guard lock(mutex_);
  return events_.size();
}

bool TeamEvents::is_team_request(const json::object& request) {
  const json::value* system = field(request, "system");
  return system && system->is_string() && system->as_string().starts_with("team-");
}

Result<bool> TeamEvents::save(TeamEntry& e, bool created) {
  const int64_t previous = created ? 0 : e.version;
  ++e.version;
  return store_.save(e, previous);
}

HttpAnswer TeamEvents::commit(TeamEntry& e, const TeamEntry& before, HttpAnswer ok) {
  if (auto r = save(e); !r) {
    e = before;
    log_("team event " + e.id + ": " + r.error().message);
    return tournament_error(500, "server_error", {{"detail", "cannot store the event"}});
  }
  return ok;
}

HttpAnswer TeamEvents::route(const std::string& id, std::string_view what, const HttpRequest& request) {
  const bool post = request.method == "POST";
  const bool get = request.method == "GET" || request.method == "HEAD";
  if (what == "pgn") {
    if (!get) return tournament_error(405, "method_not_allowed");
    return pgn(id);
  }
  std::lock_guard lock(mutex_);
  auto it = events_.find(id);
  if (it == events_.end()) return tournament_error(404, "unknown_tournament", {{"id", id}});
  TeamEntry& e = *it->second;
  if (what.empty() || what == "trf") {
    if (!get) return tournament_error(405, "method_not_allowed");
    if (what.empty()) return tournament_json_answer(200, team_event_json(e));
    HttpAnswer a;
    a.status = 200;
    a.content_type = "text/plain; charset=utf-8";
    a.body = tn::write_team_trf(public_team_event(e), tn::TrfVersion::trf25);
    a.headers.emplace_back("Content-Disposition", "attachment; filename=\"tabiya-team-event-" + id + ".trf\"");
    return a;
  }
  if (!post) return tournament_error(405, "method_not_allowed");
  return change_exclusively(store_.files(), id, "team event " + id, log_, [&] { return change(id, what, request); });
}

HttpAnswer TeamEvents::change(const std::string& id, std::string_view what, const HttpRequest& request) {
  if (auto r = sync_locked(id); !r) return unreadable_event("team event " + id, r.error().message, log_);
  TeamEntry& e = *events_.at(id);
  HttpAnswer bad;
  auto body = parse_body(request.body, bad);
  if (!body) return bad;
  // A player, from his game page, with the seat token of his game.
  if (what == "advice" || what == "ask") return player_reads(e, *body, what == "ask");
  const json::value* token = field(*body, "token");
  if (!token || !token->is_string()) return tournament_error(403, "forbidden", {{"reason", "bad_token"}});
  int captain_of = 0;
  for (const auto& [team, secret] : e.captains)
    if (same_secret(token->as_string(), secret)) captain_of = team;
  int player = 0;
  for (const auto& [number, secret] : e.players)
    if (same_secret(token->as_string(), secret)) player = number;
  const bool arbiter = same_secret(token->as_string(), e.arbiter);
  if (!arbiter && captain_of == 0 && player == 0) return tournament_error(403, "forbidden", {{"reason", "bad_token"}});
  if (what == "me")
    return tournament_json_answer(200, arbiter           ? team_arbiter_json(e)
                                       : captain_of != 0 ? team_captain_json(e, captain_of)
                                                         : team_player_json(e, player));
  if (captain_of != 0) {
    if (what == "captain") return captain_says(e, captain_of, *body);
    if (what == "lineup") return submit_lineup(e, captain_of, *body);
    if (what == "roster") return captain_roster(e, captain_of, *body);
    // Nothing else is a captain's: no move, no result, no position.
    return tournament_error(403, "forbidden", {{"reason", "captain_advice_only"}});
  }
  if (!arbiter) return tournament_error(403, "forbidden", {{"reason", "not_arbiter"}});
  if (what == "teams") return add_team(e, *body);
  if (what == "close") return close_registration(e);
  if (what == "publish") return publish_round(e);
  if (what == "result") return enter_result(e, *body);
  if (what == "absent") return mark_absent(e, *body);
  if (what == "lineup") return submit_lineup(e, 0, *body);
  return tournament_error(404, "not_found");
}

void TeamEvents::game_ended(const std::string& game_id, const GameEnding& ending) {
  const auto codes = event_result_codes(ending);
  if (!codes) return;
  const auto [white, black] = *codes;
  std::lock_guard lock(mutex_);
  auto ev = event_of_game_.find(game_id);
  if (ev == event_of_game_.end()) return;
  const std::string id = ev->second;
  // Under the event's lock, at the store's version: another node may be changing it.
  auto locked = store_.files().exclusively(id, [&] {
    if (auto r = sync_locked(id); !r) {
      log_("team event " + id + ": " + r.error().message);
      return;
    }
    enter_game_result(*events_.at(id), game_id, white, black);
  });
  if (!locked) log_("team event " + id + ": result of game " + game_id + " not entered: " + locked.error().message);
}

void TeamEvents::enter_game_result(TeamEntry& e, const std::string& game_id, char white, char black) {
  for (const OnlineGame& g : e.games) {
    if (g.id != game_id) continue;
    auto ref = find_team_board(e.event, g.round, g.white, g.black);
    // The arbiter's entry (a forfeit, a correction) stands over the game's.
    if (!ref || e.event.rounds[std::size_t(g.round - 1)][ref->match].boards[ref->board].has_result()) return;
    const TeamEntry before = e;
    if (!enter_board(e, g.round, g.white, g.black, white, black)) return;
    if (auto r = save(e); !r) {
      log_("team event " + e.id + ": " + r.error().message);
      e = before;
    }
    return;
  }
}

}  // namespace tabiya::server
