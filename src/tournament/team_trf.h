// The team sections of the FIDE Tournament Report File, beside the players'
// 001 lines (trf.h) that carry every board's game:
//
//   TRF-16  013 lines: 1-3 "013", 5-36 team name, then the members' start
//           numbers in registered order, four columns each from column 37
//           (37-40, 42-45, ...).
//   TRF-25  (the 2025 revision, "TRF 2026", approved by the FIDE Council on
//           12 May 2025, applied from 1 September 2025; field layout as FIDE's
//           TieBreakServer reads it) 310 lines: 5-7 team number, 9-40 name,
//           42-46 short name, 48-53 strength, 55-60 match points, 62-67 game
//           points, 69-71 rank, then the members' start numbers from column 74
//           (74-77, 79-82, ...); 352 the boards' colour sequence of the first
//           team ("WBWB": also the number of boards); 362 the match points
//           ("362  W 2.0    D 1.0    L 0.0": a letter and four columns per
//           result, nine columns apart from column 6); 320 the pairing-allocated
//           byes (5-8 match points, 10-13 game points, then per round the team
//           that had it, three columns each from column 15); 330 a match
//           forfeited whole (5-6 "+-" "-+" or "--", 8-10 round, 12-14 and
//           16-18 the teams); 300 a team's players board by board in one
//           round, for matches with an empty place (5-7 round, 9-11 the team,
//           13-15 its opponent, then start numbers from column 17, five
//           columns apart, 0 for an empty board).
//
// Both versions write 300, 352, 362, 320 and 330 when they have something to say
// (readers of TRF-16 keep unknown lines); they differ in the team lines.
// Reading rebuilds the matches from the players' round entries: two teams met
// in a round when their players did; boards follow the registered order, a
// player who won on an empty board ("0000 w +") follows the games.
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"
#include "tournament/team.h"

namespace tabiya::tournament {

// Reads a team event's TRF (013 or 310 lines); errors name the line and the column.
Result<TeamEvent> read_team_trf(std::string_view text, std::string_view source = "TRF");
Result<TeamEvent> read_team_trf_file(const std::string& path);

// Writes the event: the players' TRF with the team records of `version`.
std::string write_team_trf(const TeamEvent& event, TrfVersion version);
Result<bool> write_team_trf_file(const TeamEvent& event, TrfVersion version, const std::string& path);

}  // namespace tabiya::tournament
