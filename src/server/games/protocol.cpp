#include "server/games/protocol.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "core/chess960.h"
#include "core/fen.h"
#include "core/fen_problem.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "engine/levels.h"
#include "laws/outcome.h"
#include "notation/pgn.h"
#include "notation/san.h"
#include "notation/uci_reader.h"
#include "play/opponent_gone.h"
#include "play/takeback_rule.h"
#include "server/games/game_settings_limits.h"

namespace tabiya::server {
namespace json = boost::json;

ProtocolError bad_field(std::string_view field, std::string_view expected, std::string detail) {
  ProtocolError e{"bad_message", {}, std::move(detail)};
  e.data["field"] = field;
  if (!expected.empty()) e.data["expected"] = expected;
  return e;
}

std::string_view color_text(Color c) { return c == WHITE ? "white" : "black"; }

std::optional<Color> parse_color(std::string_view text) {
  if (text == "white") return WHITE;
  if (text == "black") return BLACK;
  return std::nullopt;
}

namespace {

// Optional fields: absent or null means the default.
const json::value* field(const json::object& o, std::string_view name) {
  auto it = o.find(name);
  if (it == o.end() || it->value().is_null()) return nullptr;
  return &it->value();
}

// A name to show (game_settings_limits.h).
bool showable(const json::value& v) { return v.is_string() && showable_name(v.as_string()); }

// A setting over its size limit: the field, what it expects and the limit (docs/protocol.md, `reason: "limit"`).
ProtocolError over_limit(std::string_view field, const SettingRefusal& r) {
  ProtocolError e = bad_field(field, r.expected);
  if (r.limit) {
    e.data["limit"] = *r.limit;
    e.data["reason"] = "limit";
  }
  return e;
}

// The players' names and the event of a game: names to show, an event id safe in a URL, a round 1..999.
std::optional<ProtocolError> labels_refusal(const Setup& s) {
  for (Color c : {WHITE, BLACK})
    if (!s.names[c].empty() && !showable_name(s.names[c]))
      return bad_field("names", "1 to 80 characters, no control characters");
  if (s.tournament_id.empty() && s.tournament_name.empty() && s.tournament_round == 0) return std::nullopt;
  const std::string& id = s.tournament_id;
  const bool id_ok = !id.empty() && id.size() <= 40 && std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
  });
  if (!id_ok || !showable_name(s.tournament_name) || s.tournament_round < 1 || s.tournament_round > 999)
    return bad_field("tournament", "{\"id\": URL-safe 1..40, \"name\": 1..80 characters, \"round\": 1..999}");
  return std::nullopt;
}

// The optional "names" and "tournament" of a create request.
std::optional<ProtocolError> parse_labels(const json::object& o, Setup& s) {
  if (const json::value* names = field(o, "names")) {
    if (!names->is_object()) return bad_field("names", "{\"white\", \"black\"}");
    for (Color c : {WHITE, BLACK})
      if (const json::value* n = field(names->as_object(), color_text(c))) {
        if (!showable(*n)) return bad_field("names", "1 to 80 characters, no control characters");
        s.names[c] = std::string(n->as_string());
      }
  }
  if (const json::value* t = field(o, "tournament")) {
    const json::value* id = t->is_object() ? field(t->as_object(), "id") : nullptr;
    const json::value* name = t->is_object() ? field(t->as_object(), "name") : nullptr;
    const json::value* round = t->is_object() ? field(t->as_object(), "round") : nullptr;
    if (!id || !id->is_string() || !name || !showable(*name) || !round || !round->is_int64() || round->as_int64() < 1 ||
        round->as_int64() > 999)
      return bad_field("tournament", "{\"id\": URL-safe 1..40, \"name\": 1..80 characters, \"round\": 1..999}");
    s.tournament_id = std::string(id->as_string());
    s.tournament_name = std::string(name->as_string());
    s.tournament_round = int(round->as_int64());
  }
  return labels_refusal(s);
}

