// The game as the protocol shows it: results, clocks, legal moves, the GAME object and the move event
// (docs/protocol.md, GAME and EVENT). Requests are read in protocol.cpp.
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

json::object result_json(const Outcome& outcome, RulesEdition edition) {
  json::object r;
  r["score"] = score_text(outcome.score);
  r["termination"] = termination_code(outcome.termination);
  std::string_view article = termination_article(outcome.termination, edition);
  if (article.starts_with("Art. ")) article.remove_prefix(5);
  r["article"] = article;
  r["edition"] = rules_profile(edition).name;
  // The side the reason applies to: mated, resigned, flag fallen, absent.
  // The laws name the claimant of a drawn claim too; for a draw the protocol
  // names nobody unless a side's act caused it (a flag fallen: timeout_draw).
  bool claimed_draw = outcome.termination == Termination::THREEFOLD_REPETITION ||
                      outcome.termination == Termination::FIFTY_MOVES ||
                      outcome.termination == Termination::QUICKPLAY_DRAW;
  r["culprit"] = outcome.culprit && !claimed_draw ? json::value(color_text(*outcome.culprit)) : json::value(nullptr);
  return r;
}

json::object result_json(const play::LiveGame& live) {
  const Game& game = live.game();
  json::object r = result_json(*game.outcome(), game.options().rules);
  const std::optional<play::ActionKind> by = live.ended_by();
  if (by == play::ActionKind::FIRST_MOVE_TIMEOUT) {
    // Casual: aborted, no article (the server's rule). An event's game: lost by default, Art. 6.7 cited.
    r["termination"] = "first_move_timeout";
  } else if (by == play::ActionKind::OPPONENT_GONE) {
    r["termination"] = "opponent_gone";
    r["article"] = nullptr;  // the server's online rule, not an article of the Laws
  }
  if (r["article"].is_string() && r["article"].as_string() == "-") r["article"] = nullptr;
  return r;
}

GameEnding game_ending_of(const play::LiveGame& live) {
  const json::object result = result_json(live);
  const Termination termination = live.game().outcome()->termination;
  // A game lost by default (Art. 6.7: the first move never made) or aborted before it began was not played.
  const bool played = termination != Termination::FORFEIT && termination != Termination::ABORTED;
  return {std::string(result.at("score").as_string()), std::string(result.at("termination").as_string()), played};
}

json::value clock_json(const play::LiveGame& live) {
  const Clock* clock = live.game().clock();
  if (!clock) return nullptr;
  json::object c;
  c["white"] = clock->remaining(WHITE).count();
  c["black"] = clock->remaining(BLACK).count();
  const bool running = live.started() && !live.over() && clock->running() && !live.in_fair_start();
  c["running"] = running ? json::value(color_text(clock->turn())) : json::value(nullptr);
  c["delay"] = running ? clock->delay_remaining(clock->turn()).count() : 0;
  return c;
}

namespace {

// Both forms of the legal moves from one generation: `legal` (from square -> its targets, for the board) and
// `legal_moves` ({uci, san} each). A move event carries both, and this is most of its cost.
void legal_both(const play::LiveGame& live, json::object* legal, json::array* moves) {
  if (live.over()) return;
  const Position& pos = live.game().position();
  const auto all = legal_moves(pos);
  if (moves) moves->reserve(all.size());
  const std::vector<std::string> sans = moves ? to_san_all(pos, all) : std::vector<std::string>{};
  for (std::size_t i = 0; i < all.size(); ++i) {
    const Move m = all[i];
    std::string uci = to_uci(m, pos);
    if (legal) {
      json::value& slot = (*legal)[std::string_view(uci).substr(0, 2)];
      if (!slot.is_array()) slot.emplace_array();
      json::array& to = slot.as_array();
      const std::string_view dest = std::string_view(uci).substr(2, 2);
      if (std::find_if(to.begin(), to.end(), [&](const json::value& v) { return v.as_string() == dest; }) == to.end())
        to.emplace_back(dest);
    }
    if (moves) {
      // Built in the array's own storage (an arena for a move event): no copy from a temporary.
      json::object& o = moves->emplace_back(json::object(moves->storage())).as_object();
      o.reserve(2);
      o.emplace("uci", uci);
      o.emplace("san", sans[i]);
    }
  }
}

}  // namespace

json::object legal_json(const play::LiveGame& live) {
  json::object legal;
  legal_both(live, &legal, nullptr);
  return legal;
}

json::array legal_moves_json(const play::LiveGame& live) {
  json::array moves;
  legal_both(live, nullptr, &moves);
  return moves;
}

json::object claims_json(const play::LiveGame& live) {
  json::object c;
  const bool open = live.started() && !live.over();
  c["threefold"] = open && live.game().can_claim_threefold();
  c["fifty"] = open && live.game().can_claim_fifty_moves();
  return c;
}

json::value deadline_json(const play::LiveGame& live, int64_t wall_now_ms) {
  auto due = live.deadline();
  if (!due) return nullptr;
  return wall_now_ms + (*due - live.now()).count();
}

json::value first_move_json(const play::LiveGame& live) {
  auto due = live.first_move_deadline();
  if (!due) return nullptr;
  return json::object{{"color", color_text(live.turn())},
                      {"remaining", std::max<int64_t>(0, (*due - live.now()).count())}};
}

namespace {

// Who may abort now (the fair start): a seat of a person, while neither side has made its first move.
json::value abortable_json(const play::LiveGame& live) {
  json::array sides;
  for (Color c : {WHITE, BLACK})
    if (live.can_abort(c)) sides.push_back(json::value(color_text(c)));
  return sides;
}

// `of_game`: any position of the game (UCI differs only in the castling form of the variant).
json::object move_json(const MoveRecord& record, const Position& of_game) {
  json::object m;
  m["uci"] = to_uci(record.move, of_game);
  m["san"] = record.san;
  m["clock"] = record.clock_after ? json::value(record.clock_after->count()) : json::value(nullptr);
  m["elapsed"] = record.elapsed.count();
  return m;
}

}  // namespace

