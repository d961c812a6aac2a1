// Writing games in PGN export format (PGN standard section 8): the Seven Tag
// Roster first, then SetUp/FEN and Variant when the start needs them, then
// the other tags; movetext in SAN with move numbers, NAGs as $n, comments in
// braces (clock times as [%clk h:mm:ss]), variations in parentheses, lines
// of at most 80 columns, and the result as the last token.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "core/result.h"
#include "notation/pgn_game.h"

namespace tabiya {

struct PgnWriteOptions {
  // Lines are broken between tokens (and between words of a comment) to stay
  // within this width; only a single word longer than that can exceed it.
  int max_line_length = 80;
  bool comments = true;    // comments and [%clk] times
  bool nags = true;
  bool variations = true;
};

// The game as PGN text ending in a newline. Fails, naming the move, if a move
// is not legal where it stands, or if a tag name is not a PGN symbol.
Result<std::string> write_pgn(const PgnGame& game, const PgnWriteOptions& options = {});

// Games separated by blank lines, as in a PGN file.
Result<std::string> write_pgn_games(const std::vector<PgnGame>& games, const PgnWriteOptions& options = {});

// A tag value inside quotes, with \ and " escaped (PGN 7).
std::string escape_tag_value(std::string_view value);

}  // namespace tabiya
