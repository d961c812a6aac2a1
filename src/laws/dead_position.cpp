#include "laws/dead_position.h"

#include <algorithm>

#include "core/movegen.h"
#include "laws/unwinnability_freezing.h"
#include "laws/unwinnability_helpmate.h"
#include "laws/unwinnability_reach.h"
#include "laws/unwinnability_stalemate.h"

namespace tabiya {

namespace {

// The quick stage gets a fifth of the budget: when the position has play in
// it a mate turns up within a few hundred nodes, and when it has not, the
// exhaustive stage is what can settle it.
HelpmateBudget split(uint64_t nodes) {
  uint64_t quick = std::min<uint64_t>(nodes, std::max<uint64_t>(nodes / 5, 64));
  return HelpmateBudget{quick, nodes - quick, nullptr};
}

// Replays the line: every move legal, ending with the loser checkmated.
bool proves_mate(const Position& pos, Color winner, const std::vector<Move>& line) {
  Position p = pos;
  for (Move m : line) {
    if (!p.is_legal(m)) return false;
    UndoInfo undo;
    p.do_move(m, undo);
  }
  return p.side_to_move() == ~winner && is_checkmate(p);
}

// Settles the cases where the game is already over on the board. Returns
// false when the side to move has a legal move.
bool game_over(const Position& pos, Color winner, WinnabilityResult& result) {
  if (count_legal(pos) != 0) return false;
  bool winner_mated_the_loser = pos.in_check() && pos.side_to_move() != winner;
  result.verdict = winner_mated_the_loser ? Winnability::WINNABLE : Winnability::UNWINNABLE;
  if (!winner_mated_the_loser) result.reason = UnwinnableReason::GAME_OVER;
  return true;
}

// The static proofs, cheapest first, with the reason they give.
// `with_reach`: the reachable-squares proof too (full mode; quick mode
// leaves it out: on real endings it decided nothing more there, for a fifth
// more time per query).
UnwinnableReason static_proof(const Position& pos, Color winner, bool with_reach = true) {
  if (insufficient_material(pos, winner)) return UnwinnableReason::MATERIAL;
  switch (frozen_structure(pos, winner)) {
    case FrozenStructure::NEVER_CHECKS:
      return UnwinnableReason::BLOCKED_STRUCTURE;
    case FrozenStructure::NO_MATING_SQUARE:
      return UnwinnableReason::UNREACHABLE_REGION;
    case FrozenStructure::MAY_MATE:
      break;
  }
  if (freezing_structure(pos, winner) != FrozenStructure::MAY_MATE) return UnwinnableReason::FREEZING_STRUCTURE;
  if (stalemate_lock_unwinnable(pos, winner)) return UnwinnableReason::STALEMATE_LOCK;
  if (with_reach && !reach_proof_unlikely(pos) && reachable_squares_structure(pos, winner) != FrozenStructure::MAY_MATE)
    return UnwinnableReason::REACHABLE_SQUARES;
  return UnwinnableReason::NONE;
}

// Runs one stage of the search for `winner` and checks a claimed mate.
WinnabilityResult run_search(const Position& pos, Color winner, const HelpmateBudget& budget) {
  // Past the caller's cap the result is dropped: no replay, no verdict.
  if (budget.cap && budget.cap->exceeded()) return {};
  WinnabilityResult result = search_helpmate(pos, winner, budget);
  // A line that does not replay to mate is a bug in the search; never report it.
  if (result.verdict == Winnability::WINNABLE && !proves_mate(pos, winner, result.mating_line)) {
    result.verdict = Winnability::UNDETERMINED;
    result.mating_line.clear();
  }
  if (result.verdict == Winnability::UNWINNABLE) result.reason = UnwinnableReason::EXHAUSTED_SEARCH;
  return result;
}

bool same_position(const Position& a, const Position& b) {
  if (a.side_to_move() != b.side_to_move() || a.castling_rooks() != b.castling_rooks() ||
      a.en_passant() != b.en_passant())
    return false;
  for (Color c : {WHITE, BLACK})
    for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING})
      if (a.pieces(c, pt) != b.pieces(c, pt)) return false;
  return true;
}

// A move that can be played backwards: a piece (not a pawn) moving to an
// empty square, with no castling right or en passant chance lost.
bool reversible(const Position& before, Move move, const Position& after) {
  return move.kind() == MoveKind::NORMAL && before.moved_piece_type(move) != PAWN && before.empty(move.to()) &&
         before.castling_rooks() == after.castling_rooks() && before.en_passant() == SQ_NONE;
}

