// The hand-made starting weights: textbook piece values and a few formulas
// (centralisation, pawn advance, king shelter in the middlegame and activity
// in the endgame). They are only a reasonable point for the tuner to start from.
#include <algorithm>
#include <cstdlib>

#include "engine/eval_params.h"

namespace tabiya::engine {

namespace {

// 0 on the four centre squares, up to 3 in the corners (Chebyshev rings).
int distance_from_centre(int sq) {
  int file = sq & 7, rank = sq >> 3;
  int df = std::max(3 - file, file - 4), dr = std::max(3 - rank, rank - 4);
  return std::max(df, dr);
}

}  // namespace

EvalParams hand_made_eval_params() {
  using namespace param;
  EvalParams p{};
  const ScorePair values[5] = {{80, 100}, {320, 300}, {330, 320}, {460, 520}, {950, 980}};
  for (int i = 0; i < 5; ++i) p[MATERIAL + i] = values[i];

  for (int sq = 0; sq < 64; ++sq) {
    int file = sq & 7, rank = sq >> 3, centre = distance_from_centre(sq);
    bool centre_file = file == 3 || file == 4;
    if (rank >= 1 && rank <= 6)
      p[PST + 0 * 64 + sq] = {(rank - 1) * 3 + (centre_file ? 8 : 0) * (rank >= 3 ? 1 : 0), (rank - 1) * 8};
    p[PST + 1 * 64 + sq] = {-8 * centre, -8 * centre};
    p[PST + 2 * 64 + sq] = {-4 * centre, -4 * centre};
    p[PST + 3 * 64 + sq] = {rank == 6 ? 15 : 0, 0};
    p[PST + 4 * 64 + sq] = {-2 * centre, -4 * centre};
    bool sheltered = rank == 0 && (file <= 2 || file >= 6);
    p[PST + 5 * 64 + sq] = {(sheltered ? 20 : 0) - 25 * rank, -12 * centre};
  }

  // Mobility: linear around a typical number of squares.
  for (int n = 0; n < 9; ++n) p[MOBILITY_KNIGHT + n] = {4 * (n - 4), 4 * (n - 4)};
  for (int n = 0; n < 14; ++n) p[MOBILITY_BISHOP + n] = {5 * (n - 6), 5 * (n - 6)};
  for (int n = 0; n < 15; ++n) p[MOBILITY_ROOK + n] = {2 * (n - 6), 4 * (n - 6)};
  for (int n = 0; n < 28; ++n) p[MOBILITY_QUEEN + n] = {1 * (n - 12), 2 * (n - 12)};

  p[BISHOP_PAIR] = {30, 50};
  p[ROOK_OPEN_FILE] = {30, 10};
  p[ROOK_SEMI_OPEN_FILE] = {15, 5};
  p[DOUBLED_PAWN] = {-10, -20};
  p[ISOLATED_PAWN] = {-10, -15};
  p[BACKWARD_PAWN] = {-8, -10};
  for (int r = 1; r < 7; ++r) {
    p[CONNECTED_PAWN + r] = {3 * r, 3 * r};
    p[PASSED_PAWN + r] = {5 * r * r / 2, 10 * r * r / 2};
    p[PASSED_OWN_KING_DISTANCE + r] = {0, -r};
    p[PASSED_ENEMY_KING_DISTANCE + r] = {0, 2 * r};
    p[PASSED_FREE_PATH + r] = {0, 2 * r * r};
  }
  p[SHIELD_PAWN_NEAR] = {15, 0};
  p[SHIELD_PAWN_FAR] = {8, 0};
  p[SHIELD_MISSING] = {-15, 0};
  for (int d = 0; d < 4; ++d) p[PAWN_STORM + d] = {-(4 - d) * 5, 0};
  const int zone_weights[4] = {6, 4, 6, 10};
  for (int i = 0; i < 4; ++i) p[KING_ZONE_ATTACK + i] = {zone_weights[i], 0};
  for (int n = 0; n < 5; ++n) p[KING_ATTACKERS + n] = {n <= 1 ? 0 : 15 * (n - 1) * (n - 1), 0};
  p[THREAT_BY_PAWN] = {40, 30};
  p[THREAT_BY_MINOR] = {25, 25};
  p[THREAT_BY_ROOK] = {30, 30};
  p[HANGING] = {20, 20};
  p[TEMPO] = {15, 5};
  return p;
}

}  // namespace tabiya::engine
