// The administration of online events: each request checked, the change made by the tournament office
// (tournament/office.h), stored, and answered; a change that cannot be stored is undone.
#include <algorithm>
#include <optional>
#include <utility>

#include "server/base/tokens.h"
#include "server/events/result_request.h"
#include "server/events/tournament_http.h"
#include "server/events/tournament_requests.h"
#include "server/events/tournament_service_impl.h"
#include "tournament/boards.h"
#include "tournament/dutch.h"
#include "tournament/office.h"

namespace tabiya::server {
namespace json = boost::json;
namespace tn = tabiya::tournament;

Result<bool> TournamentService::Impl::save(EventEntry& e, bool created) {
  const int64_t previous = created ? 0 : e.version;
  ++e.version;
  return store.save(e, previous);
}

HttpAnswer TournamentService::Impl::commit(EventEntry& e, const EventEntry& before, HttpAnswer ok) {
  if (auto r = save(e); !r) {
    e = before;
    log("tournament " + e.id + ": " + r.error().message);
    return tournament_error(500, "server_error", {{"detail", "cannot store the event"}});
  }
  return ok;
}

HttpAnswer TournamentService::Impl::create_event(std::string_view body) {
  HttpAnswer bad;
  auto o = parse_body(body, bad);
  if (!o) return bad;
  auto e = std::make_shared<EventEntry>();
  if (auto refused = read_new_event(*o, *e)) return *refused;
  e->arbiter = new_seat_token();
  e->join = new_seat_token();
  for (int attempt = 0; attempt < 8 && e->id.empty(); ++attempt) {
    std::string id = new_game_id();
    if (!events.contains(id) && !teams->has(id)) e->id = id;
  }
  if (e->id.empty()) return tournament_error(500, "server_error", {{"detail", "no free id"}});
  if (auto r = save(*e, true); !r) {
    log("tournament " + e->id + ": " + r.error().message);
    return tournament_error(500, "server_error", {{"detail", "cannot store the event"}});
  }
  events[e->id] = e;
  ++created;
  return tournament_json_answer(
      201, json::object{{"id", e->id}, {"arbiter", e->arbiter}, {"join", e->join}, {"url", "/t/" + e->id}});
}

HttpAnswer TournamentService::Impl::add_player(EventEntry& e, const json::object& o, bool by_arbiter,
                                               const std::string& account) {
  if (!e.registration_open) return tournament_not_allowed("registration_closed");
  if (e.t.players.size() >= MAX_TOURNAMENT_PLAYERS)
    return tournament_not_allowed("event_full", {{"limit", MAX_TOURNAMENT_PLAYERS}});
  HttpAnswer bad;
  auto p = player_from(o, bad);
  if (!p) return bad;
  const EventEntry before = e;
  auto entered = tn::register_player(e.t, e.settings, std::move(*p));
  if (!entered) return tournament_not_allowed("registration_closed");
  // The tokens follow their players to their new start numbers; the new player's token last.
  std::map<int, std::string> tokens;
  for (const auto& [old, secret] : e.tokens) tokens[entered->renumbered[static_cast<std::size_t>(old)]] = secret;
  const std::string token = new_seat_token();
  tokens[entered->number] = token;
  e.tokens = std::move(tokens);
  if (!account.empty()) e.accounts[token] = account;
  const int number = entered->number;
  json::object answer{{"player", number}, {"token", token}, {"url", "/t/" + e.id}};
  answer["by"] = by_arbiter ? "arbiter" : "player";
  return commit(e, before, tournament_json_answer(201, answer));
}

HttpAnswer TournamentService::Impl::close_registration(EventEntry& e) {
  if (!e.registration_open) return tournament_not_allowed("registration_closed");
  const int n = static_cast<int>(e.t.players.size());
  if (n < 2) return tournament_not_allowed("too_few_players", {{"players", n}, {"minimum", 2}});
  const EventEntry before = e;
  if (e.settings.round_robin()) {
    const uint64_t seed = random();
    auto drawn = tn::draw_round_robin(e.t, e.settings, tn::pairing_numbers_by_lot(n, seed),
                                      "draw by lot, seed " + std::to_string(seed));
    if (!drawn) {
      e = before;
      return tournament_not_allowed("no_draw", {{"detail", drawn.error().message}});
    }
    std::map<int, std::string> tokens;
    for (const auto& [old, secret] : e.tokens) tokens[(*drawn)[static_cast<std::size_t>(old)]] = secret;
    e.tokens = std::move(tokens);
  }
  e.registration_open = false;
  return commit(e, before, tournament_json_answer(200, json::object{{"rounds", e.t.total_rounds}}));
}

HttpAnswer TournamentService::Impl::publish_round(EventEntry& e) {
  if (e.registration_open) return tournament_not_allowed("registration_open");
  const int round = e.published + 1;
  if (e.t.total_rounds > 0 && round > e.t.total_rounds)
    return tournament_not_allowed("all_rounds_published", {{"rounds", e.t.total_rounds}});
  if (e.published > 0 && tn::first_board_without_result(e.t, e.settings, e.published))
    return tournament_not_allowed("round_unfinished", {{"round", e.published}});
  const EventEntry before = e;
  if (!e.settings.round_robin()) {
    // Players who left are not paired (C.04.2: absent from the rounds after they left).
    if (auto ready = tn::prepare_swiss_round(e.t, e.settings, round, false); !ready) {
      e = before;
      return tournament_not_allowed("no_pairing", {{"round", round}, {"detail", ready.error().message}});
    }
    auto pairing = tn::pair_dutch(e.t, round);
    if (!pairing) {
      e = before;
      return tournament_not_allowed("no_pairing", {{"round", round}, {"detail", pairing.error().message}});
    }
    tn::apply_pairing(e.t, *pairing);
  }
  for (const tn::RoundBoard& b : tn::boards_of_round(e.t, e.settings, round)) {
    if (b.black == 0) continue;
    const tn::Player* w = e.t.player(b.white);
    if (!w || w->entry(round).result != ' ') continue;  // decided already (a withdrawal's forfeit)
    NewGame request;
    request.time = e.time;
    request.rules = e.rules;
    request.casual = false;
    // The game page shows the players' names and links back to the event.
    request.names[WHITE] = w->name;
    if (const tn::Player* black = e.t.player(b.black)) request.names[BLACK] = black->name;
    request.event_id = e.id;
    request.event_name = e.t.name().empty() ? e.id : e.t.name();
    request.round = round;
    Result<StartedGame> started = games.start_game(request);
    if (!started) {
      for (const OnlineGame& g : e.games)
        if (g.round == round) event_of_game.erase(g.id);
      e = before;
      log("tournament " + e.id + ": cannot start a game: " + started.error().message);
      return tournament_error(500, "server_error", {{"detail", "cannot start the round's games"}});
    }
    OnlineGame g;
    g.round = round;
    g.white = b.white;
    g.black = b.black;
    g.id = started->id;
    g.seats[0] = started->seats[WHITE];
    g.seats[1] = started->seats[BLACK];
    event_of_game[g.id] = e.id;
    e.games.push_back(std::move(g));
    ++games_started;
  }
  e.published = round;
  HttpAnswer answer = commit(e, before, tournament_json_answer(200, json::object{{"round", round}}));
  if (answer.status == 200 && options.account_seat)
    for (const OnlineGame& g : e.games) {
      if (g.round != round) continue;
      for (int side = 0; side < 2; ++side) {
        auto token = e.tokens.find(side == 0 ? g.white : g.black);
        if (token == e.tokens.end()) continue;
        if (auto owner = e.accounts.find(token->second); owner != e.accounts.end())
          options.account_seat(owner->second, g.id, g.seats[side]);
      }
    }
  if (answer.status != 200)
    for (const auto& [gid, eid] : std::map(event_of_game))
      if (eid == e.id && std::none_of(e.games.begin(), e.games.end(), [&](const auto& g) { return g.id == gid; }))
        event_of_game.erase(gid);
  return answer;
}

HttpAnswer TournamentService::Impl::enter_result(EventEntry& e, const json::object& o) {
  HttpAnswer bad;
  const std::optional<ResultRequest> request = read_result_request(o, bad);
  if (!request) return bad;
  const int r = request->round;
  if (r < 1 || r > e.published) return tournament_not_allowed("round_not_published", {{"round", r}});
  tn::Player* w = e.t.player(static_cast<int>(request->white));
  const tn::RoundEntry we = w ? w->entry(r) : tn::RoundEntry{};
  if (!w || we.colour != tn::Colour::white || we.opponent == 0)
    return tournament_error(404, "unknown_pairing", {{"round", r}, {"white", request->white}});
  tn::Player* b = e.t.player(we.opponent);
  if (!b) return tournament_error(404, "unknown_pairing", {{"round", r}, {"white", request->white}});
  const EventEntry before = e;
  const auto codes = request->codes;
  // Tournament Rules 11(b): the office excludes a player whose third game lost by forfeit this is.
  tn::enter_result(e.t, e.settings, r, w->number, codes.first, codes.second);
  return commit(e, before, tournament_json_answer(200, json::object{{"round", r}, {"result", request->result}}));
}

HttpAnswer TournamentService::Impl::request_bye(EventEntry& e, const json::object& o, int number) {
  if (e.settings.round_robin()) return tournament_not_allowed("round_robin");
  const json::value* round = field(o, "round");
  if (!round || !round->is_int64()) return tournament_bad_field("round", "integer");
  const json::value* kind = field(o, "kind");
  if (!kind || !kind->is_string() || (kind->as_string() != "H" && kind->as_string() != "F" && kind->as_string() != "Z"))
    return tournament_bad_field("kind", "H|F|Z");
  const int r = static_cast<int>(round->as_int64());
  if (r <= e.published || r > e.t.total_rounds) return tournament_not_allowed("round_paired", {{"round", r}});
  tn::Player* p = e.t.player(number);
  if (!p) return tournament_error(404, "unknown_player", {{"player", number}});
  if (e.settings.withdrawal(number)) return tournament_not_allowed("withdrawn", {{"player", number}});
  const EventEntry before = e;
  tn::request_bye(e.t, number, r, kind->as_string()[0]);
  return commit(e, before, tournament_json_answer(200, json::object{{"player", number}, {"round", r}}));
}

HttpAnswer TournamentService::Impl::withdraw(EventEntry& e, int number) {
  tn::Player* p = e.t.player(number);
  if (!p) return tournament_error(404, "unknown_player", {{"player", number}});
  if (e.settings.withdrawal(number)) return tournament_not_allowed("withdrawn", {{"player", number}});
  const EventEntry before = e;
  if (e.registration_open) {  // before the start the entry is simply struck off
    const tn::Renumbering moved = tn::strike_off(e.t, number);
    std::map<int, std::string> tokens;
    for (const auto& [old, secret] : e.tokens)
      if (const int now = moved[static_cast<std::size_t>(old)]) tokens[now] = secret;
    e.tokens = std::move(tokens);
    return commit(e, before, tournament_json_answer(200, json::object{{"player", number}, {"removed", true}}));
  }
  const int after = tn::last_round_taken_part(e.t, e.settings, number);
  tn::withdraw(e.t, e.settings, number, after);
  return commit(e, before, tournament_json_answer(200, json::object{{"player", number}, {"after_round", after}}));
}

void TournamentService::Impl::enter_game_result(const std::string& game_id, const GameEnding& ending) {
  auto codes = event_result_codes(ending);
  if (!codes) return;
  std::lock_guard lock(mutex);
  auto ev = event_of_game.find(game_id);
  if (ev == event_of_game.end()) return;
  const std::string id = ev->second;
  // Under the event's lock, at the store's version: another node may be changing it.
  auto locked = store.files().exclusively(id, [&] {
    if (auto r = sync_locked(id); !r) {
      log("tournament " + id + ": " + r.error().message);
      return;
    }
    enter_game_result_locked(*events.at(id), game_id, *codes);
  });
  if (!locked) log("tournament " + id + ": result of game " + game_id + " not entered: " + locked.error().message);
}

void TournamentService::Impl::enter_game_result_locked(EventEntry& e, const std::string& game_id,
                                                       std::pair<char, char> codes) {
  for (const OnlineGame& g : e.games) {
    if (g.id != game_id) continue;
    tn::Player* w = e.t.player(g.white);
    tn::Player* b = e.t.player(g.black);
    if (!w || !b) return;
    const tn::RoundEntry we = w->entry(g.round);
    // The arbiter's entry (a forfeit, a correction) stands over the game's.
    if (we.opponent != g.black || we.result != ' ') return;
    const EventEntry before = e;
    tn::enter_result(e.t, e.settings, g.round, g.white, codes.first, codes.second);
    if (auto r = save(e); !r) {
      log("tournament " + e.id + ": " + r.error().message);
      e = before;
      return;
    }
    ++results_from_games;
    return;
  }
}

}  // namespace tabiya::server
