// Rapid and blitz without full supervision: claims of a win on time (FIDE 2014
// Appendix A.4.c and B.4, 2018 A.4.3, 2001 B7) and the 2001 blitz rule that
// the first illegal move loses (2001 Appendix C3).
#include <gtest/gtest.h>

#include <chrono>

#include "game_test_support.h"
#include "laws/game.h"

namespace tabiya {
namespace {

using namespace game_test;
using std::chrono::minutes;
using std::chrono::seconds;

GameOptions unsupervised(RulesEdition edition) {
  GameOptions options = rules(edition);
  options.supervised = false;
  return options;
}

// A 25-minute rapid game after 1.e4 in which Black's flag has just fallen.
struct BlackFlagged : ClockedGame {
  BlackFlagged(RulesEdition edition, Position start = Position::startpos(), std::string_view move = "e4",
               bool supervised = false)
      : ClockedGame(std::move(start), supervised ? rules(edition) : unsupervised(edition), minutes_sudden_death(25)) {
    EXPECT_TRUE(game.play(move).ok());
    time->advance(minutes(25) + seconds(1));
  }
};

TEST(WinOnTimeClaim, UpheldWhenTheClaimantStillHasTime) {
  // FIDE 2014 Appendix A.4.c: the claimant must have time remaining on his own clock.
  BlackFlagged g(RulesEdition::FIDE_2014);
  Result<ClaimVerdict> v = g.game.claim_win_on_time(WHITE);
  ASSERT_TRUE(v.ok()) << v.error().message;
  EXPECT_TRUE(v->upheld);
  ASSERT_TRUE(g.game.is_over());
  EXPECT_EQ(g.game.outcome()->score, Score::WHITE_WINS);
  EXPECT_EQ(g.game.outcome()->termination, Termination::TIME_FORFEIT);
  EXPECT_EQ(g.game.outcome()->culprit, BLACK);
  EXPECT_NE(v->explanation.find("Appendix A.4.c"), std::string::npos) << v->explanation;
}

TEST(WinOnTimeClaim, DrawnWhenTheClaimantCannotMate) {
  // FIDE 2014 Appendix A.4.c: drawn if the claimant cannot checkmate by any
  // possible series of legal moves - here White has a bare king.
  BlackFlagged g(RulesEdition::FIDE_2014, fen("k7/1q6/8/8/8/8/8/6K1 w - - 0 1"), "Kh2");
  Result<ClaimVerdict> v = g.game.claim_win_on_time(WHITE);
  ASSERT_TRUE(v.ok()) << v.error().message;
  ASSERT_TRUE(g.game.is_over());
  EXPECT_EQ(g.game.outcome()->score, Score::DRAW);
  EXPECT_EQ(g.game.outcome()->termination, Termination::TIMEOUT_DRAW);
}

TEST(WinOnTimeClaim, RejectedWhileTheOpponentHasTime) {
  // FIDE 2018 Appendix A.4.3: nothing to claim while the opponent's flag is up.
  ClockedGame g(Position::startpos(), unsupervised(RulesEdition::FIDE_2018), minutes_sudden_death(25));
  ASSERT_TRUE(g.game.play("e4").ok());
  g.time->advance(minutes(10));
  Result<ClaimVerdict> v = g.game.claim_win_on_time(WHITE);
  ASSERT_TRUE(v.ok());
  EXPECT_FALSE(v->upheld);
  EXPECT_FALSE(g.game.is_over());
  EXPECT_NE(v->explanation.find("Appendix A.4.3"), std::string::npos) << v->explanation;
  EXPECT_EQ(count_events(g.game, GameEventKind::CLAIM_REJECTED), 1);
}

TEST(WinOnTimeClaim, RejectedWhenBothFlagsAreDown) {
  // FIDE 2014 Appendix A.4.c: the claimant himself must still have time.
  ClockedGame g(Position::startpos(), unsupervised(RulesEdition::FIDE_2014), minutes_sudden_death(25));
  ASSERT_TRUE(play_all(g.game, {"e4", "e5"}));
  g.time->advance(minutes(25) + seconds(1));  // White's flag falls
  ASSERT_TRUE(g.game.arbiter_set_clock(BLACK, Millis{0}, "test: Black's flag is down too").ok());
  ASSERT_TRUE(g.game.clock()->flag_fallen(WHITE));
  ASSERT_TRUE(g.game.clock()->flag_fallen(BLACK));
  Result<ClaimVerdict> v = g.game.claim_win_on_time(BLACK);
  ASSERT_TRUE(v.ok()) << v.error().message;
  EXPECT_FALSE(v->upheld);
  EXPECT_FALSE(g.game.is_over());
}

TEST(WinOnTimeClaim, OnlyInUnsupervisedRapidAndBlitz) {
  // FIDE 2014 Appendix A.3/A.5: with full supervision the Competition Rules
  // apply and the arbiter calls the flag (Art. 6.9).
  BlackFlagged supervised(RulesEdition::FIDE_2014, Position::startpos(), "e4", /*supervised=*/true);
  EXPECT_FALSE(supervised.game.claim_win_on_time(WHITE).ok());
  ClockedGame standard(Position::startpos(), unsupervised(RulesEdition::FIDE_2014), minutes_sudden_death(90));
  EXPECT_FALSE(standard.game.claim_win_on_time(WHITE).ok());
  Game no_clock(Position::startpos(), unsupervised(RulesEdition::FIDE_2014));
  EXPECT_FALSE(no_clock.claim_win_on_time(WHITE).ok());
}

TEST(WinOnTimeClaim, Edition2001CitesAppendixB7) {
  // FIDE 2001 Appendix B7: the claimant's flag up and the opponent's down.
  BlackFlagged g(RulesEdition::FIDE_2001);
  Result<ClaimVerdict> v = g.game.claim_win_on_time(WHITE);
  ASSERT_TRUE(v.ok());
  EXPECT_TRUE(v->upheld);
  EXPECT_NE(v->explanation.find("Appendix B7"), std::string::npos) << v->explanation;
}

TEST(BlitzIllegalMove, FirstIllegalMoveLosesIn2001Blitz) {
  // FIDE 2001 Appendix C3: in blitz the opponent may claim a win after the
  // first completed illegal move, whatever the supervision.
  EXPECT_TRUE(rules_profile(RulesEdition::FIDE_2001).blitz_first_illegal_move_loses);
  GameOptions options = rules(RulesEdition::FIDE_2001);
  options.arbiter_mode = true;
  ClockedGame g(Position::startpos(), options, minutes_sudden_death(5));
  ASSERT_EQ(g.game.category(), GameCategory::BLITZ);
  ASSERT_TRUE(g.game.record_illegal_move(WHITE, "Ke1-e3").ok());
  ASSERT_TRUE(g.game.is_over());
  EXPECT_EQ(g.game.outcome()->score, Score::BLACK_WINS);
  EXPECT_EQ(g.game.outcome()->termination, Termination::ILLEGAL_MOVE_LOSS);
}

TEST(BlitzIllegalMove, SupervisedBlitzKeepsTheStandardPenaltyFrom2014) {
  // FIDE 2014 Appendix B.3 and B.2: with full supervision the first illegal
  // move gives the opponent one minute; it does not lose.
  EXPECT_FALSE(rules_profile(RulesEdition::FIDE_2014).blitz_first_illegal_move_loses);
  GameOptions options = rules(RulesEdition::FIDE_2014);
  options.arbiter_mode = true;
  ClockedGame g(Position::startpos(), options, minutes_sudden_death(5));
  Millis black = g.remaining(BLACK);
  ASSERT_TRUE(g.game.record_illegal_move(WHITE, "Ke1-e3").ok());
  EXPECT_FALSE(g.game.is_over());
  EXPECT_EQ(g.remaining(BLACK), black + minutes(1));
}

}  // namespace
}  // namespace tabiya
