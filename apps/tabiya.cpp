// tabiya: one binary, many subcommands (see README.md).
#include <CLI/CLI.hpp>

#include "commands.h"

int main(int argc, char** argv) {
  CLI::App app{"tabiya: chess under the FIDE Laws"};
  app.require_subcommand(1);
  tabiya::cli::add_perft_command(app);
  tabiya::cli::add_play_command(app);
  tabiya::cli::add_adjudicate_command(app);
  tabiya::cli::add_pgn_command(app);
  tabiya::cli::add_uci_command(app);
  tabiya::cli::add_bench_command(app);
  tabiya::cli::add_match_command(app);
  tabiya::cli::add_tune_command(app);
  tabiya::cli::add_ratings_command(app);
  tabiya::cli::add_tournament_command(app);
  tabiya::cli::add_serve_command(app);
  tabiya::cli::add_loadtest_command(app);
  tabiya::cli::add_db_command(app);
  CLI11_PARSE(app, argc, argv);
  return 0;
}