// A refused start position: the field, the problem's code and data for the page to word (docs/protocol.md,
// "Start positions"), and the English text.
ProtocolError start_refused(std::string_view field, std::string_view problem, std::string detail,
                            const std::vector<std::pair<std::string, std::string>>& data = {}) {
  ProtocolError e = bad_field(field, "a playable position", std::move(detail));
  e.data["problem"] = problem;
  for (const auto& [name, value] : data) e.data[name] = value;
  return e;
}

ProtocolError fen_refused(std::string_view field, const FenProblem& p) {
  return start_refused(field, p.code, p.message, p.data);
}

}  // namespace

std::optional<ProtocolError> parse_start(const json::object& o, Setup& s) {
  const json::value* fen = field(o, "fen");
  const json::value* pgn = field(o, "pgn");
  if (fen && pgn) return bad_field("pgn", "either fen or pgn", "fen and pgn both given");
  if ((fen || pgn) && s.chess960) return bad_field(fen ? "fen" : "pgn", "standard variant only");
  std::optional<Position> end;  // where play begins
  if (fen) {
    if (!fen->is_string()) return bad_field("fen", "string");
    if (fen->as_string().size() > MAX_FEN_BYTES)
      return over_limit("fen", {"at most " + std::to_string(MAX_FEN_BYTES) + " characters", MAX_FEN_BYTES});
    auto pos = read_fen(fen->as_string());
    if (!pos) return fen_refused("fen", pos.error());
    s.start_fen = to_fen(*pos);
    end = *pos;
  }
  if (pgn) {
    if (!pgn->is_string()) return bad_field("pgn", "string");
    if (pgn->as_string().size() > MAX_PGN_BYTES)
      return over_limit("pgn", {"at most " + std::to_string(MAX_PGN_BYTES) + " bytes", MAX_PGN_BYTES});
    PgnReadResult read = read_pgn_games(std::string_view(pgn->as_string()));
    if (read.games.empty()) return start_refused("pgn", "pgn_empty", "no game in the PGN text");
    const PgnGame& g = read.games.front();
    if (g.mainline.moves.size() > MAX_START_PLIES)
      return over_limit("pgn", {"at most " + std::to_string(MAX_START_PLIES) + " plies", MAX_START_PLIES});
    if (const auto tag = g.tags.get("FEN"))  // kept as a plain tag when it could not be read
      if (auto pos = read_fen(*tag); !pos) return fen_refused("pgn", pos.error());
    // Only errors refuse. Warnings lose nothing: the PGN standard (8.2.6) says each movetext ends with exactly
    // one termination marker, but a pasted game often has none, and the reader takes it as it is with a warning
    // (import format is to be read liberally, 3.1): "1. e4 e5" starts from the position after 1...e5.
    for (const PgnError& e : read.errors)
      if (e.severity == PgnSeverity::ERROR && e.game_number <= 1)
        return start_refused("pgn", "pgn_error", e.message,
                             {{"line", std::to_string(e.line)}, {"text", e.text.substr(0, 40)}});
    s.start_fen = to_fen(g.start);
    Position p = g.start;
    for (const PgnNode& node : g.mainline.moves) {
      s.moves.push_back(to_uci(node.move, p));
      UndoInfo undo;
      p.do_move(node.move, undo);
    }
    end = p;
  }
  if (end && legal_moves(*end).size() == 0)
    return start_refused(fen ? "fen" : "pgn", end->checkers() ? "checkmate" : "stalemate",
                         "the game would start in a finished position");
  return std::nullopt;
}

