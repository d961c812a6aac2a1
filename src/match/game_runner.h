// One engine game under the Laws: the laws module's Game keeps the position,
// the clock (real steady time) and every automatic ending; the runner asks the
// engine on move for its move with a deadline of its flag fall plus a grace
// period, and acts as the arbiter for what engines can do wrong:
//   - no answer by the deadline: the engine is killed; its flag has fallen,
//     so it loses on time, or draws if the opponent cannot mate (Art. 6.9);
//   - its output ends (crash) or it answers nonsense: it loses;
//   - an illegal or unreadable move: it loses (recorded with the text);
//   - a repetition or the fifty-move rule that the player on move could
//     claim (Art. 9.2, 9.3) is claimed at once, as an arbiter-run engine
//     match does;
//   - optional adjudication by the engines' scores (resign/draw rules).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "laws/game.h"
#include "match/engine.h"
#include "notation/pgn_game.h"

namespace tabiya {

// Resign when, for the last `movecount` moves of each engine, both engines'
// scores agree that one side is ahead by at least `score` centipawns.
struct ResignAdjudication {
  int movecount = 3;
  int score = 1000;
};
// Draw when, from move `movenumber` on, both engines' scores for their last
// `movecount` moves each are within `score` centipawns of zero.
struct DrawAdjudication {
  int movenumber = 40;
  int movecount = 8;
  int score = 10;
};

struct GameSettings {
  TimeControl time_control;
  RulesEdition rules = DEFAULT_RULES_EDITION;
  // How long past its flag fall an engine may stay silent before it is
  // treated as hung and killed.
  Millis hang_grace{1000};
  std::optional<ResignAdjudication> resign;
  std::optional<DrawAdjudication> draw;
};

struct PlayedGame {
  Game game;
  // Per move: the mover's last reported score (White's view) and depth.
  std::vector<std::optional<int>> white_scores;
  std::vector<std::optional<int>> depths;
  // Why an engine failed (crash, hang, nonsense), for the PGN.
  std::string note;
  // The engines that must be restarted before their next game (by colour).
  bool restart[COLOR_NB] = {false, false};
};

// Plays one game; `engines[WHITE]` has White. The engines must be running.
PlayedGame play_game(Engine* engines[COLOR_NB], const Position& start, const GameSettings& settings);

// The score/depth comments on each move, e.g. "+0.35/12".
PgnGame played_game_to_pgn(const PlayedGame& played, const PgnTags& tags);

}  // namespace tabiya
