// What parse_move() makes of a text, in a form a failing expectation shows
// well; shared by the move reader's tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "core/fen.h"
#include "core/uci_move.h"
#include "notation/move_reader.h"

namespace tabiya::testing {

inline Position from_fen(std::string_view fen) {
  Result<Position> pos = parse_fen(fen);
  EXPECT_TRUE(pos.ok()) << fen << ": " << (pos.ok() ? "" : pos.error().message);
  return pos.ok() ? *pos : Position::startpos();
}

// The move read from text, in UCI (e1h1 castling in Chess960 positions), or
// "error: ..." so a failing expectation shows the message.
inline std::string read(std::string_view fen, std::string_view text, Language lang = Language::EN) {
  const Position pos = from_fen(fen);
  Result<Move, MoveError> m = parse_move(pos, text, {lang});
  if (!m) return "error: " + m.error().message;
  return to_uci(*m, pos);
}

inline MoveError error_of(std::string_view fen, std::string_view text, Language lang = Language::EN) {
  const Position pos = from_fen(fen);
  Result<Move, MoveError> m = parse_move(pos, text, {lang});
  if (m.ok()) {
    ADD_FAILURE() << "\"" << text << "\" was read as " << to_uci(*m, pos);
    return MoveError{MoveErrorKind::SYNTAX, "", {}};
  }
  return m.error();
}

}  // namespace tabiya::testing
