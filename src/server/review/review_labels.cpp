#include "server/review/review_labels.h"

#include <algorithm>
#include <cmath>

namespace tabiya::server {

double winning_chances(int cp) { return 2.0 / (1.0 + std::exp(-0.00368208 * double(cp))) - 1.0; }

int capped_cp(std::optional<int> cp, std::optional<int> mate, Color to_move) {
  if (mate) {
    if (*mate == 0) return to_move == WHITE ? -EVAL_CAP_CP : EVAL_CAP_CP;
    return *mate > 0 ? EVAL_CAP_CP : -EVAL_CAP_CP;
  }
  return std::clamp(cp.value_or(0), -EVAL_CAP_CP, EVAL_CAP_CP);
}

MoveLabel label_move(int before, int after, Color mover) {
  const int sign = mover == WHITE ? 1 : -1;
  const double drop = winning_chances(sign * before) - winning_chances(sign * after);
  // A hair below each threshold still counts: the boundaries are meant as "at least".
  constexpr double EPS = 1e-9;
  if (drop >= 0.3 - EPS) return MoveLabel::BLUNDER;
  if (drop >= 0.2 - EPS) return MoveLabel::MISTAKE;
  if (drop >= 0.1 - EPS) return MoveLabel::INACCURACY;
  return MoveLabel::NONE;
}

int centipawn_loss(int before, int after, Color mover) {
  const int sign = mover == WHITE ? 1 : -1;
  return std::max(0, sign * (before - after));
}

std::string_view label_name(MoveLabel label) {
  switch (label) {
    case MoveLabel::INACCURACY:
      return "inaccuracy";
    case MoveLabel::MISTAKE:
      return "mistake";
    case MoveLabel::BLUNDER:
      return "blunder";
    case MoveLabel::NONE:
      break;
  }
  return "";
}

int label_nag(MoveLabel label) {
  switch (label) {
    case MoveLabel::INACCURACY:
      return 6;
    case MoveLabel::MISTAKE:
      return 2;
    case MoveLabel::BLUNDER:
      return 4;
    case MoveLabel::NONE:
      break;
  }
  return 0;
}

MoveLabel label_from_name(std::string_view name) {
  for (MoveLabel l : {MoveLabel::INACCURACY, MoveLabel::MISTAKE, MoveLabel::BLUNDER})
    if (label_name(l) == name) return l;
  return MoveLabel::NONE;
}

}  // namespace tabiya::server
