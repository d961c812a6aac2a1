// Draws in the Game (FIDE Art. 9): offers, the identity of positions for
// repetitions, threefold and fifty-move claims with their penalties, and the
// automatic fivefold and 75-move draws, in every edition where they differ.
#include <gtest/gtest.h>

#include <string>

#include "game_test_support.h"
#include "laws/game.h"
#include "notation/move_reader.h"

namespace tabiya {
namespace {

using namespace game_test;
using std::chrono::minutes;
using std::chrono::seconds;

Move move_in(const Game& game, std::string_view text) {
  auto m = parse_move(game.position(), text);
  EXPECT_TRUE(m.ok()) << text << ": " << (m.ok() ? "" : m.error().message);
  return m.ok() ? *m : Move::none();
}

void shuffle(Game& game, int times) {
  for (int i = 0; i < times; ++i) ASSERT_TRUE(play_all(game, KNIGHT_SHUFFLE)) << "shuffle " << i;
}

// ------------------------------------------------------- 9.1 draw offers ---

// FIDE 2014 Art. 9.1.b.1: the offer stands until the opponent accepts it,
// rejects it, or touches a piece to move it; 8.1.d: it is noted "(=)".
TEST(DrawOffer, StandsUntilTheOpponentMoves) {
  Game game(Position::startpos());
  ASSERT_TRUE(game.play("e4"));
  ASSERT_TRUE(game.offer_draw(WHITE));
  EXPECT_EQ(game.draw_offer(), WHITE);
  ASSERT_EQ(game.events().size(), 1u);
  EXPECT_EQ(game.events()[0].kind, GameEventKind::DRAW_OFFER);
  EXPECT_EQ(game.events()[0].detail, "(=)");
  ASSERT_TRUE(game.play("e5"));
  EXPECT_FALSE(game.draw_offer().has_value());
  EXPECT_EQ(game.events().back().kind, GameEventKind::DRAW_DECLINED);
  EXPECT_EQ(game.events().back().player, BLACK);
  EXPECT_FALSE(game.accept_draw(BLACK).ok()) << "the offer lapsed when Black moved";
  EXPECT_FALSE(game.is_over());
}

// FIDE 2014 Art. 9.1.b.1: an offer made before moving still stands after the
// offerer's own move; the opponent may accept it then.
TEST(DrawOffer, OffererMovingDoesNotCancelIt) {
  Game game(Position::startpos());
  ASSERT_TRUE(game.offer_draw(WHITE));
  ASSERT_TRUE(game.play("e4"));
  EXPECT_EQ(game.draw_offer(), WHITE);
  ASSERT_TRUE(game.accept_draw(BLACK));
  EXPECT_EQ(game.outcome()->termination, Termination::AGREEMENT);
  EXPECT_EQ(game.outcome()->score, Score::DRAW);
}

// FIDE 2014 Art. 9.1.b.1: the offer cannot be withdrawn, and the offerer
// cannot accept or decline his own offer.
TEST(DrawOffer, CannotBeWithdrawnRepeatedOrSelfAccepted) {
  Game game(Position::startpos());
  ASSERT_TRUE(game.play("e4"));
  ASSERT_TRUE(game.offer_draw(WHITE));
  Result<bool> again = game.offer_draw(WHITE);
  ASSERT_FALSE(again.ok());
  EXPECT_NE(again.error().message.find("9.1"), std::string::npos) << again.error().message;
  EXPECT_FALSE(game.decline_draw(WHITE).ok());
  EXPECT_FALSE(game.accept_draw(WHITE).ok());
  EXPECT_EQ(game.draw_offer(), WHITE);
  EXPECT_FALSE(game.is_over());
}

// Offering a draw back to a player whose offer stands is accepting it.
TEST(DrawOffer, OfferingBackAccepts) {
  Game game(Position::startpos());
  ASSERT_TRUE(game.play("e4"));
  ASSERT_TRUE(game.offer_draw(WHITE));
  ASSERT_TRUE(game.offer_draw(BLACK));
  ASSERT_TRUE(game.is_over());
  EXPECT_EQ(game.outcome()->termination, Termination::AGREEMENT);
  EXPECT_EQ(count_events(game, GameEventKind::DRAW_ACCEPTED), 1);
}

// FIDE 2014 Art. 9.1.b.1: an oral rejection ends the offer; the other player
// may then make his own.
TEST(DrawOffer, DeclinedExplicitly) {
  Game game(Position::startpos());
  ASSERT_TRUE(game.play("e4"));
  ASSERT_TRUE(game.offer_draw(WHITE));
  ASSERT_TRUE(game.decline_draw(BLACK));
  EXPECT_FALSE(game.draw_offer().has_value());
  EXPECT_FALSE(game.decline_draw(BLACK).ok()) << "nothing left to decline";
  ASSERT_TRUE(game.offer_draw(BLACK));
  EXPECT_EQ(game.draw_offer(), BLACK);
  EXPECT_FALSE(game.is_over());
}

// FIDE 2014 Art. 9.1.a (2009 9.1.a): the regulations may forbid agreed draws
// in less than a given number of moves.
TEST(DrawOffer, RegulationsForbidEarlyAgreement) {
  GameOptions options;
  options.no_agreement_before_move = 30;
  Game early(Position::startpos(), options);
  ASSERT_TRUE(early.play("e4"));
  Result<bool> r = early.offer_draw(WHITE);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("9.1.a"), std::string::npos) << r.error().message;
  EXPECT_FALSE(early.draw_offer().has_value());

