#include "core/uci_move.h"

namespace tabiya {

std::string to_uci(Move m, bool chess960) {
  if (!m.is_ok()) return "0000";
  Square to = m.to();
  if (m.kind() == MoveKind::CASTLING && !chess960) {
    Color c = rank_of(m.from()) == RANK_1 ? WHITE : BLACK;
    to = Position::castling_king_to(c, m.from(), m.to());
  }
  std::string s = square_name(m.from()) + square_name(to);
  if (m.kind() == MoveKind::PROMOTION) s += " nbrq"[m.promotion() - 1];
  return s;
}

}  // namespace tabiya
