// Quickplay finish: the draw claim of a player short of time in the period in
// which all remaining moves must be made, and the arbiter's decisions on it
// (FIDE 2014 Appendix G, 2018 Guidelines III, 2001-2009 Art. 10).
#include <gtest/gtest.h>

#include <chrono>

#include "game_test_support.h"
#include "laws/game.h"

namespace tabiya {
namespace {

using namespace game_test;
using std::chrono::minutes;
using std::chrono::seconds;

// A 90-minute sudden-death game (standard, no increment) in which White, to
// move, is down to 1:59.
struct ShortOfTime : ClockedGame {
  explicit ShortOfTime(RulesEdition edition, int game_minutes = 90, int increment = 0)
      : ClockedGame(Position::startpos(), rules(edition), minutes_sudden_death(game_minutes, increment)) {
    time->advance(minutes(game_minutes) - seconds(119));
  }
};

bool has_event_with(const Game& game, GameEventKind kind, std::string_view text) {
  for (const GameEvent& e : game.events())
    if (e.kind == kind && e.detail.find(text) != std::string::npos) return true;
  return false;
}

TEST(QuickplayClaim, AcceptedClaimIsADraw) {
  // FIDE 2014 Appendix G.5.a: the arbiter agrees the opponent cannot win by
  // normal means: the game is drawn.
  ShortOfTime g(RulesEdition::FIDE_2014);
  ASSERT_TRUE(g.game.claim_quickplay_draw(WHITE).ok());
  EXPECT_EQ(g.game.quickplay_claim(), WHITE);
  EXPECT_EQ(g.game.draw_offer(), WHITE) << "the claim is also a draw offer (Art. 9.1.b.3)";
  ASSERT_TRUE(g.game.decide_quickplay_claim(QuickplayDecision::ACCEPT).ok());
  ASSERT_TRUE(g.game.is_over());
  EXPECT_EQ(g.game.outcome()->score, Score::DRAW);
  EXPECT_EQ(g.game.outcome()->termination, Termination::QUICKPLAY_DRAW);
  EXPECT_TRUE(has_event_with(g.game, GameEventKind::QUICKPLAY_CLAIM, "Appendix G.5"));
  EXPECT_TRUE(has_event_with(g.game, GameEventKind::QUICKPLAY_DECISION, "accepted"));
}

TEST(QuickplayClaim, RejectedClaimGivesTheOpponentTwoMinutes) {
  // FIDE 2014 Appendix G.5.c: the opponent is awarded two extra minutes; play goes on.
  ShortOfTime g(RulesEdition::FIDE_2014);
  Millis black = g.remaining(BLACK);
  ASSERT_TRUE(g.game.claim_quickplay_draw(WHITE).ok());
  ASSERT_TRUE(g.game.decide_quickplay_claim(QuickplayDecision::REJECT).ok());
  EXPECT_FALSE(g.game.is_over());
  EXPECT_EQ(g.remaining(BLACK), black + minutes(2));
  EXPECT_FALSE(g.game.quickplay_claim().has_value());
  EXPECT_TRUE(has_event_with(g.game, GameEventKind::QUICKPLAY_DECISION, "rejected (Appendix G.5.c)"));
  EXPECT_TRUE(g.game.play("e4").ok());
}

TEST(QuickplayClaim, MovesWaitForTheArbitersDecision) {
  // FIDE 2014 Appendix G.5: the claimant summons the arbiter; the game goes on after the decision.
  ShortOfTime g(RulesEdition::FIDE_2014);
  ASSERT_TRUE(g.game.claim_quickplay_draw(WHITE).ok());
  EXPECT_FALSE(g.game.play("e4").ok());
  EXPECT_FALSE(g.game.claim_quickplay_draw(WHITE).ok()) << "one claim at a time";
}

TEST(QuickplayClaim, PostponedClaimMayGiveTwoMinutesAndIsDecidedLater) {
  // FIDE 2014 Appendix G.5.b: postponed, the opponent *may* get two minutes;
  // the arbiter declares the result later or after a flag has fallen.
  ShortOfTime without(RulesEdition::FIDE_2014);
  Millis black = without.remaining(BLACK);
  ASSERT_TRUE(without.game.claim_quickplay_draw(WHITE).ok());
  ASSERT_TRUE(without.game.decide_quickplay_claim(QuickplayDecision::POSTPONE).ok());
  EXPECT_EQ(without.remaining(BLACK), black);
  EXPECT_TRUE(without.game.quickplay_claim_postponed());

  ShortOfTime g(RulesEdition::FIDE_2014);
  black = g.remaining(BLACK);
  ASSERT_TRUE(g.game.claim_quickplay_draw(WHITE).ok());
  ASSERT_TRUE(g.game.decide_quickplay_claim(QuickplayDecision::POSTPONE, /*bonus_on_postpone=*/true).ok());
  EXPECT_EQ(g.remaining(BLACK), black + minutes(2));
  ASSERT_TRUE(play_all(g.game, {"e4", "e5"}));
  g.time->advance(seconds(125));  // White's flag falls
  ASSERT_TRUE(g.game.check_flag());
  EXPECT_EQ(g.game.outcome()->termination, Termination::TIME_FORFEIT);
  ASSERT_TRUE(g.game.decide_postponed_quickplay_claim(true).ok());
  EXPECT_EQ(g.game.outcome()->score, Score::DRAW);
  EXPECT_EQ(g.game.outcome()->termination, Termination::QUICKPLAY_DRAW);
  EXPECT_TRUE(has_event_with(g.game, GameEventKind::QUICKPLAY_DECISION, "final decision: drawn"));
  EXPECT_FALSE(g.game.decide_postponed_quickplay_claim(true).ok()) << "already decided";
}

TEST(QuickplayClaim, PostponedClaimNotUpheldLeavesTheResult) {
  // FIDE 2014 Appendix G.5.b: the arbiter may find the opponent did try to win.
  ShortOfTime g(RulesEdition::FIDE_2014);
  ASSERT_TRUE(g.game.claim_quickplay_draw(WHITE).ok());
  ASSERT_TRUE(g.game.decide_quickplay_claim(QuickplayDecision::POSTPONE).ok());
  EXPECT_FALSE(g.game.decide_quickplay_claim(QuickplayDecision::ACCEPT).ok()) << "the first decision was given";
  ASSERT_TRUE(g.game.play("e4").ok());
  ASSERT_TRUE(g.game.decide_postponed_quickplay_claim(false).ok());
  EXPECT_FALSE(g.game.is_over());
  EXPECT_TRUE(has_event_with(g.game, GameEventKind::QUICKPLAY_DECISION, "not upheld"));
}

TEST(QuickplayClaim, NeedsLessThanTwoMinutesAndTheMove) {
  // FIDE 2014 Appendix G.5: the player having the move, with less than two minutes.
  ClockedGame plenty(Position::startpos(), rules(RulesEdition::FIDE_2014), minutes_sudden_death(90));
  plenty.time->advance(minutes(88));  // exactly two minutes left: not less
  EXPECT_FALSE(plenty.game.claim_quickplay_draw(WHITE).ok());
  ShortOfTime g(RulesEdition::FIDE_2014);
  Result<bool> r = g.game.claim_quickplay_draw(BLACK);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("having the move"), std::string::npos) << r.error().message;
}

TEST(QuickplayClaim, NeverInBlitzOrWithIncrement) {
  // FIDE 2014 Appendix G.3: only standard and rapid games without increment, not blitz.
  ShortOfTime blitz(RulesEdition::FIDE_2014, 5);
  ASSERT_EQ(blitz.game.category(), GameCategory::BLITZ);
  Result<bool> r = blitz.game.claim_quickplay_draw(WHITE);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("blitz"), std::string::npos) << r.error().message;
  ShortOfTime increment(RulesEdition::FIDE_2014, 90, 30);
  EXPECT_FALSE(increment.game.claim_quickplay_draw(WHITE).ok());
  ShortOfTime rapid(RulesEdition::FIDE_2014, 25);
  ASSERT_EQ(rapid.game.category(), GameCategory::RAPID);
  EXPECT_TRUE(rapid.game.claim_quickplay_draw(WHITE).ok());
  Game no_clock(Position::startpos());
  EXPECT_FALSE(no_clock.claim_quickplay_draw(WHITE).ok());
}