// Can `before` be reached again from `after` (where `move` was just played)?
// Tries a few out-and-back moves by the side to move around the mover's
// return, playing them out and comparing the result with `before`. Returns
// the three moves that do it, or an empty list.
std::vector<Move> return_trip(const Position& before, Move move, const Position& after) {
  constexpr int MAX_TRIES = 8;
  int tries = 0;
  for (Move out : legal_moves(after)) {
    if (out.kind() != MoveKind::NORMAL || after.moved_piece_type(out) == PAWN || !after.empty(out.to())) continue;
    Position pos = after;
    UndoInfo undo;
    pos.do_move(out, undo);
    if (pos.castling_rooks() != after.castling_rooks()) continue;
    if (++tries > MAX_TRIES) return {};
    Move back = Move(move.to(), move.from());
    if (!pos.is_legal(back)) continue;
    pos.do_move(back, undo);
    Move in = Move(out.to(), out.from());
    if (!pos.is_legal(in)) continue;
    pos.do_move(in, undo);
    if (same_position(pos, before)) return {out, back, in};
  }
  return {};
}

// Does the line, played from pos, consist of legal moves and end with
// `winner` checkmating the other king?
bool ends_in_mate(const Position& pos, Color winner, std::vector<Move>::const_iterator first,
                  std::vector<Move>::const_iterator last) {
  if (first == last) return false;
  Position p = pos;
  for (auto it = first; it != last; ++it) {
    if (!p.is_legal(*it)) return false;
    UndoInfo undo;
    p.do_move(*it, undo);
  }
  return p.side_to_move() == ~winner && is_checkmate(p);
}

// Rough material count (pawn 1, minor 3, rook 5, queen 9): the stronger side
// usually has the quicker mate.
int material(const Position& pos, Color c) {
  return popcount(pos.pieces(c, PAWN)) + 3 * popcount(pos.pieces(c, KNIGHT, BISHOP)) +
         5 * popcount(pos.pieces(c, ROOK)) + 9 * popcount(pos.pieces(c, QUEEN));
}

}  // namespace

// A proof carried from move to move grows by three moves for each move taken
// back; past this length a fresh (short) one is searched instead.
constexpr std::size_t MAX_CARRIED_LINE = 96;
// Positions the mending search may visit before a full dead_position() runs.
constexpr uint64_t REPAIR_NODES = 32;

void DeadPositionMonitor::keep(const Position& pos, std::vector<Move> line) {
  last_alive_ = true;
  last_key_ = pos.key();
  line_ = std::move(line);
}

DeadPositionVerdict DeadPositionMonitor::check(const Position& pos) {
  if (auto known = recall(pos)) return *known;
  searched_ = false;
  return remember(pos, search(pos));
}

DeadPositionVerdict DeadPositionMonitor::after_move(const Position& before, Move move, const Position& after) {
  if (auto known = recall(after)) return *known;
  searched_ = false;
  return remember(after, prove_after_move(before, move, after));
}

std::optional<DeadPositionMonitor::Trial> DeadPositionMonitor::try_after_move(const Position& before, Move move,
                                                                              const Position& after,
                                                                              uint64_t steps) const {
  Trial trial{*this, DeadPositionVerdict::UNDETERMINED, {}, 0};
  WorkCap cap{steps};
  trial.monitor.cap_ = &cap;
  trial.monitor.effects_ = &trial.effects;
  trial.verdict = trial.monitor.after_move(before, move, after);
  trial.monitor.cap_ = nullptr;
  trial.monitor.effects_ = nullptr;
  if (cap.exceeded()) return std::nullopt;
  trial.steps = cap.spent;
  return trial;
}

DeadPositionVerdict DeadPositionMonitor::adopt(Trial trial) {
  if (cache_) {
    for (uint64_t i = 0; i < trial.effects.hits; ++i) cache_->count_lookup(true);
    for (uint64_t i = 0; i < trial.effects.misses; ++i) cache_->count_lookup(false);
    for (uint64_t i = 0; i < trial.effects.searches; ++i) cache_->count_search();
    for (uint64_t i = 0; i < trial.effects.repairs; ++i) cache_->count_repair();
    for (auto& [pos, verdict] : trial.effects.stored) cache_->store(pos, limits_.max_nodes, std::move(verdict));
  }
  *this = std::move(trial.monitor);
  return trial.verdict;
}

