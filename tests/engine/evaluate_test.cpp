// The static evaluation: colour symmetry, sign convention, phase
// interpolation, endgame scaling, agreement with the tuner's linear trace,
// and a few pieces of chess knowledge the tuned weights must keep.
#include "engine/evaluate.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "engine/eval_trace.h"

namespace tabiya::engine {
namespace {

Position fen(const std::string& text) {
  auto pos = parse_fen(text);
  EXPECT_TRUE(pos.ok()) << text << ": " << (pos.ok() ? "" : pos.error().message);
  return pos.ok() ? *pos : Position::startpos();
}

// The same position with colours exchanged and the board mirrored top to
// bottom: White's pieces become Black's on the mirrored squares.
std::string flipped_fen(const std::string& text) {
  std::istringstream in(text);
  std::string placement, side, castling, ep, halfmove = "0", fullmove = "1";
  in >> placement >> side >> castling >> ep >> halfmove >> fullmove;
  std::vector<std::string> ranks;
  std::string rank;
  for (char c : placement + "/") {
    if (c == '/') {
      ranks.push_back(rank);
      rank.clear();
    } else {
      rank += std::isalpha(static_cast<unsigned char>(c)) ? char(c ^ 0x20) : c;  // swap case
    }
  }
  std::string out;
  for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) out += (out.empty() ? "" : "/") + *it;
  // Swapped case, White's rights first as FEN writes them.
  std::string white_rights, black_rights;
  for (char c : castling) {
    if (c == '-') continue;
    (std::islower(static_cast<unsigned char>(c)) ? white_rights : black_rights) += char(c ^ 0x20);
  }
  std::string swapped_castling = white_rights + black_rights;
  if (swapped_castling.empty()) swapped_castling = "-";
  if (ep != "-") ep[1] = ep[1] == '3' ? '6' : '3';
  return out + (side == "w" ? " b " : " w ") + swapped_castling + " " + ep + " " + halfmove + " " + fullmove;
}

// Positions from seeded random games, plus some hand-picked ones.
std::vector<std::string> sample_fens() {
  std::vector<std::string> fens = {
      std::string(START_FEN),
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
      "8/8/4kb2/8/2B5/3K4/5P2/8 b - - 0 50",
      "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
      "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
  };
  std::mt19937 rng(20261121);
  for (int game = 0; game < 40; ++game) {
    Position pos = Position::startpos();
    for (int ply = 0; ply < 120; ++ply) {
      MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      UndoInfo undo;
      pos.do_move(moves[rng() % moves.size()], undo);
      if (ply % 10 == 9) fens.push_back(to_fen(pos));
    }
  }
  return fens;
}

TEST(Evaluate, FlippedFenHelperMirrorsTheBoard) {
  EXPECT_EQ(flipped_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
            "rnbqkbnr/pppp1ppp/8/8/3PpP2/8/PPP1P1PP/RNBQKBNR b KQkq f3 0 3");
}

TEST(Evaluate, IsTheSameForTheColourFlippedPosition) {
  std::vector<std::string> fens = sample_fens();
  ASSERT_GT(fens.size(), 400u);
  for (const std::string& text : fens) {
    Position pos = fen(text), flipped = fen(flipped_fen(text));
    EXPECT_EQ(evaluate(pos), evaluate(flipped)) << text;
  }
}

TEST(Evaluate, TraceReproducesTheEvaluation) {
  for (const std::string& text : sample_fens()) {
    Position pos = fen(text);
    EvalTrace trace;
    int traced = evaluate_traced(pos, DEFAULT_EVAL_PARAMS, trace);
    EXPECT_EQ(traced, evaluate(pos)) << text;
    // The linear model the tuner uses, computed in floating point.
    double mg = 0, eg = 0;
    for (int i = 0; i < param::COUNT; ++i) {
      int count = trace.count[i][WHITE] - trace.count[i][BLACK];
      mg += count * DEFAULT_EVAL_PARAMS[i].mg;
      eg += count * DEFAULT_EVAL_PARAMS[i].eg;
    }
    double model = (mg * trace.phase + eg * trace.scale / FULL_SCALE * (MAX_PHASE - trace.phase)) / MAX_PHASE;
    double white_view = pos.side_to_move() == WHITE ? traced : -traced;
    EXPECT_NEAR(model, white_view, 2.0) << text;
  }
}

TEST(Evaluate, IsFromTheSideToMovesPointOfView) {
  // White has an extra queen.
  EXPECT_GT(evaluate(fen("4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1")), 500);
  EXPECT_LT(evaluate(fen("4k3/pppp4/8/8/8/8/PPPP4/3QK3 b - - 0 1")), -500);
  int start = evaluate(Position::startpos());
  EXPECT_GE(start, 0);  // the tempo
  EXPECT_LT(start, 50);
}

TEST(Evaluate, InterpolatesBetweenMiddlegameAndEndgameByPhase) {
  EvalParams params{};  // everything zero but the queen's value
  params[param::MATERIAL + QUEEN - PAWN] = {1000, 2000};
  // One queen on the board: phase 4 of 24.
  EXPECT_EQ(evaluate(fen("4k3/pppp4/8/8/8/8/4P3/3QK3 w - - 0 1"), params), (1000 * 4 + 2000 * 20) / 24);
  // Three queens: phase 12, halfway.
  EXPECT_EQ(evaluate(fen("3qk3/pppp4/8/8/8/8/4P3/2QQK3 w - - 0 1"), params), 1500);
  // Many pieces: the phase saturates at 24 (pure middlegame).
  EXPECT_EQ(evaluate(fen("qqqqk3/pppp4/8/8/8/8/4P3/QQQQK1Q1 b - - 0 1"), params), -1000);
}

TEST(Evaluate, ScalesDrawishEndgamesTowardsZero) {
  // A lone minor piece cannot win.
  EXPECT_LT(std::abs(evaluate(fen("4k3/8/8/8/8/8/8/4KN2 w - - 0 1"))), 30);
  EXPECT_LT(std::abs(evaluate(fen("4k3/8/8/8/8/8/8/2B1K3 b - - 0 1"))), 30);
  EXPECT_LT(std::abs(evaluate(fen("8/8/4k3/8/8/3K4/8/8 w - - 0 1"))), 30);
  // Rook against bishop without pawns is usually a draw, rook against nothing is not.
  int rook_v_bishop = evaluate(fen("4k3/8/8/3b4/8/8/8/R3K3 w - - 0 1"));
  int rook_alone = evaluate(fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
  EXPECT_LT(rook_v_bishop, 150);
  EXPECT_GT(rook_alone, 300);
  // Opposite-coloured bishops: a pawn up is worth less than with same-coloured ones.
  // d3 and e6 are light squares, d6 is dark.
  int opposite = evaluate(fen("4k3/5pp1/3b4/8/8/3B4/5PPP/6K1 w - - 0 1"));
  int same = evaluate(fen("4k3/5pp1/4b3/8/8/3B4/5PPP/6K1 w - - 0 1"));
  EXPECT_GT(opposite, 0);
  EXPECT_LT(opposite, same);
}

TEST(Evaluate, PrefersFurtherAdvancedPassedPawns) {
  int sixth = evaluate(fen("r3k3/8/3P4/8/8/8/8/R3K3 w - - 0 1"));
  int third = evaluate(fen("r3k3/8/8/8/8/3P4/8/R3K3 w - - 0 1"));
  EXPECT_GT(sixth, third + 20);
  // A passed pawn is worth more than a blocked one on the same square.
  int passed = evaluate(fen("4k3/p7/8/3P4/8/8/P7/4K3 w - - 0 1"));
  int opposed = evaluate(fen("4k3/3p4/8/3P4/8/8/P7/4K3 w - - 0 1"));
  EXPECT_GT(passed, opposed);
}

TEST(Evaluate, DislikesDoubledAndIsolatedPawns) {
  // Same material, no passed pawns; only the white pawns' structure differs.
  EXPECT_GT(evaluate(fen("4k3/ppp5/8/8/8/8/PPP5/4K3 w - - 0 1")),
            evaluate(fen("4k3/ppp5/8/8/8/1P6/PP6/4K3 w - - 0 1")));  // b2, b3 doubled
  EXPECT_GT(evaluate(fen("4k3/pppp4/8/8/8/8/PPP5/4K3 w - - 0 1")),
            evaluate(fen("4k3/pppp4/8/8/8/8/PP1P4/4K3 w - - 0 1")));  // d2 isolated
}

TEST(Evaluate, ValuesTheBishopPair) {
  // The second bishop adds more than the first: the pair is worth a bonus.
  int pair = evaluate(fen("1n2kn2/pppppppp/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1"));
  int bishop_knight = evaluate(fen("1n2kn2/pppppppp/8/8/8/8/PPPPPPPP/1NB1K3 w - - 0 1"));
  EvalTrace with_pair, without_pair;
  evaluate_traced(fen("1n2kn2/pppppppp/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1"), DEFAULT_EVAL_PARAMS, with_pair);
  evaluate_traced(fen("1n2kn2/pppppppp/8/8/8/8/PPPPPPPP/1NB1K3 w - - 0 1"), DEFAULT_EVAL_PARAMS, without_pair);
  EXPECT_EQ(with_pair.count[param::BISHOP_PAIR][WHITE], 1);
  EXPECT_EQ(without_pair.count[param::BISHOP_PAIR][WHITE], 0);
  EXPECT_GT(DEFAULT_EVAL_PARAMS[param::BISHOP_PAIR].mg + DEFAULT_EVAL_PARAMS[param::BISHOP_PAIR].eg, 0);
  EXPECT_GT(pair, bishop_knight - 20);
}

TEST(Evaluate, PrefersACentralKnightToOneInTheCorner) {
  EXPECT_GT(evaluate(fen("4k3/pppp4/8/8/3N4/8/PPPP4/4K3 w - - 0 1")),
            evaluate(fen("4k3/pppp4/8/8/8/8/PPPP4/N3K3 w - - 0 1")));
}

TEST(Evaluate, LikesAPawnShieldInFrontOfTheCastledKing) {
  int sheltered = evaluate(fen("r1bq1rk1/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1"));
  int exposed = evaluate(fen("r1bq1rk1/pppp1ppp/2n2n2/4p3/4P1PP/2N2N2/PPPP1P2/R1BQ1RK1 w - - 0 1"));
  EXPECT_GT(sheltered, exposed);
}

TEST(Evaluate, CountsThreatsAndHangingPieces) {
  // The pawn on e4 attacks the knight on d5, which nothing defends.
  EvalTrace trace;
  evaluate_traced(fen("4k3/8/8/3n4/4P3/8/8/4K3 b - - 0 1"), DEFAULT_EVAL_PARAMS, trace);
  EXPECT_EQ(trace.count[param::THREAT_BY_PAWN][WHITE], 1);
  EXPECT_EQ(trace.count[param::HANGING][WHITE], 1);
  EXPECT_EQ(trace.count[param::HANGING][BLACK], 0);  // the e4 pawn is out of the knight's reach
}

}  // namespace
}  // namespace tabiya::engine
