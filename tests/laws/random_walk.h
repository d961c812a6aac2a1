// Long games for the tests of a game's kept positions: a seeded random walk of legal moves that no rule ends, and
// the positions along a line of moves, computed from scratch.
#pragma once

#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/position.h"

namespace tabiya::game_test {

// `plies` moves from the initial position, drawn with a generator seeded with `seed`: each goes to a position not
// seen before and leaves the opponent a legal move; captures only when nothing else is left (keeps mating material
// on the board), a pawn move or a capture first once the fifty-move count reaches 80 plies. No repetition, no mate,
// no stalemate, no 50- or 75-move draw: a Game plays the whole line.
inline std::vector<Move> random_walk(int plies, unsigned seed) {
  std::mt19937 rng(seed);
  Position pos = Position::startpos();
  std::set<Key> seen{pos.key()};
  std::vector<Move> line;
  while (int(line.size()) < plies) {
    std::vector<Move> quiet, pawn, capture;
    for (Move m : legal_moves(pos)) {
      Position next = pos;
      UndoInfo undo;
      next.do_move(m, undo);
      if (seen.contains(next.key()) || count_legal(next) == 0) continue;
      if (pos.is_capture(m)) capture.push_back(m);
      else (pos.moved_piece_type(m) == PAWN ? pawn : quiet).push_back(m);
    }
    const std::vector<const std::vector<Move>*> order =
        pos.halfmove_clock() >= 80 ? std::vector<const std::vector<Move>*>{&pawn, &capture, &quiet}
                                   : std::vector<const std::vector<Move>*>{&quiet, &pawn, &capture};
    const std::vector<Move>* from = nullptr;
    for (const std::vector<Move>* moves : order)
      if (!from && !moves->empty()) from = moves;
    if (!from) throw std::runtime_error("the walk ran out of moves at ply " + std::to_string(line.size()));
    const Move m = (*from)[std::uniform_int_distribution<std::size_t>(0, from->size() - 1)(rng)];
    UndoInfo undo;
    pos.do_move(m, undo);
    seen.insert(pos.key());
    line.push_back(m);
  }
  return line;
}

// The start, then the position after each move of `line`, each from its own copy of the previous one.
inline std::vector<Position> positions_along(const Position& start, const std::vector<Move>& line) {
  std::vector<Position> positions{start};
  for (Move m : line) {
    Position next = positions.back();
    UndoInfo undo;
    next.do_move(m, undo);
    positions.push_back(next);
  }
  return positions;
}

}  // namespace tabiya::game_test
