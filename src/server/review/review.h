// The review after a game: an engine's evaluation of every ply and its choice
// where the move played differs, with the moves labelled (review_labels.h),
// computed on one thread at the lowest priority so that it never delays live
// games. Debian's Stockfish over UCI (through src/match's engine driver) when
// it is installed, tabiya's own engine otherwise (analyst.h). A second thread
// evaluates the positions people explore on the analysis board, one per client.
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
#include "server/review/analyst.h"

namespace tabiya::server {

struct PlyReview {
  int ply = 0;              // 0: the start position
  std::optional<int> cp;    // White's view, after the ply
  std::optional<int> mate;  // moves to mate, White's view (negative: Black mates); 0: mated on the board
  std::string best;         // the engine's choice in the position before the ply (UCI)
  std::string best_san;
  std::vector<std::string> line;      // UCI, from the position before the ply
  std::vector<std::string> line_san;  // the same line in SAN (English letters)
  std::string fen;                    // the position after the ply
  std::string label;                  // the ply's move: "" | inaccuracy | mistake | blunder
  std::optional<int> loss;            // centipawns the ply's move cost its mover (capped evaluations)
  Color mover = WHITE;                // who made the ply's move (ply > 0)
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
  int64_t explore_movetime_ms = 300;  // per explored position, Stockfish (tabiya's engine: `depth`)
  std::size_t explore_clients = 64;   // explorations waiting at most; more are answered "busy"
};

// The engine's view of a position shown on the analysis board, White's point of view.
struct Exploration {
  std::string status = "none";  // queued | running | done | busy (too many waiting: ask again later)
  std::string fen;
  std::string engine;
  std::optional<int> cp, mate;  // mate 0: the side to move is mated
  std::string best, best_san;   // UCI and SAN
  std::vector<std::string> line_san;
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
  // The evaluation of `position` for `client`: asked again with the same position it answers how far it
  // got; a new position replaces the client's previous one (a waiting one is dropped, a running one's
  // answer, bounded by the movetime, is thrown away). One search at a time for everybody.
  Exploration explore(const std::string& client, const Position& position);
  void stop();

 private:
  struct Job {
    std::string id;
    Position start;
    std::vector<Move> moves;
  };
  struct Explored {
    Position position;
    Exploration state;
  };
  void run();
  void review(const Job& job);
  void run_explorer();

  ReviewOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> queue_;
  std::map<std::string, ReviewState> states_;
  std::deque<std::string> explore_queue_;  // clients whose position waits
  std::map<std::string, Explored> explored_;
  std::condition_variable explore_wake_;
  bool stopping_ = false;
  std::thread thread_;
  std::thread explorer_;
};

}  // namespace tabiya::server