const DeadPositionCache::Verdict* DeadPositionMonitor::look_up(const Position& pos) {
  if (!effects_) return cache_->find(pos, limits_.max_nodes);
  const DeadPositionCache::Verdict* known = cache_->peek(pos, limits_.max_nodes);
  ++(known ? effects_->hits : effects_->misses);
  return known;
}

void DeadPositionMonitor::count_search() {
  if (effects_) ++effects_->searches;
  else if (cache_) cache_->count_search();
}

void DeadPositionMonitor::count_repair() {
  if (effects_) ++effects_->repairs;
  else if (cache_) cache_->count_repair();
}

std::optional<DeadPositionVerdict> DeadPositionMonitor::recall(const Position& pos) {
  if (!cache_) return std::nullopt;
  const DeadPositionCache::Verdict* known = look_up(pos);
  if (!known) return std::nullopt;
  // The kept proof becomes the monitor's own, to carry on from at the next move.
  last_alive_ = known->verdict == DeadPositionVerdict::ALIVE;
  last_key_ = pos.key();
  side_ = known->mating_side;
  line_ = known->mating_line;
  return known->verdict;
}

DeadPositionVerdict DeadPositionMonitor::remember(const Position& pos, DeadPositionVerdict verdict) {
  // Only what took a search is kept: a verdict carried over from the previous
  // position's line is carried again, just as cheaply, when the same moves
  // are replayed from a kept one, and long carried lines would fill the cache.
  if (cache_ && searched_) {
    const bool alive = verdict == DeadPositionVerdict::ALIVE && last_alive_;
    DeadPositionCache::Verdict kept{verdict, side_, alive ? line_ : std::vector<Move>{}};
    if (effects_) effects_->stored.emplace_back(pos, std::move(kept));
    else cache_->store(pos, limits_.max_nodes, std::move(kept));
  }
  return verdict;
}

DeadPositionVerdict DeadPositionMonitor::search(const Position& pos) {
  ++searches_;
  searched_ = true;
  count_search();
  DeadPositionResult result = dead_position(pos, limits_, cap_);
  last_alive_ = result.verdict == DeadPositionVerdict::ALIVE;
  last_key_ = pos.key();
  side_ = result.mating_side;
  line_ = std::move(result.mating_line);
  return result.verdict;
}

DeadPositionVerdict DeadPositionMonitor::prove_after_move(const Position& before, Move move, const Position& after) {
  if (last_alive_ && last_key_ == before.key() && !line_.empty()) {
    // The line goes on with this move and still has a mate to come.
    if (line_.size() > 1 && line_[0] == move) {
      line_.erase(line_.begin());
      keep(after, std::move(line_));
      return DeadPositionVerdict::ALIVE;
    }
    // The move replaces the line's first move and the rest still mates.
    if (ends_in_mate(after, side_, line_.begin() + 1, line_.end())) {
      line_.erase(line_.begin());
      keep(after, std::move(line_));
      return DeadPositionVerdict::ALIVE;
    }
    if (line_.size() + 3 <= MAX_CARRIED_LINE && reversible(before, move, after)) {
      std::vector<Move> trip = return_trip(before, move, after);
      if (!trip.empty()) {
        trip.insert(trip.end(), line_.begin(), line_.end());
        keep(after, std::move(trip));
        return DeadPositionVerdict::ALIVE;
      }
    }
    // A short search for the same side that tries the old line's moves first
    // mostly finds a mate by mending the line where the move broke it.
    if (!statically_unwinnable(after, side_)) {
      searched_ = true;
      count_repair();
      WinnabilityResult mended = search_helpmate(after, side_, HelpmateBudget{REPAIR_NODES, 0, &line_, cap_});
      if (mended.verdict == Winnability::WINNABLE && proves_mate(after, side_, mended.mating_line)) {
        ++repairs_;
        keep(after, std::move(mended.mating_line));
        return DeadPositionVerdict::ALIVE;
      }
    }
  }
  return search(after);
}

const char* unwinnable_reason_name(UnwinnableReason reason) {
  switch (reason) {
    case UnwinnableReason::NONE:
      return "none";
    case UnwinnableReason::GAME_OVER:
      return "game over";
    case UnwinnableReason::MATERIAL:
      return "material";
    case UnwinnableReason::BLOCKED_STRUCTURE:
      return "blocked structure";
    case UnwinnableReason::UNREACHABLE_REGION:
      return "unreachable region";
    case UnwinnableReason::EXHAUSTED_SEARCH:
      return "exhausted search";
    case UnwinnableReason::FREEZING_STRUCTURE:
      return "freezing structure";
    case UnwinnableReason::REACHABLE_SQUARES:
      return "reachable squares";
    case UnwinnableReason::STALEMATE_LOCK:
      return "stalemate lock";
    case UnwinnableReason::LOOK_AHEAD:
      return "look-ahead";
  }
  return "none";
}

