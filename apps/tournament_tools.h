// Subcommands of `tabiya tournament` that live in files of their own (the
// arbiter's and the pairing-program author's tools), registered by
// run_tournament (tournament_command.cpp):
//   generate [--seed S --players N --rounds R ...] [-o FILE]   a random Swiss event (generator.h)
//   tie-breaks FILE [--tie-breaks LIST]                         every value, tab-separated
//   rating-report FILE [--new LIST --reached-2400 LIST --date D] FIDE rating changes (rating_report.h)
//   team new|add|pair|lineup|result|pairings|standings|crosstable|export   team events (tournament_team.cpp)
//   norms FILE [--player N --title GM,IM --min-games 7]         title norms (norms.h)
//   rating-tables                                               the Rating Regulations' tables 8.1.1, 8.1.2
#pragma once

#include <CLI/CLI.hpp>
#include <ostream>

namespace tabiya::cli {

void add_generate_subcommand(CLI::App& app, std::ostream& out, std::ostream& err, int& code);
void add_tie_breaks_subcommand(CLI::App& app, std::ostream& out, std::ostream& err, int& code);
void add_rating_report_subcommand(CLI::App& app, std::ostream& out, std::ostream& err, int& code);
void add_norms_subcommand(CLI::App& app, std::ostream& out, std::ostream& err, int& code);
void add_team_subcommand(CLI::App& app, std::ostream& out, std::ostream& err, int& code);

}  // namespace tabiya::cli
