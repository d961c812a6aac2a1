// The administration of online team events: each request checked, the change made by the team event of
// src/tournament (team.h), stored, and answered; a change that cannot be stored is undone.
#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "server/base/tokens.h"
#include "server/events/result_request.h"
#include "server/events/team_pairing.h"
#include "server/events/team_service.h"
#include "server/events/team_swiss_options.h"
#include "server/events/team_views.h"
#include "server/events/tournament_http.h"
#include "server/events/tournament_requests.h"
#include "server/games/game_settings_limits.h"
#include "tournament/team_office.h"
#include "tournament/team_standings.h"
#include "tournament/team_swiss.h"

namespace tabiya::server {
namespace json = boost::json;
namespace tn = tabiya::tournament;

namespace {

constexpr std::size_t MAX_TEAM_TIE_BREAKS = 8;

// Match points as three numbers of points with at most one decimal: [win, draw, loss].
std::optional<tn::MatchPointSystem> match_points_from(const json::value& v) {
  if (!v.is_array() || v.as_array().size() != 3) return std::nullopt;
  tn::Points p[3];
  for (std::size_t i = 0; i < 3; ++i) {
    const json::value& x = v.as_array()[i];
    if (!x.is_number()) return std::nullopt;
    const double d = x.to_number<double>();
    const double tenths = std::round(d * 10);
    if (d < 0 || d > 99 || std::abs(tenths - d * 10) > 1e-9) return std::nullopt;
    p[i] = static_cast<tn::Points>(tenths);
  }
  return tn::MatchPointSystem{p[0], p[1], p[2]};
}

}  // namespace

HttpAnswer TeamEvents::create(const json::object& request, const std::string& id) {
  // The fields shared with individual events (v, name, time, rules, tie_break_edition) are checked as theirs are.
  json::object shared = request;
  shared["system"] = "round-robin";
  shared.erase("tie_breaks");
  shared.erase("rounds");
  EventEntry checked;
  if (auto refused = read_new_event(shared, checked)) return *refused;
  auto e = std::make_shared<TeamEntry>();
  const std::string system(field(request, "system")->as_string());
  if (system == "team-round-robin") e->system = TeamPairingSystem::round_robin;
  else if (system == "team-double-round-robin") e->system = TeamPairingSystem::double_round_robin;
  else if (system == "team-swiss") e->system = TeamPairingSystem::swiss;
  else return tournament_bad_field("system", "team-round-robin|team-double-round-robin|team-swiss");
  int swiss_rounds = 0;
  if (const json::value* rounds = field(request, "rounds"); e->system == TeamPairingSystem::swiss) {
    if (!rounds || !rounds->is_int64() || rounds->as_int64() < 1 || rounds->as_int64() > MAX_SWISS_ROUNDS)
      return tournament_bad_field("rounds", "integer 1..30", "a team Swiss needs its number of rounds");
    swiss_rounds = static_cast<int>(rounds->as_int64());
  }
  if (const json::value* boards = field(request, "boards")) {
    if (!boards->is_int64() || boards->as_int64() < 1 || boards->as_int64() > MAX_TEAM_BOARDS)
      return tournament_bad_field("boards", "integer 1..10");
    e->event.boards = static_cast<int>(boards->as_int64());
  }
  if (const json::value* c = field(request, "captain_registration")) {
    if (!c->is_bool()) return tournament_bad_field("captain_registration", "true|false");
    e->captains_register = c->as_bool();
  }
  if (const json::value* mp = field(request, "match_points")) {
    auto parsed = match_points_from(*mp);
    if (!parsed) return tournament_bad_field("match_points", "[win, draw, loss], e.g. [2, 1, 0]");
    e->event.match_points = *parsed;
    e->event.bye_match_points = parsed->win;
  }
  if (const json::value* tbs = field(request, "tie_breaks")) {
    if (!tbs->is_array() || tbs->as_array().size() > MAX_TEAM_TIE_BREAKS)
      return tournament_bad_field("tie_breaks", "array of at most 8 team codes, e.g. [\"GP\", \"BH\", \"SB\"]");
    e->tie_breaks.clear();
    for (const json::value& code : tbs->as_array()) {
      if (!code.is_string()) return tournament_bad_field("tie_breaks", "array of team codes");
      auto tb = tn::parse_team_tie_break(std::string(code.as_string()));
      if (!tb) return tournament_bad_field("tie_breaks", "array of team codes", tb.error().message);
      e->tie_breaks.push_back(tb->code);
    }
  }
  e->id = id;
  e->edition = checked.settings.edition;
  e->time = checked.time;
  e->rules = checked.rules;
  e->event.players.set_header("012", checked.t.name());
  e->event.players.set_header("122", checked.t.header("122"));
  e->event.players.set_header(
      "092", e->system == TeamPairingSystem::double_round_robin ? "Team double round robin" : "Team round robin");
  if (e->system == TeamPairingSystem::swiss) {
    // C.04.6: match points primary, colour preferences of Type A, White on board 1 for the first team by default;
    // the bye scores a drawn match (1.4).
    tn::TeamSwissRules rules;
    rules.total_rounds = swiss_rounds;
    const uint64_t seed = random_seed();
    bool by_lot = false;
    if (auto refused = read_team_swiss_options(request, seed, rules, by_lot)) return *refused;
    if (by_lot) e->lot_seed = seed;
    tn::set_team_swiss_rules(e->event, rules);
    e->event.bye_match_points = e->event.match_points.draw;
  }
  e->arbiter = new_seat_token();
  std::lock_guard lock(mutex_);
  if (events_.contains(id)) return tournament_error(500, "server_error", {{"detail", "no free id"}});
  if (auto r = save(*e, true); !r) {
    log_("team event " + id + ": " + r.error().message);
    return tournament_error(500, "server_error", {{"detail", "cannot store the event"}});
  }
  events_[id] = e;
  return tournament_json_answer(201, json::object{{"id", id}, {"arbiter", e->arbiter}, {"url", "/t/" + id}});
}

HttpAnswer TeamEvents::add_team(TeamEntry& e, const json::object& o) {
  if (!e.registration_open) return tournament_not_allowed("registration_closed");
  if (e.event.teams.size() >= MAX_TEAMS) return tournament_not_allowed("event_full", {{"limit", MAX_TEAMS}});
  const json::value* name = field(o, "name");
  if (!name || !name->is_string() || !showable_name(name->as_string(), 32))
    return tournament_bad_field("team", "1 to 32 characters, no control characters");
  for (const tn::Team& t : e.event.teams)
    if (t.name == name->as_string()) return tournament_not_allowed("team_exists", {{"team", t.number}});
  const json::value* players = field(o, "players");
  // An event whose captains register their players takes a team by its name alone; its captain enters them.
  const bool by_captain = e.captains_register && !players;
  const TeamEntry before = e;
  tn::Team team;
  team.number = static_cast<int>(e.event.teams.size()) + 1;
  team.name = std::string(name->as_string());
  e.event.teams.push_back(team);
  if (!by_captain)
    if (auto refused = enter_roster(e, team.number, players)) {
      e = before;
      return *refused;
    }
  const std::string captain = new_seat_token();
  e.captains[team.number] = captain;
  return commit(
      e, before,
      tournament_json_answer(201, json::object{{"team", team.number}, {"captain", captain}, {"url", "/t/" + e.id}}));
}

HttpAnswer TeamEvents::close_registration(TeamEntry& e) {
  if (!e.registration_open) return tournament_not_allowed("registration_closed");
  const int teams = static_cast<int>(e.event.teams.size());
  if (teams < 2) return tournament_not_allowed("too_few_teams", {{"teams", teams}, {"minimum", 2}});
  for (const tn::Team& t : e.event.teams)
    if (t.members.size() < std::size_t(e.event.boards))
      return tournament_not_allowed("team_incomplete",
                                    {{"team", t.number}, {"players", t.members.size()}, {"boards", e.event.boards}});
  const TeamEntry before = e;
  e.event.players.total_rounds = team_rounds(e);
  e.registration_open = false;
  return commit(e, before, tournament_json_answer(200, json::object{{"rounds", e.event.players.total_rounds}}));
}

HttpAnswer TeamEvents::publish_round(TeamEntry& e) {
  if (e.registration_open) return tournament_not_allowed("registration_open");
  const int round = e.published + 1;
  if (round > e.event.players.total_rounds)
    return tournament_not_allowed("all_rounds_published", {{"rounds", e.event.players.total_rounds}});
  if (e.published > 0 && !tn::team_round_finished(e.event, e.published))
    return tournament_not_allowed("round_unfinished", {{"round", e.published}});
  auto matches = pair_team_round(e, round);
  if (!matches) return tournament_not_allowed("no_pairing", {{"round", round}, {"detail", matches.error().message}});
  const TeamEntry before = e;
  auto undo = [&](HttpAnswer answer) {
    for (const OnlineGame& g : e.games)
      if (g.round == round) event_of_game_.erase(g.id);
    e = before;
    return answer;
  };
  e.event.rounds.resize(std::size_t(round - 1));
  e.event.rounds.push_back(std::move(*matches));
  auto& paired = e.event.rounds.back();
  for (std::size_t i = 0; i < paired.size(); ++i) {
    if (paired[i].bye()) continue;
    // Each team plays the line-up submitted for the round, or else its registered order (the first `boards`
    // members; the others are its reserves).
    auto lineup = [&](int number) {
      if (auto r = e.lineups.find(round); r != e.lineups.end())
        if (auto l = r->second.find(number); l != r->second.end()) return l->second;
      return tn::registered_lineup(e.event, number);
    };
    if (auto r =
            tn::set_lineups(e.event, round, static_cast<int>(i), lineup(paired[i].first), lineup(paired[i].second));
        !r)
      return undo(tournament_not_allowed("no_pairing", {{"round", round}, {"detail", r.error().message}}));
  }
  const std::string event_name = e.event.players.name().empty() ? e.id : e.event.players.name();
  for (const tn::TeamMatch& m : e.event.rounds.back())
    for (const tn::MatchBoard& b : m.boards) {
      if (b.has_result() || b.first_player == 0 || b.second_player == 0) continue;
      const bool first_white = b.first_colour == tn::Colour::white;
      const int white = first_white ? b.first_player : b.second_player;
      const int black = first_white ? b.second_player : b.first_player;
      NewGame request;
      request.time = e.time;
      request.rules = e.rules;
      request.casual = false;
      if (const tn::Player* p = e.event.players.player(white)) request.names[WHITE] = p->name;
      if (const tn::Player* p = e.event.players.player(black)) request.names[BLACK] = p->name;
      request.event_id = e.id;
      request.event_name = event_name.substr(0, 80);
      request.round = round;
      Result<StartedGame> started = games_.start_game(request);
      if (!started) {
        log_("team event " + e.id + ": cannot start a game: " + started.error().message);
        return undo(tournament_error(500, "server_error", {{"detail", "cannot start the round's games"}}));
      }
      OnlineGame g;
      g.round = round;
      g.white = white;
      g.black = black;
      g.id = started->id;
      g.seats[0] = started->seats[WHITE];
      g.seats[1] = started->seats[BLACK];
      event_of_game_[g.id] = e.id;
      e.games.push_back(std::move(g));
    }
  e.published = round;
  e.lineups.erase(round);
  if (auto r = save(e); !r) {
    log_("team event " + e.id + ": " + r.error().message);
    return undo(tournament_error(500, "server_error", {{"detail", "cannot store the event"}}));
  }
  return tournament_json_answer(200, json::object{{"round", round}});
}

bool TeamEvents::enter_board(TeamEntry& e, int round, int white, int black, char white_code, char black_code) {
  auto ref = find_team_board(e.event, round, white, black);
  if (!ref) return false;
  const tn::MatchBoard& b = e.event.rounds[std::size_t(round - 1)][ref->match].boards[ref->board];
  const bool first_white = b.first_colour == tn::Colour::white;
  return bool(tn::enter_board_result(e.event, round, static_cast<int>(ref->match), static_cast<int>(ref->board) + 1,
                                     first_white ? white_code : black_code, first_white ? black_code : white_code));
}

HttpAnswer TeamEvents::enter_result(TeamEntry& e, const json::object& o) {
  HttpAnswer bad;
  const std::optional<ResultRequest> request = read_result_request(o, bad);
  if (!request) return bad;
  const int r = request->round;
  if (r < 1 || r > e.published) return tournament_not_allowed("round_not_published", {{"round", r}});
  const tn::Player* w = e.event.players.player(static_cast<int>(request->white));
  const tn::RoundEntry we = w ? w->entry(r) : tn::RoundEntry{};
  if (!w || we.colour != tn::Colour::white || we.opponent == 0)
    return tournament_error(404, "unknown_pairing", {{"round", r}, {"white", request->white}});
  const TeamEntry before = e;
  const auto codes = request->codes;
  if (!enter_board(e, r, w->number, we.opponent, codes.first, codes.second)) {
    e = before;
    return tournament_error(404, "unknown_pairing", {{"round", r}, {"white", request->white}});
  }
  return commit(e, before, tournament_json_answer(200, json::object{{"round", r}, {"result", request->result}}));
}

HttpAnswer TeamEvents::mark_absent(TeamEntry& e, const json::object& o) {
  if (e.system != TeamPairingSystem::swiss) return tournament_not_allowed("not_swiss");
  const json::value* team = field(o, "team");
  if (!team || !team->is_int64() || !e.event.team(static_cast<int>(std::clamp<int64_t>(team->as_int64(), 0, 1000))))
    return tournament_bad_field("team", "team number");
  const json::value* absent = field(o, "absent");
  if (!absent || !absent->is_bool()) return tournament_bad_field("absent", "true|false");
  // Always the next round: the published ones are paired, the later ones are paired from its results.
  const int round = e.published + 1;
  if (!e.registration_open && round > e.event.players.total_rounds)
    return tournament_not_allowed("all_rounds_published", {{"rounds", e.event.players.total_rounds}});
  const TeamEntry before = e;
  const int number = static_cast<int>(team->as_int64());
  if (absent->as_bool()) e.absent[round].insert(number);
  else if (auto it = e.absent.find(round); it != e.absent.end() && it->second.erase(number) && it->second.empty())
    e.absent.erase(it);
  json::array teams;
  if (auto it = e.absent.find(round); it != e.absent.end())
    for (int t : it->second) teams.push_back(t);
  return commit(e, before, tournament_json_answer(200, json::object{{"round", round}, {"absent", std::move(teams)}}));
}

}  // namespace tabiya::server
