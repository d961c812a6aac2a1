// Position: make/unmake, incremental hashing, castling rights, move counters,
// checkers and pins, and the legality of the generated moves, all checked
// against brute-force definitions.
#include <gtest/gtest.h>

#include <array>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "notation/uci_reader.h"

namespace tabiya {
namespace {

Position from_fen(std::string_view fen) {
  auto result = parse_fen(fen);
  EXPECT_TRUE(result.ok()) << fen << ": " << (result.ok() ? "" : result.error().message);
  return result.ok() ? result.value() : Position::startpos();
}

// Chess960 mode, so castling is written king-takes-rook (b1a1).
Position from_fen960(std::string_view fen) {
  Position pos = from_fen(fen);
  pos.set_chess960(true);
  return pos;
}

// The legal move written `uci` (e1g1 / e1h1 for castling, as the position's mode writes it).
Move find_move(const Position& pos, std::string_view uci) {
  Result<Move, UciError> m = move_from_uci(pos, uci);
  if (m) return *m;
  ADD_FAILURE() << m.error().message << " in " << to_fen(pos);
  return Move::none();
}

Position after(const Position& pos, std::string_view uci) {
  Position next = pos;
  UndoInfo undo;
  next.do_move(find_move(pos, uci), undo);
  return next;
}

Bitboard bb(std::initializer_list<Square> squares) {
  Bitboard b = 0;
  for (Square s : squares) b |= square_bb(s);
  return b;
}

// FIDE 2014 Art. 3.9: the king is in check when attacked by an enemy piece,
// pins notwithstanding. Computed square by square from attackers_to.
Bitboard brute_force_checkers(const Position& pos) {
  const Color us = pos.side_to_move();
  return pos.attackers_to(pos.king_square(us)) & pos.pieces(~us);
}

// A piece of the side to move is pinned when taking it off the board lets a new
// enemy piece attack the king.
Bitboard brute_force_pinned(const Position& pos) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  const Bitboard attackers_now = pos.attackers_to(king) & pos.pieces(~us);
  Bitboard pinned = 0;
  Bitboard candidates = pos.pieces(us) & ~pos.pieces(us, KING);
  while (candidates) {
    const Square s = pop_lsb(candidates);
    const Bitboard attackers_without = pos.attackers_to(king, pos.pieces() ^ square_bb(s)) & pos.pieces(~us);
    if (attackers_without & ~attackers_now) pinned |= square_bb(s);
  }
  return pinned;
}

struct Snapshot {
  Key key;
  Bitboard checkers, pinned, castling_rooks, occupied;
  Square en_passant;
  int halfmove, fullmove;
  Color side;
  std::array<Piece, SQUARE_NB> board;

  explicit Snapshot(const Position& pos)
      : key(pos.key()),
        checkers(pos.checkers()),
        pinned(pos.pinned()),
        castling_rooks(pos.castling_rooks()),
        occupied(pos.pieces()),
        en_passant(pos.en_passant()),
        halfmove(pos.halfmove_clock()),
        fullmove(pos.fullmove_number()),
        side(pos.side_to_move()) {
    for (int s = 0; s < SQUARE_NB; ++s) board[s] = pos.piece_on(Square(s));
  }
  bool operator==(const Snapshot&) const = default;
};

// Visits every node to `depth`, checking at each one the cached facts against
// their definitions, and that undo_move restores the parent exactly.
struct TreeWalk {
  uint64_t nodes = 0;
  std::string root;

