// "Can this side checkmate by any possible series of legal moves?" - the test
// behind four FIDE rules (2014 edition, numbered as in its text: 5.2.b is
// 5.2.2 in later editions):
//   Art. 1.3 / 5.2.b / 9.7  dead position: neither side can mate, game drawn;
//   Art. 6.9                 flag fall: drawn if the opponent of the flagged
//                            player cannot mate;
//   Art. 7.5.b / A.4.b       losing illegal move: drawn if the opponent cannot mate;
//   Appendix A.4.c           rapid time claim: drawn if the claimant cannot mate.
//
// "Any series of legal moves" means both sides cooperate (a helpmate), so the
// answer is found by static proofs of impossibility (material, locked pawns)
// and a cooperative search that returns the mating line it found as proof.
// The 50- and 75-move rules and repetitions are ignored, as the Laws do in this
// test. A verdict is never guessed: WINNABLE comes with a line that has been
// replayed and ends in mate, UNWINNABLE only with a proof, and everything
// else is UNDETERMINED (the node budget ran out first).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "core/position.h"
#include "laws/dead_position_cache.h"
#include "laws/unwinnability_forced.h"
#include "laws/unwinnability_static.h"
#include "laws/work_cap.h"

namespace tabiya {

enum class Winnability {
  WINNABLE,
  UNWINNABLE,
  UNDETERMINED,  // full mode: the node budget ran out before a proof either way
  // Quick mode only: no proof either way was looked for beyond the static
  // tests and a few dozen positions of search; the side has mating material
  // and play left, so for flag fall it counts as "can mate" (Art. 6.9).
  PROBABLY_WINNABLE,
};

// How an UNWINNABLE verdict was proven.
enum class UnwinnableReason : uint8_t {
  NONE,                // not UNWINNABLE
  GAME_OVER,           // the game has ended on the board (stalemate, or the side asked about is mated)
  MATERIAL,            // insufficient material (unwinnability_static.h)
  BLOCKED_STRUCTURE,   // pawns locked for ever, no piece can ever give check (unwinnability_static.h)
  UNREACHABLE_REGION,  // pawns locked for ever; checks may come, but never where the king can be mated
  FREEZING_STRUCTURE,  // pawns may still advance but never capture, and in none of their futures is a mate possible
  REACHABLE_SQUARES,   // where every man may ever go (captures too) leaves no square to mate on: unwinnability_reach.h
  EXHAUSTED_SEARCH,    // the search visited every reachable position and found no mate
  STALEMATE_LOCK,      // a king shut in behind locked pawns: the only ways to break in stalemate it
                       // (unwinnability_stalemate.h)
  LOOK_AHEAD,          // quick mode: every line reaches one of the above within a few plies (unwinnability_forced.h)
};
const char* unwinnable_reason_name(UnwinnableReason reason);  // "material", "blocked structure", "look-ahead", ...

struct WinnabilityLimits {
  // Positions the cooperative search may visit before giving up. The default
  // answers real game positions (almost all within a few hundred nodes) and
  // settles the small endgames a fortress proof needs, in well under a second.
  uint64_t max_nodes = 200'000;
};

struct WinnabilityResult {
  Winnability verdict = Winnability::UNDETERMINED;
  // For WINNABLE: legal moves from the given position ending in checkmate of
  // the loser (empty if the loser is already mated). Empty otherwise.
  std::vector<Move> mating_line;
  uint64_t nodes = 0;                                // positions the search visited
  UnwinnableReason reason = UnwinnableReason::NONE;  // the proof behind UNWINNABLE
};

// Can `winner` checkmate the other king by some series of legal moves from pos?
// Answers WINNABLE, UNWINNABLE or UNDETERMINED.
WinnabilityResult can_checkmate(const Position& pos, Color winner, const WinnabilityLimits& limits = {});

// Quick mode, for flag fall and servers: a few microseconds on real game
// endings. UNWINNABLE with a static proof, or when every line of a short
// look-ahead (QUICK_FORCED_LIMITS) ends in one (e.g. every legal move
// stalemates); WINNABLE with a replayed mating line found within
// QUICK_MODE_NODES positions; otherwise PROBABLY_WINNABLE. Never contradicts
// can_checkmate: its UNWINNABLE proofs are the static ones full mode tries
// first, or a tree of positions that full mode's exhaustive search walks
// too, and a WINNABLE line is a proof.
// The budget: a search node costs about 0.7 us, and the setup about 0.3 us,
// so 4 nodes keep the mean under 3 us on real endings (bench/dead_position_bench.cpp,
// BM_QuickModeGameEndings; 8 nodes found 80 more of 800 lines for twice the time).
inline constexpr uint64_t QUICK_MODE_NODES = 4;
// The look-ahead: on 336 lichess flag falls the opponent could not mate and
// CHA's 30,000 lichess timeouts, every one it settles needs at most 2 plies;
// 3 keep a margin. It gives up at the first line still open, so on endings
// with play it costs about one node per ply.
inline constexpr ForcedLimits QUICK_FORCED_LIMITS{3, 128};
WinnabilityResult can_checkmate_quick(const Position& pos, Color winner);

enum class DeadPositionVerdict { DEAD, ALIVE, UNDETERMINED };

struct DeadPositionResult {
  DeadPositionVerdict verdict = DeadPositionVerdict::UNDETERMINED;
  // For ALIVE: the side with a mating line, and the line itself.
  Color mating_side = WHITE;
  std::vector<Move> mating_line;
  uint64_t nodes = 0;
  // The caller's work cap (work_cap.h) was reached first: no answer at all
  // (the verdict says UNDETERMINED, which means nothing here).
  bool interrupted = false;
};

// FIDE 2014 Art. 5.2.b: is this a position in which neither player can
// checkmate? Mate already on the board is not dead (Art. 5.1.1 ended the game);
// stalemate is, since nobody can mate any more.
// With a cap, the same answer when the searches visit at most cap->steps
// positions, else `interrupted`.
DeadPositionResult dead_position(const Position& pos, const WinnabilityLimits& limits = {}, WorkCap* cap = nullptr);

// True only when the position is proven dead; UNDETERMINED counts as alive so
// the game goes on (the 75-move rule ends it in the worst case).
inline bool is_dead_position(const Position& pos, const WinnabilityLimits& limits = {}) {
  return dead_position(pos, limits).verdict == DeadPositionVerdict::DEAD;
}

// Answers Art. 5.2.b after every move of a game, mostly without searching.
// It keeps a proof - a mating line - for the last position and carries it
// over to the next one whenever it can, each time with an exact argument:
//  - the move played is the first move of the line: the rest is a line from
//    the new position;
//  - the move played stands in for the line's first move: the rest of the
//    line is replayed from the new position and must end in mate;
//  - the move can be taken back (no capture, pawn move, castling or lost
//    right): the opponent moves a piece out and back while the mover returns,
//    which must reproduce the previous position exactly; those three moves
//    followed by the earlier line are the new proof;
//  - otherwise a small search for the same side, trying the old line's moves
//    first, mends the line (the new line is replayed to mate before use).
// Only when none of these succeeds does it call dead_position().
// With a cache (dead_position_cache.h) it first looks the position up, and
// keeps there every verdict that took a search, with the line it ends with;
// the monitor's state then evolves the same way on a replay of the same
// moves, so a replay never searches again.
class DeadPositionMonitor {
 public:
  explicit DeadPositionMonitor(const WinnabilityLimits& limits = {}, std::shared_ptr<DeadPositionCache> cache = nullptr)
      : limits_(limits), cache_(std::move(cache)) {}

