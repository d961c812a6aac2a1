// Art. 5.2.b (dead position) for every position of a finished record, with
// as few decisions as possible: what replaying a PGN file needs.
//
// Dead positions form a suffix of a game: every later position is reachable
// from an earlier one, so a position from which no mate can be reached is
// followed only by such positions, and a position proven alive (a mating
// line) is preceded only by alive ones. Deciding from the end backwards
// therefore stops at the first position proven alive; only the positions
// after it need a verdict of their own.
//
// The answer is the one DeadPositionMonitor (dead_position.h) gives when it
// is asked after every move: the monitor calls a position dead only when
// dead_position() does, and it carries mating lines only through alive
// positions, so its first DEAD is the first position dead_position() calls
// dead. Here each of those verdicts is dead_position() itself.
#pragma once

#include <optional>
#include <vector>

#include "core/position.h"
#include "laws/dead_position.h"

namespace tabiya {

struct RecordDeadPositions {
  // The number of moves after which the first position dead_position() calls
  // dead stands (0: the start position), or nullopt when there is none.
  std::optional<int> first_dead_ply;
  int decided = 0;  // how many positions dead_position() was asked about
};

// `moves` must be legal moves played one after the other from `start`.
RecordDeadPositions decide_record_dead_positions(const Position& start, const std::vector<Move>& moves,
                                                 const WinnabilityLimits& limits = {});

}  // namespace tabiya
