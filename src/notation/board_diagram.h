// Drawing a position as text for a terminal: Unicode figurines (♔ … ♟) or
// plain ASCII letters (KQRBNP for White, kqrbnp for Black, '.' for empty),
// with file letters above and below and rank numbers on both sides.
#pragma once

#include <string>
#include <string_view>

#include "core/position.h"

namespace tabiya {

enum class DiagramStyle {
  UNICODE,  // figurines, '·' for an empty square
  ASCII,    // letters, '.' for an empty square
};

struct DiagramOptions {
  DiagramStyle style = DiagramStyle::UNICODE;
  // The side whose pieces are drawn at the bottom.
  Color bottom = WHITE;
};

// One line per rank plus the two file-label lines, each ending in '\n'.
std::string board_diagram(const Position& pos, const DiagramOptions& options = {});

// The symbol for one piece in a style, e.g. "♞" or "n"; the empty-square mark for NO_PIECE.
std::string_view diagram_symbol(Piece piece, DiagramStyle style);

}  // namespace tabiya
