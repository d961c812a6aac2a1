#include "notation/standard_start.h"

namespace tabiya {

const Position& standard_start_position() {
  static const Position start = Position::startpos();
  return start;
}

}  // namespace tabiya
