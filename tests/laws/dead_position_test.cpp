// "Cannot checkmate by any possible series of legal moves" (FIDE 2014 Art.
// 1.3, 5.2.b, 6.9, 7.5.b, A.4.b, A.4.c) and the `tabiya adjudicate` command.
#include "laws/dead_position.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "commands.h"
#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "game_test_support.h"
#include "labelled_positions.h"
#include "laws/unwinnability_frozen.h"
#include "laws/unwinnability_helpmate.h"
#include "laws/unwinnability_static.h"
#include "notation/uci_reader.h"

namespace tabiya {
namespace {

// A position from its FEN, the test failing on a bad one (game_test_support.h).
Position position(const std::string& text) { return game_test::fen(text); }

// Independent check of a claimed proof: each move legal, the loser mated.
::testing::AssertionResult replays_to_mate(const Position& start, Color winner, const std::vector<Move>& line) {
  Position pos = start;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (!legal_moves(pos).contains(line[i])) return ::testing::AssertionFailure() << "move " << i << " is illegal";
    UndoInfo undo;
    pos.do_move(line[i], undo);
  }
  if (pos.side_to_move() == winner || !is_checkmate(pos))
    return ::testing::AssertionFailure() << "the line does not end with the loser mated: " << to_fen(pos);
  return ::testing::AssertionSuccess();
}

Winnability verdict_for(const Position& pos, Color winner) {
  WinnabilityResult result = can_checkmate(pos, winner);
  if (result.verdict == Winnability::WINNABLE) {
    EXPECT_TRUE(replays_to_mate(pos, winner, result.mating_line));
  }
  return result.verdict;
}

// --- Material ---

TEST(InsufficientMaterial, BareKingNeverMates) {
  // FIDE 2014 Art. 6.9: a player with a bare king cannot checkmate.
  EXPECT_TRUE(insufficient_material(position("8/8/8/4k3/8/8/3QK3/8 w - - 0 1"), BLACK));
  EXPECT_FALSE(insufficient_material(position("8/8/8/4k3/8/8/3QK3/8 w - - 0 1"), WHITE));
}

TEST(InsufficientMaterial, SingleMinorPieceAgainstBareKing) {
  // FIDE 2014 Art. 5.2.b: K+N v K and K+B v K are dead.
  EXPECT_TRUE(insufficient_material(position("8/8/8/4k3/8/8/4K3/6N1 w - - 0 1"), WHITE));
  EXPECT_TRUE(insufficient_material(position("8/8/8/4k3/8/8/4K3/6B1 w - - 0 1"), WHITE));
  // ...but not when the loser has a man that can block its own king.
  EXPECT_FALSE(insufficient_material(position("8/8/8/4k3/4p3/8/4K3/6N1 w - - 0 1"), WHITE));
  EXPECT_FALSE(insufficient_material(position("8/8/8/4k3/8/3n4/4K3/6N1 w - - 0 1"), WHITE));
  // Two knights, or a knight and a pawn, are not a single minor piece.
  EXPECT_FALSE(insufficient_material(position("8/8/8/4k3/8/8/2N1K3/6N1 w - - 0 1"), WHITE));
  EXPECT_FALSE(insufficient_material(position("8/8/8/4k3/8/8/P3K3/6N1 w - - 0 1"), WHITE));
}

TEST(InsufficientMaterial, BishopsOfOneColourOnly) {
  // FIDE 2014 Art. 5.2.b: K+B v K+B with the bishops on squares of one colour is dead.
  EXPECT_TRUE(insufficient_material(position("8/8/8/4k3/8/4b3/4K3/6B1 w - - 0 1"), WHITE));
  EXPECT_TRUE(insufficient_material(position("8/8/8/4k3/8/4b3/4K3/6B1 w - - 0 1"), BLACK));
  EXPECT_TRUE(insufficient_material(position("8/2b5/8/4k3/8/4b3/4K3/2B3B1 w - - 0 1"), WHITE));
  // Opposite colours: the loser's bishop can block its own king.
  EXPECT_FALSE(insufficient_material(position("8/8/8/4k3/8/3b4/4K3/6B1 w - - 0 1"), WHITE));
  // A pawn anywhere can promote or block.
  EXPECT_FALSE(insufficient_material(position("8/8/8/4k3/8/4b3/P3K3/6B1 w - - 0 1"), WHITE));
}

// --- Locked pawns ---

TEST(LockedPawns, WallWithKingsOnlyIsDead) {
  // FIDE 2014 Art. 5.2.b: blocked pawns that no king can pass or attack.
  Position pos = position("8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1");
  EXPECT_TRUE(locked_pawns_unwinnable(pos, WHITE));
  EXPECT_TRUE(locked_pawns_unwinnable(pos, BLACK));
  EXPECT_TRUE(is_dead_position(pos));
}

TEST(LockedPawns, WrongColouredBishopCannotBreakThrough) {
  // FIDE 2014 Art. 5.2.b: the light bishop never reaches a square next to the pawns it could take.
  Position pos = position("8/8/1k6/p1p1p1p1/P1P1P1P1/8/1K2B3/8 w - - 0 1");
  EXPECT_TRUE(locked_pawns_unwinnable(pos, WHITE));
  EXPECT_TRUE(is_dead_position(pos));
}

TEST(LockedPawns, PawnThatCanCaptureIsNotLocked) {
  // FIDE 2014 Art. 5.2.b: c4 can take b5 or d5, so the wall can open and either side can mate.
  Position pos = position("8/8/4k3/1p1p1p1p/1PPP1P1P/8/4K3/8 w - - 0 1");
  EXPECT_FALSE(locked_pawns_unwinnable(pos, WHITE));
  EXPECT_EQ(verdict_for(pos, WHITE), Winnability::WINNABLE);
  EXPECT_EQ(verdict_for(pos, BLACK), Winnability::WINNABLE);
  EXPECT_FALSE(is_dead_position(pos));
}

TEST(LockedPawns, BishopThatCanBeCapturedOpensTheWall) {
  // The dark bishop can stand on b4 or d4 and be taken, freeing a black pawn.
  Position pos = position("8/8/1k6/p1p1p1p1/P1P1P1P1/8/1K3B2/8 w - - 0 1");
  EXPECT_FALSE(locked_pawns_unwinnable(pos, WHITE));
  EXPECT_EQ(verdict_for(pos, BLACK), Winnability::WINNABLE);
}

TEST(LockedPawns, EnPassantRightNowIsNotLocked) {
  // d5xe6 e.p. is legal here (FIDE 2014 Art. 3.7.d), so nothing is proven statically.
  Position pos = position("k7/8/8/p1pPp1p1/P1P3P1/8/1K6/8 w - e6 0 1");
  ASSERT_NE(pos.en_passant(), SQ_NONE);
  EXPECT_FALSE(locked_pawns_unwinnable(pos, WHITE));
}

TEST(LockedPawns, PiecesThatCanPlayNoPartInAMate) {
  // Behind this locked wall White can mate only on h8 (Black's bishop on g8
  // and pawn on h7 filling two flights, a white bishop covering g7 and
  // checking along the long diagonal). The bishops below the wall never reach
  // h8's neighbourhood: the helpmate search may leave them where they are.
  Position pos = position("6bB/4Bk1p/p5pP/Pp1p1pP1/1PpPpP2/BbP1P3/8/2Kb4 b - - 0 1");
  Bitboard mating_squares = 0;
  EXPECT_EQ(frozen_structure_with_squares(pos, WHITE, mating_squares), FrozenStructure::MAY_MATE);
  EXPECT_EQ(mating_squares, square_bb(SQ_H8));
  Bitboard white_bishops = frozen_part_squares(pos, WHITE, mating_squares, WHITE, BISHOP);
  Bitboard black_bishops = frozen_part_squares(pos, WHITE, mating_squares, BLACK, BISHOP);
  EXPECT_TRUE(white_bishops & square_bb(SQ_E7));
  EXPECT_TRUE(white_bishops & square_bb(SQ_H8));
  EXPECT_FALSE(white_bishops & square_bb(SQ_A3));
  EXPECT_TRUE(black_bishops & square_bb(SQ_G8));
  EXPECT_FALSE(black_bishops & square_bb(SQ_B3));
  EXPECT_FALSE(black_bishops & square_bb(SQ_D1));
  // And the search, which leaves those bishops alone, finds the mate.
  EXPECT_EQ(verdict_for(pos, WHITE), Winnability::WINNABLE);
}

// --- The search ---

TEST(CanCheckmate, QueenAgainstBareKing) {
  Position pos = position("8/8/8/4k3/8/8/4K3/6Q1 w - - 0 1");
  EXPECT_EQ(verdict_for(pos, WHITE), Winnability::WINNABLE);
  EXPECT_EQ(verdict_for(pos, BLACK), Winnability::UNWINNABLE);
}

// The search tests every check for mate before anything else, first asking
// whether the king keeps a flight square; that test must never miss a mate
// (a king's step along the checking line, squares held by its own men, a
// protected checker). With a budget of one position only that test can work.
TEST(HelpmateSearch, MateInOneIsFoundAtTheFirstPosition) {
  // FIDE 2014 Art. 1.3: checkmate, the king attacked with no legal move left.
  for (const char* fen : {
           "4k3/8/4K3/8/8/8/8/R7 w - - 0 1",     // Ra8: f8 is attacked through the king's square
           "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",  // Ra8: back rank held by its own pawns
           "7k/Q7/6K1/8/8/8/8/8 w - - 0 1",      // Qh7 or Qg7: the queen is protected
           "6rk/6pp/7N/8/8/8/8/6K1 w - - 0 1",   // Nf7: smothered
       }) {
    Position pos = position(fen);
    WinnabilityResult result = search_helpmate(pos, WHITE, HelpmateBudget{1, 0, nullptr});
    ASSERT_EQ(result.verdict, Winnability::WINNABLE) << fen;
    EXPECT_EQ(result.mating_line.size(), 1u) << fen;
    EXPECT_TRUE(replays_to_mate(pos, WHITE, result.mating_line)) << fen;
  }
}

TEST(HelpmateSearch, CheckAnsweredByTakingTheCheckerIsNotMate) {
  // FIDE 2014 Art. 3.9: the king may capture an unprotected checking piece.
  Position pos = position("7k/Q7/8/8/8/8/8/K7 w - - 0 1");
  WinnabilityResult result = search_helpmate(pos, WHITE, HelpmateBudget{1, 0, nullptr});
  EXPECT_EQ(result.verdict, Winnability::UNDETERMINED);
  EXPECT_TRUE(result.mating_line.empty());
}

TEST(CanCheckmate, KnightAgainstPawnCanMateBecauseThePawnBlocks) {
  Position pos = position("8/8/8/4k3/4p3/8/4K3/6N1 w - - 0 1");
  EXPECT_EQ(verdict_for(pos, WHITE), Winnability::WINNABLE);
}

TEST(CanCheckmate, OppositeColouredBishopsAreNotDead) {
  // FIDE 2014 Art. 5.2.b: with help, the loser's bishop blocks its own king in a corner.
  Position pos = position("8/8/8/4k3/8/3b4/4K3/6B1 w - - 0 1");
  EXPECT_EQ(verdict_for(pos, WHITE), Winnability::WINNABLE);
  EXPECT_EQ(verdict_for(pos, BLACK), Winnability::WINNABLE);
  EXPECT_FALSE(is_dead_position(pos));
}

TEST(CanCheckmate, KnightAgainstKnightIsNotDead) {
  Position pos = position("8/8/8/4k3/8/3n4/4K3/6N1 w - - 0 1");
  EXPECT_EQ(verdict_for(pos, WHITE), Winnability::WINNABLE);
  EXPECT_EQ(dead_position(pos).verdict, DeadPositionVerdict::ALIVE);
}

TEST(CanCheckmate, SearchProvesWhatMaterialCannot) {
  // White has a pawn, but Black's only legal move takes it: proven by visiting every position.
  Position pos = position("7k/5K1P/8/8/8/8/8/8 b - - 0 1");
  EXPECT_FALSE(statically_unwinnable(pos, WHITE));
  EXPECT_EQ(verdict_for(pos, WHITE), Winnability::UNWINNABLE);
  EXPECT_TRUE(is_dead_position(pos));
}

TEST(CanCheckmate, AlreadyCheckmated) {
  // FIDE 2014 Art. 5.1.a: the game ended with the mate; it is not a dead position.
  Position pos = position("6Qk/5K2/8/8/8/8/8/8 b - - 0 1");
  WinnabilityResult white = can_checkmate(pos, WHITE);
  EXPECT_EQ(white.verdict, Winnability::WINNABLE);
  EXPECT_TRUE(white.mating_line.empty());
  EXPECT_EQ(verdict_for(pos, BLACK), Winnability::UNWINNABLE);
  DeadPositionResult dead = dead_position(pos);
  EXPECT_EQ(dead.verdict, DeadPositionVerdict::ALIVE);
  EXPECT_EQ(dead.mating_side, WHITE);
}

TEST(CanCheckmate, StalemateIsDead) {
  // FIDE 2014 Art. 5.2.a: stalemate ends the game; nobody can mate any more.
  Position pos = position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  EXPECT_EQ(verdict_for(pos, WHITE), Winnability::UNWINNABLE);
  EXPECT_TRUE(is_dead_position(pos));
}

TEST(CanCheckmate, SmallBudgetGivesUndeterminedNeverAWrongAnswer) {
  // K+N v K+P needs a long line; ten positions are not enough to find it.
  Position pos = position("8/8/8/4k3/4p3/8/4K3/6N1 w - - 0 1");
  WinnabilityResult result = can_checkmate(pos, WHITE, WinnabilityLimits{10});
  EXPECT_EQ(result.verdict, Winnability::UNDETERMINED);
  EXPECT_TRUE(result.mating_line.empty());
  EXPECT_LE(result.nodes, 12u);
  EXPECT_EQ(dead_position(pos, WinnabilityLimits{10}).verdict, DeadPositionVerdict::UNDETERMINED);
  EXPECT_FALSE(is_dead_position(pos, WinnabilityLimits{10}));
}

TEST(CanCheckmate, StartPositionMatesForBothSides) {
  Position pos = Position::startpos();
  EXPECT_EQ(verdict_for(pos, WHITE), Winnability::WINNABLE);
  EXPECT_EQ(verdict_for(pos, BLACK), Winnability::WINNABLE);
  // The search looks for a mate quickly, not the shortest one, but its lines stay short.
  EXPECT_LE(can_checkmate(pos, BLACK).mating_line.size(), 40u);
}

// --- The rules that use the test ---

TEST(FlagFall, OpponentWithBareKingCannotWin) {
  // FIDE 2014 Art. 6.9: White (K+Q) oversteps the time; Black has a bare king, so the game is drawn.
  Position pos = position("8/8/8/4k3/8/8/4K3/6Q1 w - - 0 1");
  EXPECT_EQ(can_checkmate(pos, BLACK).verdict, Winnability::UNWINNABLE);
}

TEST(FlagFall, KnightCanMateARookSoFlaggedRookSideLoses) {
  // FIDE 2014 Art. 6.9: Black (K+R) oversteps; White's knight can mate with help, so Black loses.
  Position pos = position("8/8/8/4k3/8/3r4/4K3/6N1 b - - 0 1");
  EXPECT_EQ(verdict_for(pos, WHITE), Winnability::WINNABLE);
}

TEST(FlagFall, LoneKnightAgainstBareKingIsADraw) {
  // FIDE 2014 Art. 6.9: the flagged player has a bare king, the opponent K+N: drawn.
  Position pos = position("8/8/8/4k3/8/8/4K3/6N1 b - - 0 1");
  EXPECT_EQ(can_checkmate(pos, WHITE).verdict, Winnability::UNWINNABLE);
}

TEST(IllegalMove, SecondIllegalMoveDrawsWhenOpponentCannotMate) {
  // FIDE 2014 Art. 7.5.b: Black completes a second illegal move; White has K+B against Black's
  // K+B on the same colour, so White cannot mate and the game is drawn instead of lost.
  Position same = position("8/8/8/4k3/8/4b3/4K3/6B1 w - - 0 1");
  EXPECT_EQ(can_checkmate(same, WHITE).verdict, Winnability::UNWINNABLE);
  // With opposite-coloured bishops White could mate, so Black loses.
  Position opposite = position("8/8/8/4k3/8/3b4/4K3/6B1 w - - 0 1");
  EXPECT_EQ(verdict_for(opposite, WHITE), Winnability::WINNABLE);
}

TEST(RapidTimeClaim, ClaimantWhoCannotMateOnlyDraws) {
  // FIDE 2014 Appendix A.4.c: Black's flag fell and White claims; White has K+B, Black a bare
  // king, so the claim gives a draw. With a black pawn on the board White could mate.
  EXPECT_EQ(can_checkmate(position("8/8/8/3k4/8/8/8/1K1B4 w - - 0 1"), WHITE).verdict, Winnability::UNWINNABLE);
  EXPECT_EQ(verdict_for(position("8/8/8/3k4/8/1p6/8/1K1B4 w - - 0 1"), WHITE), Winnability::WINNABLE);
}

// --- Following a game move by move ---

TEST(DeadPositionMonitor, AgreesWithTheFullCheckAlongRandomGames) {
  // FIDE 2014 Art. 5.2.b after every move: the monitor's shortcut never changes the answer.
  std::mt19937 rng(5);
  int shortcuts = 0;
  for (int game = 0; game < 6; ++game) {
    Position pos = Position::startpos();
    DeadPositionMonitor monitor(WinnabilityLimits{3000});
    monitor.check(pos);
    for (int ply = 0; ply < 120; ++ply) {
      MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      Move m = moves[rng() % moves.size()];
      Position after = pos;
      UndoInfo undo;
      after.do_move(m, undo);
      DeadPositionVerdict full = dead_position(after, WinnabilityLimits{3000}).verdict;
      DeadPositionVerdict tracked = monitor.after_move(pos, m, after);
      if (full != DeadPositionVerdict::UNDETERMINED && tracked != DeadPositionVerdict::UNDETERMINED) {
        EXPECT_EQ(tracked, full) << to_fen(after);
      }
      shortcuts += tracked == DeadPositionVerdict::ALIVE && pos.empty(m.to()) && pos.moved_piece_type(m) != PAWN;
      pos = after;
    }
  }
  EXPECT_GT(shortcuts, 100);
}

// Every proof the monitor keeps must be a real one: legal moves from the
// current position ending in mate. Checked after every move of random games,
// so each way of carrying a proof forward (line continued, first move
// replaced, return trip, mended by a short search) is exercised.
TEST(DeadPositionMonitor, EveryCarriedProofReplaysToMate) {
  // FIDE 2014 Art. 5.2.b: "alive" needs a series of legal moves ending in checkmate.
  std::mt19937 rng(11);
  int plies = 0, searches = 0, repairs = 0, continued = 0;
  for (int game = 0; game < 8; ++game) {
    Position pos = Position::startpos();
    DeadPositionMonitor monitor(WinnabilityLimits{3000});
    monitor.check(pos);
    for (int ply = 0; ply < 100; ++ply) {
      MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      // Half of the time follow the proof, to exercise the continued line.
      std::vector<Move> line = monitor.mating_line();
      bool follow = rng() % 2 == 0 && line.size() > 1;
      Move m = follow ? line[0] : moves[rng() % moves.size()];
      Position after = pos;
      UndoInfo undo;
      after.do_move(m, undo);
      int searches_before = monitor.searches();
      DeadPositionVerdict v = monitor.after_move(pos, m, after);
      continued += follow && monitor.searches() == searches_before;
      if (v == DeadPositionVerdict::ALIVE && !is_checkmate(after)) {
        ASSERT_FALSE(monitor.mating_line().empty()) << to_fen(after);
        ASSERT_TRUE(replays_to_mate(after, monitor.mating_side(), monitor.mating_line())) << to_fen(after);
      }
      ++plies;
      pos = after;
    }
    searches += monitor.searches();
    repairs += monitor.repairs();
  }
  EXPECT_GT(continued, 50);
  EXPECT_GT(repairs, 0);
  EXPECT_LT(searches, plies / 4) << "most moves must be answered without a full search";
}

// Captures and pawn moves cannot be taken back, so their proofs are mostly
// mended by a short search. Games made mostly of such moves exercise that;
// every proof kept must replay to mate.
TEST(DeadPositionMonitor, ProofsMendedAfterCapturesAndPawnMovesReplayToMate) {
  // FIDE 2014 Art. 5.2.b: "alive" needs a series of legal moves ending in checkmate.
  std::mt19937 rng(23);
  int irreversible = 0, repairs = 0, searches = 0;
  for (int game = 0; game < 8; ++game) {
    Position pos = Position::startpos();
    DeadPositionMonitor monitor(WinnabilityLimits{3000});
    monitor.check(pos);
    for (int ply = 0; ply < 80; ++ply) {
      MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      std::vector<Move> preferred;
      for (Move m : moves)
        if (!pos.empty(m.to()) || pos.moved_piece_type(m) == PAWN) preferred.push_back(m);
      Move m = preferred.empty() ? moves[rng() % moves.size()] : preferred[rng() % preferred.size()];
      irreversible += !preferred.empty();
      Position after = pos;
      UndoInfo undo;
      after.do_move(m, undo);
      DeadPositionVerdict v = monitor.after_move(pos, m, after);
      if (v == DeadPositionVerdict::ALIVE && !is_checkmate(after)) {
        ASSERT_TRUE(replays_to_mate(after, monitor.mating_side(), monitor.mating_line())) << to_fen(after);
      }
      pos = after;
    }
    repairs += monitor.repairs();
    searches += monitor.searches();
  }
  EXPECT_GT(irreversible, 300);
  EXPECT_GT(repairs, 50);
  EXPECT_LT(searches, irreversible / 2) << "most irreversible moves must be settled without a full search";
}

TEST(DeadPositionMonitor, FollowingTheProofNeedsNoSearch) {
  // FIDE 2014 Art. 5.2.b: the rest of a mating line is a mating line from the next position.
  Position pos = Position::startpos();
  DeadPositionMonitor monitor;
  ASSERT_EQ(monitor.check(pos), DeadPositionVerdict::ALIVE);
  std::vector<Move> line = monitor.mating_line();
  ASSERT_GE(line.size(), 2u);
  Position after = pos;
  UndoInfo undo;
  after.do_move(line[0], undo);
  EXPECT_EQ(monitor.after_move(pos, line[0], after), DeadPositionVerdict::ALIVE);
  EXPECT_EQ(monitor.searches(), 1);
  EXPECT_EQ(monitor.mating_line(), std::vector<Move>(line.begin() + 1, line.end()));
}

TEST(DeadPositionMonitor, ReversibleMoveCarriesTheProofWithAReturnTrip) {
  // FIDE 2014 Art. 5.2.b: after Nf3 the start position is reachable again
  // (...Nf6, Ng1, ...Ng8), so it is alive; the new proof starts with that trip.
  Position pos = Position::startpos();
  DeadPositionMonitor monitor;
  ASSERT_EQ(monitor.check(pos), DeadPositionVerdict::ALIVE);
  Move m(SQ_G1, SQ_F3);
  if (monitor.mating_line()[0] == m) m = Move(SQ_B1, SQ_C3);
  std::size_t old_length = monitor.mating_line().size();
  Position after = pos;
  UndoInfo undo;
  after.do_move(m, undo);
  EXPECT_EQ(monitor.after_move(pos, m, after), DeadPositionVerdict::ALIVE);
  EXPECT_EQ(monitor.searches(), 1);
  // Either the old line still worked with Nf3 in place of its first move, or
  // the proof is the return trip (3 moves) and the old line.
  std::size_t length = monitor.mating_line().size();
  EXPECT_TRUE(length == old_length - 1 || length == old_length + 3) << length;
}

TEST(DeadPositionMonitor, PawnMoveIsSettledWithoutAFullSearch) {
  // FIDE 2014 Art. 5.2.b: 1.e4 cannot be taken back, but the start position's
  // proof (first move replaced, or mended by a short search) still shows a mate.
  Position pos = Position::startpos();
  DeadPositionMonitor monitor;
  ASSERT_EQ(monitor.check(pos), DeadPositionVerdict::ALIVE);
  Move m(SQ_E2, SQ_E4);
  if (monitor.mating_line()[0] == m) m = Move(SQ_D2, SQ_D4);
  Position after = pos;
  UndoInfo undo;
  after.do_move(m, undo);
  EXPECT_EQ(monitor.after_move(pos, m, after), DeadPositionVerdict::ALIVE);
  EXPECT_EQ(monitor.searches(), 1);
}

TEST(DeadPositionMonitor, PositionNotFollowingTheLastOneIsSearched) {
  // A position that did not arise from the last one seen gets a full check.
  DeadPositionMonitor monitor;
  ASSERT_EQ(monitor.check(Position::startpos()), DeadPositionVerdict::ALIVE);
  Position before = position("8/8/8/4k3/3n4/8/4K3/6B1 w - - 0 1");
  Move m(SQ_G1, SQ_D4);
  Position after = before;
  UndoInfo undo;
  after.do_move(m, undo);
  EXPECT_EQ(monitor.after_move(before, m, after), DeadPositionVerdict::DEAD);
  EXPECT_EQ(monitor.searches(), 2);
}

TEST(DeadPositionMonitor, StalemateAfterAReversibleMoveIsDead) {
  // FIDE 2014 Art. 5.2.a: Qd7-f7 stalemates; the earlier position's mate does not carry over.
  Position before = position("7k/3Q4/6K1/8/8/8/8/8 w - - 0 1");
  DeadPositionMonitor monitor;
  EXPECT_EQ(monitor.check(before), DeadPositionVerdict::ALIVE);
  Move m(SQ_D7, SQ_F7);
  Position after = before;
  UndoInfo undo;
  after.do_move(m, undo);
  EXPECT_EQ(monitor.after_move(before, m, after), DeadPositionVerdict::DEAD);
}

TEST(DeadPositionMonitor, CaptureLeavingSameColouredBishopsIsDead) {
  // FIDE 2014 Art. 5.2.b: Bxd4 leaves K+B v K+B on one colour.
  Position before = position("8/8/8/4k3/3n4/8/4K3/6B1 w - - 0 1");
  DeadPositionMonitor monitor;
  EXPECT_EQ(monitor.check(before), DeadPositionVerdict::ALIVE);
  Move m(SQ_G1, SQ_D4);
  Position after = before;
  UndoInfo undo;
  after.do_move(m, undo);
  EXPECT_EQ(monitor.after_move(before, m, after), DeadPositionVerdict::DEAD);
}

// --- Data-driven: tests/data/dead/positions.txt ---

std::vector<LabelledPosition> read_expectations() { return read_labelled_positions("positions.txt"); }

TEST(DeadPositionData, EverySideAsExpected) {
  // FIDE 2014 Art. 1.3, 5.2.b (both sides) and 6.9 (one side).
  std::vector<LabelledPosition> cases = read_expectations();
  ASSERT_GE(cases.size(), 20u);
  for (const LabelledPosition& c : cases) {
    SCOPED_TRACE("positions.txt line " + std::to_string(c.line) + ": " + c.note);
    Position pos = position(c.fen);
    EXPECT_EQ(verdict_for(pos, WHITE), c.expected[WHITE]);
    EXPECT_EQ(verdict_for(pos, BLACK), c.expected[BLACK]);
    bool dead = c.expected[WHITE] == Winnability::UNWINNABLE && c.expected[BLACK] == Winnability::UNWINNABLE;
    DeadPositionResult result = dead_position(pos);
    EXPECT_EQ(result.verdict, dead ? DeadPositionVerdict::DEAD : DeadPositionVerdict::ALIVE);
    if (result.verdict == DeadPositionVerdict::ALIVE) {
      EXPECT_TRUE(replays_to_mate(pos, result.mating_side, result.mating_line));
    }
  }
}

TEST(DeadPositionData, StaticProofsAgreeWithTheSearch) {
  // Whatever the static rules call unwinnable, the search must never find a mate for.
  for (const LabelledPosition& c : read_expectations()) {
    Position pos = position(c.fen);
    for (Color winner : {WHITE, BLACK}) {
      if (count_legal(pos) == 0 || !statically_unwinnable(pos, winner)) continue;
      SCOPED_TRACE("positions.txt line " + std::to_string(c.line));
      WinnabilityResult searched = search_helpmate(pos, winner, HelpmateBudget{2000, 20000});
      EXPECT_NE(searched.verdict, Winnability::WINNABLE);
    }
  }
}

TEST(DeadPositionRandom, VerdictsFromRandomGamesAreSound) {
  // Positions from random play: every mate claimed replays, every static proof holds up.
  std::mt19937 rng(2014);
  int checked = 0;
  for (int game = 0; game < 16; ++game) {
    Position pos = Position::startpos();
    for (int ply = 0; ply < 200; ++ply) {
      MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      UndoInfo undo;
      pos.do_move(moves[rng() % moves.size()], undo);
      if (ply % 25 != 24) continue;
      for (Color winner : {WHITE, BLACK}) {
        WinnabilityResult result = can_checkmate(pos, winner, WinnabilityLimits{2000});
        if (result.verdict == Winnability::WINNABLE) {
          EXPECT_TRUE(replays_to_mate(pos, winner, result.mating_line));
        }
        if (statically_unwinnable(pos, winner) && count_legal(pos) > 0) {
          EXPECT_NE(search_helpmate(pos, winner, HelpmateBudget{500, 2000}).verdict, Winnability::WINNABLE)
              << to_fen(pos);
        }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 50);
}

// --- tabiya adjudicate ---

std::string adjudicate(const std::string& input, const std::vector<std::string>& args = {}) {
  CLI::App app;
  cli::add_adjudicate_command(app);
  std::vector<std::string> argv = {"adjudicate"};
  argv.insert(argv.end(), args.begin(), args.end());
  std::reverse(argv.begin(), argv.end());  // CLI11 takes the arguments last-first
  std::istringstream in(input);
  std::ostringstream out;
  std::streambuf* old_in = std::cin.rdbuf(in.rdbuf());
  std::streambuf* old_out = std::cout.rdbuf(out.rdbuf());
  app.parse(argv);
  std::cin.rdbuf(old_in);
  std::cout.rdbuf(old_out);
  return out.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(AdjudicateCommand, AnswersEachLine) {
  std::string out = adjudicate(
      "8/8/8/4k3/8/8/4K3/6Q1 w - - 0 1 white\n"
      "# a comment\n"
      "\n"
      "8/8/8/4k3/8/8/4K3/6Q1 w - - 0 1 black\n"
      "6Qk/5K2/8/8/8/8/8/8 b - - 0 1\n");
  std::vector<std::string> lines = lines_of(out);
  ASSERT_EQ(lines.size(), 3u) << out;
  EXPECT_EQ(lines[0].rfind("winnable ", 0), 0u) << lines[0];
  EXPECT_NE(lines[0].find(" nodes "), std::string::npos);
  EXPECT_NE(lines[0].find(" us "), std::string::npos);
  EXPECT_EQ(lines[1].rfind("unwinnable nodes 0 us ", 0), 0u) << lines[1];
  // No colour given: the side that just moved (White, who mated).
  EXPECT_EQ(lines[2].rfind("winnable nodes 0 us ", 0), 0u) << lines[2];
}

TEST(AdjudicateCommand, PrintsAMatingLineThatReplays) {
  std::string out = adjudicate("8/8/8/4k3/8/8/4K3/6Q1 w - - 0 1 white\n");
  std::istringstream words(out);
  std::string word;
  words >> word;
  ASSERT_EQ(word, "winnable");
  Position pos = position("8/8/8/4k3/8/8/4K3/6Q1 w - - 0 1");
  std::vector<Move> line;
  while (words >> word && word != "nodes") {
    Result<Move, UciError> found = move_from_uci(pos, word);
    ASSERT_TRUE(found) << found.error().message;
    UndoInfo undo;
    pos.do_move(*found, undo);
  }
  EXPECT_TRUE(is_checkmate(pos));
}

TEST(AdjudicateCommand, BadLinesReportTheirNumberAndProcessingContinues) {
  std::string out = adjudicate(
      "garbage\n"
      "8/8/8/4k3/8/8/4K3/6N1 w - - 0 1 white\n"
      "8/8/8/9/8/8/4K3/6N1 w - - 0 1\n");
  std::vector<std::string> lines = lines_of(out);
  ASSERT_EQ(lines.size(), 3u) << out;
  EXPECT_EQ(lines[0].rfind("error: line 1: ", 0), 0u) << lines[0];
  EXPECT_EQ(lines[1].rfind("unwinnable", 0), 0u) << lines[1];
  EXPECT_EQ(lines[2].rfind("error: line 3: ", 0), 0u) << lines[2];
}

TEST(AdjudicateCommand, AcceptsAbbreviatedFen) {
  // Placement and side to move only, and without the move counters: the rest
  // is read as "- - 0 1". The same position asked three ways answers alike.
  std::string out = adjudicate(
      "8/8/8/4k3/8/8/4K3/6N1 w white\n"
      "8/8/8/4k3/8/8/4K3/6N1 w - - white\n"
      "8/8/8/4k3/8/8/4K3/6N1 w - - 0 1 white\n"
      "6Qk/5K2/8/8/8/8/8/8 b\n");
  std::vector<std::string> lines = lines_of(out);
  ASSERT_EQ(lines.size(), 4u) << out;
  for (int i = 0; i < 3; ++i) EXPECT_EQ(lines[i].rfind("unwinnable", 0), 0u) << lines[i];
  EXPECT_EQ(lines[3].rfind("winnable nodes 0 us ", 0), 0u) << lines[3];  // White has mated
}

TEST(AdjudicateCommand, AbbreviatedFenErrorsNameTheField) {
  std::string out = adjudicate(
      "8/8/8/4k3/8/8/4K3/6N1 white\n"
      "8/8/8/4k3/8/8/4K3/6N1 w - white\n"
      "8/8/8/4k3/8/8/4K3/6N1 w - - 0 white\n"
      "8/8/8/4k3/8/8/4K3/6N1 x white\n"
      "8/8/8/4k3/8/8/4K3/6N1 w - - 0 0 1 white\n");
  std::vector<std::string> lines = lines_of(out);
  ASSERT_EQ(lines.size(), 5u) << out;
  EXPECT_NE(lines[0].find("side to move, field 2, is missing"), std::string::npos) << lines[0];
  EXPECT_NE(lines[1].find("en passant square, field 4, is missing"), std::string::npos) << lines[1];
  EXPECT_NE(lines[2].find("fullmove number, field 6, is missing"), std::string::npos) << lines[2];
  EXPECT_NE(lines[3].find("side to move \"x\" is not w or b"), std::string::npos) << lines[3];
  EXPECT_NE(lines[3].find("invalid FEN \"8/8/8/4k3/8/8/4K3/6N1 x\":"), std::string::npos) << lines[3];  // as given
  EXPECT_NE(lines[4].find("found 7"), std::string::npos) << lines[4];
  for (const std::string& line : lines) EXPECT_EQ(line.rfind("error: line ", 0), 0u) << line;
}

// --- Quick mode (flag fall, servers) ---

// Quick mode never contradicts full mode: its UNWINNABLE comes with a static
// proof, its WINNABLE with a line that replays to mate, anything else is
// PROBABLY_WINNABLE. FIDE 2014 Art. 6.9 (flag fall) asks the same question.
TEST(QuickMode, AgreesWithFullModeOnTheTestPositions) {
  int winnable = 0, unwinnable = 0;
  for (const LabelledPosition& c : read_expectations()) {
    SCOPED_TRACE("positions.txt line " + std::to_string(c.line) + ": " + c.note);
    Position pos = position(c.fen);
    for (Color winner : {WHITE, BLACK}) {
      WinnabilityResult quick = can_checkmate_quick(pos, winner);
      Winnability expected = c.expected[winner];
      EXPECT_NE(quick.verdict, Winnability::UNDETERMINED);
      if (quick.verdict == Winnability::WINNABLE) {
        ++winnable;
        EXPECT_EQ(expected, Winnability::WINNABLE);
        EXPECT_TRUE(replays_to_mate(pos, winner, quick.mating_line));
        EXPECT_LE(quick.nodes, QUICK_MODE_NODES + 1);
      } else if (quick.verdict == Winnability::UNWINNABLE) {
        ++unwinnable;
        EXPECT_EQ(expected, Winnability::UNWINNABLE);
        EXPECT_NE(quick.reason, UnwinnableReason::NONE);
        EXPECT_NE(quick.reason, UnwinnableReason::EXHAUSTED_SEARCH);  // quick mode does not search exhaustively
      } else {
        EXPECT_TRUE(quick.mating_line.empty());
      }
    }
  }
  EXPECT_GT(winnable, 0);  // the set is of hard positions: few mates are found within 16 nodes
  EXPECT_GT(unwinnable, 10);
}

TEST(QuickMode, UnwinnableAnswersNameTheirProof) {
  // FIDE 2014 Art. 6.9: K+N cannot mate a bare king.
  WinnabilityResult material = can_checkmate_quick(position("8/8/8/4k3/8/8/4K3/6N1 w - - 0 1"), WHITE);
  EXPECT_EQ(material.verdict, Winnability::UNWINNABLE);
  EXPECT_EQ(material.reason, UnwinnableReason::MATERIAL);
  // Locked pawns and kings only: nobody can ever give check.
  WinnabilityResult locked = can_checkmate_quick(position("8/8/4k3/1p1p1p1p/1P1P1P1P/8/3K4/8 w - - 0 1"), WHITE);
  EXPECT_EQ(locked.verdict, Winnability::UNWINNABLE);
  EXPECT_EQ(locked.reason, UnwinnableReason::BLOCKED_STRUCTURE);
  // Stalemate: the game is over (Art. 5.2.a).
  WinnabilityResult over = can_checkmate_quick(position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), WHITE);
  EXPECT_EQ(over.verdict, Winnability::UNWINNABLE);
  EXPECT_EQ(over.reason, UnwinnableReason::GAME_OVER);
  // Full mode gives the same reasons, and "exhausted search" for a search proof.
  EXPECT_EQ(can_checkmate(position("8/8/8/4k3/8/8/4K3/6N1 w - - 0 1"), WHITE).reason, UnwinnableReason::MATERIAL);
}

TEST(QuickMode, MateInOneIsFoundAndRichMaterialIsAtLeastProbable) {
  WinnabilityResult mate = can_checkmate_quick(position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), WHITE);
  EXPECT_EQ(mate.verdict, Winnability::WINNABLE);
  EXPECT_TRUE(replays_to_mate(position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), WHITE, mate.mating_line));
  WinnabilityResult start = can_checkmate_quick(Position::startpos(), WHITE);
  EXPECT_TRUE(start.verdict == Winnability::WINNABLE || start.verdict == Winnability::PROBABLY_WINNABLE);
}

TEST(AdjudicateCommand, QuickModeAndProofReasons) {
  std::string out = adjudicate(
      "8/8/8/4k3/8/8/4K3/6N1 w white\n"
      "8/8/4k3/1p1p1p1p/1P1P1P1P/8/3K4/8 w white\n"
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w white\n",
      {"--quick"});
  std::vector<std::string> lines = lines_of(out);
  ASSERT_EQ(lines.size(), 3u) << out;
  EXPECT_EQ(lines[0].rfind("unwinnable nodes 0 us ", 0), 0u) << lines[0];
  EXPECT_NE(lines[0].find(" by material"), std::string::npos) << lines[0];
  EXPECT_NE(lines[1].find(" by blocked structure"), std::string::npos) << lines[1];
  EXPECT_TRUE(lines[2].rfind("probably winnable nodes ", 0) == 0 || lines[2].rfind("winnable ", 0) == 0) << lines[2];
}

TEST(AdjudicateCommand, NodeBudgetOption) {
  std::string out = adjudicate("8/8/8/4k3/4p3/8/4K3/6N1 w - - 0 1 white\n", {"--nodes", "10"});
  EXPECT_EQ(out.rfind("undetermined nodes ", 0), 0u) << out;
}

}  // namespace
}  // namespace tabiya
