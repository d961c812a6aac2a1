#include "play/robot_policy.h"

namespace tabiya::play {

bool robot_accepts_draw(int robot_score) { return robot_score <= ROBOT_ACCEPTS_DRAW_AT; }

RobotAction robot_action(const Game& game, const engine::SearchResult& result) {
  RobotAction action;
  action.accepts_draw = robot_accepts_draw(result.score);
  if (!result.best.is_ok()) return action;
  action.move = result.best;
  // Like a person, it takes a draw it may claim when it does not expect to win.
  if (result.score <= 0) action.claim = game.claimable_draw(result.best);
  return action;
}

RobotAction robot_action(const LiveGame& live, const engine::SearchResult& result) {
  return robot_action(live.game(), result);
}

}  // namespace tabiya::play
