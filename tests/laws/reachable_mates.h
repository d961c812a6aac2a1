// Independent labels for dead-position tests: a walk over every position
// reachable from a start, and the replay of a claimed mating line. Nothing
// but the move generator: no proof rule of src/laws is used.
#pragma once

#include <cstddef>
#include <unordered_set>
#include <vector>

#include "core/movegen.h"
#include "core/position.h"

namespace tabiya::reachable_mates {

// Is a mate by each side on the board in some position reachable from start?
// Every reachable position is visited once (depth first, nothing but the
// move generator); false in `complete` when there are more than `limit`.
inline void mates_reachable(const Position& start, std::size_t limit, bool mates[COLOR_NB], bool& complete) {
  mates[WHITE] = mates[BLACK] = false;
  std::unordered_set<Key> seen{start.key()};
  std::vector<Position> frontier{start};
  complete = true;
  while (!frontier.empty()) {
    Position pos = frontier.back();
    frontier.pop_back();
    MoveList moves = legal_moves(pos);
    if (moves.empty() && pos.in_check()) mates[~pos.side_to_move()] = true;
    for (Move m : moves) {
      Position next = pos;
      UndoInfo undo;
      next.do_move(m, undo);
      if (!seen.insert(next.key()).second) continue;
      if (seen.size() > limit) {
        complete = false;
        return;
      }
      frontier.push_back(next);
    }
  }
}

enum class Walk { NO_MATE, MATE, TOO_BIG };

// Every position reachable from start by legal moves, each visited once; does
// any of them have `winner`'s mate on the board? Stops at the first mate, or
// past `limit` positions.
inline Walk walk_all(const Position& start, Color winner, std::size_t limit) {
  std::unordered_set<Key> seen{start.key()};
  std::vector<Position> stack{start};
  while (!stack.empty()) {
    Position pos = stack.back();
    stack.pop_back();
    MoveList moves = legal_moves(pos);
    if (moves.empty() && pos.in_check() && pos.side_to_move() != winner) return Walk::MATE;
    for (Move m : moves) {
      Position next = pos;
      UndoInfo undo;
      next.do_move(m, undo);
      if (!seen.insert(next.key()).second) continue;
      if (seen.size() > limit) return Walk::TOO_BIG;
      stack.push_back(next);
    }
  }
  return Walk::NO_MATE;
}

// Plays the line from pos: every move legal, `winner` mating at the end.
inline bool line_mates(const Position& pos, Color winner, const std::vector<Move>& line) {
  Position p = pos;
  for (Move m : line) {
    if (!legal_moves(p).contains(m)) return false;
    UndoInfo undo;
    p.do_move(m, undo);
  }
  return p.side_to_move() == ~winner && legal_moves(p).empty() && p.in_check();
}

}  // namespace tabiya::reachable_mates