WinnabilityResult can_checkmate(const Position& pos, Color winner, const WinnabilityLimits& limits) {
  WinnabilityResult result;
  if (game_over(pos, winner, result)) return result;
  if (UnwinnableReason proof = static_proof(pos, winner); proof != UnwinnableReason::NONE) {
    result.verdict = Winnability::UNWINNABLE;
    result.reason = proof;
    return result;
  }
  return run_search(pos, winner, split(limits.max_nodes));
}

WinnabilityResult can_checkmate_quick(const Position& pos, Color winner) {
  WinnabilityResult result;
  if (game_over(pos, winner, result)) return result;
  if (UnwinnableReason proof = static_proof(pos, winner, false); proof != UnwinnableReason::NONE) {
    result.verdict = Winnability::UNWINNABLE;
    result.reason = proof;
    return result;
  }
  result = run_search(pos, winner, HelpmateBudget{QUICK_MODE_NODES, 0, nullptr});
  if (result.verdict == Winnability::WINNABLE) return result;
  uint64_t forced_nodes = 0;
  bool forced = forced_unwinnable(pos, winner, QUICK_FORCED_LIMITS, forced_nodes);
  result.nodes += forced_nodes;
  result.verdict = forced ? Winnability::UNWINNABLE : Winnability::PROBABLY_WINNABLE;
  result.reason = forced ? UnwinnableReason::LOOK_AHEAD : UnwinnableReason::NONE;
  return result;
}

DeadPositionResult dead_position(const Position& pos, const WinnabilityLimits& limits, WorkCap* cap) {
  DeadPositionResult result;
  if (cap && cap->exceeded()) {  // spent before (a mending search): nothing more is done
    result.interrupted = true;
    return result;
  }
  if (count_legal(pos) == 0) {
    if (pos.in_check()) {  // checkmate: the game was won, not drawn
      result.verdict = DeadPositionVerdict::ALIVE;
      result.mating_side = ~pos.side_to_move();
    } else {
      result.verdict = DeadPositionVerdict::DEAD;  // stalemate: nobody can mate any more
    }
    return result;
  }
  // The stronger side (on equal material, the side that just moved) usually
  // has the nearest mate: try it first.
  Color order[2] = {~pos.side_to_move(), pos.side_to_move()};
  if (material(pos, order[1]) > material(pos, order[0])) std::swap(order[0], order[1]);
  bool open[2];
  for (int i = 0; i < 2; ++i) open[i] = static_proof(pos, order[i]) == UnwinnableReason::NONE;
  HelpmateBudget budget = split(limits.max_nodes);
  auto try_side = [&](int i, HelpmateBudget stage) {
    stage.cap = cap;
    WinnabilityResult side = run_search(pos, order[i], stage);
    if (cap && cap->exceeded()) {
      result.interrupted = true;
      return true;  // no verdict: the caller asks again without a cap
    }
    result.nodes += side.nodes;
    if (side.verdict == Winnability::WINNABLE) {
      result.verdict = DeadPositionVerdict::ALIVE;
      result.mating_side = order[i];
      result.mating_line = std::move(side.mating_line);
      return true;
    }
    if (side.verdict == Winnability::UNWINNABLE) open[i] = false;
    return false;
  };
  // Proving one mate is enough to show the position is alive, and which side
  // has the easy one is not known in advance: quick searches for both sides
  // with budgets growing eightfold, then the exhaustive ones.
  for (uint64_t quick = 256;; quick *= 8) {
    uint64_t nodes = std::min(quick, budget.quick_nodes / 2);
    for (int i = 0; i < 2; ++i)
      if (open[i] && try_side(i, HelpmateBudget{nodes, 0, nullptr})) return result;
    if (nodes == budget.quick_nodes / 2) break;
  }
  for (int i = 0; i < 2; ++i)
    if (open[i] && try_side(i, HelpmateBudget{0, budget.exhaustive_nodes / 2, nullptr})) return result;
  result.verdict = open[0] || open[1] ? DeadPositionVerdict::UNDETERMINED : DeadPositionVerdict::DEAD;
  return result;
}

}  // namespace tabiya
