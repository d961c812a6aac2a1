// The tabiya subcommands. Each registers itself on the CLI11 app; the work is
// done by a function taking streams so tests can drive it without a terminal.
#pragma once

#include <CLI/CLI.hpp>
#include <ostream>
#include <string>

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
void add_db_command(CLI::App& app);

// `tabiya db migrate URL`; 0 on success.
int db_migrate(const std::string& url, std::ostream& out, std::ostream& err);

}  // namespace tabiya::cli
