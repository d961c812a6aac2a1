#include "notation/iccf_numeric.h"

namespace tabiya {

namespace {

bool is_ascii_digit(char32_t c) { return c >= U'0' && c <= U'9'; }

// The ICCF promotion digits, 1 to 4.
constexpr PieceType PROMOTION_BY_DIGIT[4] = {QUEEN, ROOK, BISHOP, KNIGHT};

char promotion_digit(PieceType pt) {
  for (int i = 0; i < 4; ++i)
    if (PROMOTION_BY_DIGIT[i] == pt) return char('1' + i);
  return '?';
}

std::string square_digits(Square s) { return {char('1' + file_of(s)), char('1' + rank_of(s))}; }

}  // namespace

bool looks_like_iccf_numeric(std::u32string_view text) {
  if (text.size() != 4 && text.size() != 5) return false;
  for (char32_t c : text)
    if (!is_ascii_digit(c)) return false;
  return true;
}

Result<IccfNumericMove, std::string> read_iccf_numeric(std::u32string_view text) {
  if (!looks_like_iccf_numeric(text)) return std::string("a numeric move has 4 or 5 digits");
  int digit[5] = {};
  for (std::size_t i = 0; i < text.size(); ++i) digit[i] = int(text[i] - U'0');
  static constexpr const char* PART[4] = {"departure file", "departure rank", "arrival file", "arrival rank"};
  for (int i = 0; i < 4; ++i)
    if (digit[i] < 1 || digit[i] > 8)
      return std::string("digit ") + std::to_string(i + 1) + " (" + PART[i] +
             ") must be 1 to 8 in ICCF numeric notation";
  IccfNumericMove move;
  move.from = make_square(File(digit[0] - 1), Rank(digit[1] - 1));
  move.to = make_square(File(digit[2] - 1), Rank(digit[3] - 1));
  if (text.size() == 5) {
    if (digit[4] < 1 || digit[4] > 4)
      return std::string("the fifth digit names the promotion piece: 1 queen, 2 rook, 3 bishop, 4 knight");
    move.promotion = PROMOTION_BY_DIGIT[digit[4] - 1];
  }
  return move;
}

std::string to_iccf_numeric(const Position& pos, Move m) {
  Square to = m.to();
  if (m.kind() == MoveKind::CASTLING) {
    const Square king_to = Position::castling_king_to(pos.side_to_move(), m.from(), m.to());
    if (king_to != m.from()) to = king_to;
  }
  std::string out = square_digits(m.from()) + square_digits(to);
  if (m.kind() == MoveKind::PROMOTION) out += promotion_digit(m.promotion());
  return out;
}

}  // namespace tabiya
