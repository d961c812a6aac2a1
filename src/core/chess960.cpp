#include "core/chess960.h"

#include <vector>

#include "core/fen.h"

namespace tabiya {
namespace {

// The ten ways to place two knights on five free squares, in the order the
// standard numbering scheme uses.
constexpr int KNIGHT_PAIRS[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};

// Puts `piece` on the index-th still-empty file.
void place_on_free(std::string& rank, int index, char piece) {
  for (char& c : rank)
    if (c == ' ' && index-- == 0) {
      c = piece;
      return;
    }
}

}  // namespace

Result<std::string> chess960_back_rank(int n) {
  if (n < 0 || n > 959) return fail("Chess960 position number " + std::to_string(n) + " is not in 0..959");
  std::string rank(8, ' ');
  rank[2 * (n % 4) + 1] = 'B';  // light-squared bishop: files b, d, f, h
  n /= 4;
  rank[2 * (n % 4)] = 'B';  // dark-squared bishop: files a, c, e, g
  n /= 4;
  place_on_free(rank, n % 6, 'Q');
  n /= 6;
  // Place the second knight first so the first one's index is not shifted.
  place_on_free(rank, KNIGHT_PAIRS[n][1], 'N');
  place_on_free(rank, KNIGHT_PAIRS[n][0], 'N');
  // The remaining three squares take rook, king, rook, so the king is between.
  place_on_free(rank, 0, 'R');
  place_on_free(rank, 0, 'K');
  place_on_free(rank, 0, 'R');
  return rank;
}

int chess960_number(std::string_view back_rank) {
  if (back_rank.size() != 8) return -1;
  // Built once: the 960 arrangements in number order.
  static const std::vector<std::string> ranks = [] {
    std::vector<std::string> all;
    for (int n = 0; n < 960; ++n) all.push_back(chess960_back_rank(n).value());
    return all;
  }();
  for (int n = 0; n < 960; ++n)
    if (ranks[n] == back_rank) return n;
  return -1;
}

Result<Position> chess960_start_position(int n) {
  auto rank = chess960_back_rank(n);
  if (!rank) return rank.error();
  std::string black = *rank;
  for (char& c : black) c = char(c - 'A' + 'a');
  auto pos = parse_fen(black + "/pppppppp/8/8/8/8/PPPPPPPP/" + *rank + " w KQkq - 0 1");
  if (!pos) return pos.error();
  pos->set_chess960(true);
  return pos;
}

}  // namespace tabiya
