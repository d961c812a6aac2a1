#include "notation/board_diagram.h"

#include <array>

namespace tabiya {

std::string_view diagram_symbol(Piece piece, DiagramStyle style) {
  // Indexed by PieceType: none, pawn, knight, bishop, rook, queen, king.
  static constexpr std::array<std::string_view, PIECE_TYPE_NB> WHITE_FIGURINES = {"·", "♙", "♘", "♗", "♖", "♕", "♔"};
  static constexpr std::array<std::string_view, PIECE_TYPE_NB> BLACK_FIGURINES = {"·", "♟", "♞", "♝", "♜", "♛", "♚"};
  static constexpr std::array<std::string_view, PIECE_TYPE_NB> WHITE_LETTERS = {".", "P", "N", "B", "R", "Q", "K"};
  static constexpr std::array<std::string_view, PIECE_TYPE_NB> BLACK_LETTERS = {".", "p", "n", "b", "r", "q", "k"};

  const PieceType type = piece == NO_PIECE ? NO_PIECE_TYPE : type_of(piece);
  const bool black = piece != NO_PIECE && color_of(piece) == BLACK;
  if (style == DiagramStyle::ASCII) return black ? BLACK_LETTERS[type] : WHITE_LETTERS[type];
  return black ? BLACK_FIGURINES[type] : WHITE_FIGURINES[type];
}

std::string board_diagram(const Position& pos, const DiagramOptions& options) {
  const bool white_bottom = options.bottom == WHITE;

  std::string files = "  ";
  for (int i = 0; i < FILE_NB; ++i) {
    const int file = white_bottom ? i : FILE_NB - 1 - i;
    files += ' ';
    files += char('a' + file);
  }
  files += '\n';

  std::string text = files;
  for (int row = 0; row < RANK_NB; ++row) {
    // Top row is rank 8 when White is at the bottom, rank 1 otherwise.
    const Rank rank = Rank(white_bottom ? RANK_8 - row : row);
    const char rank_label = char('1' + rank);
    text += ' ';
    text += rank_label;
    for (int i = 0; i < FILE_NB; ++i) {
      const File file = File(white_bottom ? i : FILE_NB - 1 - i);
      text += ' ';
      text += diagram_symbol(pos.piece_on(make_square(file, rank)), options.style);
    }
    text += ' ';
    text += rank_label;
    text += '\n';
  }
  text += files;
  return text;
}

}  // namespace tabiya
