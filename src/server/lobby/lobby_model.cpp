#include "server/lobby/lobby_model.h"

#include "laws/time_control.h"

namespace tabiya::server {

namespace json = boost::json;

namespace {

Error bad_field(const char* field, const char* expected) {
  std::string message = "lobby message: field \"";
  message += field;
  message += "\": expected ";
  message += expected;
  return fail(message);
}

std::optional<std::string> text_field(const json::object& o, const char* key) {
  const json::value* v = o.if_contains(key);
  if (!v || !v->is_string()) return std::nullopt;
  return std::string(v->as_string());
}

}  // namespace

Result<GameTerms> read_game_terms(const json::object& m) {
  GameTerms t;
  const json::value* days = m.if_contains("days");
  if (days && !days->is_null()) {
    if (!days->is_int64() || days->as_int64() < 1 || days->as_int64() > 14) return bad_field("days", "integer 1..14");
    t.days = static_cast<int>(days->as_int64());
  } else {
    std::optional<std::string> time = text_field(m, "time");
    if (!time || time->empty() || time->size() > 64) return bad_field("time", "a time control such as \"5+3\"");
    Result<TimeControl> tc = parse_human_time_control(*time);
    if (!tc || !tc->has_clock()) return bad_field("time", "a time control with a clock, such as \"5+3\"");
    t.time = *time;
  }
  if (const json::value* rated = m.if_contains("rated"); rated && !rated->is_null()) {
    if (!rated->is_bool()) return bad_field("rated", "true or false");
    t.rated = rated->as_bool();
  }
  if (m.contains("color")) {
    std::optional<std::string> color = text_field(m, "color");
    if (!color || (*color != "white" && *color != "black" && *color != "random"))
      return bad_field("color", "\"white\", \"black\" or \"random\"");
    t.color = *color;
  }
  if (m.contains("variant")) {
    std::optional<std::string> variant = text_field(m, "variant");
    if (!variant || (*variant != "standard" && *variant != "chess960"))
      return bad_field("variant", "\"standard\" or \"chess960\"");
    t.variant = *variant;
  }
  const TimeControl tc = t.days ? TimeControl::untimed() : *parse_human_time_control(t.time);
  t.category = rating_category(tc, t.days, t.variant == "chess960");
  if (!t.category) t.rated = false;
  return t;
}

json::object game_terms_json(const GameTerms& t) {
  json::object o;
  o["time"] = t.days ? json::value(nullptr) : json::value(t.time);
  o["days"] = t.days ? json::value(*t.days) : json::value(nullptr);
  o["rated"] = t.rated;
  o["color"] = t.color;
  o["variant"] = t.variant;
  o["category"] = t.category ? json::value(std::string(rating_category_name(*t.category))) : json::value(nullptr);
  return o;
}

std::string pool_category(const std::string& time) {
  auto tc = parse_human_time_control(time);
  if (!tc || !tc->has_clock() || tc->periods().empty()) return {};
  const TimePeriod& first = tc->periods().front();
  return std::string(rating_category_name(rating_category_for_clock(first.base, first.bonus)));
}

NewGame new_game_of(const GameTerms& t, const std::string& white_name, const std::string& black_name) {
  NewGame game;
  if (t.days) game.days = *t.days;
  else game.time = t.time;
  game.chess960 = t.variant == "chess960";
  game.casual = !t.rated;  // takebacks by agreement only in casual games
  game.names[WHITE] = white_name;
  game.names[BLACK] = black_name;
  return game;
}

json::object seek_json(const Seek& s, bool stored) {
  json::object o;
  o["id"] = s.id;
  o["player"] = shown_name(s.owner);
  o["user"] = s.owner.tag;
  if (stored) o["owner"] = s.owner.id;
  o["account"] = s.owner.account.has_value();
  o["rating"] = s.rating;
  o["provisional"] = s.provisional;
  o["min_rating"] = s.min_rating ? json::value(*s.min_rating) : json::value(nullptr);
  o["max_rating"] = s.max_rating ? json::value(*s.max_rating) : json::value(nullptr);
  o["created_ms"] = s.created_ms;
  for (auto& [key, value] : game_terms_json(s.terms)) o[key] = value;
  return o;
}

Result<Seek> seek_from_json(const json::object& o) {
  Result<GameTerms> terms = read_game_terms(o);
  if (!terms) return terms.error();
  Seek s;
  s.terms = *terms;
  s.id = text_field(o, "id").value_or("");
  s.owner.id = text_field(o, "owner").value_or("");
  s.owner.tag = text_field(o, "user").value_or("");
  if (s.id.empty() || s.owner.id.empty() || s.owner.tag.empty()) return fail("stored seek: no id, owner or user");
  if (o.contains("account") && o.at("account").is_bool() && o.at("account").as_bool()) {
    s.owner.name = text_field(o, "player").value_or("");
    s.owner.account = s.owner.id;
  }
  const auto integer = [&](const char* key) -> std::optional<int> {
    const json::value* v = o.if_contains(key);
    if (!v || !v->is_int64()) return std::nullopt;
    return static_cast<int>(v->as_int64());
  };
  s.rating = integer("rating").value_or(1500);
  s.provisional = o.contains("provisional") && o.at("provisional").is_bool() && o.at("provisional").as_bool();
  s.min_rating = integer("min_rating");
  s.max_rating = integer("max_rating");
  if (const json::value* v = o.if_contains("created_ms"); v && v->is_int64()) s.created_ms = v->as_int64();
  return s;
}

json::object challenge_json(const Challenge& c) {
  json::object o;
  o["id"] = c.id;
  o["from"] = shown_name(c.from);
  o["to"] = shown_name(c.to);
  o["created_ms"] = c.created_ms;
  for (auto& [key, value] : game_terms_json(c.terms)) o[key] = value;
  return o;
}

json::object lobby_game_json(const LobbyGame& g) {
  json::object o;
  o["id"] = g.id;
  o["white"] = g.white;
  o["black"] = g.black;
  o["watch"] = "/g/" + g.id;
  o["started_ms"] = g.started_ms;
  for (auto& [key, value] : game_terms_json(g.terms)) o[key] = value;
  o.erase("color");
  return o;
}

json::object stored_user_json(const LobbyUser& u) {
  return {{"id", u.id},
          {"name", u.name},
          {"account", u.account ? json::value(*u.account) : json::value(nullptr)},
          {"tag", u.tag}};
}

LobbyUser user_from_json(const json::object& o) {
  LobbyUser u;
  u.id = text_field(o, "id").value_or("");
  u.name = text_field(o, "name").value_or("");
  u.account = text_field(o, "account");
  u.tag = text_field(o, "tag").value_or("");
  return u;
}

json::object stored_challenge_json(const Challenge& c) {
  json::object o = challenge_json(c);
  o["from_user"] = stored_user_json(c.from);
  o["to_user"] = stored_user_json(c.to);
  return o;
}

Result<Challenge> challenge_from_json(const json::object& o) {
  Result<GameTerms> terms = read_game_terms(o);
  if (!terms) return terms.error();
  const json::value* from = o.if_contains("from_user");
  const json::value* to = o.if_contains("to_user");
  if (!from || !from->is_object() || !to || !to->is_object()) return fail("stored challenge: no players");
  Challenge c;
  c.id = text_field(o, "id").value_or("");
  c.from = user_from_json(from->as_object());
  c.to = user_from_json(to->as_object());
  c.terms = *terms;
  if (const json::value* v = o.if_contains("created_ms"); v && v->is_int64()) c.created_ms = v->as_int64();
  return c;
}

std::string shown_name(const LobbyUser& user) { return user.account ? user.name : std::string("Anonymous"); }

}  // namespace tabiya::server
