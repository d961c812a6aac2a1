#include "laws/position_history.h"

#include <algorithm>
#include <cassert>
#include <utility>

namespace tabiya {

PositionHistory::PositionHistory(Position start, std::size_t undo_kept)
    : start_(std::move(start)),
      current_(start_),
      keys_{start_.key()},
      undo_kept_(std::max<std::size_t>(undo_kept, 1)) {}

int PositionHistory::occurrences(Key key) const { return int(std::count(keys_.begin(), keys_.end(), key)); }

Position PositionHistory::at(std::size_t ply) const {
  assert(ply <= plies());
  const std::size_t back = plies() - ply;
  if (back <= undo_.size()) {
    Position pos = current_;
    for (std::size_t i = 0; i < back; ++i) pos.undo_move(moves_[plies() - 1 - i], undo_[undo_.size() - 1 - i]);
    return pos;
  }
  Position pos = start_;
  UndoInfo undo;
  for (std::size_t i = 0; i < ply; ++i) pos.do_move(moves_[i], undo);
  return pos;
}

void PositionHistory::play(Move m) {
  UndoInfo undo;
  current_.do_move(m, undo);
  moves_.push_back(m);
  keys_.push_back(current_.key());
  undo_.push_back(undo);
  if (undo_.size() >= 2 * undo_kept_) undo_.erase(undo_.begin(), undo_.begin() + std::ptrdiff_t(undo_kept_));
}

void PositionHistory::truncate(std::size_t ply) {
  assert(ply <= plies());
  const std::size_t back = plies() - ply;
  if (back > undo_.size()) {
    replay(ply);
  } else {
    for (std::size_t i = 0; i < back; ++i) {
      current_.undo_move(moves_.back(), undo_.back());
      moves_.pop_back();
      undo_.pop_back();
    }
  }
  moves_.resize(ply);
  keys_.resize(ply + 1);
}

void PositionHistory::replay(std::size_t ply) {
  // The undo records of the last undo_kept_ moves replayed come back too: a run of takebacks replays once every
  // undo_kept_ of them.
  const std::size_t first_kept = ply > undo_kept_ ? ply - undo_kept_ : 0;
  current_ = start_;
  undo_.clear();
  for (std::size_t i = 0; i < ply; ++i) {
    UndoInfo undo;
    current_.do_move(moves_[i], undo);
    if (i >= first_kept) undo_.push_back(undo);
  }
}

}  // namespace tabiya