namespace {

// A create request's time control: "none", or one with a clock within the server's limits.
std::optional<ProtocolError> time_refusal(const std::string& time) {
  if (time == "none") return std::nullopt;
  auto tc = parse_human_time_control(time);
  if (!tc || !tc->has_clock()) return bad_field("time", "time control, e.g. 5+3", tc ? "no clock" : tc.error().message);
  if (auto refused = time_control_refusal(time, *tc)) return over_limit("time", *refused);
  return std::nullopt;
}

bool days_allowed(int64_t days) { return days >= 1 && days <= 14; }

ProtocolError rules_refused() { return bad_field("rules", "fide-2001|fide-2005|fide-2009|fide-2014|fide-2018"); }

}  // namespace

Result<Setup, ProtocolError> parse_create_request(std::string_view body, uint64_t random) {
  json::error_code ec;
  json::value doc = json::parse(body, ec);
  if (ec) {
    ProtocolError e{"bad_json", {}, ec.message()};
    return e;
  }
  if (!doc.is_object()) return bad_field("", "object", "the request must be a JSON object");
  const json::object& o = doc.as_object();
  Setup s;
  const json::value* v = field(o, "v");
  if (!v || !v->is_int64()) return bad_field("v", "integer");
  if (v->as_int64() != PROTOCOL_VERSION) {
    ProtocolError e{"unsupported_version", {}, "protocol version " + std::to_string(v->as_int64())};
    e.data["supported"] = json::array{PROTOCOL_VERSION};
    return e;
  }
  const json::value* opponent = field(o, "opponent");
  if (!opponent || !opponent->is_string()) return bad_field("opponent", "robot|hotseat|invite");
  s.opponent = std::string(opponent->as_string());
  if (s.opponent != "robot" && s.opponent != "hotseat" && s.opponent != "invite")
    return bad_field("opponent", "robot|hotseat|invite");
  if (const json::value* level = field(o, "level")) {
    if (!level->is_int64() || level->as_int64() < engine::MIN_LEVEL || level->as_int64() > engine::MAX_LEVEL)
      return bad_field("level", "integer 1..10");
    s.level = int(level->as_int64());
  }
  s.creator = (random & 1) ? BLACK : WHITE;  // "random", the default... unless a colour is named
  if (const json::value* color = field(o, "color")) {
    if (!color->is_string()) return bad_field("color", "white|black|random");
    std::string_view c = color->as_string();
    if (auto named = parse_color(c)) s.creator = *named;
    else if (c != "random") return bad_field("color", "white|black|random");
  } else {
    s.creator = WHITE;
  }
  s.time = "5+3";
  if (const json::value* time = field(o, "time")) {
    if (!time->is_string()) return bad_field("time", "string");
    s.time = std::string(time->as_string());
  }
  if (auto bad = time_refusal(s.time)) return *bad;
  if (const json::value* days = field(o, "days")) {
    if (!days->is_int64() || !days_allowed(days->as_int64())) return bad_field("days", "integer 1..14");
    s.days = int(days->as_int64());
    s.time = "none";
  }
  std::string variant = "standard";
  if (const json::value* vv = field(o, "variant")) {
    if (!vv->is_string() || (vv->as_string() != "standard" && vv->as_string() != "chess960"))
      return bad_field("variant", "standard|chess960");
    variant = std::string(vv->as_string());
  }
  if (variant == "chess960") {
    s.chess960 = int(random % 960);
    if (const json::value* n = field(o, "chess960")) {
      if (!n->is_int64() || n->as_int64() < 0 || n->as_int64() > 959) return bad_field("chess960", "integer 0..959");
      s.chess960 = int(n->as_int64());
    }
  }
  if (auto bad = parse_start(o, s)) return *bad;
  if (const json::value* rules = field(o, "rules")) {
    if (!rules->is_string() || !parse_rules_edition(rules->as_string())) return rules_refused();
    s.rules = std::string(rules->as_string());
  }
  if (const json::value* casual = field(o, "casual")) {
    if (!casual->is_bool()) return bad_field("casual", "boolean");
    s.casual = casual->as_bool();
  }
  if (auto bad = parse_labels(o, s)) return *bad;
  s.seed = random >> 10 | 1;
  // The setup must give a game: a finished or impossible start is refused here.
  if (auto opts = start_options(s); !opts)
    return start_refused(field(o, "pgn") ? "pgn" : "fen", "unplayable", opts.error().message);
  return s;
}

