// Completed illegal moves recorded by the arbiter (FIDE 2014 Art. 7.5, 2018
// Art. 7.5.1-7.5.5, 2009/2005/2001 Art. 7.4, rapid and blitz Appendices A.4
// and B.2), per edition.
#include <gtest/gtest.h>

#include <string>

#include "game_test_support.h"
#include "laws/game.h"

namespace tabiya {
namespace {

using namespace game_test;
using std::chrono::minutes;
using std::chrono::seconds;

GameOptions arbiter(RulesEdition e, bool supervised = true) {
  GameOptions options = rules(e);
  options.arbiter_mode = true;
  options.supervised = supervised;
  return options;
}

// FIDE 2014 Art. 7.5.b (2018 Art. 7.5.5): the first completed illegal move
// gives the opponent 2 minutes; the position before it stands.
TEST(GameIllegalMove, First2014GivesTheOpponentTwoMinutes) {
  for (RulesEdition e : {E2014, E2018}) {
    ClockedGame g(Position::startpos(), arbiter(e), minutes_sudden_death(90));
    ASSERT_TRUE(g.game.record_illegal_move(WHITE, "Ke2")) << rules_profile(e).name;
    EXPECT_FALSE(g.game.is_over());
    EXPECT_EQ(g.remaining(BLACK), minutes(92));
    EXPECT_EQ(g.remaining(WHITE), minutes(90));
    EXPECT_EQ(g.game.position(), Position::startpos());
    EXPECT_EQ(g.game.side_to_move(), WHITE);
    ASSERT_EQ(g.game.events().size(), 2u);
    EXPECT_EQ(g.game.events()[0].kind, GameEventKind::ILLEGAL_MOVE);
    EXPECT_EQ(g.game.events()[0].player, WHITE);
    EXPECT_EQ(g.game.events()[0].detail, "Ke2");
    EXPECT_EQ(g.game.events()[1].kind, GameEventKind::TIME_ADDED);
    EXPECT_EQ(g.game.events()[1].player, BLACK);
    EXPECT_TRUE(g.game.play("e4")) << "the game goes on from the position before the illegal move";
  }
}

// FIDE 2014 Art. 7.5.b: the second completed illegal move by the same player loses.
TEST(GameIllegalMove, Second2014Loses) {
  for (RulesEdition e : {E2014, E2018}) {
    ClockedGame g(Position::startpos(), arbiter(e), minutes_sudden_death(90));
    ASSERT_TRUE(g.game.play("e4"));
    ASSERT_TRUE(g.game.record_illegal_move(BLACK, "Ke7"));
    ASSERT_TRUE(g.game.play("e5"));
    ASSERT_TRUE(g.game.play("Nf3"));
    ASSERT_TRUE(g.game.record_illegal_move(BLACK, "Qxf3"));
    ASSERT_TRUE(g.game.is_over()) << rules_profile(e).name;
    EXPECT_EQ(g.game.outcome()->score, Score::WHITE_WINS);
    EXPECT_EQ(g.game.outcome()->termination, Termination::ILLEGAL_MOVE_LOSS);
    EXPECT_EQ(g.game.outcome()->culprit, BLACK);
    EXPECT_EQ(g.remaining(WHITE), minutes(92)) << "no time for the losing move";
  }
}

// FIDE 2014 Art. 7.5.b: each player's illegal moves are counted separately.
TEST(GameIllegalMove, CountsArePerPlayer) {
  Game game(Position::startpos(), arbiter(E2014));
  ASSERT_TRUE(game.record_illegal_move(WHITE, "Ke2"));
  ASSERT_TRUE(game.play("e4"));
  ASSERT_TRUE(game.record_illegal_move(BLACK, "Ke7"));
  EXPECT_FALSE(game.is_over());
  EXPECT_EQ(count_events(game, GameEventKind::ILLEGAL_MOVE), 2);
  // Without a clock the award is still recorded for the arbiter.
  EXPECT_EQ(count_events(game, GameEventKind::TIME_ADDED), 2);
}

// FIDE 2014 Art. 7.5.b: the game is drawn if the opponent cannot checkmate by
// any series of legal moves (here Black has a bare king).
TEST(GameIllegalMove, LosingIllegalMoveAgainstABareKingDraws) {
  Game game(fen("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"), arbiter(E2014));
  ASSERT_TRUE(game.record_illegal_move(WHITE, "Qa9"));
  ASSERT_TRUE(game.record_illegal_move(WHITE, "Ke3"));
  ASSERT_TRUE(game.is_over());
  EXPECT_EQ(game.outcome()->score, Score::DRAW);
  EXPECT_EQ(game.outcome()->termination, Termination::ILLEGAL_MOVE_DRAW);
  EXPECT_EQ(game.outcome()->culprit, WHITE);
}

// FIDE 2009 Art. 7.4.b (identical in 2001 and 2005): the first two illegal
// moves give the opponent 2 minutes each; the third loses.
TEST(GameIllegalMove, Before2014TheThirdLoses) {
  for (RulesEdition e : {E2001, E2005, E2009}) {
    ClockedGame g(Position::startpos(), arbiter(e), minutes_sudden_death(90));
    ASSERT_TRUE(g.game.record_illegal_move(WHITE, "Ke2"));
    EXPECT_EQ(g.remaining(BLACK), minutes(92)) << rules_profile(e).name;
    ASSERT_TRUE(g.game.record_illegal_move(WHITE, "Kd2"));
    EXPECT_FALSE(g.game.is_over()) << rules_profile(e).name;
    EXPECT_EQ(g.remaining(BLACK), minutes(94)) << rules_profile(e).name;
    ASSERT_TRUE(g.game.record_illegal_move(WHITE, "Kf2"));
    ASSERT_TRUE(g.game.is_over()) << rules_profile(e).name;
    EXPECT_EQ(g.game.outcome()->score, Score::BLACK_WINS);
    EXPECT_EQ(g.game.outcome()->termination, Termination::ILLEGAL_MOVE_LOSS);
    EXPECT_EQ(describe(*g.game.outcome(), e).find("Art. 7.4b") != std::string::npos, true)
        << describe(*g.game.outcome(), e);
  }
}

// FIDE 2014 Appendix B.2: in blitz the penalty is 1 minute instead of 2;
// B.3: with full supervision the second illegal move loses as in 7.5.b.
TEST(GameIllegalMove, SupervisedBlitzPenaltyIsOneMinute) {
  for (RulesEdition e : {E2014, E2018}) {
    ClockedGame g(Position::startpos(), arbiter(e), minutes_sudden_death(3, 2));
    ASSERT_EQ(g.game.category(), GameCategory::BLITZ);
    Millis before = g.remaining(BLACK);
    ASSERT_TRUE(g.game.record_illegal_move(WHITE, "Ke2"));
    EXPECT_FALSE(g.game.is_over());
    EXPECT_EQ(g.remaining(BLACK), before + minutes(1)) << rules_profile(e).name;
    ASSERT_TRUE(g.game.record_illegal_move(WHITE, "Ke2"));
    EXPECT_TRUE(g.game.is_over());
  }
}

// FIDE 2014 Appendix A.3: rapid with full supervision uses the Competition
// Rules: 2 minutes for the first illegal move.
TEST(GameIllegalMove, SupervisedRapidPenaltyIsTwoMinutes) {
  ClockedGame g(Position::startpos(), arbiter(E2014), minutes_sudden_death(15, 10));
  ASSERT_EQ(g.game.category(), GameCategory::RAPID);
  Millis before = g.remaining(BLACK);
  ASSERT_TRUE(g.game.record_illegal_move(WHITE, "Ke2"));
  EXPECT_FALSE(g.game.is_over());
  EXPECT_EQ(g.remaining(BLACK), before + minutes(2));
}

// FIDE 2014 Appendix A.4.b (blitz: B.4), 2009 Appendix A.4: without full
// supervision the first completed illegal move loses.
TEST(GameIllegalMove, UnsupervisedRapidAndBlitzFirstLoses) {
  for (RulesEdition e : {E2009, E2014, E2018}) {
    for (int base : {15, 5}) {
      ClockedGame g(Position::startpos(), arbiter(e, /*supervised=*/false), minutes_sudden_death(base, 2));
      ASSERT_NE(g.game.category(), GameCategory::STANDARD);
      ASSERT_TRUE(g.game.play("e4"));
      ASSERT_TRUE(g.game.record_illegal_move(BLACK, "Ke7"));
      ASSERT_TRUE(g.game.is_over()) << rules_profile(e).name << " " << base << " min";
      EXPECT_EQ(g.game.outcome()->score, Score::WHITE_WINS);
      EXPECT_EQ(g.game.outcome()->termination, Termination::ILLEGAL_MOVE_LOSS);
    }
  }
}

// FIDE 2014 Appendix A.4.b: the loss is a draw if the opponent cannot mate.
TEST(GameIllegalMove, UnsupervisedRapidAgainstABareKingDraws) {
  ClockedGame g(fen("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"), arbiter(E2014, false), minutes_sudden_death(25));
  ASSERT_EQ(g.game.category(), GameCategory::RAPID);
  ASSERT_TRUE(g.game.record_illegal_move(WHITE, "Ke3"));
  ASSERT_TRUE(g.game.is_over());
  EXPECT_EQ(g.game.outcome()->termination, Termination::ILLEGAL_MOVE_DRAW);
}

// Supervision matters only in rapid and blitz: a standard game always uses
// Art. 7.5.b.
TEST(GameIllegalMove, UnsupervisedStandardGameUsesTheCompetitionRules) {
  ClockedGame g(Position::startpos(), arbiter(E2014, false), minutes_sudden_death(90));
  ASSERT_TRUE(g.game.record_illegal_move(WHITE, "Ke2"));
  EXPECT_FALSE(g.game.is_over());
  EXPECT_EQ(g.remaining(BLACK), minutes(92));
}

// FIDE 2014 Art. 7.5.a: a pawn moved to the last rank without being replaced
// is an illegal move; the pawn is replaced by a queen of the same colour. The
// 7.5.b penalty applies, and the move then counts as made.
TEST(GameIllegalMove, UnpromotedPawnBecomesAQueen2014) {
  for (RulesEdition e : {E2014, E2018}) {
    ClockedGame g(fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), arbiter(e), minutes_sudden_death(90));
    ASSERT_TRUE(g.game.record_illegal_move(WHITE, "a8", Move(SQ_A7, SQ_A8))) << rules_profile(e).name;
    EXPECT_EQ(g.game.position().piece_on(SQ_A8), W_QUEEN);
    EXPECT_EQ(g.game.side_to_move(), BLACK);
    ASSERT_EQ(g.game.moves().size(), 1u);
    EXPECT_EQ(g.game.moves()[0].move.promotion(), QUEEN);
    EXPECT_EQ(g.remaining(BLACK), minutes(92));
    EXPECT_EQ(count_events(g.game, GameEventKind::ILLEGAL_MOVE), 1);
  }
}

// FIDE 2014 Art. 7.5.a/b: if the unpromoted pawn move is the second illegal
// move, it loses and no queen is placed.
TEST(GameIllegalMove, UnpromotedPawnAsSecondIllegalMoveLoses) {
  Game game(fen("4k2r/P7/8/8/8/8/8/4K3 w - - 0 1"), arbiter(E2014));
  ASSERT_TRUE(game.record_illegal_move(WHITE, "Ke3"));
  ASSERT_TRUE(game.record_illegal_move(WHITE, "a8", Move(SQ_A7, SQ_A8)));
  ASSERT_TRUE(game.is_over());
  EXPECT_EQ(game.outcome()->termination, Termination::ILLEGAL_MOVE_LOSS);
  EXPECT_TRUE(game.moves().empty());
}

// FIDE 2009 Art. 7.4.a: failing to promote is an illegal move; the position
// before it is reinstated and the player moves the pawn again, choosing the
// new piece himself (no automatic queen before 2014).
TEST(GameIllegalMove, UnpromotedPawnBefore2014IsTakenBack) {
  for (RulesEdition e : {E2001, E2005, E2009}) {
    ClockedGame g(fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), arbiter(e), minutes_sudden_death(90));
    ASSERT_TRUE(g.game.record_illegal_move(WHITE, "a8", Move(SQ_A7, SQ_A8))) << rules_profile(e).name;
    EXPECT_EQ(g.game.position().piece_on(SQ_A7), W_PAWN);
    EXPECT_EQ(g.game.side_to_move(), WHITE);
    EXPECT_TRUE(g.game.moves().empty());
    EXPECT_EQ(g.remaining(BLACK), minutes(92));
    ASSERT_TRUE(g.game.play("a8=N"));
    EXPECT_EQ(g.game.position().piece_on(SQ_A8), W_KNIGHT);
  }
}