  Game move30(fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 30"), options);
  EXPECT_FALSE(move30.offer_draw(WHITE).ok());
  Game move31(fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 31"), options);
  EXPECT_TRUE(move31.offer_draw(WHITE).ok());
}

TEST(DrawOffer, NoOffersAfterTheGameEnded) {
  Game game(Position::startpos());
  ASSERT_TRUE(game.resign(BLACK));
  EXPECT_FALSE(game.offer_draw(WHITE).ok());
  EXPECT_FALSE(game.accept_draw(WHITE).ok());
}

// ------------------------------------------- 9.2 identity of positions ---

// FIDE 2014 Art. 9.2: a position counts again however it was reached (the
// start position itself is the first occurrence).
TEST(Repetition, CountsEveryOccurrenceIncludingTheStart) {
  Game game(Position::startpos());
  EXPECT_EQ(game.repetition_count(), 1);
  shuffle(game, 1);
  EXPECT_EQ(game.repetition_count(), 2);
  ASSERT_TRUE(game.play("Nf3"));
  EXPECT_EQ(game.repetition_count(), 2);  // the position after 1.Nf3 occurred before
  ASSERT_TRUE(game.play("Nc6"));
  EXPECT_EQ(game.repetition_count(), 1);
}

// FIDE 2014 Art. 9.2.b.2: positions are not the same if a king or rook had
// castling rights that were lost in between (2001 Art. 9.2: "if the right to
// castle has been changed"). The rooks go out and back: same placement, but
// the queen-side rights are gone.
TEST(Repetition, LostCastlingRightsMakeADifferentPosition) {
  for (RulesEdition e : all_rules_editions()) {
    Game game(fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), rules(e));
    ASSERT_TRUE(play_all(game, {"Rb1", "Rb8", "Ra1", "Ra8"}));
    EXPECT_EQ(game.repetition_count(), 1) << rules_profile(e).name;
    ASSERT_TRUE(play_all(game, {"Rb1", "Rb8", "Ra1", "Ra8"}));
    EXPECT_EQ(game.repetition_count(), 2);
    EXPECT_FALSE(game.can_claim_threefold());
    ASSERT_TRUE(play_all(game, {"Rb1", "Rb8", "Ra1", "Ra8"}));
    EXPECT_EQ(game.repetition_count(), 3);
    EXPECT_TRUE(game.can_claim_threefold());
  }
}

// FIDE 2014 Art. 9.2.b.1: a position in which an en passant capture is
// possible differs from the same placement without it.
TEST(Repetition, PossibleEnPassantCaptureMakesADifferentPosition) {
  Game game(fen("4k1n1/8/8/8/4p3/8/3P4/R5NK w - - 0 1"));
  ASSERT_TRUE(game.play("d4"));
  EXPECT_EQ(game.position().en_passant(), SQ_D3);
  ASSERT_TRUE(play_all(game, {"Nf6", "Nf3", "Ng8", "Ng1"}));
  EXPECT_EQ(game.repetition_count(), 1) << "the first occurrence allowed exd3 e.p.";
  ASSERT_TRUE(play_all(game, {"Nf6", "Nf3", "Ng8", "Ng1"}));
  EXPECT_EQ(game.repetition_count(), 2);
  EXPECT_FALSE(game.can_claim_threefold());
}

// FIDE 2014 Art. 9.2 ("the possible moves of all the pieces ... are the
// same"): a double step next to an enemy pawn that is pinned gives no en
// passant capture, so the position is the same as the later ones.
TEST(Repetition, EnPassantByAPinnedPawnDoesNotCount) {
  Game game(fen("4k1n1/8/8/8/4p3/8/3P4/4R1NK w - - 0 1"));
  ASSERT_TRUE(game.play("d4"));
  EXPECT_EQ(game.position().en_passant(), SQ_NONE);
  ASSERT_TRUE(play_all(game, {"Nf6", "Nf3", "Ng8", "Ng1"}));
  EXPECT_EQ(game.repetition_count(), 2);
  ASSERT_TRUE(play_all(game, {"Nf6", "Nf3", "Ng8", "Ng1"}));
  EXPECT_EQ(game.repetition_count(), 3);
  EXPECT_TRUE(game.can_claim_threefold());
  Result<ClaimVerdict> v = game.claim_draw(BLACK, ClaimGround::THREEFOLD_REPETITION);
  ASSERT_TRUE(v.ok());
  EXPECT_TRUE(v->upheld);
}

// Same placement with the other side to move is a different position (9.2).
TEST(Repetition, SideToMoveMatters) {
  Game game(fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
  ASSERT_TRUE(play_all(game, {"Ra2", "Kd8", "Ra1", "Ke8"}));
  EXPECT_EQ(game.repetition_count(), 2);
  // The start placement again, but with Black to move: a new position.
  ASSERT_TRUE(play_all(game, {"Ra2", "Kd8", "Ra3", "Ke8", "Ra1"}));
  EXPECT_EQ(game.position().piece_on(SQ_A1), W_ROOK);
  EXPECT_EQ(game.position().piece_on(SQ_E8), B_KING);
  EXPECT_EQ(game.repetition_count(), 1);
}

// ------------------------------------------------- 9.2 threefold claims ---

// FIDE 2014 Art. 9.2.b: the position has just appeared for the third time and
// the claimant has the move: drawn. Not necessarily by a sequential repetition.
TEST(ThreefoldClaim, OnTheCurrentPositionNotNecessarilySequential) {
  Game game(Position::startpos());
  shuffle(game, 1);
  ASSERT_TRUE(play_all(game, KNIGHT_DETOUR));
  EXPECT_EQ(game.repetition_count(), 3);
  Result<ClaimVerdict> v = game.claim_draw(WHITE, ClaimGround::THREEFOLD_REPETITION);
  ASSERT_TRUE(v.ok()) << v.error().message;
  EXPECT_TRUE(v->upheld);
  ASSERT_TRUE(game.is_over());
  EXPECT_EQ(game.outcome()->score, Score::DRAW);
  EXPECT_EQ(game.outcome()->termination, Termination::THREEFOLD_REPETITION);
  EXPECT_EQ(game.outcome()->culprit, WHITE);
  EXPECT_EQ(count_events(game, GameEventKind::CLAIM_UPHELD), 1);
}

// FIDE 2014 Art. 9.2: only the player having the move may claim.
TEST(ThreefoldClaim, ThePlayerNotOnMoveCannotClaim) {
  Game game(Position::startpos());
  shuffle(game, 2);
  Result<ClaimVerdict> v = game.claim_draw(BLACK, ClaimGround::THREEFOLD_REPETITION);
  ASSERT_FALSE(v.ok());
  EXPECT_NE(v.error().message.find("having the move"), std::string::npos) << v.error().message;
  EXPECT_FALSE(game.is_over());
  EXPECT_TRUE(game.events().empty()) << "a refused claim is not an incorrect claim: no penalty, no offer";
}

// FIDE 2014 Art. 9.2.a: the position is about to appear for the third time:
// the claimant writes his move, the claim is upheld and the move is made.
TEST(ThreefoldClaim, WithAnIntendedMove) {
  Game game(Position::startpos());
  shuffle(game, 1);
  ASSERT_TRUE(play_all(game, {"Nf3", "Nf6", "Ng1"}));
  Move ng8 = move_in(game, "Ng8");
  EXPECT_FALSE(game.can_claim_threefold());
  EXPECT_TRUE(game.can_claim_threefold(ng8));
  EXPECT_FALSE(game.can_claim_threefold(move_in(game, "Nc6")));
  Result<ClaimVerdict> v = game.claim_draw(BLACK, ClaimGround::THREEFOLD_REPETITION, ng8);
  ASSERT_TRUE(v.ok()) << v.error().message;
  EXPECT_TRUE(v->upheld);
  EXPECT_EQ(game.outcome()->termination, Termination::THREEFOLD_REPETITION);
  ASSERT_EQ(game.moves().size(), 8u);
  EXPECT_EQ(game.moves().back().san, "Ng8");
  EXPECT_EQ(game.position().key(), Position::startpos().key());
}

// An intended move must be a legal move.
TEST(ThreefoldClaim, IllegalIntendedMoveIsRefused) {
  Game game(Position::startpos());
  EXPECT_FALSE(game.claim_draw(WHITE, ClaimGround::THREEFOLD_REPETITION, Move(SQ_E1, SQ_E3)).ok());
  EXPECT_FALSE(game.can_claim_threefold(Move(SQ_E1, SQ_E3)));
  EXPECT_TRUE(game.events().empty());
}

// An incorrect claim in a game with clocks: Black claims a repetition with
// the intended move Nc6 that repeats nothing.
struct IncorrectClaim {
  ClockedGame g;
  Result<ClaimVerdict> verdict;

  IncorrectClaim(RulesEdition e, TimeControl tc, std::optional<Millis> black_clock = std::nullopt)
      : g(Position::startpos(), rules(e), std::move(tc)), verdict(ClaimVerdict{}) {
    EXPECT_TRUE(play_all(g.game, {"Nf3", "Nf6", "Ng1"}));
    if (black_clock) {
      EXPECT_TRUE(g.game.arbiter_set_clock(BLACK, *black_clock, "test setting"));
    }
    verdict = g.game.claim_draw(BLACK, ClaimGround::THREEFOLD_REPETITION, move_in(g.game, "Nc6"));
  }
};

// FIDE 2014 Art. 9.5.b: an incorrect claim gives the opponent 2 minutes, the
// game continues and the intended move is made.
TEST(ThreefoldClaim, Incorrect2014AddsTwoMinutesAndPlaysTheMove) {
  for (RulesEdition e : {E2014, E2018}) {
    IncorrectClaim c(e, minutes_sudden_death(90));
    ASSERT_TRUE(c.verdict.ok()) << c.verdict.error().message;
    EXPECT_FALSE(c.verdict->upheld);
    EXPECT_FALSE(c.g.game.is_over());
    EXPECT_EQ(c.g.remaining(WHITE), minutes(92)) << rules_profile(e).name;
    EXPECT_EQ(c.g.remaining(BLACK), minutes(90));
    ASSERT_EQ(c.g.game.moves().size(), 4u);
    EXPECT_EQ(c.g.game.moves().back().san, "Nc6");
    EXPECT_EQ(c.g.game.side_to_move(), WHITE);
    EXPECT_EQ(count_events(c.g.game, GameEventKind::CLAIM_REJECTED), 1);
    EXPECT_EQ(count_events(c.g.game, GameEventKind::TIME_ADDED), 1);
  }
}

// FIDE 2014 Appendix B.2: in blitz the penalty is 1 minute instead of 2.
TEST(ThreefoldClaim, IncorrectInBlitzAddsOneMinute) {
  for (RulesEdition e : {E2014, E2018}) {
    IncorrectClaim c(e, minutes_sudden_death(5));
    ASSERT_TRUE(c.verdict.ok());
    ASSERT_EQ(c.g.game.category(), GameCategory::BLITZ);
    EXPECT_EQ(c.g.remaining(WHITE), minutes(6)) << rules_profile(e).name;
  }
}

// FIDE 2009 Art. 9.5.b (and 2005): the opponent gets 3 minutes.
TEST(ThreefoldClaim, Incorrect2009AddsThreeMinutes) {
  for (RulesEdition e : {E2005, E2009}) {
    IncorrectClaim c(e, minutes_sudden_death(90));
    ASSERT_TRUE(c.verdict.ok());
    EXPECT_EQ(c.g.remaining(WHITE), minutes(93)) << rules_profile(e).name;
    EXPECT_EQ(c.g.remaining(BLACK), minutes(90)) << rules_profile(e).name;
    EXPECT_EQ(c.g.game.moves().back().san, "Nc6");
  }
}

// FIDE 2001 Art. 9.5.b: the opponent gets 3 minutes and the claimant, with
// more than 2 minutes left, loses half his time up to 3 minutes.
TEST(ThreefoldClaim, Incorrect2001AlsoCutsTheClaimantsTime) {
  IncorrectClaim c(E2001, minutes_sudden_death(90));
  ASSERT_TRUE(c.verdict.ok());
  EXPECT_EQ(c.g.remaining(WHITE), minutes(93));
  EXPECT_EQ(c.g.remaining(BLACK), minutes(87));
  EXPECT_EQ(count_events(c.g.game, GameEventKind::TIME_ADDED), 2);

  IncorrectClaim three_left(E2001, minutes_sudden_death(90), minutes(3));
  EXPECT_EQ(three_left.g.remaining(BLACK), seconds(90)) << "half of 3 minutes";
}

// FIDE 2001 Art. 9.5.b: between 1 and 2 minutes the claimant is set to 1
// minute; with less than 1 minute his time is not changed.
TEST(ThreefoldClaim, Incorrect2001ClaimantWithLittleTime) {
  IncorrectClaim ninety_s(E2001, minutes_sudden_death(90), seconds(90));
  EXPECT_EQ(ninety_s.g.remaining(BLACK), minutes(1));
  IncorrectClaim two_min(E2001, minutes_sudden_death(90), minutes(2));
  EXPECT_EQ(two_min.g.remaining(BLACK), minutes(1));
  IncorrectClaim fifty_s(E2001, minutes_sudden_death(90), seconds(50));
  EXPECT_EQ(fifty_s.g.remaining(BLACK), seconds(50));
  EXPECT_EQ(fifty_s.g.remaining(WHITE), minutes(93));
}

// FIDE 2014 Art. 9.1.b.3: a claim under 9.2 or 9.3 is a draw offer; after the
// incorrect claim the opponent may still accept it.
TEST(ThreefoldClaim, IncorrectClaimStandsAsADrawOffer) {
  IncorrectClaim accepted(E2014, minutes_sudden_death(90));
  EXPECT_EQ(accepted.g.game.draw_offer(), BLACK);
  ASSERT_TRUE(accepted.g.game.accept_draw(WHITE));
  EXPECT_EQ(accepted.g.game.outcome()->termination, Termination::AGREEMENT);

  IncorrectClaim ignored(E2014, minutes_sudden_death(90));
  ASSERT_TRUE(ignored.g.game.play("e4"));
  EXPECT_FALSE(ignored.g.game.draw_offer().has_value()) << "White's move rejected the offer";
}

// FIDE 2014 Art. 9.1.a over 9.1.b.3: where the regulations forbid agreeing a
// draw yet, an incorrect claim cannot be accepted as an offer.
TEST(ThreefoldClaim, NoOfferWhileAgreementIsForbidden) {
  GameOptions options = rules(E2014);
  options.no_agreement_before_move = 30;
  Game game(Position::startpos(), options);
  ASSERT_TRUE(play_all(game, {"Nf3", "Nf6", "Ng1"}));
  Result<ClaimVerdict> v = game.claim_draw(BLACK, ClaimGround::THREEFOLD_REPETITION, move_in(game, "Nc6"));
  ASSERT_TRUE(v.ok());
  EXPECT_FALSE(v->upheld);
  EXPECT_FALSE(game.draw_offer().has_value());
  EXPECT_FALSE(game.accept_draw(WHITE).ok());
  EXPECT_FALSE(game.is_over());
}

// An incorrect claim on the current position (no intended move) costs the
// penalty and leaves the position as it is.
TEST(ThreefoldClaim, IncorrectWithoutIntendedMove) {
  ClockedGame g(Position::startpos(), rules(E2014), minutes_sudden_death(90));
  shuffle(g.game, 1);  // only twice
  Result<ClaimVerdict> v = g.game.claim_draw(WHITE, ClaimGround::THREEFOLD_REPETITION);
  ASSERT_TRUE(v.ok());
  EXPECT_FALSE(v->upheld);
  EXPECT_EQ(g.remaining(BLACK), minutes(92));
  EXPECT_EQ(g.game.moves().size(), 4u);
  EXPECT_EQ(g.game.side_to_move(), WHITE);
  EXPECT_EQ(g.game.draw_offer(), WHITE);
}

// -------------------------------------------------- 9.3 fifty-move rule ---

// FIDE 2014 Art. 9.3.b: the last 50 moves by each player (100 plies) without a
// pawn move or capture: a correct claim draws; at 99 plies it is too early.
TEST(FiftyMoveClaim, AtExactlyOneHundredPlies) {
  Game game(fen("4k3/8/8/8/8/8/8/R3K3 w - - 98 80"));
  ASSERT_TRUE(game.play("Ra2"));
  EXPECT_FALSE(game.can_claim_fifty_moves());
  ASSERT_TRUE(game.play("Kd7"));
  EXPECT_EQ(game.position().halfmove_clock(), 100);
  EXPECT_TRUE(game.can_claim_fifty_moves());
  EXPECT_FALSE(game.claim_draw(BLACK, ClaimGround::FIFTY_MOVES).ok()) << "Black does not have the move";
  Result<ClaimVerdict> v = game.claim_draw(WHITE, ClaimGround::FIFTY_MOVES);
  ASSERT_TRUE(v.ok());
  EXPECT_TRUE(v->upheld);
  EXPECT_EQ(game.outcome()->score, Score::DRAW);
  EXPECT_EQ(game.outcome()->termination, Termination::FIFTY_MOVES);
}

// FIDE 2014 Art. 9.3.b reached by play: 100 quiet plies from a fresh counter.
TEST(FiftyMoveClaim, ReachedByPlay) {
  Game game(fen("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1"));
  ASSERT_TRUE(play_quiet_moves(game, 99));
  EXPECT_FALSE(game.can_claim_fifty_moves());
  ASSERT_TRUE(play_quiet_moves(game, 1));
  EXPECT_TRUE(game.can_claim_fifty_moves());
  Result<ClaimVerdict> v = game.claim_draw(game.side_to_move(), ClaimGround::FIFTY_MOVES);
  ASSERT_TRUE(v.ok());
  EXPECT_TRUE(v->upheld);
}

// FIDE 2014 Art. 9.3.a: at 99 plies the claimant writes a move that makes the
// 100th: upheld, and the move is made.
TEST(FiftyMoveClaim, WithAnIntendedMoveAtNinetyNine) {
  Game game(fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"));
  Move ra2 = move_in(game, "Ra2");
  EXPECT_FALSE(game.can_claim_fifty_moves());
  EXPECT_TRUE(game.can_claim_fifty_moves(ra2));
  Result<ClaimVerdict> v = game.claim_draw(WHITE, ClaimGround::FIFTY_MOVES, ra2);
  ASSERT_TRUE(v.ok());
  EXPECT_TRUE(v->upheld);
  EXPECT_EQ(game.outcome()->termination, Termination::FIFTY_MOVES);
  ASSERT_EQ(game.moves().size(), 1u);
  EXPECT_EQ(game.position().halfmove_clock(), 100);
}

// FIDE 2014 Art. 9.3.a / 9.5.b: an intended capture resets the count: the
// claim is incorrect, the opponent gets 2 minutes and the capture is made.
TEST(FiftyMoveClaim, IntendedCaptureMakesTheClaimIncorrect) {
  ClockedGame g(fen("4k3/8/8/8/8/8/r7/R3K3 w - - 99 80"), rules(E2014), minutes_sudden_death(90));
  Move capture = move_in(g.game, "Rxa2");
  EXPECT_FALSE(g.game.can_claim_fifty_moves(capture));
  Result<ClaimVerdict> v = g.game.claim_draw(WHITE, ClaimGround::FIFTY_MOVES, capture);
  ASSERT_TRUE(v.ok());
  EXPECT_FALSE(v->upheld);
  EXPECT_FALSE(g.game.is_over());
  EXPECT_EQ(g.remaining(BLACK), minutes(92));
  EXPECT_EQ(g.game.position().halfmove_clock(), 0);
  EXPECT_EQ(g.game.moves().back().san, "Rxa2");
  EXPECT_EQ(g.game.draw_offer(), WHITE);
}

// FIDE 2009 Art. 9.3 is the same claim (no 75-move rule yet): it can still
// be claimed long after 100 plies.
TEST(FiftyMoveClaim, StillClaimableAfterManyMoreMovesIn2009) {
  Game game(fen("4k3/8/8/8/8/8/8/R3K3 w - - 160 120"), rules(E2009));
  EXPECT_FALSE(game.is_over());
  EXPECT_TRUE(game.can_claim_fifty_moves());
}

// --------------------------------------------------- 9.6 automatic draws ---

// FIDE 2014 Art. 9.6.b: 75 moves by each player (150 plies) without pawn move
// or capture draw without a claim. Not in 2001-2009.
TEST(SeventyFiveMoves, AutomaticFrom2014Only) {
  for (RulesEdition e : all_rules_editions()) {
    Game game(fen("4k3/8/8/8/8/8/8/R3K3 w - - 149 100"), rules(e));
    ASSERT_TRUE(game.play("Ra2"));
    bool automatic = rules_profile(e).seventy_five_moves;
    EXPECT_EQ(game.is_over(), automatic) << rules_profile(e).name;
    if (automatic) {
      EXPECT_EQ(game.outcome()->score, Score::DRAW);
      EXPECT_EQ(game.outcome()->termination, Termination::SEVENTY_FIVE_MOVES);
    } else {
      EXPECT_TRUE(game.can_claim_fifty_moves());
    }
  }
}

// FIDE 2014 Art. 9.6.b reached by play: drawn exactly at the 150th quiet ply.
TEST(SeventyFiveMoves, ReachedByPlay) {
  Game game(fen("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1"), rules(E2014));
  ASSERT_TRUE(play_quiet_moves(game, 149));
  EXPECT_FALSE(game.is_over());
  ASSERT_TRUE(play_quiet_moves(game, 1));
  ASSERT_TRUE(game.is_over());
  EXPECT_EQ(game.outcome()->termination, Termination::SEVENTY_FIVE_MOVES);

  Game old(fen("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1"), rules(E2009));
  ASSERT_TRUE(play_quiet_moves(old, 150));
  EXPECT_FALSE(old.is_over());
}

// FIDE 2014 Art. 9.6.b: if the last move gave checkmate, that takes precedence.
TEST(SeventyFiveMoves, CheckmateOnTheLastMoveTakesPrecedence) {
  for (RulesEdition e : {E2014, E2018}) {
    Game game(fen("7k/8/6K1/8/8/8/8/R7 w - - 149 100"), rules(e));
    ASSERT_TRUE(game.play("Ra8#"));
    ASSERT_TRUE(game.is_over());
    EXPECT_EQ(game.outcome()->score, Score::WHITE_WINS);
    EXPECT_EQ(game.outcome()->termination, Termination::CHECKMATE);
  }
}

// FIDE 2014 Art. 9.6.a: the same position five times in a row, every fourth
// ply, draws automatically in 2014 and 2018; in 2009 there is no such rule
// (only the threefold claim).
TEST(Fivefold, FiveConsecutiveOccurrences) {
  for (RulesEdition e : all_rules_editions()) {
    Game game(Position::startpos(), rules(e));
    shuffle(game, 3);
    ASSERT_TRUE(play_all(game, {"Nf3", "Nf6", "Ng1"}));
    EXPECT_FALSE(game.is_over());
    ASSERT_TRUE(game.play("Ng8"));
    EXPECT_EQ(game.repetition_count(), 5);
    bool automatic = rules_profile(e).fivefold != FivefoldRule::NONE;
    ASSERT_EQ(game.is_over(), automatic) << rules_profile(e).name;
    if (automatic) {
      EXPECT_EQ(game.outcome()->score, Score::DRAW);
      EXPECT_EQ(game.outcome()->termination, Termination::FIVEFOLD_REPETITION);
    } else {
      EXPECT_TRUE(game.can_claim_threefold());
    }
  }
}

// FIDE 2018 (2017 revision) Art. 9.6.1: "at least five times", anywhere.
// FIDE 2014 Art. 9.6.a: "for at least five consecutive alternate moves by
// each player". The start position appears five times, eight plies apart:
// drawn in 2018, not in 2014.
TEST(Fivefold, FiveTimesButNotConsecutive) {
  Game g2018(Position::startpos(), rules(E2018));
  Game g2014(Position::startpos(), rules(E2014));
  for (int i = 0; i < 4; ++i) {
    EXPECT_FALSE(g2018.is_over()) << "detour " << i;
    ASSERT_TRUE(play_all(g2018, KNIGHT_DETOUR));
    ASSERT_TRUE(play_all(g2014, KNIGHT_DETOUR));
  }
  ASSERT_TRUE(g2018.is_over());
  EXPECT_EQ(g2018.outcome()->termination, Termination::FIVEFOLD_REPETITION);
  EXPECT_EQ(g2018.moves().size(), 32u);
  EXPECT_FALSE(g2014.is_over());
  EXPECT_EQ(g2014.repetition_count(), 5);
  EXPECT_TRUE(g2014.can_claim_threefold());
}

// FIDE 2014 Art. 9.6.a: once the five occurrences are consecutive the 2014
// rule applies too (start position at plies 0, 8, 12, 16, 20, then 24).
TEST(Fivefold, Consecutive2014RuleNeedsTheLastFiveInARow) {
  Game g2014(Position::startpos(), rules(E2014));
  Game g2018(Position::startpos(), rules(E2018));
  ASSERT_TRUE(play_all(g2014, KNIGHT_DETOUR));
  ASSERT_TRUE(play_all(g2018, KNIGHT_DETOUR));
  shuffle(g2014, 3);
  shuffle(g2018, 3);
  ASSERT_TRUE(g2018.is_over()) << "five times at ply 20";
  EXPECT_EQ(g2018.moves().size(), 20u);
  EXPECT_FALSE(g2014.is_over()) << "ply 0 and ply 8 are not four plies apart";
  shuffle(g2014, 1);
  ASSERT_TRUE(g2014.is_over());
  EXPECT_EQ(g2014.outcome()->termination, Termination::FIVEFOLD_REPETITION);
  EXPECT_EQ(g2014.moves().size(), 24u);
}

}  // namespace
}  // namespace tabiya