json::object setup_json(const Setup& s) {
  json::object o;
  o["opponent"] = s.opponent;
  o["level"] = s.level;
  o["creator"] = color_text(s.creator);
  o["time"] = s.time;
  o["days"] = s.days ? json::value(*s.days) : json::value(nullptr);
  o["chess960"] = s.chess960 ? json::value(*s.chess960) : json::value(nullptr);
  o["start_fen"] = s.start_fen;
  json::array moves;
  for (const std::string& m : s.moves) moves.push_back(json::value(m));
  o["moves"] = std::move(moves);
  o["rules"] = s.rules;
  o["casual"] = s.casual;
  o["white"] = s.seats[WHITE];
  o["black"] = s.seats[BLACK];
  o["seed"] = s.seed;
  if (!s.names[WHITE].empty() || !s.names[BLACK].empty()) o["names"] = json::array{s.names[WHITE], s.names[BLACK]};
  if (s.tournament_round > 0)
    o["tournament"] = json::object{{"id", s.tournament_id}, {"name", s.tournament_name}, {"round", s.tournament_round}};
  if (s.created_ms > 0) o["created"] = s.created_ms;
  return o;
}

Result<Setup> setup_from_json(std::string_view text) {
  json::error_code ec;
  json::value doc = json::parse(text, ec);
  if (ec || !doc.is_object()) return fail("stored setup: not a JSON object");
  const json::object& o = doc.as_object();
  try {
    Setup s;
    s.opponent = std::string(o.at("opponent").as_string());
    s.level = int(o.at("level").as_int64());
    s.creator = parse_color(o.at("creator").as_string()).value_or(WHITE);
    s.time = std::string(o.at("time").as_string());
    if (!o.at("days").is_null()) s.days = int(o.at("days").as_int64());
    if (!o.at("chess960").is_null()) s.chess960 = int(o.at("chess960").as_int64());
    s.start_fen = std::string(o.at("start_fen").as_string());
    for (const json::value& m : o.at("moves").as_array()) s.moves.push_back(std::string(m.as_string()));
    s.rules = std::string(o.at("rules").as_string());
    s.casual = o.at("casual").as_bool();
    s.seats[WHITE] = std::string(o.at("white").as_string());
    s.seats[BLACK] = std::string(o.at("black").as_string());
    s.seed = o.at("seed").to_number<uint64_t>();
    if (const json::value* names = o.if_contains("names"))  // stored since the tournament labels came
      for (Color c : {WHITE, BLACK}) s.names[c] = std::string(names->as_array().at(c).as_string());
    if (const json::value* t = o.if_contains("tournament")) {
      s.tournament_id = std::string(t->at("id").as_string());
      s.tournament_name = std::string(t->at("name").as_string());
      s.tournament_round = int(t->at("round").as_int64());
    }
    if (const json::value* created = o.if_contains("created")) s.created_ms = created->to_number<int64_t>();
    return s;
  } catch (const std::exception& e) {
    return fail(std::string("stored setup: ") + e.what());
  }
}

