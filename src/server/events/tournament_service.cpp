#include "server/events/tournament_service.h"

#include <algorithm>
#include <iostream>
#include <vector>

#include "server/base/prometheus.h"
#include "server/base/tokens.h"
#include "server/events/event_pgn.h"
#include "server/events/event_service_steps.h"
#include "server/events/tournament_auth.h"
#include "server/events/tournament_http.h"
#include "server/events/tournament_service_impl.h"
#include "server/events/tournament_views.h"
#include "tournament/boards.h"
#include "tournament/crosstable.h"
#include "tournament/standings.h"
#include "tournament/trf.h"

namespace tabiya::server {
namespace json = boost::json;
namespace tn = tabiya::tournament;

namespace {

constexpr std::string_view API = "/api/tournaments";

// A join by a logged-in player: his entry's name, federation and FIDE ID come from his profile where it has them;
// the rating stays as entered (a FIDE rating is not looked up), and the profile's title is self-declared, so none
// is taken from it.
json::object with_profile(json::object join, const TournamentAccount& account) {
  if (!account.name.empty()) join["name"] = account.name.substr(0, 33);
  if (!account.federation.empty()) join["federation"] = account.federation;
  if (!account.fide_id.empty()) join["fide_id"] = account.fide_id;
  return join;
}

}  // namespace

TournamentService::Impl::Impl(GameApi& games, TournamentServiceOptions o)
    : games(games),
      options(std::move(o)),
      store(options.event_store ? options.event_store : make_event_files(options.data_dir)),
      teams(std::make_unique<TeamEvents>(
          games, options.event_store ? options.event_store : make_event_files(options.data_dir),
          [this](const std::string& line) { log(line); }, [this] { return random(); })) {}

void TournamentService::Impl::log(const std::string& line) const {
  if (options.log) options.log(line);
  else std::cerr << "tabiya: " << line << '\n';
}

uint64_t TournamentService::Impl::random() const { return options.random ? options.random() : os_random_u64(); }

Result<bool> TournamentService::Impl::load_all() {
  auto loaded = store.load_all([this](const std::string& line) { log(line); });
  if (!loaded) return loaded.error();
  std::lock_guard lock(mutex);
  for (std::shared_ptr<EventEntry>& e : *loaded) adopt(std::move(e));
  return true;
}

void TournamentService::Impl::adopt(std::shared_ptr<EventEntry> e) {
  auto& held = events[e->id];
  if (held && held->version >= e->version) return;
  for (const OnlineGame& g : e->games) event_of_game[g.id] = e->id;
  held = std::move(e);
}

Result<bool> TournamentService::Impl::sync_locked(const std::string& id) {
  auto it = events.find(id);
  auto newer = store.files().load_if_newer(id, it == events.end() ? 0 : it->second->version);
  if (!newer) return newer.error();
  if (!*newer || (*newer)->kind != EventKind::individual) return true;
  auto e = event_from_stored(**newer);
  if (!e) return e.error();
  adopt(std::move(*e));
  return true;
}

std::optional<HttpAnswer> TournamentService::Impl::sync_event(const std::string& id) {
  int64_t known = 0;
  {
    std::lock_guard lock(mutex);
    if (auto it = events.find(id); it != events.end()) known = it->second->version;
  }
  if (known == 0) known = teams->version_of(id);  // its own mutex, not under ours
  auto newer = store.files().load_if_newer(id, known);
  Result<bool> adopted = true;
  if (newer && *newer && (*newer)->kind == EventKind::team) {
    adopted = teams->adopt(**newer);
  } else if (newer && *newer) {
    auto e = event_from_stored(**newer);
    if (e) {
      std::lock_guard lock(mutex);
      adopt(std::move(*e));
    } else {
      adopted = e.error();
    }
  }
  const std::string problem = !newer ? newer.error().message : !adopted ? adopted.error().message : "";
  if (problem.empty()) return std::nullopt;
  log("tournament " + id + ": " + problem);
  return tournament_error(500, "server_error", {{"detail", "cannot read the event"}});
}

void TournamentService::Impl::find_event_of(const std::string& game_id) {
  {
    std::lock_guard lock(mutex);
    if (event_of_game.contains(game_id)) return;
  }
  if (teams->has_game(game_id)) return;
  auto found = store.files().event_of_game(game_id);
  if (!found) {
    log("game " + game_id + ": " + found.error().message);
    return;
  }
  if (*found) (void)sync_event((*found)->second);
}

// Games that ended while the service was not listening (before a restart).
void TournamentService::Impl::catch_up() {
  std::vector<std::string> open;
  {
    std::lock_guard lock(mutex);
    for (const auto& [id, e] : events)
      for (const OnlineGame& g : e->games)
        if (e->t.player(g.white) && e->t.player(g.white)->entry(g.round).result == ' ') open.push_back(g.id);
  }
  for (const std::string& id : open)
    if (std::optional<GameEnding> ending = games.game_ending(id)) enter_game_result(id, *ending);
}

// Every board's PGN with the players' names and the round, in round and board order: the game's record, or
// a result-only game when the result did not come from a game played here (entered by the arbiter, a
// forfeit). Game records are read without the lock.
HttpAnswer TournamentService::Impl::all_pgn(const std::string& id) {
  std::vector<EventPgnBoard> boards;
  std::string event_name;
  {
    std::lock_guard lock(mutex);
    auto it = events.find(id);
    if (it == events.end()) return tournament_error(404, "unknown_tournament", {{"id", id}});
    const EventEntry& e = *it->second;
    const tn::Tournament t = public_trf(e);
    event_name = e.t.name();
    for (int r = 1; r <= e.published; ++r)
      for (const tn::RoundBoard& b : tn::boards_of_round(t, e.settings, r)) {
        const tn::Player* w = t.player(b.white);
        const tn::Player* bl = b.black == 0 ? nullptr : t.player(b.black);
        if (!w || !bl) continue;  // a bye is no game
        EventPgnBoard board{{}, r, w->name, bl->name, board_result(w->entry(r).result, bl->entry(r).result), {}};
        for (const OnlineGame& g : e.games)
          if (g.round == r && g.white == b.white && g.black == b.black) board.game = g.id;
        boards.push_back(std::move(board));
      }
  }
  return event_pgn_answer(games, event_name, boards, "tabiya-tournament-" + id + ".pgn");
}

HttpAnswer TournamentService::Impl::route(const HttpRequest& request) {
  std::string_view target = request.target;
  if (auto q = target.find('?'); q != std::string_view::npos) target = target.substr(0, q);
  const bool post = request.method == "POST";
  const bool get = request.method == "GET" || request.method == "HEAD";
  if (target == API || target == std::string(API) + "/") {
    if (!post) return tournament_error(405, "method_not_allowed");
    if (auto refused = creation_refusal(options.creation_limits.get(), request, creations_refused)) return *refused;
    json::error_code ec;
    const json::value v = json::parse(request.body, ec);
    if (!ec && v.is_object() && TeamEvents::is_team_request(v.as_object())) {
      std::string id;
      {
        std::lock_guard lock(mutex);
        for (int attempt = 0; attempt < 8 && id.empty(); ++attempt)
          if (std::string made = new_game_id(); !events.contains(made) && !teams->has(made)) id = made;
      }
      if (id.empty()) return tournament_error(500, "server_error", {{"detail", "no free id"}});
      HttpAnswer made = teams->create(v.as_object(), id);
      if (made.status == 201) ++created;
      return made;
    }
    std::lock_guard lock(mutex);
    return create_event(request.body);
  }
  std::string_view rest = target.substr(API.size() + 1);
  const std::string id(rest.substr(0, rest.find('/')));
  const std::string_view what = id.size() < rest.size() ? rest.substr(id.size() + 1) : std::string_view{};
  if (!valid_event_id(id)) return tournament_error(404, "unknown_tournament", {{"id", id}});
  if (auto refused = sync_event(id)) return *refused;
  if (teams->has(id)) return teams->route(id, what, request);
  if (what == "pgn") {
    if (!get) return tournament_error(405, "method_not_allowed");
    return all_pgn(id);
  }
  std::lock_guard lock(mutex);
  auto it = events.find(id);
  if (it == events.end()) return tournament_error(404, "unknown_tournament", {{"id", id}});
  EventEntry& e = *it->second;
  if (what.empty()) {
    if (!get) return tournament_error(405, "method_not_allowed");
    return tournament_json_answer(200, event_json(e));
  }
  if (what == "trf" || what == "html") {
    if (!get) return tournament_error(405, "method_not_allowed");
    const tn::Tournament t = public_trf(e);
    HttpAnswer a;
    a.status = 200;
    if (what == "trf") {
      a.content_type = "text/plain; charset=utf-8";
      a.body = tn::write_trf(t);
      a.headers.emplace_back("Content-Disposition", "attachment; filename=\"tabiya-tournament-" + id + ".trf\"");
    } else {
      auto s = tn::compute_standings(t, e.settings);
      if (!s) return tournament_error(500, "server_error", {{"detail", s.error().message}});
      a.content_type = "text/html; charset=utf-8";
      a.body = tn::export_html(t, e.settings, *s);
    }
    return a;
  }
  if (!post) return tournament_error(405, "method_not_allowed");
  return change_exclusively(
      store.files(), id, "tournament " + id, [this](const std::string& line) { log(line); },
      [&] { return change(id, what, request); });
}

HttpAnswer TournamentService::Impl::change(const std::string& id, std::string_view what, const HttpRequest& request) {
  if (auto r = sync_locked(id); !r)
    return unreadable_event("tournament " + id, r.error().message, [this](const std::string& line) { log(line); });
  EventEntry& e = *events.at(id);
  HttpAnswer bad;
  auto body = parse_body(request.body, bad);
  if (!body) return bad;
  if (what == "join") {
    const json::value* code = field(*body, "code");
    if (!code || !code->is_string() || !same_secret(code->as_string(), e.join))
      return tournament_error(403, "forbidden", {{"reason", "bad_join_code"}});
    if (auto account = options.account_of ? options.account_of(request) : std::nullopt)
      return add_player(e, with_profile(*body, *account), false, account->id);
    return add_player(e, *body, false);
  }
  const Caller c = caller_of(e, *body);
  if (c.role == Role::none) return tournament_error(403, "forbidden", {{"reason", "bad_token"}});
  if (what == "me") return tournament_json_answer(200, private_json(e, c));
  // Acts for one player: the arbiter for anyone, a player only for himself.
  auto for_player = [&](int& number) -> std::optional<HttpAnswer> {
    const json::value* p = field(*body, "player");
    if (c.role == Role::player && !p) {
      number = c.player;
      return std::nullopt;
    }
    if (!p || !p->is_int64()) return tournament_bad_field("player", "start number");
    number = static_cast<int>(std::clamp<int64_t>(p->as_int64(), 0, 1'000'000));
    if (c.role == Role::player && number != c.player)
      return tournament_error(403, "forbidden", {{"reason", "not_your_player"}, {"player", number}});
    return std::nullopt;
  };
  if (what == "withdraw" || what == "bye") {
    int number = 0;
    if (auto refused = for_player(number)) return *refused;
    return what == "withdraw" ? withdraw(e, number) : request_bye(e, *body, number);
  }
  if (c.role != Role::arbiter) return tournament_error(403, "forbidden", {{"reason", "not_arbiter"}});
  if (what == "players") return add_player(e, *body, true);
  if (what == "close") return close_registration(e);
  if (what == "publish") return publish_round(e);
  if (what == "result") return enter_result(e, *body);
  return tournament_error(404, "not_found");
}

// --- The service ---

TournamentService::TournamentService(GameApi& games, TournamentServiceOptions options)
    : impl_(std::make_unique<Impl>(games, std::move(options))) {}

TournamentService::~TournamentService() = default;

Result<std::unique_ptr<TournamentService>> TournamentService::create(GameApi& games, TournamentServiceOptions options) {
  std::unique_ptr<TournamentService> service(new TournamentService(games, std::move(options)));
  if (auto r = service->impl_->load_all(); !r) return r.error();
  if (auto r = service->impl_->teams->load(); !r) return r.error();
  service->impl_->catch_up();
  return service;
}

HttpAnswer TournamentService::http(const HttpRequest& request) {
  std::string_view target = request.target;
  if (target == API || target.starts_with(std::string(API) + "/") || target.starts_with(std::string(API) + "?"))
    return impl_->route(request);
  return tournament_error(404, "not_found");
}

std::shared_ptr<Session> TournamentService::open(std::string_view, std::shared_ptr<Peer>) {
  return nullptr;  // no socket is the events' own: their pages read over HTTP, their games are the games'
}

void TournamentService::message(Session&, std::string_view) {}
void TournamentService::closed(Session&) {}
bool TournamentService::keeps_alive(const Session&) { return false; }

void TournamentService::write_metrics(std::string& out) {
  std::size_t count = 0;
  {
    std::lock_guard lock(impl_->mutex);
    count = impl_->events.size();
  }
  PrometheusWriter w(out);
  w.single("tabiya_tournaments", "gauge", "Tournaments held in memory.", int64_t(count));
  w.single("tabiya_team_events", "gauge", "Team events held in memory.", int64_t(impl_->teams->count()));
  w.single("tabiya_tournaments_created_total", "counter", "Tournaments created since the start.",
           int64_t(impl_->created.load()));
  w.single("tabiya_tournament_games_started_total", "counter", "Tournament games started.",
           int64_t(impl_->games_started.load()));
  w.single("tabiya_tournaments_rate_limited_total", "counter",
           "Tournament creations refused by the per-client rate limit.", int64_t(impl_->creations_refused.load()));
}

void TournamentService::shutdown() {}

void TournamentService::game_ended(const std::string& game_id, const GameEnding& ending) {
  impl_->find_event_of(game_id);
  impl_->enter_game_result(game_id, ending);
  impl_->teams->game_ended(game_id, ending);
}

}  // namespace tabiya::server
