// A match between two engines: games played `concurrency` at a time, each
// worker with its own pair of engine processes; openings played in pairs
// with colours swapped; results, Elo and SPRT reported after every game;
// games appended to a PGN file as they finish. A crashed or hung engine
// loses its game and is restarted before its next one.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "match/engine_spec.h"
#include "match/game_runner.h"
#include "match/match_stats.h"
#include "match/openings.h"

namespace tabiya {

struct MatchSettings {
  EngineSpec engines[2];
  GameSettings game;
  int games = 2;
  int concurrency = 1;
  // Game 2k and 2k+1 play opening k (cycling through the list) with the
  // colours swapped; empty: the standard start position.
  std::vector<Opening> openings;
  std::optional<std::uint64_t> shuffle_seed;  // shuffles the opening order
  // Stops the match when the SPRT decides, but never before 8 games.
  std::optional<SprtParameters> sprt;
  std::string pgn_path;  // empty: no PGN
  std::string event = "tabiya match";
};

struct MatchSummary {
  WdlCounts wdl;  // the first engine's wins, draws, losses
  PentanomialCounts pentanomial;
  int games_played = 0;
  std::optional<SprtState> sprt;
  std::vector<std::string> failures;  // engine failures, one line each
};

// Runs the match, printing a progress line per game and a final summary to
// `out`. Fails before the first game if an engine cannot be started or the
// PGN file cannot be written.
Result<MatchSummary> run_match(const MatchSettings& settings, std::ostream& out);

// "Elo +35.2 +/- 40.1, LOS 95.3%" (or "Elo undetermined" for a one-sided score).
std::string format_elo(const std::optional<EloEstimate>& e);

}  // namespace tabiya
