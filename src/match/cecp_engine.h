// The Chess Engine Communication Protocol (xboard/WinBoard, protocol
// version 2, Mann & Muller): xboard, protover 2, feature ... done=1, new,
// variant, force, level, setboard, time/otim in centiseconds, usermove, go,
// "move X", resign and result lines, thinking output "ply score time nodes pv".
//
// The engine is kept in force mode between its moves ("force" after each
// reply), so it never thinks on the opponent's time and each move is asked
// for with an explicit "go", the same way for both colours.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "match/engine.h"

namespace tabiya {

struct CecpFeatures {
  bool setboard = false;
  bool usermove = false;
  bool ping = false;
  bool san = false;
  bool done = false;     // done=1 seen: the feature list is complete
  bool waiting = false;  // done=0 seen: wait for done=1 without the usual timeout
  std::string myname;
  std::string variants;
};

// Reads one "feature a=1 b="x y" ..." line into `features`; returns the
// replies the interface owes ("accepted a", "rejected san"). Not a feature
// line: nothing.
std::vector<std::string> parse_cecp_features(std::string_view line, CecpFeatures& features);
// "move e2e4" (also the old "My move is: e2e4" and "1. ... e2e4") -> "e2e4".
std::optional<std::string> parse_cecp_move(std::string_view line);
// "resign", "tellics resign" or a result line that says someone resigns.
bool is_cecp_resignation(std::string_view line);
// Thinking output "ply score time nodes pv..." -> {score, depth}.
struct CecpThinking {
  int depth;
  int score;  // centipawns, engine's view; the 100000+n mate convention mapped to MATE_SCORE
};
std::optional<CecpThinking> parse_cecp_thinking(std::string_view line);
// "level 0 0:10 0.1", "level 40 5 0" for the time control's first period.
std::string cecp_level_command(const TimeControl& tc);
// For engines without setboard (e.g. Fairy-Max): the protocol 1 "edit" mode
// sequence that sets up `pos` after "new" and "force". Castling rights follow
// from kings and rooks on their squares; the en passant square is lost.
std::vector<std::string> cecp_edit_commands(const Position& pos);
// A move as CECP coordinate notation: e2e4, e7e8q, castling e1g1 (O-O/O-O-O in Chess960).
std::string cecp_move_text(const Position& pos, Move m);

class CecpEngine final : public Engine {
 public:
  static Result<std::unique_ptr<Engine>> start(const EngineSpec& spec, ChildProcess process);
  Result<bool> new_game(const Position& start, const TimeControl& tc) override;
  EngineReply go(const SearchRequest& request) override;
  void game_over(const std::string& result, const std::string& reason) override;

 private:
  using Engine::Engine;
  Result<bool> sync(const char* when);  // ping / pong when the engine has it
  CecpFeatures features_;
  std::size_t moves_sent_ = 0;  // moves of the game the engine already knows
  int ping_ = 0;
};

}  // namespace tabiya