Result<play::StartOptions> start_options(const Setup& s) {
  play::StartOptions o;
  if (s.chess960) {
    auto pos = chess960_start_position(*s.chess960);
    if (!pos) return pos.error();
    o.start = *pos;
    o.chess960 = s.chess960;
  } else if (!s.start_fen.empty()) {
    auto pos = parse_fen(s.start_fen);
    if (!pos) return pos.error();
    o.start = *pos;
  }
  Position p = o.start;
  for (const std::string& text : s.moves) {
    Result<Move, UciError> found = move_from_uci(p, text);
    if (!found) return fail("start move " + found.error().message);
    o.moves.push_back(*found);
    UndoInfo undo;
    p.do_move(*found, undo);
  }
  if (legal_moves(p).size() == 0) return fail("the game would start in a finished position");
  auto edition = parse_rules_edition(s.rules);
  if (!edition) return fail("unknown rules " + s.rules);
  o.rules = *edition;
  if (s.time != "none") {
    auto tc = parse_human_time_control(s.time);
    if (!tc) return tc.error();
    o.time_control = *tc;
  }
  o.days = s.days;
  o.casual = s.casual;  // against the robot takebacks are allowed anyway (play/takeback_rule.h)
  o.tournament = s.tournament_round > 0;
  // The server's online rule (play/fair_start.h). Hot-seat players sit at one board, as over the board: the
  // Laws' clock, as in the terminal game.
  o.fair_start = s.opponent != "hotseat";
  if (s.opponent == "robot") o.seats[~s.creator] = play::Seat{true, s.level};
  return o;
}

std::string_view termination_code(Termination t) {
  switch (t) {
    case Termination::CHECKMATE:
      return "checkmate";
    case Termination::RESIGNATION:
      return "resignation";
    case Termination::STALEMATE:
      return "stalemate";
    case Termination::DEAD_POSITION:
      return "dead_position";
    case Termination::AGREEMENT:
      return "agreement";
    case Termination::THREEFOLD_REPETITION:
      return "threefold_repetition";
    case Termination::FIFTY_MOVES:
      return "fifty_moves";
    case Termination::FIVEFOLD_REPETITION:
      return "fivefold_repetition";
    case Termination::SEVENTY_FIVE_MOVES:
      return "seventy_five_moves";
    case Termination::TIME_FORFEIT:
      return "time_forfeit";
    case Termination::TIMEOUT_DRAW:
      return "timeout_draw";
    case Termination::BOTH_FLAGS_FELL:
      return "both_flags_fell";
    case Termination::FORFEIT:
      return "forfeit";
    case Termination::ABORTED:
      return "aborted";
    case Termination::ILLEGAL_MOVE_LOSS:
    case Termination::ILLEGAL_MOVE_DRAW:
    case Termination::ILLEGAL_POSITION_DRAW:
    case Termination::ADJOURNMENT_LOSS:
    case Termination::QUICKPLAY_DRAW:
    case Termination::ARBITER_DECISION:
      return "arbiter_decision";
  }
  return "arbiter_decision";
}

json::object levels_json() {
  json::array levels;
  for (int level = engine::MIN_LEVEL; level <= engine::MAX_LEVEL; ++level)
    levels.push_back(json::object{{"level", level}, {"elo", engine::elo_for_level(level)}});
  return json::object{{"levels", std::move(levels)}};
}

}  // namespace tabiya::server

namespace tabiya::server {

Result<Setup, ProtocolError> setup_of(const NewGame& game, uint64_t random) {
  Setup s;
  s.opponent = "invite";
  s.creator = WHITE;
  s.time = game.days ? "none" : game.time;
  if (auto bad = time_refusal(s.time)) return *bad;
  if (game.days) {
    if (!days_allowed(*game.days)) return bad_field("days", "integer 1..14");
    s.days = *game.days;
  }
  if (game.chess960) s.chess960 = int(random % 960);
  if (!game.rules.empty()) {
    if (!parse_rules_edition(game.rules)) return rules_refused();
    s.rules = game.rules;
  }
  s.casual = game.casual;
  for (Color c : {WHITE, BLACK}) s.names[c] = game.names[c];
  s.tournament_id = game.event_id;
  s.tournament_name = game.event_name;
  s.tournament_round = game.round;
  if (auto bad = labels_refusal(s)) return *bad;
  s.seed = random >> 10 | 1;
  if (auto opts = start_options(s); !opts) return bad_field("setup", "a playable game", opts.error().message);
  return s;
}

}  // namespace tabiya::server
