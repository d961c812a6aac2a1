// A game of chess between two people sharing one terminal: the board is drawn
// after every move, moves are typed in any notation parse_move accepts, and a
// few words (undo, flip, fen, pgn, draw, claim, resign, help, quit) steer the
// game. With a time control both clocks run (FIDE Art. 6) and are shown.
// With a robot (PlayOptions::robot) one side is played by the engine through
// the same API the UCI front end uses; it answers draw offers itself.
// The Laws (endings, offers, claims, takebacks) are laws/game.h's; this file
// is only the conversation with the players.
// The loop reads lines from a stream and writes to a stream, so tests can
// play whole games from a script.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

#include "core/position.h"
#include "core/result.h"
#include "laws/rules_profile.h"
#include "laws/time_control.h"
#include "laws/time_source.h"
#include "notation/board_diagram.h"
#include "notation/language.h"

namespace tabiya::cli {

// A game against the robot instead of a second person.
struct RobotOptions {
  int level = 5;         // 1 (beginner) to 10 (full strength), engine/levels.h
  Color color = BLACK;   // the side the robot plays
  uint64_t seed = 0;     // 0: a different game each time; otherwise repeatable
  bool explain = false;  // after the game, show the robot's evaluation and line for each of its moves
  // Thinking time per move when the game has no clock, in milliseconds.
  int64_t movetime = 1000;
};

struct PlayOptions {
  DiagramStyle style = DiagramStyle::UNICODE;
  // Draw the board from Black's side from the start.
  bool flipped = false;
  // Piece letters for reading moves and for the SAN shown on screen; the PGN
  // export always uses English letters, as the PGN standard requires.
  Language language = Language::EN;
  // The edition of the FIDE Laws that decides how the game ends.
  RulesEdition rules = DEFAULT_RULES_EDITION;
  // Start from this FEN instead of the initial position.
  std::string fen;
  // Start from this Chess960 position (0..959) instead.
  std::optional<int> chess960;
  // PGN tags.
  std::string white = "?";
  std::string black = "?";
  // "YYYY.MM.DD"; empty means today.
  std::string date;
  // Play with clocks under this time control; nullopt (or an untimed control)
  // plays without clocks.
  std::optional<TimeControl> time_control;
  // Where the clocks read the time; nullptr means the machine's steady clock.
  // Tests pass a ManualTimeSource.
  std::shared_ptr<const TimeSource> time_source;
  // Play against the robot; nullopt: two people at one terminal.
  std::optional<RobotOptions> robot;
};

// The position the game starts from, or a message naming the bad option.
Result<Position> starting_position(const PlayOptions& options);

// Plays one game reading `in` and writing to `out`. Returns 0 when the game
// ends (finished, quit or end of input) and 2 when the options are invalid.
int run_terminal_game(std::istream& in, std::ostream& out, const PlayOptions& options);

}  // namespace tabiya::cli
