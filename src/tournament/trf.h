// The FIDE Tournament Report File: TRF-16 with the XXR/XXC/BBx extension lines
// pairing engines use, and its 2025 revision (trf25.h), told apart on reading
// (detect_trf_version) and written in either.
//
// 001 player line (1-based columns): 1-3 "001", 5-8 start number, 10 sex,
// 11-13 title, 15-47 name, 49-52 rating, 54-56 federation, 58-68 FIDE id,
// 70-79 birth date, 81-84 points, 86-89 rank, then per round ten columns from
// 92: opponent (4), colour (w/b/-), result code.
// Extension lines: XXR N (rounds; also 142), XXC white1|black1|rank (also 152
// W|B), BBW BBD BBL BBZ BBF BBU points (also 162). Other lines (012 name, 022
// city, 042/052 dates, 092 type, 102/112 arbiters, 122 time control, 132 round
// dates, ...) are kept as header lines and written back unchanged.
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"
#include "tournament/tournament.h"

namespace tabiya::tournament {

// Parses a TRF. `source` names the input in error messages ("swiss.trf: line
// 3, column 49: ...").
Result<Tournament> read_trf(std::string_view text, std::string_view source = "TRF");
Result<Tournament> read_trf_file(const std::string& path);

// Writes a TRF (LF line endings) in the version it was read in (t.trf_version);
// read_trf(write_trf(t)) gives t back.
std::string write_trf(const Tournament& t);
// Writes it in `version`: TRF-16 with the TRF(x) lines, or the 2025 revision's
// records (trf25.h). A team file leaves out the players' 240 byes (its 240
// records name teams).
enum class TrfRecords { all, without_player_byes };
std::string write_trf(const Tournament& t, TrfVersion version, TrfRecords records = TrfRecords::all);

// Writes durably and atomically (files/durable_file.h), in t.trf_version: a crash leaves the old file or the new one.
Result<bool> write_trf_file(const Tournament& t, const std::string& path);

// The 001 line of one player.
std::string format_player_line(const Player& p);

}  // namespace tabiya::tournament
