// The game service's HTTP routes (docs/protocol.md, "HTTP"): create a game,
// read it, its PGN, its engine review, the robot's levels, and check a start position.
#include <boost/json.hpp>
#include <chrono>
#include <cstdio>

#include "laws/game_record.h"
#include "notation/pgn_writer.h"
#include "server/base/http_errors.h"
#include "server/base/rate_limit.h"
#include "server/base/tokens.h"
#include "server/games/game_registry.h"
#include "server/games/position_check.h"
#include "server/review/analysis_routes.h"

namespace tabiya::server {
namespace json = boost::json;

namespace {

HttpAnswer json_answer(int status, const json::value& body) { return json_answer_text(status, json::serialize(body)); }

HttpAnswer error(int status, std::string_view code, const json::object& data = {}) {
  return http_error(status, code, json::serialize(data));
}

// A request the protocol refuses: 400 with its code (a bad field is `bad_request`), data and English detail.
HttpAnswer refused(const ProtocolError& e) {
  json::object data = e.data;
  if (!e.detail.empty()) data["detail"] = e.detail;
  return error(400, e.code == "bad_message" ? "bad_request" : e.code, data);
}

// The game is at work (a long takeback, say): a network thread does not wait for it.
HttpAnswer busy() { return error(503, "busy", {{"retry_ms", 100}}); }

json::object review_json(const ReviewState& state) {
  json::object o;
  o["status"] = state.status;
  o["engine"] = state.engine.empty() ? json::value(nullptr) : json::value(state.engine);
  json::array plies;
  for (const PlyReview& p : state.plies) {
    json::object r;
    r["ply"] = p.ply;
    r["cp"] = p.cp ? json::value(*p.cp) : json::value(nullptr);
    r["mate"] = p.mate ? json::value(*p.mate) : json::value(nullptr);
    r["best"] = p.best.empty() ? json::value(nullptr) : json::value(p.best);
    r["best_san"] = p.best_san.empty() ? json::value(nullptr) : json::value(p.best_san);
    json::array line;
    for (const std::string& m : p.line) line.push_back(json::value(m));
    r["line"] = std::move(line);
    add_analysis_fields(r, p);
    plies.push_back(std::move(r));
  }
  o["plies"] = std::move(plies);
  o["summary"] = review_summary_json(state);
  return o;
}

// The PGN Date of a moment (ms since the epoch), in UTC: "2026.11.26".
std::string pgn_date(int64_t ms) {
  const auto day = std::chrono::floor<std::chrono::days>(
      std::chrono::sys_time<std::chrono::milliseconds>(std::chrono::milliseconds(ms)));
  const std::chrono::year_month_day ymd(day);
  char text[16];
  std::snprintf(text, sizeof text, "%04d.%02u.%02u", int(ymd.year()), unsigned(ymd.month()), unsigned(ymd.day()));
  return text;
}

}  // namespace

HttpAnswer GameService::Impl::route(const HttpRequest& request) {
  std::string_view target = request.target;
  if (auto q = target.find('?'); q != std::string_view::npos) target = target.substr(0, q);
  if (target == "/api/games") {
    if (request.method != "POST") return error(405, "method_not_allowed");
    if (stopping) return error(503, "shutting_down");
    // Before anything is read: a refused request costs no parsing and creates nothing.
    if (auto refused = creation_refusal(options.creation_limits.get(), request, creations_refused)) return *refused;
    return create_game(request);
  }
  if (target == "/api/position" || target == "/api/position/eval") {
    if (request.method != "POST") return error(405, "method_not_allowed");
    if (target == "/api/position") return position_answer(request.body);
    return position_eval_answer(reviewer, request.client, request.body);
  }
  if (target == "/api/position/attackers") {
    if (request.method != "POST") return error(405, "method_not_allowed");
    return attackers_answer(request.body);
  }
  if (target == "/api/position/check") {
    if (request.method != "POST") return error(405, "method_not_allowed");
    auto checked = check_position(request.body);
    if (!checked) return refused(checked.error());
    return json_answer(200, *checked);
  }
  if (target == "/api/levels") {
    if (request.method != "GET") return error(405, "method_not_allowed");
    return json_answer(200, levels_json());
  }
  constexpr std::string_view PREFIX = "/api/games/";
  if (!target.starts_with(PREFIX)) return error(404, "not_found");
  std::string_view rest = target.substr(PREFIX.size());
  std::string_view id = rest.substr(0, rest.find('/'));
  std::string_view what = id.size() < rest.size() ? rest.substr(id.size() + 1) : std::string_view{};
  auto g = room(id);
  if (!g) return error(404, "unknown_game", {{"id", std::string(id)}});
  if (what.empty()) {
    if (request.method != "GET") return error(405, "method_not_allowed");
    auto text = g->game_text();
    if (!text) return busy();
    return json_answer_text(200, std::move(*text));
  }
  if (what == "pgn") {
    if (request.method != "GET") return error(405, "method_not_allowed");
    return pgn(*g);
  }
  if (what == "review") {
    ReviewState state;
    if (request.method == "POST") {
      struct Record {
        bool over;
        Position start;
        std::vector<Move> moves;
      };
      auto r = g->try_read([](const play::LiveGame& live) {
        return Record{live.over(), live.game().start_position(), live.move_list()};
      });
      if (!r) return busy();
      if (!r->over) return error(409, "not_allowed", {{"reason", "not_over"}});
      state = reviewer.request(g->id(), r->start, r->moves);
    } else if (request.method == "GET") {
      state = reviewer.state(g->id());
    } else {
      return error(405, "method_not_allowed");
    }
    return json_answer(request.method == "POST" ? 202 : 200, review_json(state));
  }
  if (what == "analysis.pgn") {
    if (request.method != "GET") return error(405, "method_not_allowed");
    return analysis_pgn(pgn(*g), reviewer.state(g->id()));
  }
  return error(404, "not_found");
}

HttpAnswer GameService::Impl::create_game(const HttpRequest& request) {
  auto parsed = parse_create_request(request.body, random());
  if (!parsed) return refused(parsed.error());
  auto begun = begin(std::move(*parsed));
  if (!begun) {
    if (begun.error().code == "server_error") return error(500, "server_error", {{"detail", begun.error().detail}});
    return refused(begun.error());
  }
  const GameRoom& room = **begun;
  const Setup& setup = room.setup();
  json::object answer;
  answer["id"] = room.id();
  json::object seats;
  for (Color c : {WHITE, BLACK})
    if (!setup.seats[c].empty()) seats[color_text(c)] = setup.seats[c];
  answer["seats"] = std::move(seats);
  // The creator's colour, drawn here for "random": an invited game's creator
  // holds both tokens until the link is shared and must know which is theirs.
  answer["color"] = color_text(setup.creator);
  answer["spectate"] = "/g/" + room.id();
  if (options.game_created) {
    std::vector<std::string> creators;
    for (Color c : {WHITE, BLACK})
      if (!setup.seats[c].empty() && (setup.opponent == "hotseat" || c == setup.creator))
        creators.push_back(setup.seats[c]);
    options.game_created(request, room.id(), creators);
  }
  return json_answer(201, answer);
}

Result<std::shared_ptr<GameRoom>, ProtocolError> GameService::Impl::begin(Setup setup) {
  for (Color c : {WHITE, BLACK})
    if (setup.opponent != "robot" || c == setup.creator) setup.seats[c] = new_seat_token();
  auto opts = start_options(setup);
  if (!opts) return bad_field("setup", "a playable game", opts.error().message);
  auto live = play::LiveGame::create(*opts, time);
  if (!live) return bad_field("setup", "a playable game", live.error().message);
  setup.created_ms = services.wall_now();
  // The answer goes now; the game's creation (and its start) is committed before any message for it is
  // answered: those wait for the commit like every message that follows a change.
  auto created = open_game(setup, std::move(*live), {});
  if (!created) return ProtocolError{"server_error", {}, "no free game id"};
  ++metrics.games_created;
  json::object l{{"event", "game_start"},
                 {"game", created->id()},
                 {"opponent", setup.opponent},
                 {"time", setup.time},
                 {"rules", setup.rules}};
  if (setup.opponent == "robot") l["level"] = setup.level;
  services.log(l);
  return created;
}

std::shared_ptr<GameRoom> GameService::Impl::open_game(const Setup& setup, std::unique_ptr<play::LiveGame> live,
                                                       RoomServices::Created stored) {
  std::shared_ptr<GameRoom> created;
  for (int attempt = 0; attempt < 8 && !created; ++attempt) {
    std::string id = new_game_id();
    if (find(id)) continue;
    auto room = std::make_shared<GameRoom>(services, id, setup, std::move(live), 0, 0);
    if (leasing()) {  // several nodes: the new game's lease first, so that its creation is fenced like its moves
      auto epoch = store->acquire_lease(id, options.node_id, services.wall_now(), lease_ms());
      if (!epoch || !*epoch) return nullptr;  // the store is down
      room->set_epoch(**epoch);
    }
    std::lock_guard lock(games_mutex);
    if (games.try_emplace(id, room).second) created = std::move(room);
    else return nullptr;
  }
  if (!created) return nullptr;
  // A tournament's game never expires; any other may, if nobody joins it (unjoined_games.h).
  std::optional<int64_t> unjoined_since;
  if (setup.tournament_round == 0) unjoined_since = services.wall_now();
  created->store_creation(
      {StoreWrite::Kind::CREATE, created->id(), json::serialize(setup_json(setup)), 0, 0, unjoined_since},
      std::move(stored));
  return created;
}

void GameService::Impl::create_rematch(Setup setup, RoomServices::Created stored) {
  setup.seed = random();
  setup.created_ms = services.wall_now();
  auto opts = start_options(setup);
  auto live = opts ? play::LiveGame::create(*opts, time) : Result<std::unique_ptr<play::LiveGame>>(opts.error());
  if (!live || stopping || !open_game(setup, std::move(*live), stored)) stored({}, false);
  else ++metrics.games_created;
}

HttpAnswer GameService::Impl::pgn(const GameRoom& room) {
  const Setup& setup = room.setup();
  auto text = room.try_read([&setup](const play::LiveGame& live) {
    const Game& game = live.game();
    PgnTags tags;
    // The names given at creation; the robot by its level; an unknown player "?" as the PGN standard writes an
    // unknown value (8.1.1), not "White"/"Black", which a database would take for a player's name.
    for (Color c : {WHITE, BLACK}) {
      std::string name = !setup.names[c].empty() ? setup.names[c]
                         : live.robot_seat(c)    ? "tabiya level " + std::to_string(live.options().seats[c].level)
                                                 : "?";
      tags.set(c == WHITE ? "White" : "Black", name);
    }
    if (setup.created_ms > 0) tags.set("Date", pgn_date(setup.created_ms));
    if (setup.tournament_round > 0) {
      tags.set("Event", setup.tournament_name);
      tags.set("Round", std::to_string(setup.tournament_round));
    }
    tags.set("Site", "tabiya");
    PgnGame record = game_to_pgn(game, tags);
    // %emt beside %clk: the time each move took, as the clock charged it.
    for (std::size_t i = 0; i < record.mainline.moves.size() && i < game.moves().size(); ++i) {
      if (!game.clock()) break;
      std::string& comment = record.mainline.moves[i].comment;
      std::string emt = "[%emt " + format_clock(game.moves()[i].elapsed.count()) + "]";
      comment = comment.empty() ? emt : emt + " " + comment;
    }
    return write_pgn(record);
  });
  if (!text) return busy();
  if (!*text) return error(500, "server_error", {{"detail", text->error().message}});
  HttpAnswer a;
  a.status = 200;
  a.content_type = "application/x-chess-pgn";
  a.body = std::move(**text);
  a.headers.emplace_back("Content-Disposition", "attachment; filename=\"tabiya-" + room.id() + ".pgn\"");
  return a;
}

}  // namespace tabiya::server
