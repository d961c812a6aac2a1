// Opening positions for a match, read from an EPD file (one position a line:
// the four FEN fields, then operations such as hmvc 0; fmvn 1; id "name";)
// or a PGN file (each game's mainline played out from its start position).
// Blank lines and lines starting with '#' in an EPD file are skipped.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "core/result.h"

namespace tabiya {

struct Opening {
  Position position;
  std::string name;  // EPD id, or the PGN Opening/ECO tags; may be empty
};

// Errors name the source and the line: `balanced.epd:7: FEN: ...`.
Result<std::vector<Opening>> parse_epd_openings(std::string_view text, std::string_view source = "epd");
Result<std::vector<Opening>> parse_pgn_openings(std::string_view text, std::string_view source = "pgn");
// By extension: .pgn is PGN, anything else EPD.
Result<std::vector<Opening>> load_openings(const std::string& path);

}  // namespace tabiya
