#include "server/events/tournament_requests.h"

#include <algorithm>
#include <cctype>

#include "laws/rules_profile.h"
#include "laws/time_control.h"
#include "server/events/tournament_http.h"
#include "server/games/game_settings_limits.h"
#include "tournament/office.h"
#include "tournament/tiebreaks.h"

namespace tabiya::server {
namespace json = boost::json;
namespace tn = tabiya::tournament;

namespace {

// A setting over its size limit (game_settings_limits.h), as the game service words it.
HttpAnswer tournament_over_limit(std::string_view field, const SettingRefusal& r) {
  json::object data{{"field", field}, {"expected", r.expected}};
  if (r.limit) {
    data["limit"] = *r.limit;
    data["reason"] = "limit";
  }
  return tournament_error(400, "bad_request", std::move(data));
}

}  // namespace

// A player's particulars from a join or add request, checked like `tabiya tournament add-player`.
std::optional<tn::Player> player_from(const json::object& o, HttpAnswer& answer) {
  tn::Player p;
  auto text = [&](std::string_view name, std::string& out) {
    const json::value* v = field(o, name);
    if (!v) return true;
    if (!v->is_string()) return false;
    out = std::string(v->as_string());
    return true;
  };
  if (!text("name", p.name)) return answer = tournament_bad_field("name", "string"), std::nullopt;
  while (!p.name.empty() && p.name.back() == ' ') p.name.pop_back();
  while (!p.name.empty() && p.name.front() == ' ') p.name.erase(0, 1);
  // 33 bytes: the TRF's name column (a player's line is fixed width).
  if (p.name.size() > 33 || !showable_name(p.name, 33))
    return answer = tournament_bad_field("name", "1 to 33 characters, no control characters"), std::nullopt;
  if (const json::value* r = field(o, "rating")) {
    if (!r->is_int64() || r->as_int64() < 0 || r->as_int64() > 3500)
      return answer = tournament_bad_field("rating", "integer 0..3500"), std::nullopt;
    p.rating = static_cast<int>(r->as_int64());
  }
  std::string title;
  if (!text("title", title) || !tn::title_code(title))
    return answer = tournament_bad_field("title", "GM IM FM CM WGM WIM WFM WCM"), std::nullopt;
  p.title = *tn::title_code(title);
  if (!text("federation", p.federation) || !tn::valid_federation(p.federation))
    return answer = tournament_bad_field("federation", "three capital letters, e.g. NOR"), std::nullopt;
  if (!text("fide_id", p.fide_id) || !tn::valid_fide_id(p.fide_id))
    return answer = tournament_bad_field("fide_id", "up to 11 digits"), std::nullopt;
  std::string birth;
  if (!text("birth", birth)) return answer = tournament_bad_field("birth", "YYYY/MM/DD or YYYY"), std::nullopt;
  if (!tn::valid_birth_date(birth)) return answer = tournament_bad_field("birth", "YYYY/MM/DD or YYYY"), std::nullopt;
  p.birth_date = birth;
  std::string sex;
  if (!text("sex", sex) || (!sex.empty() && sex != "m" && sex != "w"))
    return answer = tournament_bad_field("sex", "m or w"), std::nullopt;
  p.sex = sex.empty() ? ' ' : sex[0];
  return p;
}

std::optional<HttpAnswer> read_new_event(const json::object& request, EventEntry& event) {
  const json::object* o = &request;
  EventEntry* e = &event;
  const json::value* v = field(*o, "v");
  if (!v || !v->is_int64()) return tournament_bad_field("v", "integer");
  if (v->as_int64() != 1) return tournament_error(400, "unsupported_version", {{"supported", json::array{1}}});
  const json::value* name = field(*o, "name");
  if (!name || !name->is_string() || !showable_name(name->as_string()))
    return tournament_bad_field("name", "1 to 80 characters, no control characters");
  e->t.set_header("012", std::string(name->as_string()));
  const json::value* system = field(*o, "system");
  if (!system || !system->is_string())
    return tournament_bad_field("system", "round-robin|double-round-robin|swiss-dutch");
  auto parsed = tn::parse_system(std::string(system->as_string()));
  if (!parsed) return tournament_bad_field("system", "round-robin|double-round-robin|swiss-dutch");
  e->settings.system = *parsed;
  e->settings.system_declared = true;
  if (const json::value* rounds = field(*o, "rounds"); rounds && !e->settings.round_robin()) {
    if (!rounds->is_int64() || rounds->as_int64() < 1 || rounds->as_int64() > MAX_SWISS_ROUNDS)
      return tournament_bad_field("rounds", "integer 1..30");
    e->t.total_rounds = static_cast<int>(rounds->as_int64());
  } else if (!e->settings.round_robin()) {
    return tournament_bad_field("rounds", "integer 1..30", "a Swiss event needs its number of rounds");
  }
  if (const json::value* time = field(*o, "time")) {
    if (!time->is_string()) return tournament_bad_field("time", "time control, e.g. 10+5, or none");
    e->time = std::string(time->as_string());
    if (e->time != "none") {
      auto tc = parse_human_time_control(e->time);
      if (!tc || !tc->has_clock() || e->time.find(' ') != std::string::npos)
        return tournament_bad_field("time", "time control, e.g. 10+5, or none", tc ? "" : tc.error().message);
      if (auto refused = time_control_refusal(e->time, *tc)) return tournament_over_limit("time", *refused);
    }
  }
  if (const json::value* rules = field(*o, "rules")) {
    if (!rules->is_string() || !parse_rules_edition(rules->as_string()))
      return tournament_bad_field("rules", "fide-2001|fide-2005|fide-2009|fide-2014|fide-2018");
    e->rules = std::string(rules->as_string());
  }
  if (const json::value* tbs = field(*o, "tie_breaks")) {
    if (!tbs->is_array()) return tournament_bad_field("tie_breaks", "array of codes, e.g. [\"BH-C1\", \"SB\"]");
    if (tbs->as_array().size() > MAX_TIE_BREAKS)
      return tournament_over_limit("tie_breaks",
                                   {"at most " + std::to_string(MAX_TIE_BREAKS) + " tie-break codes", MAX_TIE_BREAKS});
    for (const json::value& code : tbs->as_array()) {
      if (!code.is_string()) return tournament_bad_field("tie_breaks", "array of codes");
      auto tb = tn::parse_tie_break(std::string(code.as_string()));
      if (!tb) return tournament_bad_field("tie_breaks", "array of codes", tb.error().message);
      e->settings.tie_breaks.push_back(tb->code);
    }
  }
  if (const json::value* edition = field(*o, "tie_break_edition")) {
    auto parsed_edition =
        edition->is_string() ? tn::parse_edition(std::string(edition->as_string())) : tn::parse_edition("");
    if (!parsed_edition) return tournament_bad_field("tie_break_edition", "2026|2024|2022");
    e->settings.edition = *parsed_edition;
    e->settings.edition_declared = true;
  }
  e->t.set_header("122", e->time == "none" ? "no clock" : e->time);
  return std::nullopt;
}

}  // namespace tabiya::server
