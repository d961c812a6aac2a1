// `tabiya play`: takebacks follow the one rule the server follows too
// (play/takeback_rule.h): against the robot a game is always casual, so undo
// works with clocks as it does in the browser; a timed game between two
// players at one terminal is not casual and refuses it.
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
using ::testing::Not;

std::string play(const std::string& input, const PlayOptions& options) {
  std::istringstream in(input);
  std::ostringstream out;
  EXPECT_EQ(run_terminal_game(in, out, options), 0);
  return out.str();
}

PlayOptions timed(std::optional<Color> robot) {
  PlayOptions options;
  options.date = "2024.06.01";
  options.style = DiagramStyle::ASCII;
  options.time_control = TimeControl::sudden_death(std::chrono::minutes(3), std::chrono::seconds(2));
  options.time_source = std::make_shared<ManualTimeSource>();
  if (robot) {
    RobotOptions r;
    r.level = 2;
    r.color = *robot;
    r.seed = 7;
    options.robot = r;
  }
  return options;
}

// A drift now fixed: the terminal refused this while the server granted it.
TEST(TerminalTakeback, AgainstTheRobotWithClocksUndoTakesBackBothMoves) {
  const std::string out = play("e4\nundo\nfen\nquit\n", timed(BLACK));
  EXPECT_THAT(out, Not(HasSubstr("takeback is not possible")));
  EXPECT_THAT(out, HasSubstr("Took back 1. e4.\n"));
  EXPECT_THAT(out, HasSubstr("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
}

TEST(TerminalTakeback, TwoPlayersWithClocksCannotUndo) {
  const std::string out = play("e4\nundo\nfen\nquit\n", timed(std::nullopt));
  EXPECT_THAT(out, HasSubstr("takeback is not possible in a game with clocks"));
  EXPECT_THAT(out, HasSubstr("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
}

}  // namespace
}  // namespace tabiya::cli
