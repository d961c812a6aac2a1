// Writing a move in UCI coordinate form. Castling is "king to its destination"
// (e1g1) in standard chess and "king takes rook" (e1h1) in Chess960, as UCI
// engines and GUIs expect. Parsing lives in the notation layer.
#pragma once

#include <string>

#include "core/position.h"

namespace tabiya {

std::string to_uci(Move m, bool chess960);
inline std::string to_uci(Move m, const Position& pos) { return to_uci(m, pos.is_chess960()); }

}  // namespace tabiya
