// The robot's behaviour at the board, decided here only: the server, the
// terminal game and anything else that seats the robot ask these functions.
//
//  - It plays the move its search chose.
//  - It claims a draw it may claim (FIDE Laws 2018 Art. 9.2 repetition, Art.
//    9.3 fifty moves; threefold first) when it does not expect to win: its
//    score is not above zero. The claim is made with the chosen move as the
//    intended move (Art. 9.2.1, 9.3.1), so a rejected claim still plays it.
//  - It accepts a draw offer (Art. 9.1.2, FIDE Laws 2018) only when it expects
//    to lose: its last score is ROBOT_ACCEPTS_DRAW_AT or worse.
#pragma once

#include <optional>

#include "engine/search.h"
#include "laws/game.h"
#include "play/live_game.h"

namespace tabiya::play {

// Centipawns, the robot's own view.
inline constexpr int ROBOT_ACCEPTS_DRAW_AT = -150;

// The answer to a draw offer, from the robot's last evaluation.
bool robot_accepts_draw(int robot_score);

struct RobotAction {
  Move move = Move::none();          // the move to play; with a claim, the intended move
  std::optional<ClaimGround> claim;  // claim a draw first (on `move`)
  bool accepts_draw = false;         // how it would answer a draw offer now
};

// What the robot does with its search's result in the game as it stands.
// `result.best` must be a legal move of the side to move (Move::none() when
// the game has none: then no move and no claim).
RobotAction robot_action(const Game& game, const engine::SearchResult& result);
RobotAction robot_action(const LiveGame& live, const engine::SearchResult& result);

}  // namespace tabiya::play