  void check_node(const Position& pos, bool with_fen) {
    ++nodes;
    ASSERT_EQ(pos.key(), pos.compute_key()) << to_fen(pos) << " (from " << root << ")";
    ASSERT_EQ(pos.checkers(), brute_force_checkers(pos)) << to_fen(pos);
    ASSERT_EQ(pos.pinned(), brute_force_pinned(pos)) << to_fen(pos);
    // Bitboards and the mailbox agree.
    for (int s = 0; s < SQUARE_NB; ++s) {
      const Piece p = pos.piece_on(Square(s));
      ASSERT_EQ(bool(pos.pieces() & square_bb(Square(s))), p != NO_PIECE) << to_fen(pos);
      if (p != NO_PIECE) {
        ASSERT_TRUE(pos.pieces(color_of(p), type_of(p)) & square_bb(Square(s))) << to_fen(pos);
      }
    }
    // The side that just moved is never left in check (FIDE 2014 Art. 3.9).
    const Color them = ~pos.side_to_move();
    ASSERT_FALSE(pos.attacked_by(pos.side_to_move(), pos.king_square(them), pos.pieces())) << to_fen(pos);
    if (!with_fen) return;
    // Writing and reading the FEN gives the same position.
    auto reparsed = parse_fen(to_fen(pos, CastlingFormat::SHREDDER));
    ASSERT_TRUE(reparsed.ok()) << to_fen(pos) << ": " << reparsed.error().message;
    ASSERT_EQ(reparsed.value().key(), pos.key()) << to_fen(pos);
  }

