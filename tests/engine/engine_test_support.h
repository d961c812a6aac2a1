// Shared helpers for the engine tests.
#pragma once

#include <gtest/gtest.h>

#include <string_view>

#include "core/fen.h"
#include "core/position.h"

namespace tabiya::engine::test {

inline Position fen(std::string_view text) {
  Result<Position> pos = parse_fen(text);
  EXPECT_TRUE(pos.ok()) << text << ": " << (pos.ok() ? "" : pos.error().message);
  return pos.ok() ? *pos : Position::startpos();
}

}  // namespace tabiya::engine::test