TEST(QuickplayClaim, Edition2009Article10) {
  // FIDE 2009 Art. 10.2.c: rejected, the opponent gets two extra minutes. There
  // is no request for an increment before 2014 (Appendix G.4).
  ShortOfTime g(RulesEdition::FIDE_2009);
  Millis black = g.remaining(BLACK);
  EXPECT_FALSE(g.game.request_quickplay_increment(WHITE, BonusMode::FISCHER).ok());
  ASSERT_TRUE(g.game.claim_quickplay_draw(WHITE).ok());
  EXPECT_TRUE(has_event_with(g.game, GameEventKind::QUICKPLAY_CLAIM, "Art. 10.2"));
  ASSERT_TRUE(g.game.decide_quickplay_claim(QuickplayDecision::REJECT).ok());
  EXPECT_EQ(g.remaining(BLACK), black + minutes(2));
}

TEST(QuickplayClaim, Edition2001Article10) {
  // FIDE 2001 Art. 10.2.a: the arbiter declares a draw if the opponent cannot win by normal means.
  ShortOfTime g(RulesEdition::FIDE_2001);
  ASSERT_TRUE(g.game.claim_quickplay_draw(WHITE).ok());
  ASSERT_TRUE(g.game.decide_quickplay_claim(QuickplayDecision::ACCEPT).ok());
  EXPECT_EQ(g.game.outcome()->termination, Termination::QUICKPLAY_DRAW);
}