  // `after` arose from `before` by the legal move `move`.
  DeadPositionVerdict after_move(const Position& before, Move move, const Position& after);
  // A position with no known predecessor (set up, or the game's start).
  DeadPositionVerdict check(const Position& pos);

  // after_move() tried on a copy, with at most `steps` search positions
  // (a server's network thread must not prove for long). Within
  // them, the copy and its verdict come back, and adopt() then leaves this
  // monitor and its cache exactly as after_move() would have. Beyond them:
  // nullopt, nothing has changed, and after_move() is for a thread that may
  // take long.
  struct Trial;
  std::optional<Trial> try_after_move(const Position& before, Move move, const Position& after, uint64_t steps) const;
  DeadPositionVerdict adopt(Trial trial);
  // How many positions needed a dead_position() search so far.
  int searches() const { return searches_; }
  // How many positions were settled by mending the previous line.
  int repairs() const { return repairs_; }
  // The proof kept for the last position seen when it is alive: legal moves
  // from it ending in checkmate (empty if none is kept).
  const std::vector<Move>& mating_line() const { return line_; }
  // The side the mating line is for (meaningful while it is not empty).
  Color mating_side() const { return side_; }

 private:
  // What a trial does to the cache, done only when it is adopted.
  struct CacheEffects {
    uint64_t hits = 0, misses = 0, searches = 0, repairs = 0;
    std::vector<std::pair<Position, DeadPositionCache::Verdict>> stored;
  };
  const DeadPositionCache::Verdict* look_up(const Position& pos);
  void count_search();
  void count_repair();

  void keep(const Position& pos, std::vector<Move> line);
  DeadPositionVerdict prove_after_move(const Position& before, Move move, const Position& after);
  DeadPositionVerdict search(const Position& pos);
  // The cached verdict for pos, adopted as the monitor's own (its line carried on from there).
  std::optional<DeadPositionVerdict> recall(const Position& pos);
  DeadPositionVerdict remember(const Position& pos, DeadPositionVerdict verdict);

  WinnabilityLimits limits_;
  std::shared_ptr<DeadPositionCache> cache_;
  int searches_ = 0;
  bool last_alive_ = false;  // the last position seen was proven alive
  Key last_key_ = 0;
  Color side_ = WHITE;      // who mates at the end of it
  std::vector<Move> line_;  // its mating line
  int repairs_ = 0;
  bool searched_ = false;  // the verdict being reached took a search (full or mending): worth keeping
  // Set in a trial only: its cap, and where its cache effects wait.
  WorkCap* cap_ = nullptr;
  CacheEffects* effects_ = nullptr;
};

struct DeadPositionMonitor::Trial {
  DeadPositionMonitor monitor;  // as after_move() leaves it
  DeadPositionVerdict verdict;
  CacheEffects effects;
  uint64_t steps = 0;  // search positions it took
};

}  // namespace tabiya
