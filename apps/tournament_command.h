// tabiya tournament: an arbiter's event from registration to the final
// crosstable, kept in one FIDE Tournament Report File. Every command reads
// the file, changes it and writes it back atomically (a temporary file in the
// same directory, fsync, rename), so a crash never loses an entered result.
//
//   new --system round-robin|double-round-robin|swiss-dutch [--rounds N] [--points 1,0.5,0] FILE
//   add-player FILE --name "Surname, First" [--rating R --title T --federation F --fide-id N --birth D --sex m|w]
//   withdraw FILE PLAYER [--after-round R]
//   draw FILE [--seed S] [--varma]             round robins: pairing numbers by lot, the Berger schedule
//   pair FILE [-p OUT]                         Swiss: the next round (FIDE Dutch system)
//   result FILE ROUND BOARD RESULT [BOARD RESULT ...]   1-0 0-1 1/2 = + - 0-0
//   standings FILE [--tie-breaks LIST]   crosstable FILE   export FILE --html [-o OUT]
//   check FILE                                 scores, colours, repeated pairings
//   berger N [--double]                        the FIDE Berger table
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "core/result.h"

namespace tabiya::cli {

// Runs `tabiya tournament ARGS...` (args without the program and command
// names); returns the exit code. Output to `out`, errors to `err`.
int run_tournament(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tabiya::cli