  void walk(Position& pos, int depth) {
    // The FEN round trip is slow: check it on inner nodes only.
    check_node(pos, depth > 0);
    if (depth == 0 || ::testing::Test::HasFatalFailure()) return;
    const Snapshot before(pos);
    const std::string fen = to_fen(pos, CastlingFormat::SHREDDER);
    for (Move m : legal_moves(pos)) {
      UndoInfo undo;
      pos.do_move(m, undo);
      walk(pos, depth - 1);
      pos.undo_move(m, undo);
      if (depth > 1) {
        ASSERT_EQ(to_fen(pos, CastlingFormat::SHREDDER), fen);
      }
      ASSERT_TRUE(Snapshot(pos) == before) << "undo of " << to_uci(m, pos) << " in " << fen;
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
};

const std::vector<std::string> WALK_POSITIONS = {
    std::string(START_FEN),
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Dbd - 0 14",
    "rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1",
    "4k3/8/8/8/8/8/8/rRK5 w B - 0 1",
    "8/8/8/K1pP3r/8/8/8/7k w - c6 0 1",
    "4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 1",
    "r1b1k3/1P6/K7/8/8/8/8/8 w - - 0 1",
    "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
};

TEST(Position, DoUndoRestoresEverythingToDepthThree) {
  for (const std::string& fen : WALK_POSITIONS) {
    Position pos = from_fen(fen);
    TreeWalk walk;
    walk.root = fen;
    walk.walk(pos, 3);
    if (HasFatalFailure()) return;
    EXPECT_GT(walk.nodes, 10u) << fen;
    EXPECT_EQ(to_fen(pos), to_fen(from_fen(fen)));
  }
}

// FIDE 2014 Art. 3.9 / 3.10.a: a move is legal only if it does not leave the own
// king attacked. Every generated move passes that test, and is_legal() accepts
// exactly the generated moves among all encodable moves.
TEST(Position, IsLegalAgreesWithTheGeneratedList) {
  for (const std::string& fen : WALK_POSITIONS) {
    Position pos = from_fen(fen);
    const MoveList list = legal_moves(pos);
    for (Move m : list) {
      EXPECT_TRUE(pos.is_legal(m)) << to_uci(m, pos) << " in " << fen;
      Position next = pos;
      UndoInfo undo;
      next.do_move(m, undo);
      EXPECT_FALSE(next.attacked_by(next.side_to_move(), next.king_square(pos.side_to_move()), next.pieces()))
          << to_uci(m, pos) << " leaves the king in check in " << fen;
    }
    for (int from = 0; from < 64; ++from)
      for (int to = 0; to < 64; ++to)
        for (MoveKind kind : {MoveKind::NORMAL, MoveKind::EN_PASSANT, MoveKind::CASTLING}) {
          const Move m = Move::make(kind, Square(from), Square(to));
          EXPECT_EQ(pos.is_legal(m), list.contains(m)) << fen << " " << from << "->" << to;
        }
    for (int from = 0; from < 64; ++from)
      for (int to = 0; to < 64; ++to)
        for (PieceType promo : {KNIGHT, BISHOP, ROOK, QUEEN}) {
          const Move m = Move::make(MoveKind::PROMOTION, Square(from), Square(to), promo);
          EXPECT_EQ(pos.is_legal(m), list.contains(m)) << fen << " " << from << "->" << to;
        }
  }
}

TEST(Position, NoMoveListContainsDuplicates) {
  for (const std::string& fen : WALK_POSITIONS) {
    const MoveList list = legal_moves(from_fen(fen));
    for (std::size_t i = 0; i < list.size(); ++i)
      for (std::size_t j = i + 1; j < list.size(); ++j) EXPECT_NE(list[i], list[j]) << fen;
  }
}

// --- Castling rights (FIDE 2014 Art. 3.8.b(1)) --------------------------------

TEST(Position, KingMoveLosesBothCastlingRights) {
  const Position pos = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const Position moved = after(pos, "e1e2");
  EXPECT_FALSE(moved.can_castle(WHITE, KING_SIDE));
  EXPECT_FALSE(moved.can_castle(WHITE, QUEEN_SIDE));
  EXPECT_TRUE(moved.can_castle(BLACK, KING_SIDE));
  EXPECT_TRUE(moved.can_castle(BLACK, QUEEN_SIDE));
  EXPECT_EQ(to_fen(moved), "r3k2r/8/8/8/8/8/4K3/R6R b kq - 1 1");
  // Going back to e1 does not bring the rights back.
  const Position back = after(after(moved, "a8b8"), "e2e1");
  EXPECT_EQ(to_fen(back), "1r2k2r/8/8/8/8/8/8/R3K2R b k - 3 2");
}

TEST(Position, RookMoveLosesThatSideOnly) {
  const Position pos = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const Position moved = after(pos, "h1h5");
  EXPECT_FALSE(moved.can_castle(WHITE, KING_SIDE));
  EXPECT_TRUE(moved.can_castle(WHITE, QUEEN_SIDE));
  EXPECT_EQ(to_fen(moved), "r3k2r/8/8/7R/8/8/8/R3K3 b Qkq - 1 1");
  const Position black_moved = after(moved, "a8a5");
  EXPECT_EQ(to_fen(black_moved), "4k2r/8/8/r6R/8/8/8/R3K3 w Qk - 2 2");
}

TEST(Position, RookCapturesRemoveRights) {
  // Ra1xa8 captures the a8 rook: white loses a-side (the rook moved), black loses a-side (its rook is gone).
  const Position pos = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const Position rook_takes = after(pos, "a1a8");
  EXPECT_EQ(to_fen(rook_takes), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
  // A bishop takes the h8 rook.
  const Position bishop = from_fen("r3k2r/8/8/8/8/8/1B6/R3K2R w KQkq - 0 1");
  EXPECT_EQ(to_fen(after(bishop, "b2h8")), "r3k2B/8/8/8/8/8/8/R3K2R b KQq - 0 1");
  // Chess960: the rook on b8 (right "b") is taken.
  const Position c960 = from_fen("1rk3r1/8/8/8/8/8/8/1RK3R1 w GBgb - 0 1");
  EXPECT_EQ(to_fen(after(c960, "b1b8"), CastlingFormat::SHREDDER), "1Rk3r1/8/8/8/8/8/8/2K3R1 b Gg - 0 1");
}

// FIDE 2014 Art. 3.8.b: the king moves two squares towards the rook, the rook
// jumps to the square the king crossed; then both rights are gone.
TEST(Position, StandardCastlingPlacesKingAndRook) {
  const Position pos = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(to_fen(after(pos, "e1g1")), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
  EXPECT_EQ(to_fen(after(pos, "e1c1")), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
  const Position black = from_fen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
  EXPECT_EQ(to_fen(after(black, "e8g8")), "r4rk1/8/8/8/8/8/8/R3K2R w KQ - 1 2");
  EXPECT_EQ(to_fen(after(black, "e8c8")), "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2");
  // Internally castling is "king takes own rook".
  const Move m = find_move(pos, "e1g1");
  EXPECT_EQ(m.kind(), MoveKind::CASTLING);
  EXPECT_EQ(m.from(), SQ_E1);
  EXPECT_EQ(m.to(), SQ_H1);
  EXPECT_EQ(to_uci(m, true), "e1h1");
}

// FIDE 2014 Appendix F.3: whatever the start squares, after castling king and
// rook stand where they would in standard chess (g1/f1 or c1/d1).
TEST(Position, Chess960CastlingKindsEndOnStandardSquares) {
  struct Case {
    const char* fen;
    const char* uci;
    const char* expected;
  };
  for (const Case& c : {
           Case{"4k3/8/8/8/8/8/8/4KR2 w F - 0 1", "e1f1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},  // king only
           Case{"4k3/8/8/8/8/8/8/6KR w H - 0 1", "g1h1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},   // rook only
           Case{"4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},  // swap
           Case{"4k3/8/8/8/8/8/8/2RK4 w C - 0 1", "d1c1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},  // swap, c side
           Case{"4k3/8/8/8/8/8/8/1RK5 w B - 0 1", "c1b1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},  // rook only, c side
           Case{"4k3/8/8/8/8/8/8/RK6 w A - 0 1", "b1a1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},   // king right, rook right
           Case{"rk5r/8/8/8/8/8/8/RK2R3 w EAha - 0 1", "b1e1", "rk5r/8/8/8/8/8/8/R4RK1 b ha - 1 1"},
           Case{"1k5r/8/8/8/8/8/8/RK4R1 w GAh - 0 1", "b1g1", "1k5r/8/8/8/8/8/8/R4RK1 b h - 1 1"},
       }) {
    const Position pos = from_fen960(c.fen);
    const Move m = find_move(pos, c.uci);
    EXPECT_EQ(m.kind(), MoveKind::CASTLING) << c.fen;
    EXPECT_EQ(to_fen(after(pos, c.uci), CastlingFormat::SHREDDER), c.expected) << c.fen;
    Position undone = pos;
    UndoInfo undo;
    undone.do_move(m, undo);
    EXPECT_EQ(undone.key(), undone.compute_key()) << c.fen;
    undone.undo_move(m, undo);
    EXPECT_EQ(to_fen(undone, CastlingFormat::SHREDDER), to_fen(pos, CastlingFormat::SHREDDER)) << c.fen;
    EXPECT_EQ(undone.key(), pos.key()) << c.fen;
  }
}

// FIDE 2014 Art. 3.8.b(2)(a): no castling out of, through or into check; the
// rook's path (b1 here) may be attacked.
TEST(Position, CastlingThroughAttackedSquares) {
  auto castlings = [](const Position& pos) {
    std::vector<std::string> out;
    for (Move m : legal_moves(pos))
      if (m.kind() == MoveKind::CASTLING) out.push_back(to_uci(m, pos));
    return out;
  };
  // f1 attacked: no O-O; b1 attacked: O-O-O still legal.
  EXPECT_EQ(castlings(from_fen("1r2kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1")), std::vector<std::string>{"e1c1"});
  // c1 and f1 attacked.
  EXPECT_TRUE(castlings(from_fen("2r1kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1")).empty());
  // g1 attacked (destination).
  EXPECT_EQ(castlings(from_fen("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1")), std::vector<std::string>{"e1c1"});
  // In check.
  EXPECT_TRUE(castlings(from_fen("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1")).empty());
  // A piece between king and rook (FIDE 2014 Art. 3.8.b(2)(b)).
  EXPECT_EQ(castlings(from_fen("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1")), std::vector<std::string>{"e1g1"});
  // Chess960: the rook lands on the attacked d1, the king only goes b1-c1: legal.
  EXPECT_EQ(castlings(from_fen960("3rk3/8/8/8/8/8/8/RK6 w A - 0 1")), std::vector<std::string>{"b1a1"});
  // Chess960: the king's destination c1 is attacked by the bishop on f4.
  EXPECT_TRUE(castlings(from_fen960("4k3/8/8/8/5b2/8/8/RK6 w A - 0 1")).empty());
  // Chess960: the king crosses e1, where its own castling rook stands but which the e8 rook attacks.
  EXPECT_EQ(castlings(from_fen960("rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1")), std::vector<std::string>{"b1a1"});
  // Chess960: the castling rook on b1 shields the king on c1 from the a1 rook; after Rb1-d1 it would not.
  EXPECT_TRUE(castlings(from_fen960("4k3/8/8/8/8/8/8/rRK5 w B - 0 1")).empty());
  EXPECT_EQ(castlings(from_fen960("4k3/8/8/8/8/8/8/1RK5 w B - 0 1")), std::vector<std::string>{"c1b1"});
}

// --- Move counters (FIDE 2014 Art. 9.3: pawn moves and captures) -------------

TEST(Position, HalfmoveClockResetsOnPawnMovesAndCaptures) {
  const Position pos = from_fen("4k3/8/8/3p4/8/2N5/4P3/4K3 w - - 12 30");
  EXPECT_EQ(after(pos, "c3b5").halfmove_clock(), 13);  // quiet piece move
  EXPECT_EQ(after(pos, "e2e4").halfmove_clock(), 0);   // pawn move
  EXPECT_EQ(after(pos, "e2e3").halfmove_clock(), 0);
  EXPECT_EQ(after(pos, "c3d5").halfmove_clock(), 0);  // capture
  EXPECT_EQ(after(pos, "e1d1").halfmove_clock(), 13);
  // Castling is not a pawn move or capture.
  EXPECT_EQ(after(from_fen("4k3/8/8/8/8/8/8/4K2R w K - 5 9"), "e1g1").halfmove_clock(), 6);
}

TEST(Position, FullmoveNumberIncrementsAfterBlack) {
  const Position white = from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 7");
  const Position after_white = after(white, "e1e2");
  EXPECT_EQ(after_white.fullmove_number(), 7);
  EXPECT_EQ(after_white.side_to_move(), BLACK);
  const Position after_black = after(after_white, "e8e7");
  EXPECT_EQ(after_black.fullmove_number(), 8);
  EXPECT_EQ(after_black.side_to_move(), WHITE);
}

// --- En passant and promotion ------------------------------------------------

// FIDE 2014 Art. 3.7.d: en passant only right after the double step.
TEST(Position, EnPassantCaptureAndExpiry) {
  const Position pos = from_fen("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
  const Position pushed = after(pos, "d7d5");
  EXPECT_EQ(pushed.en_passant(), SQ_D6);
  EXPECT_EQ(to_fen(pushed), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  const Position captured = after(pushed, "e5d6");
  EXPECT_EQ(to_fen(captured), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
  EXPECT_EQ(find_move(pushed, "e5d6").kind(), MoveKind::EN_PASSANT);
  EXPECT_TRUE(pushed.is_capture(find_move(pushed, "e5d6")));
  // One tempo later the right is gone.
  const Position waited = after(after(pushed, "e1e2"), "e8e7");
  EXPECT_EQ(waited.en_passant(), SQ_NONE);
  for (Move m : legal_moves(waited)) EXPECT_NE(m.kind(), MoveKind::EN_PASSANT);
  // A double step with no enemy pawn beside it leaves no en passant square (Art. 9.2 identity).
  EXPECT_EQ(after(Position::startpos(), "e2e4").en_passant(), SQ_NONE);
  EXPECT_EQ(to_fen(after(Position::startpos(), "e2e4")), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

// FIDE 2014 Art. 3.7.e: promotion to queen, rook, bishop or knight, with immediate effect.
TEST(Position, PromotionChoicesAndEffect) {
  const Position pos = from_fen("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  int promotions = 0;
  for (Move m : legal_moves(pos))
    if (m.kind() == MoveKind::PROMOTION) ++promotions;
  EXPECT_EQ(promotions, 8);  // a8 and axb8, four pieces each
  const Position queen = after(pos, "a7b8q");
  EXPECT_EQ(to_fen(queen), "1Q2k3/8/8/8/8/8/8/4K3 b - - 0 1");
  EXPECT_TRUE(queen.in_check());
  EXPECT_EQ(queen.checkers(), bb({SQ_B8}));
  const Position knight = after(pos, "a7b8n");
  EXPECT_EQ(to_fen(knight), "1N2k3/8/8/8/8/8/8/4K3 b - - 0 1");
  EXPECT_FALSE(knight.in_check());
  EXPECT_EQ(to_fen(after(pos, "a7a8r")), "Rr2k3/8/8/8/8/8/8/4K3 b - - 0 1");
  EXPECT_FALSE(after(pos, "a7a8r").in_check());  // the b8 rook blocks the a8 rook
}

// --- Checkers and pins in sample positions -----------------------------------

TEST(Position, CheckersAndPinnedInSamplePositions) {
  // Double check from a rook and a knight.
  const Position dbl = from_fen("4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1");
  EXPECT_EQ(dbl.checkers(), bb({SQ_A1, SQ_D3}));
  EXPECT_TRUE(dbl.in_check());
  // In double check only the king moves.
  for (Move m : legal_moves(dbl)) EXPECT_EQ(m.from(), SQ_E1);

  // Pins along a file and both halves of a rank; on the a5-e1 diagonal two
  // white pieces (b4, c3) block, so neither is pinned.
  const Position pins = from_fen("4r2k/8/8/b7/1P6/2N5/4N3/r2RKN1q w - - 0 1");
  EXPECT_EQ(pins.checkers(), 0u);
  EXPECT_EQ(pins.pinned(), bb({SQ_E2, SQ_D1, SQ_F1}));
  // A pinned piece moves along the pin line only: the e2 knight cannot move at all.
  for (Move m : legal_moves(pins)) EXPECT_NE(m.from(), SQ_E2);

  // Pinned pieces still give check (FIDE 2014 Art. 3.9): the black knight on d3
  // is pinned to its king on d8 by the rook on d1, yet it checks the king on e1.
  const Position pinned_checker = from_fen("3k4/8/8/8/8/3n4/8/3RK3 w - - 0 1");
  EXPECT_EQ(pinned_checker.checkers(), bb({SQ_D3}));

  EXPECT_EQ(Position::startpos().checkers(), 0u);
  EXPECT_EQ(Position::startpos().pinned(), 0u);
}

TEST(Position, AttackedByHonoursOccupancy) {
  const Position pos = from_fen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
  EXPECT_TRUE(pos.attacked_by(BLACK, SQ_D1, pos.pieces()));
  // Seen through the king once it is removed (the king cannot step away along the line).
  EXPECT_FALSE(pos.attacked_by(BLACK, SQ_F1, pos.pieces()));
  EXPECT_TRUE(pos.attacked_by(BLACK, SQ_F1, pos.pieces() ^ square_bb(SQ_E1)));
  EXPECT_FALSE(pos.attacked_by(WHITE, SQ_A1, pos.pieces()));
}

TEST(Position, CheckmateAndStalemate) {
  // FIDE 2014 Art. 1.2 checkmate, Art. 5.2.a stalemate.
  EXPECT_TRUE(is_checkmate(from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")));
  EXPECT_TRUE(is_stalemate(from_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")));
  EXPECT_FALSE(is_checkmate(Position::startpos()));
  EXPECT_FALSE(is_stalemate(Position::startpos()));
}

}  // namespace
}  // namespace tabiya