json::object game_json(const play::LiveGame& live, const GameView& view) {
  const Game& game = live.game();
  const Setup& setup = *view.setup;
  json::object g;
  g["id"] = view.id;
  g["variant"] = setup.chess960 ? "chess960" : "standard";
  g["chess960"] = setup.chess960 ? json::value(*setup.chess960) : json::value(nullptr);
  g["rules"] = setup.rules;
  g["casual"] = play::takebacks_allowed(live.options());
  g["time"] = setup.time;
  g["days"] = setup.days ? json::value(*setup.days) : json::value(nullptr);
  json::object players;
  for (Color c : {WHITE, BLACK}) {
    json::object p;
    if (live.robot_seat(c)) {
      p["kind"] = "robot";
      p["level"] = live.options().seats[c].level;
      p["elo"] = engine::elo_for_level(live.options().seats[c].level);
      p["connected"] = true;
    } else {
      p["kind"] = "human";
      p["connected"] = view.connected[c];
      if (view.away_ms[c] && live.started() && !live.over())
        p["away"] =
            json::object{{"claim_after", std::max<int64_t>(0, play::OPPONENT_GONE_AFTER.count() - *view.away_ms[c])}};
    }
    if (!setup.names[c].empty()) p["name"] = setup.names[c];
    players[color_text(c)] = std::move(p);
  }
  g["players"] = std::move(players);
  g["tournament"] =
      setup.tournament_round > 0
          ? json::value(json::object{
                {"id", setup.tournament_id}, {"name", setup.tournament_name}, {"round", setup.tournament_round}})
          : json::value(nullptr);
  g["start_fen"] = to_fen(game.start_position());
  json::array moves;
  Position p = game.start_position();
  for (const MoveRecord& record : game.moves()) {
    json::object m = move_json(record, p);
    UndoInfo undo;
    p.do_move(record.move, undo);
    // The position after each move, so a client can show any earlier position without chess rules of its own.
    m["fen"] = to_fen(p);
    moves.push_back(std::move(m));
  }
  g["moves"] = std::move(moves);
  g["fen"] = to_fen(game.position());
  g["turn"] = color_text(live.turn());
  g["check"] = game.position().in_check();
  json::object legal;
  json::array legal_list;
  legal_both(live, &legal, &legal_list);
  g["legal"] = std::move(legal);
  g["legal_moves"] = std::move(legal_list);
  g["clock"] = clock_json(live);
  g["deadline"] = deadline_json(live, view.wall_now_ms);
  g["abortable"] = abortable_json(live);
  g["first_move"] = first_move_json(live);
  json::object offers;
  offers["draw"] =
      game.draw_offer() && !live.over() ? json::value(color_text(*game.draw_offer())) : json::value(nullptr);
  offers["takeback"] = live.takeback_offer() ? json::value(color_text(*live.takeback_offer())) : json::value(nullptr);
  g["offers"] = std::move(offers);
  g["claims"] = claims_json(live);
  g["status"] = live.over() ? "over" : live.started() ? "playing" : "waiting";
  g["result"] = game.outcome() ? json::value(result_json(live)) : json::value(nullptr);
  if (view.ratings) g["ratings"] = *view.ratings;
  if (live.robot_seat(WHITE) || live.robot_seat(BLACK)) {
    json::object robot;
    robot["thinking"] = view.robot_thinking;
    robot["queue"] = view.robot_queue;
    g["robot"] = std::move(robot);
  } else {
    g["robot"] = nullptr;
  }
  // Only a casual invite game outside an event has a rematch (docs/protocol.md, "Rematch").
  if (setup.opponent == "invite" && setup.tournament_round == 0) {
    json::object rematch;
    rematch["offer"] = view.rematch_offer ? json::value(color_text(*view.rematch_offer)) : json::value(nullptr);
    rematch["game"] = view.rematch_game.empty() ? json::value(nullptr) : json::value(view.rematch_game);
    g["rematch"] = std::move(rematch);
  } else {
    g["rematch"] = nullptr;
  }
  return g;
}

json::object move_event(const play::LiveGame& live, int64_t wall_now_ms, json::storage_ptr storage) {
  const Game& game = live.game();
  const std::size_t last = game.moves().size() - 1;
  // The move's UCI needs only the variant's castling form, the same in every position of the game: no replay.
  json::object e(storage);
  e.reserve(16);
  e = move_json(game.moves()[last], game.position());
  e["type"] = "move";
  e["ply"] = game.moves().size();
  e["fen"] = to_fen(game.position());
  e["turn"] = color_text(live.turn());
  e["check"] = game.position().in_check();
  json::object legal(storage);
  json::array moves(storage);
  legal_both(live, &legal, &moves);
  e["legal"] = std::move(legal);
  e["legal_moves"] = std::move(moves);
  e["clock"] = clock_json(live);
  e["deadline"] = deadline_json(live, wall_now_ms);
  e["abortable"] = abortable_json(live);
  e["first_move"] = first_move_json(live);
  e["claims"] = claims_json(live);
  return e;
}

std::string move_event_text(const play::LiveGame& live, int64_t wall_now_ms) {
  // Its hundred-odd small pieces come from a buffer on the stack, not from malloc one by one.
  unsigned char buffer[16 * 1024];
  json::monotonic_resource arena(buffer, sizeof buffer);
  return json::serialize(move_event(live, wall_now_ms, &arena));
}

}  // namespace tabiya::server
