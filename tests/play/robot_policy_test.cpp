#include "play/robot_policy.h"

#include <gtest/gtest.h>

#include "core/fen.h"
#include "notation/move_reader.h"

namespace tabiya::play {
namespace {

engine::SearchResult searched(const Game& game, std::string_view san, int score) {
  engine::SearchResult result;
  result.best = parse_move(game.position(), san).value();
  result.score = score;
  return result;
}

// After 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1, Black's Ng8 brings the start
// position (Black to move) for the third time.
Game repetition_on_ng8() {
  Game game(Position::startpos());
  for (const char* san : {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"}) EXPECT_TRUE(game.play(san));
  return game;
}

// Art. 9.2.1.1, FIDE Laws 2018: the player having the move claims on the
// move that will repeat the position; the robot does so when its score is
// not above zero.
TEST(RobotPolicy, ClaimsARepetitionWithItsMoveWhenItDoesNotExpectToWin_Art9_2_FIDE2018) {
  const Game game = repetition_on_ng8();
  for (int score : {0, -40, -5000}) {
    const RobotAction action = robot_action(game, searched(game, "Ng8", score));
    ASSERT_TRUE(action.claim) << score;
    EXPECT_EQ(*action.claim, ClaimGround::THREEFOLD_REPETITION);
    EXPECT_EQ(action.move, parse_move(game.position(), "Ng8").value());
  }
}

TEST(RobotPolicy, PlaysOnWithoutAClaimWhenItExpectsToWin) {
  const Game game = repetition_on_ng8();
  const RobotAction action = robot_action(game, searched(game, "Ng8", 1));
  EXPECT_FALSE(action.claim);
  EXPECT_EQ(action.move, parse_move(game.position(), "Ng8").value());
}

TEST(RobotPolicy, NoClaimWhenNoneIsAvailable) {
  const Game game = repetition_on_ng8();
  // Nc6 repeats nothing and the move counter is low.
  const RobotAction action = robot_action(game, searched(game, "Nc6", -300));
  EXPECT_FALSE(action.claim);
  EXPECT_EQ(action.move, parse_move(game.position(), "Nc6").value());
}

// Art. 9.3.1, FIDE Laws 2018: the fifty-move claim on the move that completes them.
TEST(RobotPolicy, ClaimsTheFiftyMoveRuleWithItsMove_Art9_3_FIDE2018) {
  const Game game(*parse_fen("8/8/8/4k3/8/8/8/R3K3 w - - 99 80"));
  const RobotAction action = robot_action(game, searched(game, "Ra2", -10));
  ASSERT_TRUE(action.claim);
  EXPECT_EQ(*action.claim, ClaimGround::FIFTY_MOVES);
  EXPECT_FALSE(robot_action(game, searched(game, "Ra2", 10)).claim);
}

// Art. 9.1.2, FIDE Laws 2018 leaves the answer to the player: the robot
// accepts only when it expects to lose, at -150 centipawns or worse.
TEST(RobotPolicy, AcceptsADrawOfferOnlyAtMinus150OrWorse_Art9_1_FIDE2018) {
  EXPECT_TRUE(robot_accepts_draw(-150));
  EXPECT_TRUE(robot_accepts_draw(-2000));
  EXPECT_FALSE(robot_accepts_draw(-149));
  EXPECT_FALSE(robot_accepts_draw(0));
  EXPECT_FALSE(robot_accepts_draw(300));
  const Game game = repetition_on_ng8();
  EXPECT_TRUE(robot_action(game, searched(game, "Nc6", -150)).accepts_draw);
  EXPECT_FALSE(robot_action(game, searched(game, "Nc6", -149)).accepts_draw);
}

TEST(RobotPolicy, NothingToDoWithoutAMove) {
  const Game game(Position::startpos());
  engine::SearchResult none;
  none.score = -400;
  const RobotAction action = robot_action(game, none);
  EXPECT_FALSE(action.move.is_ok());
  EXPECT_FALSE(action.claim);
  EXPECT_TRUE(action.accepts_draw);
}

// The live game's overload reads the same game the server and the terminal drive.
TEST(RobotPolicy, AsksTheLiveGame) {
  StartOptions o;
  o.seats[BLACK] = Seat{true, 1};
  auto live = std::move(LiveGame::create(o, std::make_shared<ManualTimeSource>()).value());
  ASSERT_TRUE(live->start());
  for (const char* uci : {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"})
    ASSERT_TRUE(live->move(live->turn(), uci));
  const RobotAction action = robot_action(*live, searched(live->game(), "Ng8", 0));
  ASSERT_TRUE(action.claim);
  EXPECT_EQ(*action.claim, ClaimGround::THREEFOLD_REPETITION);
}

}  // namespace
}  // namespace tabiya::play
