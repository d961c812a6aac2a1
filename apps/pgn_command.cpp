// tabiya pgn check FILE | tabiya pgn format FILE
#include <fstream>
#include <iostream>

#include "commands.h"
#include "notation/pgn.h"
#include "pgn_check.h"

namespace tabiya::cli {
namespace {

std::ifstream open_or_throw(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CLI::ValidationError("FILE", "cannot open \"" + path + "\"");
  return in;
}

}  // namespace

void add_pgn_command(CLI::App& app) {
  CLI::App* pgn = app.add_subcommand("pgn", "Read, check and rewrite PGN files");
  pgn->require_subcommand(1);

  auto check_file = std::make_shared<std::string>();
  auto rules = std::make_shared<std::string>(rules_profile(DEFAULT_RULES_EDITION).name);
  CLI::App* check = pgn->add_subcommand("check", "Replay every game under the Laws; report illegal moves and wrong results");
  check->add_option("file", *check_file, "PGN file")->required();
  check->add_option("--rules", *rules, "Rules profile for games without a Rules tag (fide-2001 ... fide-2018)");
  check->callback([check_file, rules] {
    auto edition = parse_rules_edition(*rules);
    if (!edition) throw CLI::ValidationError("--rules", "unknown rules profile \"" + *rules + "\"");
    std::ifstream in = open_or_throw(*check_file);
    PgnCheckSummary s = check_pgn(in, *check_file, *edition, std::cout);
    if (s.games_with_problems > 0) throw CLI::RuntimeError(1);
  });

  auto format_file = std::make_shared<std::string>();
  CLI::App* format = pgn->add_subcommand("format", "Rewrite games in PGN export format (errors go to stderr)");
  format->add_option("file", *format_file, "PGN file")->required();
  format->callback([format_file] {
    std::ifstream in = open_or_throw(*format_file);
    PgnReadOptions options;
    options.source_name = *format_file;
    PgnGameReader reader(in, options);
    bool first = true, errors = false;
    while (auto game = reader.next()) {
      for (const PgnError& e : reader.errors()) {
        std::cerr << e.message << '\n';
        errors |= e.severity == PgnSeverity::ERROR;
      }
      auto text = write_pgn(*game);
      if (!text) {
        std::cerr << text.error().message << '\n';
        errors = true;
        continue;
      }
      std::cout << (first ? "" : "\n") << *text;
      first = false;
    }
    if (errors) throw CLI::RuntimeError(1);
  });
}

}  // namespace tabiya::cli
