// The tabiya subcommands. Each registers itself on the CLI11 app; the work is
// done by a function taking streams so tests can drive it without a terminal.
#pragma once

#include <CLI/CLI.hpp>

namespace tabiya::cli {

void add_perft_command(CLI::App& app);
void add_play_command(CLI::App& app);
void add_adjudicate_command(CLI::App& app);
void add_pgn_command(CLI::App& app);
void add_uci_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_match_command(CLI::App& app);
void add_tune_command(CLI::App& app);
void add_ratings_command(CLI::App& app);
void add_tournament_command(CLI::App& app);
void add_serve_command(CLI::App& app);
void add_loadtest_command(CLI::App& app);

}  // namespace tabiya::cli
