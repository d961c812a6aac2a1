// The positions of a game, kept small (a server holds thousands of games, at most 64 KB each): the
// start and current positions, the key of every position (the identity repetition compares, FIDE Art. 9.2:
// Position::key), the moves, and what undoes the last few of them. A whole position costs some 256 bytes, its key
// 8 and its move 2. A position older than the undo records reach is recomputed by replaying the moves from the
// start with Position::do_move alone: they were legal when played. Rare (a run of takebacks) and cheap.
#pragma once

#include <cstddef>
#include <vector>

#include "core/position.h"

namespace tabiya {

class PositionHistory {
 public:
  // Keeps what undoes the last `undo_kept` moves at least, and fewer than twice that (trimmed `undo_kept` at a
  // time, as the game's rewind points are).
  PositionHistory(Position start, std::size_t undo_kept);

  const Position& start() const { return start_; }
  const Position& current() const { return current_; }
  // The moves played from the start.
  std::size_t plies() const { return moves_.size(); }
  // The key of the position after the first `ply` moves (0: the start); ply <= plies().
  Key key(std::size_t ply) const { return keys_[ply]; }
  // How many of the positions so far, the start and the current one included, have this key.
  int occurrences(Key key) const;
  // The position after the first `ply` moves (ply <= plies()).
  Position at(std::size_t ply) const;
  // How many of the last moves are undone without a replay.
  std::size_t undoable() const { return undo_.size(); }

  // Plays a move legal in current().
  void play(Move m);
  // Goes back to the position after the first `ply` moves (ply <= plies()); the later moves are forgotten.
  void truncate(std::size_t ply);

 private:
  // current_ becomes the position after the first `ply` moves, replayed from the start.
  void replay(std::size_t ply);

  Position start_;
  Position current_;
  std::vector<Key> keys_;       // the start's, then the key after each move
  std::vector<Move> moves_;     // every move played
  std::vector<UndoInfo> undo_;  // for the last undo_.size() moves, aligned with the end of moves_
  std::size_t undo_kept_;
};

}  // namespace tabiya
