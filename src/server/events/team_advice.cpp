// The captain's advice and the player's questions (Tournament Rules 15, team_captain.h): checked, stored with the
// event (team_storage.h), and shown to the captain's page and the player's game page.
#include <algorithm>

#include "server/base/tokens.h"
#include "server/events/team_captain.h"
#include "server/events/team_service.h"
#include "server/events/team_views.h"
#include "server/events/tournament_http.h"

namespace tabiya::server {
namespace json = boost::json;

namespace {

// A refusal of a message a captain or player may not send (409 not_allowed with the reason).
HttpAnswer refused(std::string_view reason, json::object more = {}) {
  return tournament_not_allowed(reason, std::move(more));
}

}  // namespace

HttpAnswer TeamEvents::captain_says(TeamEntry& e, int team, const json::object& o) {
  // Only the fixed words: a request carrying anything else (text, a move, a position) is not advice.
  for (const auto& [key, value] : o)
    if (key != "token" && key != "player" && key != "kind") return refused("advice_not_allowed", {{"field", key}});
  const json::value* kind = field(o, "kind");
  if (!kind || !kind->is_string())
    return tournament_bad_field("kind", "offer_draw|accept_draw|resign|yes|no|decide_yourself");
  const json::value* player = field(o, "player");
  if (!player || !player->is_int64()) return tournament_bad_field("player", "start number");
  const int number = static_cast<int>(std::clamp<int64_t>(player->as_int64(), 0, 1'000'000));
  if (e.event.team_of(number) != team)
    return tournament_error(403, "forbidden", {{"reason", "not_your_team"}, {"player", number}});
  const OnlineGame* g = running_game_of(e, number);
  if (!g) return refused("no_running_game", {{"player", number}});
  if (auto why = captain_refusal(e.advice, g->id, number, kind->as_string()))
    return refused(*why, {{"player", number}});
  TeamAdvice a;
  a.seq = e.next_advice;
  a.game = g->id;
  a.player = number;
  a.from_captain = true;
  a.kind = std::string(kind->as_string());
  const TeamEntry before = e;
  e.advice.push_back(a);
  ++e.next_advice;
  return commit(e, before, tournament_json_answer(201, json::object{{"seq", a.seq}, {"player", number}}));
}

HttpAnswer TeamEvents::player_reads(TeamEntry& e, const json::object& o, bool asking) {
  const json::value* seat = field(o, "seat");
  const OnlineGame* game = nullptr;
  int number = 0;
  if (seat && seat->is_string())
    for (const OnlineGame& g : e.games)
      for (int side = 0; side < 2; ++side)
        if (same_secret(seat->as_string(), g.seats[side])) game = &g, number = side == 0 ? g.white : g.black;
  if (!game) return tournament_error(403, "forbidden", {{"reason", "bad_seat"}});
  if (asking) {
    const json::value* about = field(o, "about");
    if (!about || !about->is_string() || !is_captain_advice(about->as_string()))
      return tournament_bad_field("about", "offer_draw|accept_draw|resign");
    if (running_game_of(e, number) != game) return refused("no_running_game", {{"player", number}});
    if (question_open(e.advice, game->id, number)) return refused("question_open", {{"player", number}});
    TeamAdvice a;
    a.seq = e.next_advice;
    a.game = game->id;
    a.player = number;
    a.from_captain = false;
    a.kind = "ask";
    a.about = std::string(about->as_string());
    const TeamEntry before = e;
    e.advice.push_back(a);
    ++e.next_advice;
    if (auto r = save(e); !r) {
      e = before;
      log_("team event " + e.id + ": " + r.error().message);
      return tournament_error(500, "server_error", {{"detail", "cannot store the event"}});
    }
  }
  const int team = e.event.team_of(number);
  const tournament::Team* t = e.event.team(team);
  return tournament_json_answer(asking ? 201 : 200,
                                json::object{{"player", number},
                                             {"team", team},
                                             {"team_name", t ? t->name : ""},
                                             {"game", game->id},
                                             {"running", running_game_of(e, number) == game},
                                             {"question_open", question_open(e.advice, game->id, number)},
                                             {"advice", advice_json(e, game->id, number)}});
}

}  // namespace tabiya::server
