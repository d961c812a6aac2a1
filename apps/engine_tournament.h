// tabiya match --tournament round-robin|gauntlet|swiss: engine events of any
// size. The schedule comes from the tournament module (Berger tables, the
// FIDE Dutch system); games are played one after another, each between two
// freshly started engines; after every game the TRF is rewritten atomically
// and the game appended to the PGN, so an interrupted event keeps every
// finished game. At the end the standings and the crosstable are printed.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "core/result.h"
#include "match/engine_spec.h"
#include "match/game_runner.h"
#include "match/openings.h"

namespace tabiya::cli {

enum class EngineEventKind { round_robin, gauntlet, swiss };

Result<EngineEventKind> parse_engine_event_kind(const std::string& text);

struct EngineEventSettings {
  EngineEventKind kind = EngineEventKind::round_robin;
  std::vector<EngineSpec> engines;  // the gauntlet's first engine meets all the others
  GameSettings game;
  int cycles = 1;                 // round robin: cycles (2: each pair with both colours); gauntlet: games per opponent
  int rounds = 0;                 // Swiss: rounds (0: enough for a winner, ceil(log2 n) + 2)
  std::vector<Opening> openings;  // game k starts from openings[k % size]; none: the initial position
  std::string trf_path;           // required
  std::string pgn_path;           // empty: no PGN
  std::string event = "tabiya tournament";
};

// Plays the event; returns the exit code (errors to `err`).
int run_engine_event(const EngineEventSettings& settings, std::ostream& out, std::ostream& err);

}  // namespace tabiya::cli
