// The tournament file as `tabiya tournament`'s subcommands share it: read with its settings, written back with the
// declared scores brought up to date (tournament/office.h) through the one durable write (files/durable_file.h);
// and the subcommands that only read it (reports, check), each in its own file.
#pragma once

#include <ostream>
#include <string>

#include "core/result.h"
#include "tournament/event.h"
#include "tournament/tournament.h"

namespace tabiya::cli {

struct EventFile {
  tournament::Tournament t;
  tournament::EventSettings settings;
};

Result<EventFile> load_event_file(const std::string& path);
// Declared points and ranks follow the results, then the file is replaced durably.
Result<bool> save_event_file(EventFile& e, const std::string& path);

// standings, crosstable, export --html | --trf16 | --trf25 (tournament_reports.cpp): to `output` ("" or "-":
// `out`). The TRF exports write the file's content as it is, in the version asked for.
enum class Report { standings, crosstable, html, trf16, trf25 };
int tournament_report(const std::string& file, Report what, const std::string& tie_breaks, const std::string& output,
                      std::ostream& out, std::ostream& err, const std::string& edition = "");
// berger N (tournament_reports.cpp).
int tournament_berger(int players, bool twice, bool swap, std::ostream& out, std::ostream& err);
// check FILE (tournament_check.cpp): everything wrong with the file, one line each; exit code 1 if anything.
// per_round (--rounds): first one line per Swiss round, its pairing and whether the Dutch system agrees.
int tournament_check(const std::string& file, std::ostream& out, std::ostream& err, bool per_round = false);

}  // namespace tabiya::cli
