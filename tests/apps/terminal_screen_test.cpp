// `tabiya play` as a newcomer sees it: with no options it is a game between two people, so its
// welcome and its help say how to play the robot instead; against the robot the board is drawn once per move
// pair (after the robot's reply), not after each move.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "terminal_game.h"

namespace tabiya::cli {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string play(const std::string& input, const PlayOptions& options) {
  std::istringstream in(input);
  std::ostringstream out;
  EXPECT_EQ(run_terminal_game(in, out, options), 0);
  return out.str();
}

std::size_t boards_in(const std::string& text) {
  std::size_t count = 0;
  const std::string files = "   a b c d e f g h\n";
  for (std::size_t at = text.find(files); at != std::string::npos; at = text.find(files, at + 1)) ++count;
  return count / 2;  // the file letters stand above and below each board
}

PlayOptions options(bool robot) {
  PlayOptions o;
  o.date = "2024.06.01";
  o.style = DiagramStyle::ASCII;
  if (robot) {
    RobotOptions r;
    r.level = 1;
    r.color = BLACK;
    r.seed = 3;
    r.movetime = 20;
    o.robot = r;
  }
  return o;
}

TEST(TerminalScreen, TwoPlayerWelcomeAndHelpNameTheRobotOption) {
  const std::string out = play("help\nquit\n", options(false));
  const std::string welcome = out.substr(0, out.find('\n'));
  EXPECT_THAT(welcome, HasSubstr("two players"));
  EXPECT_THAT(welcome, HasSubstr("--robot LEVEL"));
  EXPECT_THAT(out.substr(out.find("Commands:")), HasSubstr("tabiya play --robot LEVEL"));
}

TEST(TerminalScreen, AgainstTheRobotTheBoardIsDrawnOncePerMovePair) {
  const std::string out = play("e4\nd4\nquit\n", options(true));
  EXPECT_THAT(out.substr(0, out.find('\n')), Not(HasSubstr("--robot")));
  // The start, then one board after each of the robot's two replies: three, not five.
  EXPECT_EQ(boards_in(out), 3u) << out;
  EXPECT_THAT(out, HasSubstr("The robot plays 1... "));
  EXPECT_THAT(out, HasSubstr("The robot plays 2... "));
}

TEST(TerminalScreen, BetweenTwoPlayersEachMoveShowsTheBoard) {
  const std::string out = play("e4\ne5\nquit\n", options(false));
  EXPECT_EQ(boards_in(out), 3u) << out;
}

}  // namespace
}  // namespace tabiya::cli
