#include "laws/record_dead_positions.h"

namespace tabiya {

RecordDeadPositions decide_record_dead_positions(const Position& start, const std::vector<Move>& moves,
                                                 const WinnabilityLimits& limits) {
  // Every position of the record, kept per thread so a long file reuses one buffer.
  thread_local std::vector<Position> positions;
  positions.clear();
  positions.reserve(moves.size() + 1);
  positions.push_back(start);
  for (Move m : moves) {
    positions.push_back(positions.back());
    UndoInfo undo;
    positions.back().do_move(m, undo);
  }
  RecordDeadPositions out;
  // Backwards until a position is proven alive: everything before it is alive.
  for (int ply = int(positions.size()) - 1; ply >= 0; --ply) {
    ++out.decided;
    DeadPositionVerdict verdict = dead_position(positions[std::size_t(ply)], limits).verdict;
    if (verdict == DeadPositionVerdict::ALIVE) break;
    // Positions after an undetermined one may still be called dead; the
    // earliest dead verdict is the one that counts.
    if (verdict == DeadPositionVerdict::DEAD) out.first_dead_ply = ply;
  }
  return out;
}

}  // namespace tabiya
