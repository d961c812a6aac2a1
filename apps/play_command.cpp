// `tabiya play`: two people at one terminal (see terminal_game.h).
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "commands.h"
#include "laws/time_control.h"
#include "terminal_game.h"

namespace tabiya::cli {

namespace {
struct PlayArguments {
  bool ascii = false;
  std::string language = "en";
  // "" after a bare --chess960: a random start position.
  std::string chess960;
  std::string time_control;
  std::string rules{rules_profile(DEFAULT_RULES_EDITION).name};
  int robot_level = 0;  // 0: no robot
  std::string color = "white";
  uint64_t seed = 0;
  bool explain = false;
  PlayOptions options;
};
}  // namespace

void add_play_command(CLI::App& app) {
  auto args = std::make_shared<PlayArguments>();
  CLI::App* play =
      app.add_subcommand("play", "Play a game at this terminal: two people, or you against the robot (--robot LEVEL)");
  play->add_flag("--ascii", args->ascii, "Draw the board with letters (KQRBNP/kqrbnp) instead of figurines");
  play->add_flag("--flip", args->options.flipped, "Show the board from Black's side");
  std::vector<std::string> languages;
  for (Language lang : all_languages()) languages.emplace_back(language_code(lang));
  play->add_option("--lang", args->language, "Piece letters for typing moves and showing them")
      ->capture_default_str()
      ->check(CLI::IsMember(languages, CLI::ignore_case));
  std::vector<std::string> editions;
  for (RulesEdition e : all_rules_editions()) editions.emplace_back(rules_profile(e).name);
  play->add_option("--rules", args->rules, "Edition of the FIDE Laws that decides how the game ends")
      ->capture_default_str()
      ->check(CLI::IsMember(editions));
  CLI::Option* fen = play->add_option("--fen", args->options.fen, "Start from this position (FEN)");
  CLI::Option* chess960 =
      play->add_option("--chess960", args->chess960, "Start from Chess960 position N (0-959); without N, a random one")
          ->expected(0, 1)
          ->check(CLI::Validator(
              [](std::string& text) -> std::string {
                if (text.empty()) return {};
                return CLI::Range(0, 959)(text);
              },
              "INT in [0 - 959]"));
  CLI::Option* time_control = play->add_option(
      "--tc", args->time_control,
      "Play with clocks: minutes + seconds per move, e.g. 5+3, 40/90+30:30+30, 15d5 (delay), 3b2 (Bronstein)");
  fen->excludes(chess960);
  CLI::Option* robot = play->add_option("--robot", args->robot_level,
                                        "Play against the robot at this level: 1 (beginner) to 10 (full strength)")
                           ->check(CLI::Range(1, 10));
  play->add_option("--color", args->color, "Your colour against the robot")
      ->capture_default_str()
      ->check(CLI::IsMember({"white", "black", "random"}))
      ->needs(robot);
  play->add_option("--seed", args->seed, "Seed for the robot's choices (repeatable games); 0: random")->needs(robot);
  play->add_flag("--explain", args->explain, "After the game, show the robot's evaluation and main line for each move")
      ->needs(robot);
  play->add_option("--white", args->options.white, "White player's name (for the PGN)");
  play->add_option("--black", args->options.black, "Black player's name (for the PGN)");

  play->callback([args, chess960, time_control] {
    PlayOptions options = args->options;
    if (args->robot_level > 0) {
      RobotOptions robot;
      robot.level = args->robot_level;
      robot.seed = args->seed;
      robot.explain = args->explain;
      Color human = WHITE;
      if (args->color == "black") human = BLACK;
      if (args->color == "random") {
        std::random_device device;
        human = device() % 2 ? BLACK : WHITE;
        std::cout << "You play " << (human == WHITE ? "White" : "Black") << ".\n";
      }
      robot.color = ~human;
      // Like a player at a real board, you see it from your own side.
      if (human == BLACK) options.flipped = !options.flipped;
      std::string robot_name = "tabiya robot (level ";
      robot_name += std::to_string(robot.level);
      robot_name += ')';
      if (robot.color == WHITE) options.white = robot_name;
      else options.black = robot_name;
      options.robot = robot;
    }
    options.style = args->ascii ? DiagramStyle::ASCII : DiagramStyle::UNICODE;
    options.language = parse_language(args->language).value_or(Language::EN);
    options.rules = parse_rules_edition(args->rules).value_or(DEFAULT_RULES_EDITION);
    if (*time_control) {
      auto tc = parse_human_time_control(args->time_control);
      if (!tc) {
        std::cerr << "tabiya play: --tc: " << tc.error().message << '\n';
        throw CLI::RuntimeError(2);
      }
      options.time_control = tc.value();
    }
    if (*chess960) {
      if (args->chess960.empty()) {
        std::random_device seed;
        options.chess960 = std::uniform_int_distribution<int>(0, 959)(seed);
        std::cout << "Chess960 start position " << *options.chess960 << '\n';
      } else {
        options.chess960 = std::stoi(args->chess960);  // checked by the validator above
      }
    }
    // Report a bad start position on stderr with a failing exit code.
    if (auto start = starting_position(options); !start) {
      std::cerr << start.error().message << '\n';
      throw CLI::RuntimeError(2);
    }
    if (int code = run_terminal_game(std::cin, std::cout, options); code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace tabiya::cli
