// `tabiya play`: two people at one terminal (see terminal_game.h).
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "terminal_game.h"

namespace tabiya::cli {

namespace {
struct PlayArguments {
  bool ascii = false;
  std::string language = "en";
  int chess960 = -1;
  std::string rules{rules_profile(DEFAULT_RULES_EDITION).name};
  PlayOptions options;
};
}  // namespace

void add_play_command(CLI::App& app) {
  auto args = std::make_shared<PlayArguments>();
  CLI::App* play = app.add_subcommand("play", "Play a game between two people at this terminal");
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
  CLI::Option* chess960 = play->add_option("--chess960", args->chess960, "Start from Chess960 position N (0-959)")
                              ->check(CLI::Range(0, 959));
  fen->excludes(chess960);
  play->add_option("--white", args->options.white, "White player's name (for the PGN)");
  play->add_option("--black", args->options.black, "Black player's name (for the PGN)");

  play->callback([args] {
    PlayOptions options = args->options;
    options.style = args->ascii ? DiagramStyle::ASCII : DiagramStyle::UNICODE;
    options.language = parse_language(args->language).value_or(Language::EN);
    options.rules = parse_rules_edition(args->rules).value_or(DEFAULT_RULES_EDITION);
    if (args->chess960 >= 0) options.chess960 = args->chess960;
    // Report a bad start position on stderr with a failing exit code.
    if (auto start = starting_position(options); !start) {
      std::cerr << start.error().message << '\n';
      throw CLI::RuntimeError(2);
    }
    if (int code = run_terminal_game(std::cin, std::cout, options); code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace tabiya::cli
