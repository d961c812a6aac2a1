#include "engine/search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <random>

#include "core/movegen.h"
#include "engine/evaluate.h"
#include "engine/see.h"
#include "engine/tt.h"
#include "laws/unwinnability_static.h"

namespace tabiya::engine {
namespace {

constexpr int VALUE_NONE = 32002;
// Stored evals are int16; this marks "no static eval" (positions in check).
constexpr int EVAL_NONE = -32768;

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

int mate_in(int ply) { return VALUE_MATE - ply; }
int mated_in(int ply) { return -VALUE_MATE + ply; }

// Mate scores are stored relative to the node, not the root.
int value_to_tt(int v, int ply) {
  return v >= VALUE_MATE_IN_MAX_PLY ? v + ply : v <= -VALUE_MATE_IN_MAX_PLY ? v - ply : v;
}
int value_from_tt(int v, int ply) {
  return v >= VALUE_MATE_IN_MAX_PLY ? v - ply : v <= -VALUE_MATE_IN_MAX_PLY ? v + ply : v;
}

uint64_t mix64(uint64_t z) {  // splitmix64 finaliser
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

struct Reductions {
  int table[64][64];
  Reductions() {
    for (int d = 0; d < 64; ++d)
      for (int m = 0; m < 64; ++m)
        table[d][m] = d == 0 || m == 0 ? 0 : int(0.75 + std::log(double(d)) * std::log(double(m)) / 2.25);
  }
};
const Reductions REDUCTIONS;

int reduction(int depth, int moves) { return REDUCTIONS.table[std::min(depth, 63)][std::min(moves, 63)]; }

struct RootMove {
  Move move;
  int score = -VALUE_INFINITE;
  int previous_score = -VALUE_INFINITE;
  int seldepth = 0;
  std::vector<Move> pv;
};

struct StackEntry {
  Move move;
  Piece moved = NO_PIECE;
  bool null_move = false;
  int eval = EVAL_NONE;
  Move killers[2];
};

// Moves with ordering scores, handed out best first.
struct ScoredMoves {
  MoveList list;
  int scores[256];
  std::size_t next = 0;

  bool pick(Move& m) {
    if (next >= list.count) return false;
    std::size_t best = next;
    for (std::size_t i = next + 1; i < list.count; ++i)
      if (scores[i] > scores[best]) best = i;
    std::swap(list.moves[next], list.moves[best]);
    std::swap(scores[next], scores[best]);
    m = list.moves[next++];
    return true;
  }
};

class Worker;

}  // namespace

struct Engine::Shared {
  TranspositionTable tt;
  std::atomic<bool> stop{false};
  std::atomic<bool> pondering{false};
  std::atomic<int64_t> start_ms{0};  // when the clock started counting for this move
  int64_t go_ms = 0;                 // when `go` came (for reported times)
  SearchLimits limits;
  TimeBudget budget;
  EngineOptions options;
  LevelParams level;
  uint64_t game_seed = 0;
  InfoCallback on_info;
  std::vector<std::unique_ptr<Worker>> workers;

  uint64_t total_nodes() const;
};

namespace {

class Worker {
 public:
  Worker(Engine::Shared& shared, int id) : shared_(shared), id_(id) { clear(); }

  void clear() {
    for (auto& side : history_)
      for (auto& from : side)
        for (int& h : from) h = 0;
    for (auto& piece : counter_)
      for (Move& m : piece) m = Move::none();
  }

  void prepare(const Position& root, const std::vector<Key>& keys, const std::vector<Move>& searchmoves) {
    pos_ = root;
    keys_ = keys;
    keys_.reserve(keys.size() + MAX_PLY + 8);
    nodes.store(0, std::memory_order_relaxed);
    next_poll_ = 0;
    completed_depth = 0;
    best_move_changes_ = 0;
    last_best_ = Move::none();
    last_score_ = VALUE_NONE;
    for (StackEntry& e : stack_) e = StackEntry{};
    best_lines.clear();
    root_moves.clear();
    ScoredMoves moves;
    generate_legal(pos_, moves.list);
    score_moves(moves, Move::none(), 0);
    for (Move m; moves.pick(m);)
      if (searchmoves.empty() || std::find(searchmoves.begin(), searchmoves.end(), m) != searchmoves.end())
        root_moves.push_back(RootMove{m, -VALUE_INFINITE, -VALUE_INFINITE, 0, {m}});
  }

  void iterative_deepening();

  std::atomic<uint64_t> nodes{0};
  std::vector<RootMove> root_moves;
  std::vector<RootMove> best_lines;  // root moves as of the last completed iteration
  int completed_depth = 0;

