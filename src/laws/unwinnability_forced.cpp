#include "laws/unwinnability_forced.h"

#include "core/movegen.h"
#include "laws/unwinnability_static.h"

namespace tabiya {

namespace {

struct ForcedWalk {
  Color winner;
  const ForcedLimits& limits;
  uint64_t nodes = 0;

  // Is every line from pos, with `plies` left, a dead end for the winner?
  // The static proofs are skipped at the root: the caller has tried them.
  bool dead_end(Position& pos, int plies, bool root) {
    MoveList moves;
    generate_legal(pos, moves);
    if (moves.empty()) return !(pos.in_check() && pos.side_to_move() != winner);  // only the loser's mate counts
    if (!root && statically_unwinnable(pos, winner)) return true;
    if (plies == 0) return false;
    for (Move m : moves) {
      if (++nodes > limits.max_nodes) return false;
      UndoInfo undo;
      pos.do_move(m, undo);
      bool dead = dead_end(pos, plies - 1, false);
      pos.undo_move(m, undo);
      if (!dead) return false;  // one open line is enough to prove nothing
    }
    return true;
  }
};

}  // namespace

bool forced_unwinnable(const Position& pos, Color winner, const ForcedLimits& limits, uint64_t& nodes) {
  ForcedWalk walk{winner, limits};
  Position copy = pos;
  bool dead = walk.dead_end(copy, limits.max_plies, true);
  nodes = walk.nodes;
  return dead;
}

}  // namespace tabiya
