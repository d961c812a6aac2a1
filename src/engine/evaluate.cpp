// INTERIM evaluation so the search can be built and tested: material plus a
// small bonus for central pieces. The real evaluation replaces this file.
#include "engine/evaluate.h"

namespace tabiya::engine {
namespace {

constexpr int PIECE_VALUE[PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 900, 0};

// Distance-to-centre bonus: 0 on the rim, 3 on the four central squares.
int centrality(Square s) {
  const int f = file_of(s), r = rank_of(s);
  const int df = f < 4 ? f : 7 - f, dr = r < 4 ? r : 7 - r;
  return df < dr ? df : dr;
}

int side_score(const Position& pos, Color c) {
  int score = 0;
  for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN}) {
    for (Bitboard b = pos.pieces(c, pt); b;) {
      const Square s = pop_lsb(b);
      score += PIECE_VALUE[pt];
      if (pt == KNIGHT || pt == BISHOP) score += 5 * centrality(s);
      if (pt == PAWN) score += 2 * centrality(s) + 3 * (relative_rank(c, s) - 1);
    }
  }
  return score;
}

}  // namespace

int evaluate(const Position& pos) {
  const Color us = pos.side_to_move();
  return side_score(pos, us) - side_score(pos, ~us);
}

}  // namespace tabiya::engine