 private:
  bool main() const { return id_ == 0; }
  StackEntry* stack(int ply) { return &stack_[ply + 2]; }
  int root_search(int alpha, int beta, int depth);
  int search(int alpha, int beta, int depth, int ply, bool cut_node);
  int qsearch(int alpha, int beta, int ply);
  int evaluate_here() const;
  bool is_draw() const;
  bool poll();
  void check_limits();
  void score_moves(ScoredMoves& moves, Move tt_move, int ply);
  void update_quiet_stats(int ply, Move best, const Move* quiets, int quiet_count, int depth);
  void update_pv(int ply, Move m);
  void report(int depth);
  void report_bound(int depth, int score, bool lower);
  SearchInfo make_info(int depth, const RootMove& rm) const;
  std::vector<Move> child_pv() const { return std::vector<Move>(pv_[1] + 1, pv_[1] + pv_len_[1]); }
  int64_t elapsed() const { return now_ms() - shared_.start_ms.load(std::memory_order_relaxed); }

  Engine::Shared& shared_;
  int id_;
  Position pos_;
  std::vector<Key> keys_;  // game positions and the search path; back() is pos_'s key
  StackEntry stack_[MAX_PLY + 4];
  Move pv_[MAX_PLY + 1][MAX_PLY + 1];
  int pv_len_[MAX_PLY + 1]{};
  int history_[COLOR_NB][SQUARE_NB][SQUARE_NB];
  Move counter_[PIECE_NB][SQUARE_NB];
  int seldepth_ = 0;
  int root_depth_ = 0;
  std::size_t pv_index_ = 0;
  uint64_t next_poll_ = 0;
  // Time management: how unsettled the best move is (decaying count of changes)
  // and the previous iteration's best move and score.
  double best_move_changes_ = 0;
  Move last_best_;
  int last_score_ = VALUE_NONE;
};

int Worker::evaluate_here() const {
  int v = evaluate(pos_);
  if (const int noise = shared_.level.eval_noise; noise > 0) {
    const uint64_t r = mix64(pos_.key() ^ shared_.game_seed);
    v += int(r % uint64_t(2 * noise + 1)) - noise;
  }
  return std::clamp(v, -VALUE_MATE_IN_MAX_PLY + 1, VALUE_MATE_IN_MAX_PLY - 1);
}

// Repetition (any earlier occurrence since the last irreversible move), the
// 50-move rule and, when little material is left, insufficient material.
bool Worker::is_draw() const {
  if (pos_.halfmove_clock() >= 100) return !pos_.in_check() || count_legal(pos_) > 0;
  const int n = int(keys_.size()) - 1;
  const int limit = std::max(0, n - pos_.halfmove_clock());
  for (int i = n - 4; i >= limit; i -= 2)
    if (keys_[i] == keys_[n]) return true;
  if (popcount(pos_.pieces()) <= 4 && insufficient_material(pos_, WHITE) && insufficient_material(pos_, BLACK))
    return true;
  return false;
}

// Counts a node; true when the search must unwind.
bool Worker::poll() {
  if (shared_.stop.load(std::memory_order_relaxed)) return true;  // unwinding: not a node
  const uint64_t n = nodes.load(std::memory_order_relaxed) + 1;
  nodes.store(n, std::memory_order_relaxed);
  if (main()) {
    // A node limit is exact with one thread (bench and levels rely on it).
    if (shared_.limits.nodes && n >= shared_.limits.nodes && completed_depth >= 1 && shared_.workers.size() == 1)
      shared_.stop.store(true, std::memory_order_relaxed);
    if (n >= next_poll_) {
      next_poll_ = n + 1024;
      check_limits();
    }
  }
  return shared_.stop.load(std::memory_order_relaxed);
}

void Worker::check_limits() {
  if (shared_.limits.nodes && completed_depth >= 1 && shared_.total_nodes() >= shared_.limits.nodes)
    shared_.stop.store(true, std::memory_order_relaxed);
  if (shared_.budget.limited && !shared_.pondering.load(std::memory_order_relaxed) &&
      elapsed() >= shared_.budget.maximum)
    shared_.stop.store(true, std::memory_order_relaxed);
}

void Worker::score_moves(ScoredMoves& moves, Move tt_move, int ply) {
  const Color us = pos_.side_to_move();
  const StackEntry* ss = ply >= 0 ? stack(ply) : nullptr;
  Move counter = Move::none();
  if (ss && (ss - 1)->move.is_ok()) counter = counter_[(ss - 1)->moved][(ss - 1)->move.to()];
  for (std::size_t i = 0; i < moves.list.count; ++i) {
    const Move m = moves.list.moves[i];
    int& s = moves.scores[i];
    const bool capture = pos_.is_capture(m);
    const bool promotion = m.kind() == MoveKind::PROMOTION;
    if (m == tt_move) {
      s = 1 << 30;
    } else if (capture || (promotion && m.promotion() == QUEEN)) {
      const PieceType victim = m.kind() == MoveKind::EN_PASSANT ? PAWN : type_of(pos_.piece_on(m.to()));
      const int mvv_lva =
          SEE_VALUE[victim] * 8 - SEE_VALUE[pos_.moved_piece_type(m)] / 100 + (promotion ? SEE_VALUE[QUEEN] * 8 : 0);
      s = (see_at_least(pos_, m, 0) ? (1 << 28) : -(1 << 26)) + mvv_lva;
    } else if (promotion) {
      s = -(1 << 27);  // underpromotions last
    } else if (ss && m == ss->killers[0]) {
      s = (1 << 27);
    } else if (ss && m == ss->killers[1]) {
      s = (1 << 27) - 1;
    } else if (m == counter) {
      s = (1 << 27) - 2;
    } else {
      s = history_[us][m.from()][m.to()];
    }
  }
}

void Worker::update_pv(int ply, Move m) {
  pv_[ply][ply] = m;
  for (int i = ply + 1; i < pv_len_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
  pv_len_[ply] = std::max(pv_len_[ply + 1], ply + 1);
}

void Worker::update_quiet_stats(int ply, Move best, const Move* quiets, int quiet_count, int depth) {
  StackEntry* ss = stack(ply);
  if (ss->killers[0] != best) {
    ss->killers[1] = ss->killers[0];
    ss->killers[0] = best;
  }
  const Color us = pos_.side_to_move();
  const int bonus = std::min(depth * depth, 400) * 8;
  auto adjust = [&](Move m, int delta) {
    int& h = history_[us][m.from()][m.to()];
    h += delta - h * std::abs(delta) / 16384;
  };
  adjust(best, bonus);
  for (int i = 0; i < quiet_count; ++i) adjust(quiets[i], -bonus);
  if ((ss - 1)->move.is_ok()) counter_[(ss - 1)->moved][(ss - 1)->move.to()] = best;
}

int Worker::qsearch(int alpha, int beta, int ply) {
  pv_len_[ply] = ply;
  if (poll()) return 0;
  seldepth_ = std::max(seldepth_, ply);
  if (is_draw()) return 0;
  const bool in_check = pos_.in_check();
  if (ply >= MAX_PLY - 1) return in_check ? 0 : evaluate_here();
  const bool pv_node = beta - alpha > 1;

  TTEntry tte;
  const bool tt_hit = shared_.tt.probe(pos_.key(), tte);
  const int tt_score = tt_hit ? value_from_tt(tte.score, ply) : VALUE_NONE;
  if (!pv_node && tt_hit &&
      (tte.bound == Bound::EXACT || (tte.bound == Bound::LOWER && tt_score >= beta) ||
       (tte.bound == Bound::UPPER && tt_score <= alpha)))
    return tt_score;

  int best = -VALUE_INFINITE, stand_pat = EVAL_NONE;
  if (!in_check) {
    stand_pat = tt_hit && tte.eval != EVAL_NONE ? tte.eval : evaluate_here();
    best = stand_pat;
    if (best >= beta) {
      if (!tt_hit) shared_.tt.store(pos_.key(), Move::none(), value_to_tt(best, ply), stand_pat, 0, Bound::LOWER);
      return best;
    }
    alpha = std::max(alpha, best);
  }

  ScoredMoves moves;
  generate_legal(pos_, moves.list);
  if (moves.list.empty()) return in_check ? mated_in(ply) : 0;
  if (!in_check) {  // only captures and queen promotions are searched here
    std::size_t kept = 0;
    for (std::size_t i = 0; i < moves.list.count; ++i) {
      const Move m = moves.list.moves[i];
      if (pos_.is_capture(m) || (m.kind() == MoveKind::PROMOTION && m.promotion() == QUEEN))
        moves.list.moves[kept++] = m;
    }
    moves.list.count = kept;
  }
  score_moves(moves, tt_hit ? tte.move : Move::none(), -1);
  Move best_move;
  const int old_alpha = alpha;
  UndoInfo undo;
  for (Move m; moves.pick(m);) {
    if (!in_check) {
      const bool capture = pos_.is_capture(m);
      const bool queening = m.kind() == MoveKind::PROMOTION && m.promotion() == QUEEN;
      if (!capture && !queening) continue;
      if (!queening) {
        const PieceType victim = m.kind() == MoveKind::EN_PASSANT ? PAWN : type_of(pos_.piece_on(m.to()));
        if (stand_pat + SEE_VALUE[victim] + 200 <= alpha) continue;  // delta pruning
      }
      if (!see_at_least(pos_, m, 0)) continue;
    }
    pos_.do_move(m, undo);
    shared_.tt.prefetch(pos_.key());
    keys_.push_back(pos_.key());
    const int v = -qsearch(-beta, -alpha, ply + 1);
    keys_.pop_back();
    pos_.undo_move(m, undo);
    if (shared_.stop.load(std::memory_order_relaxed)) return 0;
    if (v > best) {
      best = v;
      if (v > alpha) {
        best_move = m;
        update_pv(ply, m);
        if (v >= beta) break;
        alpha = v;
      }
    }
  }
  const Bound bound = best >= beta ? Bound::LOWER : best > old_alpha ? Bound::EXACT : Bound::UPPER;
  shared_.tt.store(pos_.key(), best_move, value_to_tt(best, ply), stand_pat, 0, bound);
  return best;
}

int Worker::search(int alpha, int beta, int depth, int ply, bool cut_node) {
  if (depth <= 0) return qsearch(alpha, beta, ply);
  pv_len_[ply] = ply;
  if (poll()) return 0;
  seldepth_ = std::max(seldepth_, ply);
  const bool pv_node = beta - alpha > 1;
  if (is_draw()) return 0;
  const bool in_check = pos_.in_check();
  if (ply >= MAX_PLY - 1) return in_check ? 0 : evaluate_here();
  // Mate distance pruning: no line from here beats a mate already found nearer the root.
  alpha = std::max(mated_in(ply), alpha);
  beta = std::min(mate_in(ply + 1), beta);
  if (alpha >= beta) return alpha;

  StackEntry* ss = stack(ply);
  TTEntry tte;
  const bool tt_hit = shared_.tt.probe(pos_.key(), tte);
  const Move tt_move = tt_hit ? tte.move : Move::none();
  const int tt_score = tt_hit ? value_from_tt(tte.score, ply) : VALUE_NONE;
  if (!pv_node && tt_hit && tte.depth >= depth &&
      (tte.bound == Bound::EXACT || (tte.bound == Bound::LOWER && tt_score >= beta) ||
       (tte.bound == Bound::UPPER && tt_score <= alpha)))
    return tt_score;

  int static_eval = EVAL_NONE;
  if (!in_check) {
    ss->eval = tt_hit && tte.eval != EVAL_NONE ? tte.eval : evaluate_here();
    static_eval = ss->eval;
    // The stored score is a better guess than the static eval when its bound allows.
    if (tt_hit && std::abs(tt_score) < VALUE_MATE_IN_MAX_PLY &&
        (tte.bound == Bound::EXACT || (tte.bound == Bound::LOWER && tt_score > static_eval) ||
         (tte.bound == Bound::UPPER && tt_score < static_eval)))
      static_eval = tt_score;
  } else {
    ss->eval = EVAL_NONE;
  }
  const bool improving = !in_check && (ss - 2)->eval != EVAL_NONE && ss->eval > (ss - 2)->eval;
  (ss + 1)->killers[0] = (ss + 1)->killers[1] = Move::none();

  UndoInfo undo;
  if (!pv_node && !in_check) {
    // Reverse futility: far above beta, a quiet move will not bring us back below it.
    if (depth <= 7 && static_eval - 80 * (depth - improving) >= beta && std::abs(beta) < VALUE_MATE_IN_MAX_PLY)
      return static_eval;
    // Null move: if passing still fails high, a real move will too (not in
    // pawn endings, where zugzwang is common).
    const Color us = pos_.side_to_move();
    if (depth >= 3 && static_eval >= beta && !(ss - 1)->null_move && beta > -VALUE_MATE_IN_MAX_PLY &&
        (pos_.pieces(us) & ~pos_.pieces(PAWN, KING))) {
      const int r = 3 + depth / 4 + std::min(3, (static_eval - beta) / 200);
      ss->move = Move::none();
      ss->moved = NO_PIECE;
      ss->null_move = true;
      pos_.do_null_move(undo);
      shared_.tt.prefetch(pos_.key());
      keys_.push_back(pos_.key());
      const int v = -search(-beta, -beta + 1, depth - r, ply + 1, !cut_node);
      keys_.pop_back();
      pos_.undo_null_move(undo);
      ss->null_move = false;
      if (shared_.stop.load(std::memory_order_relaxed)) return 0;
      if (v >= beta) return v >= VALUE_MATE_IN_MAX_PLY ? beta : v;
    }
  }
  // Without a hash move this node was not searched before: search it a bit shallower.
  if (!tt_move.is_ok() && depth >= 6) --depth;

  ScoredMoves moves;
  generate_legal(pos_, moves.list);
  if (moves.list.empty()) return in_check ? mated_in(ply) : 0;
  score_moves(moves, tt_move, ply);

  const int old_alpha = alpha;
  int best = -VALUE_INFINITE, moves_searched = 0, quiet_count = 0;
  Move best_move, quiets[64];
  bool skip_quiets = false;
  for (Move m; moves.pick(m);) {
    const bool capture = pos_.is_capture(m);
    const bool quiet = !capture && m.kind() != MoveKind::PROMOTION;
    bool futile = false;
    if (best > -VALUE_MATE_IN_MAX_PLY && !in_check) {
      if (quiet) {
        if (skip_quiets) continue;
        // Late move pruning: enough quiet moves tried at low depth.
        if (!pv_node && depth <= 8 && moves_searched >= (3 + depth * depth) / (improving ? 1 : 2)) {
          skip_quiets = true;
          continue;
        }
        // Futility: a quiet move cannot lift a hopeless eval to alpha (checks excepted).
        futile = depth <= 8 && static_eval + 100 + 100 * depth <= alpha;
      } else if (depth <= 6 && !see_at_least(pos_, m, -100 * depth)) {
        continue;
      }
    }
    const Piece moved = pos_.piece_on(m.from());
    pos_.do_move(m, undo);
    const bool gives_check = pos_.in_check();
    if (futile && !gives_check) {
      pos_.undo_move(m, undo);
      continue;
    }
    ss->move = m;
    ss->moved = moved;
    shared_.tt.prefetch(pos_.key());
    keys_.push_back(pos_.key());
    const int new_depth = depth - 1 + (gives_check && ply < 2 * root_depth_ ? 1 : 0);
    int v;
    if (moves_searched == 0) {
      v = -search(-beta, -alpha, new_depth, ply + 1, !pv_node && !cut_node);
    } else {
      int r = 0;
      if (depth >= 3 && quiet && moves_searched >= 1 + 2 * pv_node) {
        r = reduction(depth, moves_searched) + !pv_node + cut_node - improving - gives_check;
        if (m == ss->killers[0] || m == ss->killers[1]) --r;
        r -= history_[~pos_.side_to_move()][m.from()][m.to()] / 8192;
        r = std::clamp(r, 0, new_depth - 1);
      }
      v = -search(-alpha - 1, -alpha, new_depth - r, ply + 1, true);
      if (v > alpha && r > 0) v = -search(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
      if (v > alpha && v < beta && pv_node) v = -search(-beta, -alpha, new_depth, ply + 1, false);
    }
    keys_.pop_back();
    pos_.undo_move(m, undo);
    if (shared_.stop.load(std::memory_order_relaxed)) return 0;
    ++moves_searched;
    if (v > best) {
      best = v;
      if (v > alpha) {
        best_move = m;
        if (pv_node) update_pv(ply, m);
        if (v >= beta) break;
        alpha = v;
      }
    }
    if (quiet && m != best_move && quiet_count < 64) quiets[quiet_count++] = m;
  }
  if (moves_searched == 0) return alpha;  // everything pruned (only when not losing)
  if (best >= beta && !pos_.is_capture(best_move) && best_move.kind() != MoveKind::PROMOTION)
    update_quiet_stats(ply, best_move, quiets, quiet_count, depth);
  const Bound bound = best >= beta ? Bound::LOWER : pv_node && best > old_alpha ? Bound::EXACT : Bound::UPPER;
  shared_.tt.store(pos_.key(), best_move, value_to_tt(best, ply), ss->eval, depth, bound);
  return best;
}

int Worker::root_search(int alpha, int beta, int depth) {
  pv_len_[0] = 0;
  StackEntry* ss = stack(0);
  ss->eval = pos_.in_check() ? EVAL_NONE : evaluate_here();
  (ss + 1)->killers[0] = (ss + 1)->killers[1] = Move::none();
  for (std::size_t i = pv_index_; i < root_moves.size(); ++i) root_moves[i].score = -VALUE_INFINITE;
  int best = -VALUE_INFINITE;
  UndoInfo undo;
  for (std::size_t i = pv_index_; i < root_moves.size(); ++i) {
    RootMove& rm = root_moves[i];
    const Move m = rm.move;
    const bool quiet = !pos_.is_capture(m) && m.kind() != MoveKind::PROMOTION;
    ss->move = m;
    ss->moved = pos_.piece_on(m.from());
    seldepth_ = 0;
    pos_.do_move(m, undo);
    shared_.tt.prefetch(pos_.key());
    keys_.push_back(pos_.key());
    const int new_depth = depth - 1 + (pos_.in_check() ? 1 : 0);
    int v;
    if (i == pv_index_) {
      v = -search(-beta, -alpha, new_depth, 1, false);
    } else {
      const int r = depth >= 3 && quiet && i >= pv_index_ + 4 && !pos_.in_check() ? 1 : 0;
      v = -search(-alpha - 1, -alpha, new_depth - r, 1, true);
      // A reduced search's fail high proves nothing: confirm it at full depth.
      if (v > alpha && (v < beta || r > 0)) v = -search(-beta, -alpha, new_depth, 1, false);
    }
    keys_.pop_back();
    pos_.undo_move(m, undo);
    if (shared_.stop.load(std::memory_order_relaxed)) return best;
    if (i == pv_index_ || v > alpha) {
      rm.score = v;
      rm.seldepth = seldepth_;
      rm.pv.assign(1, m);
      const std::vector<Move> rest = child_pv();
      rm.pv.insert(rm.pv.end(), rest.begin(), rest.end());
    }
    best = std::max(best, v);
    if (v > alpha) {
      alpha = v;
      if (v >= beta) break;
    }
  }
  return best;
}

void Worker::iterative_deepening() {
  const SearchLimits& limits = shared_.limits;
  int max_depth = MAX_PLY - 1;
  if (limits.depth > 0) max_depth = std::min(max_depth, limits.depth);
  if (shared_.level.max_depth > 0) max_depth = std::min(max_depth, shared_.level.max_depth);
  const std::size_t lines =
      std::min<std::size_t>(root_moves.size(), std::max(shared_.options.multipv, shared_.level.candidates));
  if (root_moves.empty()) return;
  for (int depth = 1 + (id_ & 1); depth <= max_depth; ++depth) {
    root_depth_ = depth;
    for (RootMove& rm : root_moves) rm.previous_score = rm.score;
    for (pv_index_ = 0; pv_index_ < lines; ++pv_index_) {
      const int previous = root_moves[pv_index_].previous_score;
      int delta = 20, alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
      if (depth >= 4 && previous > -VALUE_INFINITE && !is_mate_score(previous)) {
        alpha = std::max(previous - delta, -VALUE_INFINITE);
        beta = std::min(previous + delta, VALUE_INFINITE);
      }
      for (;;) {
        const int v = root_search(alpha, beta, depth);
        std::stable_sort(root_moves.begin() + long(pv_index_), root_moves.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        if (shared_.stop.load(std::memory_order_relaxed)) break;
        // In long searches, tell the GUI about a failed window at once.
        if ((v <= alpha || v >= beta) && main() && shared_.options.multipv == 1 && elapsed() > 2000)
          report_bound(depth, v, v >= beta);
        if (v <= alpha) {
          beta = (alpha + beta) / 2;
          alpha = std::max(v - delta, -VALUE_INFINITE);
        } else if (v >= beta) {
          beta = std::min(v + delta, VALUE_INFINITE);
        } else {
          break;
        }
        delta += delta / 2;
      }
      std::stable_sort(root_moves.begin(), root_moves.begin() + long(pv_index_) + 1,
                       [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
      if (shared_.stop.load(std::memory_order_relaxed)) break;
    }
    if (shared_.stop.load(std::memory_order_relaxed)) break;
    completed_depth = depth;
    best_lines.assign(root_moves.begin(), root_moves.begin() + long(lines));
    if (!main()) continue;
    report(depth);
    // Decide whether another iteration is worth starting.
    const int score = best_lines[0].score;
    const int previous_score = last_score_;
    best_move_changes_ = best_move_changes_ / 2 + (last_best_.is_ok() && best_lines[0].move != last_best_ ? 1 : 0);
    last_best_ = best_lines[0].move;
    last_score_ = score;
    if (limits.mate > 0 && is_mate_score(score) && score > 0 && mate_in_moves(score) <= limits.mate) break;
    if (shared_.budget.limited && !shared_.pondering.load()) {
      const int64_t used = elapsed();
      // Stop early when the best move is settled; think longer while it keeps
      // changing or the score is falling (never beyond the hard maximum).
      double share = 0.6 * (1.0 + best_move_changes_);
      if (previous_score != VALUE_NONE && !is_mate_score(score) && score < previous_score - 25) share *= 1.4;
      const int64_t soft = std::min<int64_t>(shared_.budget.maximum, int64_t(double(shared_.budget.optimum) * share));
      if (root_moves.size() == 1 || (shared_.budget.from_clock && used >= soft)) break;
      // A mate found well inside the horizon will not change: save the clock.
      if (is_mate_score(score) && depth >= 2 * std::abs(mate_in_moves(score)) + 6) break;
    }
  }
}

SearchInfo Worker::make_info(int depth, const RootMove& rm) const {
  const int64_t time = std::max<int64_t>(0, now_ms() - shared_.go_ms);
  const uint64_t total = shared_.total_nodes();
  SearchInfo info;
  info.depth = depth;
  info.seldepth = std::max(rm.seldepth, depth);
  info.score = rm.score;
  wdl_from_score(rm.score, info.wdl);
  info.nodes = total;
  info.nps = time > 0 ? total * 1000 / uint64_t(time) : total * 1000;
  info.hashfull = shared_.tt.hashfull();
  info.time_ms = time;
  info.pv = rm.pv;
  return info;
}

void Worker::report_bound(int depth, int score, bool lower) {
  if (!shared_.on_info) return;
  SearchInfo info = make_info(depth, root_moves[0]);
  info.score = score;
  wdl_from_score(score, info.wdl);
  (lower ? info.lowerbound : info.upperbound) = true;
  shared_.on_info(info);
}

void Worker::report(int depth) {
  if (!shared_.on_info) return;
  for (std::size_t i = 0; i < best_lines.size(); ++i) {
    // Only the lines the user asked for; the level's extra candidates stay private.
    if (int(i) >= shared_.options.multipv) break;
    SearchInfo info = make_info(depth, best_lines[i]);
    info.multipv = int(i) + 1;
    shared_.on_info(info);
  }
}

}  // namespace

uint64_t Engine::Shared::total_nodes() const {
  uint64_t n = 0;
  for (const auto& w : workers) n += w->nodes.load(std::memory_order_relaxed);
  return n;
}

void wdl_from_score(int score, int wdl[3]) {
  if (is_mate_score(score)) {
    wdl[0] = score > 0 ? 1000 : 0;
    wdl[1] = 0;
    wdl[2] = score > 0 ? 0 : 1000;
    return;
  }
  // Logistic curves: about even chances of a win at +2 pawns.
  auto win = [](int s) { return int(std::lround(1000.0 / (1.0 + std::exp((200.0 - s) / 70.0)))); };
  wdl[0] = win(score);
  wdl[2] = win(-score);
  wdl[1] = 1000 - wdl[0] - wdl[2];
}

Engine::Engine(EngineOptions options) : options_(options), shared_(std::make_unique<Shared>()) {
  keys_.push_back(root_.key());
  set_options(options);
  new_game();
}

Engine::~Engine() {
  stop();
  wait();
}

void Engine::set_options(const EngineOptions& options) {
  wait();
  std::lock_guard lock(mutex_);
  EngineOptions fixed = options;
  fixed.threads = std::clamp(fixed.threads, 1, 256);
  fixed.multipv = std::clamp(fixed.multipv, 1, 256);
  fixed.level = std::clamp(fixed.level, MIN_LEVEL, MAX_LEVEL);
  fixed.move_overhead = std::clamp<int64_t>(fixed.move_overhead, 0, 5000);
  if (fixed.hash_mb != int(shared_->tt.megabytes())) shared_->tt.resize(std::size_t(std::max(1, fixed.hash_mb)));
  fixed.hash_mb = int(shared_->tt.megabytes());
  while (int(shared_->workers.size()) < fixed.threads)
    shared_->workers.push_back(std::make_unique<Worker>(*shared_, int(shared_->workers.size())));
  shared_->workers.resize(std::size_t(fixed.threads));
  if (fixed.seed != options_.seed) shared_->game_seed = fixed.seed ? fixed.seed : std::random_device{}();
  options_ = fixed;
}

void Engine::new_game() {
  wait();
  std::lock_guard lock(mutex_);
  shared_->tt.clear();
  for (auto& w : shared_->workers) w->clear();
  shared_->game_seed =
      options_.seed ? options_.seed : (uint64_t(std::random_device{}()) << 32 | std::random_device{}());
}

void Engine::set_position(const Position& start, const std::vector<Move>& moves) {
  wait();
  std::lock_guard lock(mutex_);
  root_ = start;
  keys_.assign(1, root_.key());
  UndoInfo undo;
  for (Move m : moves) {
    root_.do_move(m, undo);
    keys_.push_back(root_.key());
  }
}

void Engine::start(const SearchLimits& limits, InfoCallback on_info, DoneCallback on_done,
                   std::vector<Move> searchmoves) {
  wait();
  std::lock_guard lock(mutex_);
  Shared& s = *shared_;
  s.go_ms = now_ms();
  s.start_ms = s.go_ms;
  s.limits = limits;
  s.options = options_;
  s.level = level_params(options_.level);
  if (options_.level_depth) s.level.max_depth = *options_.level_depth;
  if (options_.level_nodes) s.level.max_nodes = *options_.level_nodes;
  if (options_.level_noise) s.level.eval_noise = *options_.level_noise;
  if (options_.level_candidates) s.level.candidates = *options_.level_candidates;
  if (options_.level_margin) s.level.choice_margin = *options_.level_margin;
  if (s.level.max_nodes && (!s.limits.nodes || s.limits.nodes > s.level.max_nodes)) s.limits.nodes = s.level.max_nodes;
  s.budget = plan_time(limits, root_.side_to_move(), options_.move_overhead);
  s.stop = false;
  s.pondering = limits.ponder;
  s.on_info = std::move(on_info);
  s.tt.new_search();
  for (auto& w : s.workers) w->prepare(root_, keys_, searchmoves);
  searching_ = true;
  controller_ = std::thread([this, on_done = std::move(on_done)] {
    Shared& sh = *shared_;
    std::vector<std::thread> helpers;
    for (std::size_t i = 1; i < sh.workers.size(); ++i)
      helpers.emplace_back([w = sh.workers[i].get()] { w->iterative_deepening(); });
    Worker& main_worker = *sh.workers[0];
    main_worker.iterative_deepening();
    // UCI: with `go infinite` or while pondering, bestmove waits for stop/ponderhit.
    while (!sh.stop.load() && (sh.limits.infinite || sh.pondering.load()))
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    sh.stop = true;
    for (std::thread& t : helpers) t.join();

    SearchResult result;
    result.nodes = sh.total_nodes();
    result.time_ms = now_ms() - sh.go_ms;
    const std::vector<RootMove>& lines =
        main_worker.best_lines.empty() ? main_worker.root_moves : main_worker.best_lines;
    if (!lines.empty()) {
      std::size_t chosen = 0;
      // Weaker levels sometimes settle for a plausible second-best candidate.
      if (sh.level.candidates > 1 && sh.level.choice_margin > 0 && !main_worker.best_lines.empty()) {
        const int best = lines[0].score;
        std::vector<int> weights;
        for (std::size_t i = 0; i < lines.size() && i < std::size_t(sh.level.candidates); ++i) {
          const int loss = best - lines[i].score;
          weights.push_back(is_mate_score(best) || loss > sh.level.choice_margin ? 0
                                                                                 : sh.level.choice_margin - loss + 1);
        }
        weights[0] += sh.level.choice_margin;  // the best move stays the likeliest
        std::mt19937_64 rng(mix64(sh.game_seed ^ root_.key()));
        chosen = std::discrete_distribution<std::size_t>(weights.begin(), weights.end())(rng);
      }
      const RootMove& rm = lines[chosen];
      result.best = rm.move;
      result.score = rm.score == -VALUE_INFINITE ? 0 : rm.score;
      result.depth = main_worker.completed_depth;
      result.pv = rm.pv;
      if (rm.pv.size() >= 2) {
        result.ponder = rm.pv[1];
      } else {
        // Fall back on the hash table for the expected reply.
        Position after = root_;
        UndoInfo undo;
        after.do_move(rm.move, undo);
        TTEntry tte;
        if (sh.tt.probe(after.key(), tte) && legal_moves(after).contains(tte.move)) result.ponder = tte.move;
      }
    }
    if (on_done) on_done(result);
    searching_ = false;
  });
}

void Engine::stop() { shared_->stop = true; }

void Engine::ponderhit() {
  shared_->start_ms = now_ms();
  shared_->pondering = false;
}

void Engine::wait() {
  std::lock_guard lock(mutex_);
  if (controller_.joinable()) controller_.join();
}

SearchResult Engine::search(const SearchLimits& limits, InfoCallback on_info) {
  SearchResult result;
  start(limits, std::move(on_info), [&result](const SearchResult& r) { result = r; });
  wait();
  return result;
}

}  // namespace tabiya::engine
