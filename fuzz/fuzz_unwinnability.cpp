// libFuzzer target for "can this side still checkmate?" (FIDE 2014 Art. 5.2.b,
// 6.9). The input's bytes build a legal position of one of two kinds:
//  - near the material limit: two kings and up to four other men anywhere;
//  - a pawn wall: pairs of pawns blocking each other on some files, the kings
//    on either side, and up to four pieces (mostly bishops);
// and, for both colours, three answers are compared:
//  - quick mode (can_checkmate_quick), full mode (can_checkmate, small budget);
//  - a plain oracle written here without any of their pruning: every position
//    reachable within a small number of plies, looking for a mate, and the
//    whole reachable set when it is small.
// They must never contradict: no UNWINNABLE where the oracle finds a mate or
// where the other mode has a line; every WINNABLE line replays to mate; no
// WINNABLE where the oracle saw the whole reachable set without a mate.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/position.h"
#include "laws/dead_position.h"

namespace {

using tabiya::Color;
using tabiya::Position;

[[noreturn]] void contradiction(const char* what, const Position& pos, Color winner) {
  std::fprintf(stderr, "fuzz_unwinnability: %s\n  position: %s\n  asked about: %s\n", what, tabiya::to_fen(pos).c_str(),
               winner == tabiya::WHITE ? "white" : "black");
  std::abort();
}

class Bytes {
 public:
  Bytes(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  unsigned next() { return at_ < size_ ? data_[at_++] : 0; }
  bool empty() const { return at_ >= size_; }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t at_ = 0;
};

char board_at(const std::string& board, int file, int rank) { return board[size_t(rank * 8 + file)]; }

std::string to_placement(const std::string& board) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      char c = board_at(board, file, rank);
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += c;
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  return out;
}

bool put(std::string& board, unsigned square, char piece) {
  square &= 63;
  if (board[square] != '.') return false;
  board[square] = piece;
  return true;
}

// Two kings and up to four men: the endings where dead positions live.
std::string near_material_limit(Bytes& in) {
  std::string board(64, '.');
  put(board, in.next(), 'K');
  while (!put(board, in.next(), 'k')) {
    if (in.empty()) return "";
  }
  static constexpr char MEN[] = "PNBRQpnbrq";
  int men = int(in.next() % 5);
  for (int i = 0; i < men; ++i) put(board, in.next(), MEN[in.next() % 10]);
  return to_placement(board);
}

// Pawns blocking each other file by file, kings on their own side of the wall,
// and a few pieces anywhere (bishops most often: the frozen-structure proof's
// hardest cases are bishops that may check but never mate).
std::string pawn_wall(Bytes& in) {
  std::string board(64, '.');
  unsigned files = in.next();
  for (int file = 0; file < 8; ++file) {
    if (!(files & (1u << file))) continue;
    int rank = 1 + int(in.next() % 5);  // white pawn on ranks 2-6, black pawn just above
    board[size_t(rank * 8 + file)] = 'P';
    if (rank + 1 < 7) board[size_t((rank + 1) * 8 + file)] = 'p';
  }
  put(board, in.next() % 24, 'K');       // ranks 1-3
  put(board, 40 + in.next() % 24, 'k');  // ranks 6-8
  static constexpr char MEN[] = "BbBbNnRrQq";
  int men = int(in.next() % 5);
  for (int i = 0; i < men; ++i) put(board, in.next(), MEN[in.next() % 10]);
  return to_placement(board);
}

bool replays_to_mate(Position pos, Color winner, const std::vector<tabiya::Move>& line) {
  for (tabiya::Move m : line) {
    if (!tabiya::legal_moves(pos).contains(m)) return false;
    tabiya::UndoInfo undo;
    pos.do_move(m, undo);
  }
  return pos.side_to_move() == ~winner && tabiya::is_checkmate(pos);
}

// Plain search: is there a mate of ~winner within `plies` plies? No pruning,
// no ordering, no tables.
bool mate_within(Position& pos, Color winner, int plies) {
  tabiya::MoveList moves = tabiya::legal_moves(pos);
  if (moves.empty()) return pos.in_check() && pos.side_to_move() == ~winner;
  if (plies == 0) return false;
  for (tabiya::Move m : moves) {
    tabiya::UndoInfo undo;
    pos.do_move(m, undo);
    bool found = mate_within(pos, winner, plies - 1);
    pos.undo_move(m, undo);
    if (found) return true;
  }
  return false;
}

enum class Reach { MATE, NO_MATE, TOO_MANY };

// Every position reachable from pos, up to `limit` of them: is a mate by
// winner among them?
Reach whole_reachable_set(const Position& start, Color winner, std::size_t limit) {
  std::unordered_set<tabiya::Key> seen{start.key()};
  std::vector<Position> stack{start};
  while (!stack.empty()) {
    Position pos = stack.back();
    stack.pop_back();
    tabiya::MoveList moves = tabiya::legal_moves(pos);
    if (moves.empty() && pos.in_check() && pos.side_to_move() == ~winner) return Reach::MATE;
    for (tabiya::Move m : moves) {
      Position next = pos;
      tabiya::UndoInfo undo;
      next.do_move(m, undo);
      if (!seen.insert(next.key()).second) continue;
      if (seen.size() > limit) return Reach::TOO_MANY;
      stack.push_back(next);
    }
  }
  return Reach::NO_MATE;
}

void compare(const Position& pos, Color winner) {
  using tabiya::Winnability;
  tabiya::WinnabilityResult quick = tabiya::can_checkmate_quick(pos, winner);
  tabiya::WinnabilityResult full = tabiya::can_checkmate(pos, winner, tabiya::WinnabilityLimits{2000});
  if (quick.verdict == Winnability::UNDETERMINED) contradiction("quick mode answered UNDETERMINED", pos, winner);
  if (full.verdict == Winnability::PROBABLY_WINNABLE)
    contradiction("full mode answered PROBABLY_WINNABLE", pos, winner);
  if (quick.verdict == Winnability::WINNABLE && !replays_to_mate(pos, winner, quick.mating_line))
    contradiction("quick mode's line does not replay to mate", pos, winner);
  if (full.verdict == Winnability::WINNABLE && !replays_to_mate(pos, winner, full.mating_line))
    contradiction("full mode's line does not replay to mate", pos, winner);
  const bool quick_no = quick.verdict == Winnability::UNWINNABLE, full_no = full.verdict == Winnability::UNWINNABLE;
  if (quick_no && quick.reason == tabiya::UnwinnableReason::NONE)
    contradiction("quick UNWINNABLE without a reason", pos, winner);
  if (full_no && full.reason == tabiya::UnwinnableReason::NONE)
    contradiction("full UNWINNABLE without a reason", pos, winner);
  if ((quick_no && full.verdict == Winnability::WINNABLE) || (full_no && quick.verdict == Winnability::WINNABLE))
    contradiction("quick and full mode contradict each other", pos, winner);
  if (quick_no && !full_no) contradiction("quick mode proved what full mode did not", pos, winner);

  Position copy = pos;
  if ((quick_no || full_no) && mate_within(copy, winner, 3))
    contradiction("UNWINNABLE, but the plain search finds a mate within 3 plies", pos, winner);
  Reach reach = whole_reachable_set(pos, winner, 1500);
  if (reach == Reach::MATE && (quick_no || full_no))
    contradiction("UNWINNABLE, but a mate is in the reachable set", pos, winner);
  if (reach == Reach::NO_MATE && (quick.verdict == Winnability::WINNABLE || full.verdict == Winnability::WINNABLE))
    contradiction("WINNABLE, but the whole reachable set holds no mate", pos, winner);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Bytes in(data, size);
  const unsigned kind = in.next();
  std::string placement = kind & 1 ? pawn_wall(in) : near_material_limit(in);
  if (placement.empty()) return 0;
  const char* side = kind & 2 ? " b - - 0 1" : " w - - 0 1";
  auto parsed = tabiya::parse_fen(placement + side);
  if (!parsed.ok()) return 0;
  for (Color winner : {tabiya::WHITE, tabiya::BLACK}) compare(parsed.value(), winner);
  return 0;
}
