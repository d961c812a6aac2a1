// An engine's view of one position, for the review and the analysis board:
// Debian's Stockfish over UCI (through src/match's engine driver) when it is
// installed, tabiya's own engine otherwise.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/position.h"

namespace tabiya::server {

struct AnalystOptions {
  // A UCI engine's path; empty: Stockfish if installed, else tabiya's engine; "tabiya": tabiya's engine.
  std::string engine;
  int64_t movetime_ms = 100;    // per position, a UCI engine
  int depth = 10;               // per position, tabiya's engine
  bool lowest_priority = true;  // a UCI engine runs under nice 19
};

// Score for the side to move, best move and the line it starts.
struct Verdict {
  std::optional<int> cp, mate;
  Move best = Move::none();
  std::vector<Move> line;
};

class Analyst {
 public:
  virtual ~Analyst() = default;
  virtual std::string name() const = 0;
  // `current` is `start` after `moves`.
  virtual Verdict analyse(const Position& start, const std::vector<Move>& moves, const Position& current) = 0;
};

// `start` is the game's start position (a UCI engine is told it at its new game).
std::unique_ptr<Analyst> make_analyst(const AnalystOptions& options, const Position& start);

// The Stockfish binary if one is installed, else empty.
std::string find_stockfish();

}  // namespace tabiya::server
