#include "notation/board_diagram.h"

#include <gtest/gtest.h>

#include "core/fen.h"

namespace tabiya {
namespace {

TEST(BoardDiagram, StartPositionInFigurinesFromWhite) {
  EXPECT_EQ(board_diagram(Position::startpos()),
            "   a b c d e f g h\n"
            " 8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜ 8\n"
            " 7 ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟ 7\n"
            " 6 · · · · · · · · 6\n"
            " 5 · · · · · · · · 5\n"
            " 4 · · · · · · · · 4\n"
            " 3 · · · · · · · · 3\n"
            " 2 ♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙ 2\n"
            " 1 ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖ 1\n"
            "   a b c d e f g h\n");
}

TEST(BoardDiagram, StartPositionInAsciiFromWhite) {
  EXPECT_EQ(board_diagram(Position::startpos(), {DiagramStyle::ASCII, WHITE}),
            "   a b c d e f g h\n"
            " 8 r n b q k b n r 8\n"
            " 7 p p p p p p p p 7\n"
            " 6 . . . . . . . . 6\n"
            " 5 . . . . . . . . 5\n"
            " 4 . . . . . . . . 4\n"
            " 3 . . . . . . . . 3\n"
            " 2 P P P P P P P P 2\n"
            " 1 R N B Q K B N R 1\n"
            "   a b c d e f g h\n");
}

TEST(BoardDiagram, FlippedPutsRankOneOnTopAndFileHOnTheLeft) {
  EXPECT_EQ(board_diagram(Position::startpos(), {DiagramStyle::ASCII, BLACK}),
            "   h g f e d c b a\n"
            " 1 R N B K Q B N R 1\n"
            " 2 P P P P P P P P 2\n"
            " 3 . . . . . . . . 3\n"
            " 4 . . . . . . . . 4\n"
            " 5 . . . . . . . . 5\n"
            " 6 . . . . . . . . 6\n"
            " 7 p p p p p p p p 7\n"
            " 8 r n b k q b n r 8\n"
            "   h g f e d c b a\n");
}

TEST(BoardDiagram, FlippedFigurines) {
  EXPECT_EQ(board_diagram(Position::startpos(), {DiagramStyle::UNICODE, BLACK}),
            "   h g f e d c b a\n"
            " 1 ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖ 1\n"
            " 2 ♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙ 2\n"
            " 3 · · · · · · · · 3\n"
            " 4 · · · · · · · · 4\n"
            " 5 · · · · · · · · 5\n"
            " 6 · · · · · · · · 6\n"
            " 7 ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟ 7\n"
            " 8 ♜ ♞ ♝ ♚ ♛ ♝ ♞ ♜ 8\n"
            "   h g f e d c b a\n");
}

TEST(BoardDiagram, PiecesLandOnTheirSquares) {
  // An asymmetric position catches swapped files or ranks.
  auto pos = parse_fen("4k3/8/8/3n4/8/8/1P6/R3K3 w Q - 0 1");
  ASSERT_TRUE(pos.ok()) << pos.error().message;
  EXPECT_EQ(board_diagram(*pos, {DiagramStyle::ASCII, WHITE}),
            "   a b c d e f g h\n"
            " 8 . . . . k . . . 8\n"
            " 7 . . . . . . . . 7\n"
            " 6 . . . . . . . . 6\n"
            " 5 . . . n . . . . 5\n"
            " 4 . . . . . . . . 4\n"
            " 3 . . . . . . . . 3\n"
            " 2 . P . . . . . . 2\n"
            " 1 R . . . K . . . 1\n"
            "   a b c d e f g h\n");
  EXPECT_EQ(board_diagram(*pos, {DiagramStyle::UNICODE, BLACK}),
            "   h g f e d c b a\n"
            " 1 · · · ♔ · · · ♖ 1\n"
            " 2 · · · · · · ♙ · 2\n"
            " 3 · · · · · · · · 3\n"
            " 4 · · · · · · · · 4\n"
            " 5 · · · · ♞ · · · 5\n"
            " 6 · · · · · · · · 6\n"
            " 7 · · · · · · · · 7\n"
            " 8 · · · ♚ · · · · 8\n"
            "   h g f e d c b a\n");
}

TEST(BoardDiagram, SymbolsForEveryPiece) {
  EXPECT_EQ(diagram_symbol(W_KING, DiagramStyle::UNICODE), "♔");
  EXPECT_EQ(diagram_symbol(W_QUEEN, DiagramStyle::UNICODE), "♕");
  EXPECT_EQ(diagram_symbol(W_ROOK, DiagramStyle::UNICODE), "♖");
  EXPECT_EQ(diagram_symbol(W_BISHOP, DiagramStyle::UNICODE), "♗");
  EXPECT_EQ(diagram_symbol(W_KNIGHT, DiagramStyle::UNICODE), "♘");
  EXPECT_EQ(diagram_symbol(W_PAWN, DiagramStyle::UNICODE), "♙");
  EXPECT_EQ(diagram_symbol(B_KING, DiagramStyle::UNICODE), "♚");
  EXPECT_EQ(diagram_symbol(B_QUEEN, DiagramStyle::UNICODE), "♛");
  EXPECT_EQ(diagram_symbol(B_ROOK, DiagramStyle::UNICODE), "♜");
  EXPECT_EQ(diagram_symbol(B_BISHOP, DiagramStyle::UNICODE), "♝");
  EXPECT_EQ(diagram_symbol(B_KNIGHT, DiagramStyle::UNICODE), "♞");
  EXPECT_EQ(diagram_symbol(B_PAWN, DiagramStyle::UNICODE), "♟");
  EXPECT_EQ(diagram_symbol(NO_PIECE, DiagramStyle::UNICODE), "·");
  EXPECT_EQ(diagram_symbol(W_KING, DiagramStyle::ASCII), "K");
  EXPECT_EQ(diagram_symbol(B_KNIGHT, DiagramStyle::ASCII), "n");
  EXPECT_EQ(diagram_symbol(NO_PIECE, DiagramStyle::ASCII), ".");
}

}  // namespace
}  // namespace tabiya
