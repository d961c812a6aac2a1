// The material rules in insufficient_material(), shown by counting.
// The rule "a lone knight or bishop never mates a king that has only
// a queen (or, against a bishop, only a rook)" in insufficient_material()
// (FIDE 2014 Art. 5.2.b, 6.9: no series of legal moves can end in mate), shown
// here by counting every checkmate such material allows: none. The census
// only uses the move generator's own notion of checkmate, so it also checks
// the reasoning in the rule's comment (the loser's one piece fills the last
// flight and from there always takes the minor). Nearby materials that do
// allow mates (knight against rook, bishop against knight) keep the census
// honest: it finds their mates.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "core/fen.h"
#include "core/movegen.h"
#include "laws/unwinnability_static.h"

#include "game_test_support.h"

namespace tabiya {
namespace {

char letter(PieceType pt) { return "?PNBRQK"[pt]; }

std::string fen_of(const char (&board)[64]) {
  return game_test::placement_fen(std::string_view(board, 64)) + " b - - 0 1";
}

// Checkmates of Black (to move) by White's king and one `minor` against
// Black's king and one `man`, over every placement. Only the minor can give
// check; the black man fills at most one flight, so placements that leave two
// flights neither White man attacks (attacks computed without the black man,
// which can only block them) are skipped without a test.
int census(PieceType minor, PieceType man) {
  int mates = 0;
  for (int k = 0; k < 64; ++k) {
    for (int p = 0; p < 64; ++p) {
      if (p == k || !(piece_attacks(minor, Square(p), 0) & square_bb(Square(k)))) continue;
      for (int w = 0; w < 64; ++w) {
        if (w == k || w == p || (king_attacks(Square(k)) & square_bb(Square(w)))) continue;
        Bitboard cover = king_attacks(Square(w)) | piece_attacks(minor, Square(p), square_bb(Square(w)));
        Bitboard open = king_attacks(Square(k)) & ~square_bb(Square(p)) & ~cover;
        if (more_than_one(open)) continue;
        Bitboard candidates = open ? open : ~Bitboard(0);
        while (candidates) {
          int x = pop_lsb(candidates);
          if (x == k || x == p || x == w) continue;
          char board[64];
          std::fill(board, board + 64, '.');
          board[k] = 'k', board[w] = 'K', board[p] = letter(minor), board[x] = char(letter(man) - 'A' + 'a');
          auto pos = parse_fen(fen_of(board));
          if (!pos.ok() || !pos->in_check()) continue;  // illegal (White's king in check) or no check
          if (count_legal(*pos) == 0) ++mates;
        }
      }
    }
  }
  return mates;
}

TEST(MaterialCensus, LoneMinorNeverMatesALoneQueenOrABishopALoneRook) {
  EXPECT_EQ(census(KNIGHT, QUEEN), 0);
  EXPECT_EQ(census(BISHOP, QUEEN), 0);
  EXPECT_EQ(census(BISHOP, ROOK), 0);
  // The census finds mates where they exist: the loser's piece blocks its
  // own king in a corner (e.g. Ka1, Rb1 against Ka3, Nc2).
  EXPECT_GT(census(KNIGHT, ROOK), 0);
  EXPECT_GT(census(KNIGHT, KNIGHT), 0);
  EXPECT_GT(census(BISHOP, KNIGHT), 0);
  EXPECT_GT(census(BISHOP, BISHOP), 0);  // bishops on opposite colours
}

TEST(MaterialCensus, InsufficientMaterialUsesIt) {
  auto material = [](const char* fen, Color winner) {
    auto pos = parse_fen(fen);
    EXPECT_TRUE(pos.ok()) << fen;
    return pos.ok() && insufficient_material(*pos, winner);
  };
  EXPECT_TRUE(material("8/3q4/N5k1/8/8/8/5K2/8 b - - 0 1", WHITE));
  EXPECT_TRUE(material("8/8/5q2/5k2/8/3K4/2B5/8 b - - 0 1", WHITE));
  EXPECT_TRUE(material("6K1/8/4k3/B7/8/8/4r3/8 w - - 0 1", WHITE));
  EXPECT_FALSE(material("6K1/8/4k3/B7/8/8/4r3/8 w - - 0 1", BLACK));   // the rook mates with the bishop's help
  EXPECT_FALSE(material("6K1/8/4k3/N7/8/8/4r3/8 w - - 0 1", WHITE));   // K+N v K+R mates (Ka1, Rb1 v Ka3, Nc2)
  EXPECT_FALSE(material("6K1/8/4k3/B7/8/8/3pr3/8 w - - 0 1", WHITE));  // a pawn may still promote to a knight
  EXPECT_FALSE(material("6K1/8/4k3/B7/8/8/3nr3/8 w - - 0 1", WHITE));  // two men, one a knight
}

// The rule "bishops of one colour never mate a king whose only men are rooks,
// queens and bishops of that colour" in insufficient_material(), counted for
// one bishop against two such men: every placement where the bishop checks
// Black's king. The rule's argument says the two squares next to both the
// king and the checking line's first square are of the other colour and
// White's king covers at most one of them; the census checks that claim
// (no placement leaves both covered) and then counts the mates with a black
// man on each uncovered flight and the other anywhere: none.
int two_men_census(PieceType first, PieceType second, int& both_covered) {
  int mates = 0;
  both_covered = 0;
  for (int k = 0; k < 64; ++k) {
    for (int p = 0; p < 64; ++p) {
      if (p == k || !(piece_attacks(BISHOP, Square(p), 0) & square_bb(Square(k)))) continue;
      for (int w = 0; w < 64; ++w) {
        if (w == k || w == p || (king_attacks(Square(k)) & square_bb(Square(w)))) continue;
        Bitboard cover = king_attacks(Square(w)) | piece_attacks(BISHOP, Square(p), square_bb(Square(w)));
        Bitboard open = king_attacks(Square(k)) & ~square_bb(Square(p)) & ~cover;
        if (!open) ++both_covered;
        if (popcount(open) > 2) continue;  // two men fill at most two flights
        for (int x = 0; x < 64; ++x) {
          if (x == k || x == p || x == w) continue;
          Bitboard rest = open & ~square_bb(Square(x));
          if (popcount(rest) > 1) continue;
          Bitboard ys = rest ? rest : ~Bitboard(0);
          while (ys) {
            int y = pop_lsb(ys);
            if (y == k || y == p || y == w || y == x) continue;
            char board[64];
            std::fill(board, board + 64, '.');
            board[k] = 'k', board[w] = 'K', board[p] = 'B';
            board[x] = char(letter(first) - 'A' + 'a'), board[y] = char(letter(second) - 'A' + 'a');
            auto pos = parse_fen(fen_of(board));
            if (!pos.ok() || !pos->in_check()) continue;
            if (count_legal(*pos) == 0) ++mates;
          }
        }
      }
    }
  }
  return mates;
}

TEST(MaterialCensus, BishopNeverMatesRooksAndQueens) {
  int both_covered = 0;
  EXPECT_EQ(two_men_census(ROOK, ROOK, both_covered), 0);
  EXPECT_EQ(both_covered, 0);
  EXPECT_EQ(two_men_census(ROOK, QUEEN, both_covered), 0);
  EXPECT_EQ(two_men_census(QUEEN, QUEEN, both_covered), 0);
  // A knight among the loser's men does let the bishop mate (Ka8, Nb8 v Kb6, Bb7).
  EXPECT_GT(two_men_census(KNIGHT, ROOK, both_covered), 0);
}

TEST(MaterialCensus, OneColourBishopsRule) {
  auto material = [](const char* fen, Color winner) {
    auto pos = parse_fen(fen);
    EXPECT_TRUE(pos.ok()) << fen;
    return pos.ok() && insufficient_material(*pos, winner);
  };
  EXPECT_TRUE(material("kr6/1B6/1K6/8/8/8/8/8 b - - 0 1", WHITE));     // Rxb7 breaks the check
  EXPECT_TRUE(material("8/3b4/Bk6/r7/8/1K6/8/8 b - - 0 1", WHITE));    // light bishops only
  EXPECT_TRUE(material("8/k7/8/5R2/8/KB5b/8/8 w - - 0 1", BLACK));     // a rook and a light bishop
  EXPECT_FALSE(material("kn6/1B6/1K6/8/8/8/8/8 b - - 0 1", WHITE));    // that knight blocks: mate
  EXPECT_FALSE(material("kb6/1B6/1K6/8/8/8/8/8 b - - 0 1", WHITE));    // a dark bishop blocks: mate
  EXPECT_FALSE(material("k7/1B6/1K6/8/8/8/p7/8 b - - 0 1", WHITE));    // a pawn may promote to a knight
  EXPECT_FALSE(material("kr6/1B6/1K6/8/8/8/8/2B5 b - - 0 1", WHITE));  // bishops on both colours
  auto mated = parse_fen("kn6/1B6/1K6/8/8/8/8/8 b - - 0 1");
  ASSERT_TRUE(mated.ok());
  EXPECT_TRUE(is_checkmate(*mated));
  auto dark = parse_fen("kb6/1B6/1K6/8/8/8/8/8 b - - 0 1");
  ASSERT_TRUE(dark.ok());
  EXPECT_TRUE(is_checkmate(*dark));
}

}  // namespace
}  // namespace tabiya