// The unpromoted move must be a pawn move that would be legal as a promotion.
TEST(GameIllegalMove, ImpossibleUnpromotedMoveIsRefused) {
  Game game(fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), arbiter(E2014));
  Result<bool> r = game.record_illegal_move(WHITE, "b8", Move(SQ_A7, SQ_B8));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("a7"), std::string::npos) << r.error().message;
  EXPECT_TRUE(game.events().empty()) << "nothing is counted for a refused record";
}

// Outside arbiter mode an illegal move is simply refused (see also
// GameResult.IllegalMovesAreRefusedInNormalPlay): nothing is recorded.
TEST(GameIllegalMove, RecordingNeedsArbiterMode) {
  Game game(Position::startpos());
  Result<bool> r = game.record_illegal_move(WHITE, "Ke2");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("arbiter mode"), std::string::npos) << r.error().message;
  EXPECT_TRUE(game.events().empty());
}

// FIDE 2014 Art. 7.5.a: the illegal move is by the player having the move.
TEST(GameIllegalMove, OnlyThePlayerHavingTheMove) {
  Game game(Position::startpos(), arbiter(E2014));
  Result<bool> r = game.record_illegal_move(BLACK, "Ke7");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("White"), std::string::npos) << r.error().message;
  EXPECT_TRUE(game.events().empty());
}

// A finished game takes no more illegal moves.
TEST(GameIllegalMove, NotAfterTheEnd) {
  Game game(Position::startpos(), arbiter(E2014));
  ASSERT_TRUE(game.resign(WHITE));
  EXPECT_FALSE(game.record_illegal_move(WHITE, "Ke2").ok());
}

}  // namespace
}  // namespace tabiya
