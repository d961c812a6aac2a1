#include "core/perft.h"

#include <algorithm>
#include <atomic>
#include <thread>

#include "core/movegen.h"

namespace tabiya {

uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  // Bulk counting: the last ply only needs the number of legal moves.
  if (depth == 1) return uint64_t(count_legal(pos));
  MoveList moves;
  generate_legal(pos, moves);
  uint64_t nodes = 0;
  if (depth == 2) {
    for (Move m : moves) nodes += uint64_t(count_legal_after(pos, m));
    return nodes;
  }
  UndoInfo undo;
  for (Move m : moves) {
    pos.do_move(m, undo);
    nodes += perft(pos, depth - 1);
    pos.undo_move(m, undo);
  }
  return nodes;
}

std::vector<std::pair<Move, uint64_t>> perft_divide(const Position& root, int depth, int threads) {
  MoveList moves = legal_moves(root);
  std::vector<std::pair<Move, uint64_t>> result(moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) result[i].first = moves[i];
  // Root moves are handed out one at a time, so threads stay busy even when
  // subtrees differ a lot in size.
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    Position pos = root;
    UndoInfo undo;
    for (std::size_t i; (i = next++) < moves.size();) {
      pos.do_move(moves[i], undo);
      result[i].second = perft(pos, depth - 1);
      pos.undo_move(moves[i], undo);
    }
  };
  int n = std::clamp(threads, 1, 256);
  std::vector<std::thread> pool;
  for (int t = 1; t < n; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  return result;
}

}  // namespace tabiya
