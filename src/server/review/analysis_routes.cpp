#include "server/review/analysis_routes.h"

#include <algorithm>
#include <boost/json.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "notation/pgn.h"
#include "notation/pgn_writer.h"
#include "notation/san.h"
#include "notation/uci_reader.h"
#include "server/base/http_errors.h"
#include "server/review/review_labels.h"

namespace tabiya::server {
namespace json = boost::json;

namespace {

HttpAnswer bad(std::string_view field, std::string_view expected, const std::string& detail) {
  json::object data{{"field", field}, {"expected", expected}};
  if (!detail.empty()) data["detail"] = detail;
  return http_error(400, "bad_request", json::serialize(data));
}

// The request's object, or the error answer.
Result<json::object, HttpAnswer> body_object(std::string_view body) {
  boost::system::error_code ec;
  json::value v = json::parse(body, ec);
  if (ec) return http_error(400, "bad_json", json::serialize(json::object{{"detail", ec.message()}}));
  if (!v.is_object()) return http_error(400, "bad_json", json::serialize(json::object{{"detail", "not an object"}}));
  return std::move(v.as_object());
}

// The "fen" field as a position, or the error answer naming what is wrong with it.
Result<Position, HttpAnswer> fen_field(const json::object& o) {
  const json::value* fen = o.if_contains("fen");
  if (!fen || !fen->is_string()) return bad("fen", "a FEN string", "");
  if (fen->as_string().size() > 200) return bad("fen", "a FEN string", "FEN longer than 200 characters");
  auto position = parse_fen(std::string_view(fen->as_string()));
  if (!position) return bad("fen", "a legal position in FEN", position.error().message);
  return *position;
}

json::object position_json(const Position& pos) {
  json::object answer;
  answer["fen"] = to_fen(pos);
  answer["turn"] = pos.side_to_move() == WHITE ? "white" : "black";
  answer["check"] = pos.in_check();
  json::object legal;
  json::array moves;
  const auto all = legal_moves(pos);
  for (Move m : all) {
    std::string uci = to_uci(m, pos);
    json::value& slot = legal[uci.substr(0, 2)];
    if (!slot.is_array()) slot.emplace_array();
    json::value dest(uci.substr(2, 2));
    if (std::find(slot.as_array().begin(), slot.as_array().end(), dest) == slot.as_array().end())
      slot.as_array().push_back(dest);
    moves.push_back(json::object{{"uci", uci}, {"san", to_san(pos, m)}});
  }
  answer["legal"] = std::move(legal);
  answer["legal_moves"] = std::move(moves);
  answer["status"] = all.size() > 0 ? "playing" : pos.in_check() ? "checkmate" : "stalemate";
  return answer;
}

json::value optional_int(const std::optional<int>& v) { return v ? json::value(*v) : json::value(nullptr); }

// "[%eval 0.35]" or "[%eval #-3]" as lichess writes it (White's view); empty for a mate on the board.
std::string eval_command(const PlyReview& p) {
  if (p.mate) {
    if (*p.mate == 0) return {};
    return "[%eval #" + std::to_string(*p.mate) + "]";
  }
  char text[32];
  std::snprintf(text, sizeof text, "[%%eval %.2f]", p.cp.value_or(0) / 100.0);
  return text;
}

}  // namespace

HttpAnswer position_answer(std::string_view body) {
  auto o = body_object(body);
  if (!o) return o.error();
  auto position = fen_field(*o);
  if (!position) return position.error();
  Position pos = *position;
  json::object played;
  if (const json::value* uci = o->if_contains("uci")) {
    if (!uci->is_string()) return bad("uci", "a move in UCI", "");
    auto move = move_from_uci(pos, std::string_view(uci->as_string()));
    if (!move) return bad("uci", "a legal move of the position", move.error().message);
    played = {{"uci", to_uci(*move, pos)}, {"san", to_san(pos, *move)}};
    UndoInfo undo;
    pos.do_move(*move, undo);
  }
  json::object answer = position_json(pos);
  if (!played.empty()) answer["move"] = std::move(played);
  return json_answer_text(200, json::serialize(answer));
}

HttpAnswer attackers_answer(std::string_view body) {
  auto o = body_object(body);
  if (!o) return o.error();
  auto position = fen_field(*o);
  if (!position) return position.error();
  const json::value* field = o->if_contains("square");
  if (!field || !field->is_string()) return bad("square", "a square name like e4", "");
  std::string_view name = field->as_string();
  if (name.size() != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' || name[1] > '8')
    return bad("square", "a square name like e4", std::string("not a square: ").append(name.substr(0, 8)));
  Square target = make_square(File(name[0] - 'a'), Rank(name[1] - '1'));
  // Every piece bearing on the square through the pieces standing now, whether or not a pin, a check or an own
  // piece on the square would keep it from moving there: what defends a piece as well as what attacks it.
  Bitboard bearing = position->attackers_to(target);
  json::object answer{{"square", name}};
  for (Color side : {WHITE, BLACK}) {
    std::vector<std::string> squares;
    for (Bitboard b = bearing & position->pieces(side); b;) squares.push_back(square_name(pop_lsb(b)));
    std::sort(squares.begin(), squares.end());
    json::array list;
    for (const std::string& s : squares) list.push_back(json::value(s));
    answer[side == WHITE ? "white" : "black"] = std::move(list);
  }
  return json_answer_text(200, json::serialize(answer));
}

HttpAnswer position_eval_answer(Reviewer& reviewer, std::string_view client, std::string_view body) {
  auto o = body_object(body);
  if (!o) return o.error();
  auto position = fen_field(*o);
  if (!position) return position.error();
  Exploration e = reviewer.explore(client.empty() ? std::string("-") : std::string(client), *position);
  if (e.status == "busy") return http_error(503, "busy", json::serialize(json::object{{"retry_ms", 1000}}));
  json::object answer{{"status", e.status}, {"fen", e.fen}};
  answer["engine"] = e.engine.empty() ? json::value(nullptr) : json::value(e.engine);
  answer["cp"] = optional_int(e.cp);
  answer["mate"] = optional_int(e.mate);
  answer["best"] = e.best.empty() ? json::value(nullptr) : json::value(e.best);
  answer["best_san"] = e.best_san.empty() ? json::value(nullptr) : json::value(e.best_san);
  json::array line;
  for (const std::string& m : e.line_san) line.push_back(json::value(m));
  answer["line_san"] = std::move(line);
  return json_answer_text(e.status == "done" ? 200 : 202, json::serialize(answer));
}

HttpAnswer analysis_pgn(const HttpAnswer& plain_pgn, const ReviewState& review) {
  if (plain_pgn.status != 200) return plain_pgn;
  if (review.status != "done")
    return http_error(409, "not_allowed", json::serialize(json::object{{"reason", "review_not_done"}}));
  PgnReadResult read = read_pgn_games(plain_pgn.body);
  if (read.games.size() != 1)
    return http_error(500, "server_error",
                      json::serialize(json::object{{"detail", "the game's PGN did not read back"}}));
  PgnGame game = std::move(read.games.front());
  Position before = game.start;
  UndoInfo undo;
  for (std::size_t i = 0; i < game.mainline.moves.size(); ++i) {
    PgnNode& node = game.mainline.moves[i];
    const PlyReview* p = i + 1 < review.plies.size() ? &review.plies[i + 1] : nullptr;
    if (p && p->ply == int(i + 1)) {
      const std::string eval = eval_command(*p);
      if (!eval.empty()) node.comment = node.comment.empty() ? eval : eval + " " + node.comment;
      const MoveLabel label = label_from_name(p->label);
      if (label != MoveLabel::NONE) {
        node.nags.push_back(label_nag(label));
        // The engine's line from the same position, as the variation the label points to.
        PgnLine variation;
        Position q = before;
        for (const std::string& text : p->line) {
          auto m = move_from_uci(q, text);
          if (!m) break;
          PgnNode alt;
          alt.move = *m;
          variation.moves.push_back(std::move(alt));
          q.do_move(*m, undo);
        }
        if (!variation.moves.empty() && variation.moves.front().move != node.move)
          node.variations.push_back(std::move(variation));
      }
    }
    before.do_move(node.move, undo);
  }
  auto text = write_pgn(game);
  if (!text) return http_error(500, "server_error", json::serialize(json::object{{"detail", text.error().message}}));
  HttpAnswer a = plain_pgn;
  a.body = std::move(*text);
  for (auto& [name, value] : a.headers)
    if (name == "Content-Disposition") {
      auto dot = value.rfind(".pgn");
      if (dot != std::string::npos) value.insert(dot, "-analysis");
    }
  return a;
}

void add_analysis_fields(json::object& out, const PlyReview& ply) {
  json::array line;
  for (const std::string& m : ply.line_san) line.push_back(json::value(m));
  out["line_san"] = std::move(line);
  out["fen"] = ply.fen;
  out["label"] = ply.label.empty() ? json::value(nullptr) : json::value(ply.label);
  out["loss"] = optional_int(ply.loss);
}

json::object review_summary_json(const ReviewState& review) {
  json::object summary;
  for (Color side : {WHITE, BLACK}) {
    int counts[4] = {0, 0, 0, 0};
    int moves = 0;
    long loss = 0;
    for (const PlyReview& p : review.plies) {
      if (p.ply == 0 || p.mover != side || !p.loss) continue;
      ++counts[int(label_from_name(p.label))];
      ++moves;
      loss += *p.loss;
    }
    json::object s{{"inaccuracies", counts[int(MoveLabel::INACCURACY)]},
                   {"mistakes", counts[int(MoveLabel::MISTAKE)]},
                   {"blunders", counts[int(MoveLabel::BLUNDER)]}};
    s["acpl"] = moves > 0 ? json::value((loss + moves / 2) / moves) : json::value(nullptr);
    summary[side == WHITE ? "white" : "black"] = std::move(s);
  }
  return summary;
}

}  // namespace tabiya::server
