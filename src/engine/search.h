// The robot's search, as a C++ API: the UCI front end (engine/uci.h), `tabiya
// play --robot` and the future server all drive this class.
//
// Engine keeps the game (start position and moves, for repetitions), the
// options (hash, threads, MultiPV, level, seed) and the transposition table
// between searches. start() searches on background threads and returns at
// once; info lines go to a callback from the search thread, and the result
// to another when the search ends. stop() and ponderhit() may be called at
// any moment from any thread.
//
// The search: iterative deepening with aspiration windows and principal
// variation search, a shared transposition table (Lazy SMP for several
// threads), quiescence search with SEE, null move, late move reductions and
// pruning, futility and reverse futility pruning, check extensions, mate
// distance pruning, and killer, counter-move and history move ordering.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "core/position.h"
#include "engine/levels.h"
#include "engine/time_manager.h"

namespace tabiya::engine {

inline constexpr int MAX_PLY = 128;
inline constexpr int VALUE_INFINITE = 32001;
inline constexpr int VALUE_MATE = 32000;
inline constexpr int VALUE_MATE_IN_MAX_PLY = VALUE_MATE - MAX_PLY;

inline bool is_mate_score(int score) { return score >= VALUE_MATE_IN_MAX_PLY || score <= -VALUE_MATE_IN_MAX_PLY; }
// For a mate score: +N if the side to move mates in N moves, -N if it is mated in N.
inline int mate_in_moves(int score) { return score > 0 ? (VALUE_MATE - score + 1) / 2 : -(VALUE_MATE + score) / 2; }

struct EngineOptions {
  int hash_mb = 16;
  int threads = 1;
  int multipv = 1;
  int level = MAX_LEVEL;
  // 0: a fresh random seed for each new game; otherwise weakened levels
  // choose deterministically (with one thread and no time limit).
  uint64_t seed = 0;
  int64_t move_overhead = 30;  // ms taken off the clock for lag
  // For measuring new levels without rebuilding (UCI "Level Depth" etc.):
  // each one that is set replaces that field of the level's parameters.
  std::optional<int> level_depth, level_noise, level_candidates, level_margin;
  std::optional<uint64_t> level_nodes;
};

struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;
  int score = 0;  // centipawns or a mate score, side to move's view
  bool lowerbound = false;
  bool upperbound = false;
  int wdl[3] = {0, 1000, 0};  // expected win/draw/loss per mille
  uint64_t nodes = 0;
  uint64_t nps = 0;
  int hashfull = 0;
  int64_t time_ms = 0;
  std::vector<Move> pv;
};

struct SearchResult {
  Move best;    // Move::none() when the position has no legal move
  Move ponder;  // the expected reply, if known
  int score = 0;
  int depth = 0;
  std::vector<Move> pv;
  uint64_t nodes = 0;
  int64_t time_ms = 0;
};

// A rough win/draw/loss model from a centipawn score (per mille).
void wdl_from_score(int score, int wdl[3]);

class Engine {
 public:
  using InfoCallback = std::function<void(const SearchInfo&)>;
  using DoneCallback = std::function<void(const SearchResult&)>;

  explicit Engine(EngineOptions options = {});
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // These wait for a running search to finish (stop it first if infinite).
  void set_options(const EngineOptions& options);
  const EngineOptions& options() const { return options_; }
  void new_game();  // forget the hash table and move-ordering statistics
  // `moves` must be legal, in order, from `start`.
  void set_position(const Position& start, const std::vector<Move>& moves);
  const Position& position() const { return root_; }

  // Starts searching the current position and returns at once.
  void start(const SearchLimits& limits, InfoCallback on_info = {}, DoneCallback on_done = {},
             std::vector<Move> searchmoves = {});
  void stop();
  void ponderhit();  // the opponent played the expected move: pondering becomes a timed search
  void wait();       // until the running search (if any) has ended and reported
  bool searching() const { return searching_.load(); }

  // Searches and waits for the result.
  SearchResult search(const SearchLimits& limits, InfoCallback on_info = {});

  // Internal state shared by the search threads (defined in search.cpp).
  struct Shared;

 private:
  EngineOptions options_;
  std::unique_ptr<Shared> shared_;
  Position root_ = Position::startpos();
  std::vector<Key> keys_;  // every position of the game, root last
  std::thread controller_;
  std::atomic<bool> searching_{false};
  std::mutex mutex_;  // serialises start/wait/set_*
};

}  // namespace tabiya::engine
