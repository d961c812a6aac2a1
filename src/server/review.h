// The review after a game: an engine's evaluation of every ply and its choice
// where the move played differs, computed on one thread at the lowest
// priority so that it never delays live games. Debian's Stockfish over UCI
// (through src/match's engine driver) when it is installed, tabiya's own
// engine otherwise.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/position.h"

namespace tabiya::server {

struct PlyReview {
  int ply = 0;              // 0: the start position
  std::optional<int> cp;    // White's view, after the ply
  std::optional<int> mate;  // moves to mate, White's view (negative: Black mates); 0: mated on the board
  std::string best;         // the engine's choice in the position before the ply (UCI)
  std::string best_san;
  std::vector<std::string> line;  // UCI, from the position before the ply
};

struct ReviewState {
  std::string status = "none";  // none | queued | running | done | failed
  std::string engine;
  std::vector<PlyReview> plies;
};

struct ReviewOptions {
  // A UCI engine's path; empty: Stockfish if installed, else tabiya's engine; "tabiya": tabiya's engine.
  std::string engine;
  int64_t movetime_ms = 100;    // per position, Stockfish
  int depth = 10;               // per position, tabiya's engine
  bool lowest_priority = true;  // nice 19 for the review thread (tests turn it off to stay quick on a busy machine)
};

class Reviewer {
 public:
  explicit Reviewer(ReviewOptions options);
  ~Reviewer();
  Reviewer(const Reviewer&) = delete;
  Reviewer& operator=(const Reviewer&) = delete;

  // Queues a game unless it is queued or done already; returns its state.
  ReviewState request(const std::string& id, const Position& start, const std::vector<Move>& moves);
  ReviewState state(const std::string& id) const;
  void stop();

 private:
  struct Job {
    std::string id;
    Position start;
    std::vector<Move> moves;
  };
  void run();
  void review(const Job& job);

  ReviewOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> queue_;
  std::map<std::string, ReviewState> states_;
  bool stopping_ = false;
  std::thread thread_;
};

// The Stockfish binary if one is installed, else empty.
std::string find_stockfish();

}  // namespace tabiya::server
