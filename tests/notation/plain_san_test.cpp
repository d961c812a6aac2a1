// The fast road for plain SAN (notation/plain_san.h) against the general
// code that lists every legal move: the same moves, the same answers.
#include "notation/plain_san.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "notation/move_reader.h"
#include "notation/san.h"

namespace tabiya {
namespace {

// Positions met in play: random games from the start and from a few set-ups
// with promotions, en passant, pins and checks close at hand.
std::vector<Position> sample_positions() {
  std::vector<Position> out;
  const std::string_view fens[] = {
      START_FEN,
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  // "kiwipete"
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",                             // en passant pins
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",      // promotions both sides
      "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",                               // promotions with captures
      "k7/8/8/2Q1Q3/8/2Q1Q3/8/4K3 w - - 0 1",                                  // four queens: C.10 both coordinates
      "3k4/8/8/8/1N3N2/8/1N3N2/4K3 w - - 0 1",                                 // four knights
  };
  std::mt19937 rng(20261124);
  for (std::string_view fen : fens) {
    Result<Position> start = parse_fen(fen);
    EXPECT_TRUE(start.ok()) << fen;
    if (!start.ok()) continue;
    for (int game = 0; game < 6; ++game) {
      Position pos = *start;
      for (int ply = 0; ply < 100; ++ply) {
        out.push_back(pos);
        MoveList moves = legal_moves(pos);
        if (moves.empty()) break;
        UndoInfo undo;
        pos.do_move(moves[rng() % moves.size()], undo);
      }
    }
  }
  return out;
}

std::vector<Move> sorted(std::vector<Move> moves) {
  std::sort(moves.begin(), moves.end(), [](Move a, Move b) { return a.raw() < b.raw(); });
  return moves;
}

// The ways people and programs write one move that the fast road may read.
std::vector<std::string> spellings(const Position& pos, Move m) {
  std::string san = to_san(pos, m);
  std::vector<std::string> out = {san};
  std::string plain = san;
  std::erase(plain, 'x');
  out.push_back(plain);  // x left out
  std::string bare = san;
  while (!bare.empty() && (bare.back() == '+' || bare.back() == '#')) bare.pop_back();
  out.push_back(bare);
  const PieceType pt = pos.moved_piece_type(m);
  const std::string from = square_name(m.from()), to = square_name(m.to());
  const std::string letters = " NBRQK";
  if (pt != PAWN && m.kind() != MoveKind::CASTLING) {
    std::string letter(1, letters[pt]);
    out.push_back(letter + from + to);               // over-specified: Ng1f3
    out.push_back(letter + from.substr(0, 1) + to);  // Ngf3
    out.push_back(letter + from.substr(1, 1) + "x" + to);
    out.push_back(letter + to);  // under-specified: ambiguous when there is a twin
  }
  if (pt == PAWN) {
    out.push_back(to);                      // exd5 written as d5
    out.push_back(from.substr(0, 1) + to);  // ed5
    out.push_back(from + to);               // e2e4: not plain SAN
    if (m.kind() == MoveKind::PROMOTION) {
      std::string piece(1, letters[m.promotion()]);
      out.push_back(to + piece);  // e8Q
      out.push_back(from.substr(0, 1) + "x" + to + "=" + piece + "+");
      out.push_back(to + "=K");  // no such promotion
    }
  }
  return out;
}

// legal_moves_to() lists exactly the legal moves of that piece type to that
// square, castling aside.
TEST(PlainSan, LegalMovesToMatchTheFullList) {
  for (const Position& pos : sample_positions()) {
    MoveList all = legal_moves(pos);
    for (PieceType pt : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING}) {
      for (int s = 0; s < 64; ++s) {
        const Square to = Square(s);
        std::vector<Move> expected;
        for (Move m : all)
          if (m.kind() != MoveKind::CASTLING && m.to() == to && pos.moved_piece_type(m) == pt) expected.push_back(m);
        MoveList list;
        legal_moves_to(pos, pt, to, list);
        std::vector<Move> got(list.begin(), list.end());
        ASSERT_EQ(sorted(got), sorted(expected))
            << to_fen(pos) << " piece type " << int(pt) << " to " << square_name(to);
      }
    }
  }
}

// is_legal_move() answers as the full list does, for every move that can be
// encoded: all departure and arrival squares, every kind and promotion piece.
TEST(PlainSan, IsLegalMoveMatchesTheFullList) {
  const std::vector<Position> positions = sample_positions();
  for (std::size_t i = 0; i < positions.size(); i += 40) {
    const Position& pos = positions[i];
    const MoveList all = legal_moves(pos);
    for (int from = 0; from < 64; ++from)
      for (int to = 0; to < 64; ++to) {
        const Square f = Square(from), t = Square(to);
        const Move candidates[] = {Move(f, t), Move::make(MoveKind::EN_PASSANT, f, t),
                                   Move::make(MoveKind::CASTLING, f, t), Move::make(MoveKind::PROMOTION, f, t, QUEEN),
                                   Move::make(MoveKind::PROMOTION, f, t, KNIGHT)};
        for (Move m : candidates)
          ASSERT_EQ(is_legal_move(pos, m), all.contains(m))
              << to_fen(pos) << " " << square_name(f) << square_name(t) << " kind " << int(m.kind());
      }
  }
}

// has_legal_move() is count_legal() > 0, in random games and in mates and
// stalemates (FIDE Art. 5.1.1, 5.2.1) with king, knight and other last moves.
TEST(PlainSan, HasLegalMoveMatchesTheCount) {
  for (const Position& pos : sample_positions()) ASSERT_EQ(has_legal_move(pos), count_legal(pos) > 0) << to_fen(pos);
  const std::string_view ends[] = {
      "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",  // fool's mate
      "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                                 // stalemate
      "7k/5Q2/6K1/8/8/8/8/n7 b - - 0 1",                                // the knight moves
      "7k/5Q2/6K1/8/8/8/p7/8 b - - 0 1",                                // the pawn moves
      "k7/8/1K6/8/8/8/8/1R5n b - - 0 1",                                // the knight is free, the king not
      "3rkr2/8/8/8/8/8/8/1b1NK3 w - - 0 1",                             // the knight is pinned: stalemate?
  };
  for (std::string_view fen : ends) {
    Result<Position> pos = parse_fen(fen);
    ASSERT_TRUE(pos.ok()) << fen;
    EXPECT_EQ(has_legal_move(*pos), count_legal(*pos) > 0) << fen;
  }
}

// Whatever the fast road reads, the general reader reads the same; and the
// SAN tabiya writes is always read by the fast road (castling aside).
TEST(PlainSan, ReadsWhatTheGeneralReaderReads) {
  int fast = 0, general_only = 0;
  const std::vector<Position> positions = sample_positions();
  for (std::size_t i = 0; i < positions.size(); i += 4) {
    const Position& pos = positions[i];
    for (Move m : legal_moves(pos)) {
      if (m.kind() != MoveKind::CASTLING) {
        std::optional<Move> own = read_plain_san(pos, to_san(pos, m));
        ASSERT_TRUE(own.has_value()) << to_fen(pos) << " " << to_san(pos, m);
        EXPECT_EQ(*own, m) << to_fen(pos) << " " << to_san(pos, m);
      }
      for (const std::string& text : spellings(pos, m)) {
        std::optional<Move> quick = read_plain_san(pos, text);
        Result<Move, MoveError> general = parse_move_by_listing(pos, text);
        if (quick) {
          ++fast;
          ASSERT_TRUE(general.ok()) << to_fen(pos) << " \"" << text << "\": " << general.error().message;
          ASSERT_EQ(*quick, *general) << to_fen(pos) << " \"" << text << "\"";
        } else {
          general_only += general.ok();
        }
        // parse_move() is the two together: always the general answer.
        Result<Move, MoveError> both = parse_move(pos, text);
        ASSERT_EQ(both.ok(), general.ok()) << to_fen(pos) << " \"" << text << "\"";
        if (both.ok()) EXPECT_EQ(*both, *general);
        else EXPECT_EQ(both.error().message, general.error().message);
      }
    }
  }
  EXPECT_GT(fast, 10 * general_only);  // the fast road carries nearly everything
}

// Random strings over SAN's alphabet: the fast road never reads one the
// general reader refuses or reads otherwise.
TEST(PlainSan, NeverDisagreesOnRandomText) {
  const std::string alphabet = "NBRQKPabcdefgh12345678x=+#-O";
  std::mt19937 rng(13);
  const std::vector<Position> positions = sample_positions();
  for (int i = 0; i < 100000; ++i) {
    const Position& pos = positions[rng() % positions.size()];
    std::string text;
    const int length = 2 + int(rng() % 6);
    for (int k = 0; k < length; ++k) text += alphabet[rng() % alphabet.size()];
    std::optional<Move> quick = read_plain_san(pos, text);
    if (!quick) continue;
    Result<Move, MoveError> general = parse_move_by_listing(pos, text);
    ASSERT_TRUE(general.ok()) << to_fen(pos) << " \"" << text << "\": " << general.error().message;
    ASSERT_EQ(*quick, *general) << to_fen(pos) << " \"" << text << "\"";
  }
}

// Other languages keep their own letters: in Russian the Latin K stands for
// К, the knight, so Kd2 is the knight's move there and the king's in English.
TEST(PlainSan, OnlyEnglishTakesTheFastRoad) {
  Result<Position> pos = parse_fen("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1");
  ASSERT_TRUE(pos.ok());
  Result<Move, MoveError> english = parse_move(*pos, "Kd2");
  ASSERT_TRUE(english.ok());
  EXPECT_EQ(pos->moved_piece_type(*english), KING);
  MoveReadOptions russian;
  russian.language = Language::RU;
  Result<Move, MoveError> knight = parse_move(*pos, "Kd2", russian);
  ASSERT_TRUE(knight.ok());
  EXPECT_EQ(pos->moved_piece_type(*knight), KNIGHT);
}

}  // namespace
}  // namespace tabiya
