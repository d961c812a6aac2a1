// tabiya match: the command-line words turned into MatchSettings, apart from
// CLI11 so tests can check the syntax and its errors.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "engine_tournament.h"
#include "match/match.h"

namespace tabiya::cli {

struct MatchArguments {
  std::vector<std::vector<std::string>> engines;  // one word list per --engine
  std::string time_control;                       // PGN form, seconds: "10+0.1", "40/60+0.5"
  int games = 2;
  int concurrency = 1;
  std::string openings;
  bool repeat = false;  // accepted for cutechess compatibility: each opening is always played with both colours
  std::optional<std::uint64_t> seed;
  std::string pgn_out;
  std::vector<std::string> sprt;    // elo0=0 elo1=10 alpha=0.05 beta=0.05
  std::vector<std::string> resign;  // movecount=3 score=1000
  std::vector<std::string> draw;    // movenumber=40 movecount=8 score=10
  std::string rules;
  int grace_ms = 1000;
  std::string event = "tabiya match";
  // --tournament round-robin|gauntlet|swiss: two or more engines (see
  // engine_tournament.h), the event kept in --trf.
  std::string tournament;
  std::string trf_out;
  int cycles = 1;
  int rounds = 0;
};

Result<MatchSettings> match_settings(const MatchArguments& args);

// --tournament: the engines (two or more) and the shared game settings.
Result<EngineEventSettings> engine_event_settings(const MatchArguments& args);

}  // namespace tabiya::cli
