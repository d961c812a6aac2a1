// UCI (Universal Chess Interface, Kahlert 2004): uci/uciok, setoption,
// isready/readyok, ucinewgame, position ... moves ..., go with the clocks,
// info ... score cp|mate, bestmove.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "match/engine.h"

namespace tabiya {

// "bestmove e2e4 ponder e7e5" -> "e2e4"; nullopt for any other line.
std::optional<std::string> parse_uci_bestmove(std::string_view line);

struct UciInfo {
  std::optional<int> score;  // centipawns, or a mate as MATE_SCORE - n (engine's view)
  std::optional<int> depth;
  std::vector<std::string> pv;  // the principal variation, UCI moves (for the analysis board's line)
};
// An "info" line; nullopt for other lines and for "info string ...".
std::optional<UciInfo> parse_uci_info(std::string_view line);

// "position startpos moves e2e4 e7e5" or "position fen FEN moves ...".
std::string uci_position_command(const SearchRequest& request);
// "go wtime 9000 btime 9100 winc 100 binc 100 [movestogo 12]".
std::string uci_go_command(const SearchRequest& request);

class UciEngine final : public Engine {
 public:
  static Result<std::unique_ptr<Engine>> start(const EngineSpec& spec, ChildProcess process);
  Result<bool> new_game(const Position& start, const TimeControl& tc) override;
  EngineReply go(const SearchRequest& request) override;

 private:
  using Engine::Engine;
  Result<bool> sync(const char* when);  // isready / readyok
  bool chess960_ = false;
};

}  // namespace tabiya