TEST(QuickplayClaim, Edition2018CitesGuidelinesIII) {
  // FIDE 2018 Guidelines III.5: the same claim, moved out of Appendix G.
  ShortOfTime g(RulesEdition::FIDE_2018);
  ASSERT_TRUE(g.game.claim_quickplay_draw(WHITE).ok());
  EXPECT_TRUE(has_event_with(g.game, GameEventKind::QUICKPLAY_CLAIM, "Guidelines III.5"));
}

TEST(QuickplayIncrement, RequestIsADrawOfferTheOpponentMayAccept) {
  // FIDE 2014 Appendix G.4: the request for a 5 s increment constitutes an offer of a draw.
  ShortOfTime g(RulesEdition::FIDE_2014);
  ASSERT_TRUE(g.game.request_quickplay_increment(WHITE, BonusMode::FISCHER).ok());
  EXPECT_EQ(g.game.draw_offer(), WHITE);
  EXPECT_FALSE(g.game.grant_quickplay_increment().ok()) << "the offer has not been refused yet";
  ASSERT_TRUE(g.game.accept_draw(BLACK).ok());
  EXPECT_EQ(g.game.outcome()->termination, Termination::AGREEMENT);
}

TEST(QuickplayIncrement, RefusedOfferThenIncrementAndTwoMinutes) {
  // FIDE 2014 Appendix G.4: offer refused, arbiter agrees: clocks get the
  // extra 5 s and the opponent two extra minutes. With an increment there is
  // no more quickplay finish to claim in (G.3).
  ShortOfTime g(RulesEdition::FIDE_2014);
  Millis black = g.remaining(BLACK);
  ASSERT_TRUE(g.game.request_quickplay_increment(WHITE, BonusMode::FISCHER).ok());
  ASSERT_TRUE(g.game.decline_draw(BLACK).ok());
  ASSERT_TRUE(g.game.grant_quickplay_increment().ok());
  EXPECT_EQ(g.remaining(BLACK), black + minutes(2) + seconds(5));
  EXPECT_TRUE(g.game.clock()->time_control().has_bonus());
  EXPECT_TRUE(has_event_with(g.game, GameEventKind::QUICKPLAY_DECISION, "increment granted"));
  EXPECT_FALSE(g.game.claim_quickplay_draw(WHITE).ok());
  EXPECT_FALSE(g.game.grant_quickplay_increment().ok()) << "granted once";
}

TEST(QuickplayIncrement, RequestLapsesWithTheRequestersMove) {
  // FIDE 2014 Appendix G.4: the request is made by the player having the move, before he moves.
  ShortOfTime g(RulesEdition::FIDE_2014);
  ASSERT_TRUE(g.game.request_quickplay_increment(WHITE, BonusMode::SIMPLE_DELAY).ok());
  ASSERT_TRUE(g.game.play("e4").ok());
  EXPECT_FALSE(g.game.grant_quickplay_increment().ok());
}

}  // namespace
}  // namespace tabiya
