// Training data for the tuner: labelled FEN lines and PGN games, each
// position replaced by a quiet one before it is traced.
#include <algorithm>
#include <sstream>

#include "core/fen.h"
#include "core/movegen.h"
#include "engine/evaluate.h"
#include "engine/tuner.h"
#include "notation/pgn.h"

namespace tabiya::engine::tuning {

namespace {

constexpr int QUIET_DEPTH = 8;
constexpr int PIECE_ORDER_VALUE[PIECE_TYPE_NB] = {0, 1, 3, 3, 5, 9, 100};

struct Line {
  Move moves[QUIET_DEPTH];
  int length = 0;
};

// Alpha-beta over captures and promotions with stand pat: enough to see
// whether the side to move wins material at once.
int capture_search(Position& pos, int alpha, int beta, int depth, const EvalParams& params, Line& line) {
  line.length = 0;
  int stand_pat = evaluate(pos, params);
  if (stand_pat >= beta || depth == 0) return stand_pat;
  alpha = std::max(alpha, stand_pat);
  MoveList all;
  generate_legal(pos, all);
  std::pair<int, Move> captures[256];
  int count = 0;
  for (Move m : all) {
    if (!pos.is_capture(m) && m.kind() != MoveKind::PROMOTION) continue;
    PieceType victim = m.kind() == MoveKind::EN_PASSANT ? PAWN : type_of(pos.piece_on(m.to()));
    // Most valuable victim first, least valuable attacker among equals.
    int order = 16 * PIECE_ORDER_VALUE[victim] - PIECE_ORDER_VALUE[pos.moved_piece_type(m)];
    if (m.kind() == MoveKind::PROMOTION) order += 16 * PIECE_ORDER_VALUE[m.promotion()];
    captures[count++] = {order, m};
  }
  std::stable_sort(captures, captures + count, [](const auto& a, const auto& b) { return a.first > b.first; });
  for (int i = 0; i < count; ++i) {
    Move m = captures[i].second;
    UndoInfo undo;
    Line child;
    pos.do_move(m, undo);
    int score = -capture_search(pos, -beta, -alpha, depth - 1, params, child);
    pos.undo_move(m, undo);
    if (score > alpha) {
      alpha = score;
      line.moves[0] = m;
      std::copy(child.moves, child.moves + child.length, line.moves + 1);
      line.length = child.length + 1;
      if (score >= beta) break;
    }
  }
  return alpha;
}

// White's score from a result token, or a negative number if it is none.
double parse_result(std::string_view text) {
  if (text == "1-0") return 1.0;
  if (text == "0-1") return 0.0;
  if (text == "1/2-1/2") return 0.5;
  try {
    std::size_t used = 0;
    double value = std::stod(std::string(text), &used);
    if (used == text.size() && value >= 0.0 && value <= 1.0) return value;
  } catch (const std::exception&) {
  }
  return -1.0;
}

std::string trim(std::string_view text) {
  std::size_t first = text.find_first_not_of(" \t\r\"[]");
  if (first == std::string_view::npos) return "";
  std::size_t last = text.find_last_not_of(" \t\r\"[]");
  return std::string(text.substr(first, last - first + 1));
}

// Warnings leave a game complete; errors cut it short, so its result would
// label positions that were never reached.
const PgnError* first_error(const std::vector<PgnError>& errors) {
  for (const PgnError& e : errors)
    if (e.severity == PgnSeverity::ERROR) return &e;
  return nullptr;
}

}  // namespace

Position quiet_leaf(const Position& pos, const EvalParams& params) {
  Position work = pos;
  Line line;
  capture_search(work, -1000000, 1000000, QUIET_DEPTH, params, line);
  Position leaf = pos;
  for (int i = 0; i < line.length; ++i) {
    UndoInfo undo;
    leaf.do_move(line.moves[i], undo);
  }
  return leaf;
}

Result<LoadStats> load_fen_results(std::istream& in, std::string_view name, const EvalParams& params, TuningSet& set) {
  LoadStats stats;
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    std::string line = trim(text);
    if (line.empty() || line[0] == '#') continue;
    auto where = [&] { return std::string(name) + ":" + std::to_string(number) + ": "; };
    std::size_t semicolon = line.find(';');
    if (semicolon == std::string::npos) return fail(where() + "expected 'FEN ; RESULT'");
    double score = parse_result(trim(std::string_view(line).substr(semicolon + 1)));
    if (score < 0) return fail(where() + "result must be 1-0, 0-1, 1/2-1/2 or a number from 0 to 1");
    auto pos = parse_fen(trim(std::string_view(line).substr(0, semicolon)));
    if (!pos) return fail(where() + pos.error().message);
    ++stats.positions_read;
    if (count_legal(*pos) > 0 && set.add_position(*pos, score, params)) ++stats.positions_added;
  }
  return stats;
}

Result<LoadStats> load_pgn_games(std::istream& in, std::string_view name, int skip_plies, const EvalParams& params,
                                 TuningSet& set) {
  LoadStats stats;
  PgnGameReader reader(in);
  while (auto game = reader.next()) {
    if (const PgnError* error = first_error(reader.errors())) return fail(std::string(name) + ": " + error->message);
    ++stats.games_read;
    double score = parse_result(game->result());
    if (score < 0) continue;
    Position pos = game->start;
    int ply = 0;
    for (const PgnNode& node : game->mainline.moves) {
      UndoInfo undo;
      pos.do_move(node.move, undo);
      if (++ply <= skip_plies) continue;
      ++stats.positions_read;
      if (count_legal(pos) > 0 && set.add_position(pos, score, params)) ++stats.positions_added;
    }
  }
  if (const PgnError* error = first_error(reader.errors())) return fail(std::string(name) + ": " + error->message);
  return stats;
}

}  // namespace tabiya::engine::tuning
