// `tabiya play --robot`: games against the robot through the terminal loop,
// with scripted human moves and a seeded robot.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "laws/time_control.h"
#include "laws/time_source.h"
#include "terminal_game.h"

namespace tabiya::cli {
namespace {

using ::testing::HasSubstr;

PlayOptions robot_game(int level, Color robot_color, bool explain = false) {
  PlayOptions options;
  options.date = "2024.06.01";
  options.style = DiagramStyle::ASCII;
  RobotOptions robot;
  robot.level = level;
  robot.color = robot_color;
  robot.seed = 11;
  robot.explain = explain;
  robot.movetime = 5000;  // levels below 10 stop at their depth long before
  options.robot = robot;
  return options;
}

std::string play(const std::string& input, const PlayOptions& options) {
  std::istringstream in(input);
  std::ostringstream out;
  EXPECT_EQ(run_terminal_game(in, out, options), 0);
  return out.str();
}

TEST(RobotPlay, RobotAnswersEachHumanMove) {
  const std::string out = play("e4\nd4\nquit\n", robot_game(3, BLACK));
  EXPECT_THAT(out, HasSubstr("against the robot, level 3"));
  EXPECT_THAT(out, HasSubstr("The robot plays 1... "));
  EXPECT_THAT(out, HasSubstr("The robot plays 2... "));
}

TEST(RobotPlay, RobotMovesFirstAsWhite) {
  const std::string out = play("quit\n", robot_game(2, WHITE));
  EXPECT_THAT(out, HasSubstr("The robot plays 1. "));
  EXPECT_THAT(out, HasSubstr("Black to move (1...): "));
}

TEST(RobotPlay, SeededGamesRepeat) {
  const std::string script = "e4\nNf3\nBc4\nquit\n";
  EXPECT_EQ(play(script, robot_game(4, BLACK)), play(script, robot_game(4, BLACK)));
}

TEST(RobotPlay, RobotMatesWhenItCan) {
  // FIDE 2014 Art. 5.1.a: the robot (White, full strength) mates at once.
  PlayOptions options = robot_game(10, WHITE);
  options.fen = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
  options.robot->movetime = 300;
  const std::string out = play("", options);
  EXPECT_THAT(out, HasSubstr("The robot plays 1. Rd8#"));
  EXPECT_THAT(out, HasSubstr("White wins 1-0"));
}

TEST(RobotPlay, ExplainShowsEvaluationAndLine) {
  PlayOptions options = robot_game(10, WHITE, true);
  options.fen = "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1";
  options.robot->movetime = 500;
  const std::string out = play("f6\nquit\n", options);
  EXPECT_THAT(out, HasSubstr("The robot's thinking"));
  EXPECT_THAT(out, HasSubstr("1. Ra6+  mate in 3  depth "));
}

TEST(RobotPlay, UndoTakesBackTheRobotsReplyToo) {
  const std::string out = play("e4\nundo\nfen\nquit\n", robot_game(3, BLACK));
  EXPECT_THAT(out, HasSubstr("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
}

TEST(RobotPlay, RobotDeclinesADrawWhenNotLosing) {
  const std::string out = play("e4\ndraw\nquit\n", robot_game(3, BLACK));
  EXPECT_THAT(out, HasSubstr("The robot declines the draw."));
}

TEST(RobotPlay, RobotPlaysUnderTheClock) {
  // FIDE 2014 Art. 6: the robot's clock runs; with a manual time source no
  // time passes, so the game goes on normally and the clocks are shown.
  PlayOptions options = robot_game(5, BLACK);
  options.time_control = TimeControl::sudden_death(std::chrono::minutes(3), std::chrono::seconds(2));
  options.time_source = std::make_shared<ManualTimeSource>();
  const std::string out = play("e4\nquit\n", options);
  EXPECT_THAT(out, HasSubstr("The robot plays 1... "));
  EXPECT_THAT(out, HasSubstr("Clocks: White"));
}

}  // namespace
}  // namespace tabiya::cli
