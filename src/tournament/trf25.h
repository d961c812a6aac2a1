// The records of the 2025 revision of the FIDE Tournament Report File
// ("Format of Tournament Report File - Version 2026", approved by the FIDE
// Council on 12 May 2025, applied from 1 September 2025; text from the FIDE
// Handbook, handbook.fide.com/files/handbook/TRF26.pdf) that TRF-16 with the
// TRF(x) extension lines says otherwise. The 001 player record is the same in
// both (trf.h); the revision replaces
//   XXR N           by 142 N (number of rounds),
//   XXC white1      by 152 W (initial colour; B for black1),
//   BBW/BBD/BBL...  by 162, the scoring system: from column 6 a result code
//                   and its points in columns 7-10, nine columns apart
//                   ("162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0"); W win,
//                   D draw, L loss, A absence (zero-point bye, forfeit loss),
//                   P pairing-allocated bye, X unknown result (read, not kept),
//   XXA NNNN p p p  by 250, fictitious points for a range of rounds and
//                   players: 5-8 match points (blank for individuals), 10-13
//                   game points, 15-17 first and 19-21 last round, 23-26
//                   first and 28-31 last player ("250      1.0 001 002 0001 0012"),
//   XXP a b         by 260, prohibited pairings for a range of rounds: 5-7
//                   first round, 9-11 last, players in 13-16, 18-21, ...,
// and adds 240, the byes that bring points (5 type F, H or Z, 7-9 round,
// players in 11-14, 16-19, ...), which must agree with the 001 records.
// A TRF-25 file gets the extension lines only for what the revision cannot
// say: "XXC rank", and BBF when a forfeit loss scores other than an absence.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "tournament/tournament.h"
#include "tournament/trf_fields.h"

namespace tabiya::tournament {

// The comment line a TRF-25 file written by tabiya starts with, so that a file
// with none of the records below is still read as TRF-25 (a TRF-16 file
// leaves it out).
inline constexpr const char* kTrf25Comment = "### FIDE Tournament Report File, 2025 revision (TRF-25)";

// TRF-25 when the text has a record only the 2025 revision defines (142 152
// 162 172 192 202 212 222 240 250 299 310 801 802, ### comments) and none of
// TRF(x)'s extension lines (XXR XXA XXP BBW BBD BBL BBZ BBU); else TRF-16.
TrfVersion detect_trf_version(std::string_view text);

namespace trf25 {

// Whether the text has a team section (013 or 310): its 240 and 250 records
// then name teams, and the players' reader keeps them as header lines.
bool has_team_section(std::string_view text);

// A 250 line into the players' accelerations (added to what is there).
std::optional<trf_fields::LineError> read_acceleration(std::string_view line, Tournament& t);
// A 240 line, read after the 001 records: each player's entry for the round
// is set to the bye, or must already be that bye.
std::optional<trf_fields::LineError> read_bye(std::string_view line, Tournament& t);

// The tournament section's records written before the players: 142, 152, 162.
std::string tournament_records(const Tournament& t);
// The records after the players: 250, 260, 240 (unless `player_byes` is
// false: in a team file 240 names teams), and the extension lines kept.
std::string trailing_records(const Tournament& t, bool player_byes);

}  // namespace trf25
}  // namespace tabiya::tournament
