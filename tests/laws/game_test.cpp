// The arbiter's Game: how games end (FIDE Art. 5), the clock rules it applies
// (Art. 6.9, 6.11), and the arbiter's actions (Art. 6.7, 6.10, 12). Draw
// offers and claims are in claims_test.cpp, illegal moves in
// illegal_moves_test.cpp.
#include "laws/game.h"

#include <gtest/gtest.h>

#include <string>

#include "game_test_support.h"

namespace tabiya {
namespace {

using namespace game_test;
using std::chrono::minutes;
using std::chrono::seconds;

// ---------------------------------------------------------------- Art. 5 ---

// FIDE 2014 Art. 5.1.a: the game is won by the player who checkmated his
// opponent's king; it ends immediately.
TEST(GameResult, CheckmateWinsAndEndsTheGame) {
  Game game(Position::startpos());
  ASSERT_TRUE(play_all(game, {"f3", "e5", "g4", "Qh4#"}));
  ASSERT_TRUE(game.is_over());
  EXPECT_EQ(game.outcome()->score, Score::BLACK_WINS);
  EXPECT_EQ(game.outcome()->termination, Termination::CHECKMATE);
  EXPECT_EQ(game.outcome()->culprit, WHITE);  // the side mated
  Result<bool> after = game.play("a3");
  ASSERT_FALSE(after.ok());
  EXPECT_NE(after.error().message.find("game is over"), std::string::npos) << after.error().message;
  EXPECT_EQ(game.moves().size(), 4u);
}

// FIDE 2014 Art. 5.1.a per edition: the reason and its article are those of
// the game's edition.
TEST(GameResult, CheckmateIsDescribedWithTheGamesEdition) {
  for (RulesEdition e : all_rules_editions()) {
    Game game(Position::startpos(), rules(e));
    ASSERT_TRUE(play_all(game, {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"}));
    ASSERT_TRUE(game.is_over());
    EXPECT_EQ(game.outcome()->score, Score::WHITE_WINS);
    EXPECT_EQ(describe(*game.outcome(), e), "Checkmate: White wins 1-0 (FIDE " +
                                                std::string(rules_profile(e).name.substr(5)) + " " +
                                                std::string(termination_article(Termination::CHECKMATE, e)) + ")");
  }
}

// FIDE 2014 Art. 5.1.b: the game is won by the player whose opponent resigns;
// a player may resign at any time, also when it is not his move.
TEST(GameResult, ResignationByEitherPlayerOnMoveOrNot) {
  for (Color resigner : {WHITE, BLACK}) {
    Game game(Position::startpos());
    ASSERT_TRUE(game.play("e4"));  // Black to move
    ASSERT_TRUE(game.resign(resigner));
    ASSERT_TRUE(game.is_over());
    EXPECT_EQ(game.outcome()->score, win_for(~resigner));
    EXPECT_EQ(game.outcome()->termination, Termination::RESIGNATION);
    EXPECT_EQ(game.outcome()->culprit, resigner);
    EXPECT_EQ(count_events(game, GameEventKind::RESIGNATION), 1);
    EXPECT_FALSE(game.resign(~resigner).ok()) << "a finished game cannot be resigned";
  }
}

// FIDE 2014 Art. 5.2.a: stalemate draws immediately.
TEST(GameResult, StalemateDraws) {
  Game game(fen("7k/5K2/8/6Q1/8/8/8/8 w - - 0 1"));
  ASSERT_TRUE(game.play("Qg6"));
  ASSERT_TRUE(game.is_over());
  EXPECT_EQ(game.outcome()->score, Score::DRAW);
  EXPECT_EQ(game.outcome()->termination, Termination::STALEMATE);
}

// FIDE 2014 Art. 5.2.b: a capture that leaves K+B v K makes a dead position:
// the game is drawn at once, without a claim.
TEST(GameResult, CaptureLeavingKingAndBishopAgainstKingIsDead) {
  Game game(fen("4k3/8/8/8/8/8/2r5/1B2K3 w - - 0 1"));
  ASSERT_FALSE(game.is_over());
  ASSERT_TRUE(game.play("Bxc2"));
  ASSERT_TRUE(game.is_over());
  EXPECT_EQ(game.outcome()->score, Score::DRAW);
  EXPECT_EQ(game.outcome()->termination, Termination::DEAD_POSITION);
  EXPECT_EQ(describe(*game.outcome(), RulesEdition::FIDE_2018), "Dead position: draw 1/2-1/2 (FIDE 2018 Art. 5.2.2)");
}

// FIDE 2014 Art. 5.2.b with the [SW] note "blocked pawn structures can also
// be dead": h3-h4 completes a wall that no king can cross and no pawn can
// capture through; before it, h3xg4 was still possible.
TEST(GameResult, MoveThatLocksAPawnWallIsDead) {
  Game game(fen("4k3/8/8/1p1p1p1p/pPpPpPp1/P1P1P1PP/8/4K3 w - - 0 1"));
  ASSERT_FALSE(game.is_over());
  ASSERT_TRUE(game.play("h4"));
  ASSERT_TRUE(game.is_over()) << "the locked pawn wall was not recognised as dead";
  EXPECT_EQ(game.outcome()->termination, Termination::DEAD_POSITION);
}

// FIDE 2014 Art. 5.2.b: K+B v K+B with bishops on different colours is not
// dead (a helpmate exists), so the game goes on.
TEST(GameResult, OppositeBishopsAreNotDead) {
  Game game(fen("4kb2/8/8/8/8/8/2r5/1B2K3 w - - 0 1"));
  ASSERT_TRUE(game.play("Bxc2"));
  EXPECT_FALSE(game.is_over());
}

// A game may start in a finished position: mate on the board ends it at once.
TEST(GameResult, GameFromAMatePositionIsOverAtTheStart) {
  Game game(fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"));
  ASSERT_TRUE(game.is_over());
  EXPECT_EQ(game.outcome()->score, Score::WHITE_WINS);
  EXPECT_EQ(game.outcome()->termination, Termination::CHECKMATE);
}

// FIDE 2014 Art. 5.2.c / 9.1: a draw agreed by both players (details of
// offers in claims_test.cpp).
TEST(GameResult, AgreementDraws) {
  Game game(Position::startpos());
  ASSERT_TRUE(game.play("e4"));
  ASSERT_TRUE(game.offer_draw(WHITE));
  ASSERT_TRUE(game.accept_draw(BLACK));
  ASSERT_TRUE(game.is_over());
  EXPECT_EQ(game.outcome()->score, Score::DRAW);
  EXPECT_EQ(game.outcome()->termination, Termination::AGREEMENT);
}

// Illegal moves are refused in normal play with an error that names the move;
// the game and its record are unchanged.
TEST(GameResult, IllegalMovesAreRefusedInNormalPlay) {
  Game game(Position::startpos());
  Result<bool> r = game.play("Ke2");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("Ke2"), std::string::npos) << r.error().message;
  Result<bool> by_move = game.play(Move(SQ_E1, SQ_E3));
  ASSERT_FALSE(by_move.ok());
  EXPECT_NE(by_move.error().message.find("e1e3"), std::string::npos) << by_move.error().message;
  Result<bool> garbage = game.play("hello");
  EXPECT_FALSE(garbage.ok());
  EXPECT_TRUE(game.moves().empty());
  EXPECT_EQ(game.position(), Position::startpos());
  EXPECT_FALSE(game.is_over());
  EXPECT_TRUE(game.events().empty());
}

// The move record keeps the SAN of each move and the position after it.
TEST(GameResult, MovesAreRecordedInSan) {
  Game game(Position::startpos());
  ASSERT_TRUE(play_all(game, {"e2e4", "e7-e5", "Ng1-f3"}));
  ASSERT_EQ(game.moves().size(), 3u);
  EXPECT_EQ(game.moves()[0].san, "e4");
  EXPECT_EQ(game.moves()[1].san, "e5");
  EXPECT_EQ(game.moves()[2].san, "Nf3");
  EXPECT_EQ(game.side_to_move(), BLACK);
  EXPECT_EQ(game.start_position(), Position::startpos());
}

// Casual play may take moves back; an arbiter's record may not.
TEST(GameResult, TakebackOnlyInCasualPlay) {
  Game casual(Position::startpos());
  ASSERT_TRUE(play_all(casual, {"f3", "e5", "g4", "Qh4#"}));
  ASSERT_TRUE(casual.takeback());
  EXPECT_FALSE(casual.is_over());
  EXPECT_EQ(casual.moves().size(), 3u);
  GameOptions arbiter;
  arbiter.arbiter_mode = true;
  Game record(Position::startpos(), arbiter);
  ASSERT_TRUE(record.play("e4"));
  EXPECT_FALSE(record.takeback().ok());
}

// ---------------------------------------------------------- Art. 6 clock ---

// FIDE 2014 Art. 6.6: at the start White's clock runs; the clock runs for the
// player having the move and the move record keeps the time used.
TEST(GameClock, ClockRunsForThePlayerHavingTheMove) {
  ClockedGame g(Position::startpos(), {}, minutes_sudden_death(90));
  ASSERT_NE(g.game.clock(), nullptr);
  EXPECT_EQ(g.game.category(), GameCategory::STANDARD);
  g.time->advance(seconds(30));
  ASSERT_TRUE(g.game.play("e4"));
  EXPECT_EQ(g.remaining(WHITE), minutes(90) - seconds(30));
  EXPECT_EQ(g.game.moves()[0].elapsed, seconds(30));
  EXPECT_EQ(g.game.moves()[0].clock_after, minutes(90) - seconds(30));
  g.time->advance(seconds(10));
  EXPECT_EQ(g.remaining(BLACK), minutes(90) - seconds(10));
  EXPECT_EQ(g.remaining(WHITE), minutes(90) - seconds(30));
}

// A game without a time control has no clock, and clock actions are refused.
TEST(GameClock, NoClockWithoutTimeControl) {
  Game game(Position::startpos());
  EXPECT_EQ(game.clock(), nullptr);
  EXPECT_FALSE(game.check_flag());
  EXPECT_FALSE(game.both_flags_fallen().ok());
  EXPECT_FALSE(game.arbiter_add_time(WHITE, minutes(1), "test").ok());
  EXPECT_FALSE(game.arbiter_set_clock(WHITE, minutes(1), "test").ok());
}

// FIDE 2014 Art. 6.9: a player who does not complete his moves in the allotted
// time loses.
TEST(GameClock, FlagFallLoses) {
  ClockedGame g(Position::startpos(), {}, minutes_sudden_death(1));
  ASSERT_TRUE(g.game.play("e4"));
  EXPECT_FALSE(g.game.check_flag());
  g.time->advance(seconds(59));
  EXPECT_FALSE(g.game.check_flag()) << "one second is still left";
  g.time->advance(seconds(2));
  ASSERT_TRUE(g.game.check_flag());
  ASSERT_TRUE(g.game.is_over());
  EXPECT_EQ(g.game.outcome()->score, Score::WHITE_WINS);
  EXPECT_EQ(g.game.outcome()->termination, Termination::TIME_FORFEIT);
  EXPECT_EQ(g.game.outcome()->culprit, BLACK);
  EXPECT_EQ(count_events(g.game, GameEventKind::FLAG_FALL), 1);
  EXPECT_FALSE(g.game.check_flag()) << "the game is already over";
}

// FIDE 2014 Art. 6.9: a player whose flag fell before he moved cannot make his
// move: it is refused and the game is lost.
TEST(GameClock, MoveAfterOwnFlagFellIsRefusedAndLoses) {
  ClockedGame g(Position::startpos(), {}, minutes_sudden_death(3));
  g.time->advance(minutes(3) + Millis{1});
  Result<bool> r = g.game.play("e4");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("flag"), std::string::npos) << r.error().message;
  ASSERT_TRUE(g.game.is_over());
  EXPECT_EQ(g.game.outcome()->score, Score::BLACK_WINS);
  EXPECT_EQ(g.game.outcome()->termination, Termination::TIME_FORFEIT);
  EXPECT_TRUE(g.game.moves().empty());
}

// FIDE 2014 Art. 6.9: out of time is lost whatever the player tries next; an
// illegal or unreadable move does not keep the game going.
TEST(GameClock, IllegalMoveAfterOwnFlagFellStillLosesOnTime) {
  ClockedGame by_move(Position::startpos(), {}, minutes_sudden_death(3));
  by_move.time->advance(minutes(4));
  EXPECT_FALSE(by_move.game.play(Move(SQ_E1, SQ_E3)).ok());
  ASSERT_TRUE(by_move.game.is_over());
  EXPECT_EQ(by_move.game.outcome()->termination, Termination::TIME_FORFEIT);

  ClockedGame by_text(Position::startpos(), {}, minutes_sudden_death(3));
  by_text.time->advance(minutes(4));
  Result<bool> r = by_text.game.play("Ke2");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("White's flag fell"), std::string::npos) << r.error().message;
  ASSERT_TRUE(by_text.game.is_over());
  EXPECT_EQ(by_text.game.outcome()->score, Score::BLACK_WINS);
}

// FIDE 2014 Art. 6.9: the game is drawn if the opponent cannot checkmate by
// any series of legal moves - here the opponent has a bare king.
TEST(GameClock, FlagFallAgainstABareKingDraws) {
  ClockedGame g(fen("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1"), {}, minutes_sudden_death(5));
  g.time->advance(minutes(6));
  ASSERT_TRUE(g.game.check_flag());
  EXPECT_EQ(g.game.outcome()->score, Score::DRAW);
  EXPECT_EQ(g.game.outcome()->termination, Termination::TIMEOUT_DRAW);
  EXPECT_EQ(g.game.outcome()->culprit, WHITE);
}

// FIDE 2014 Art. 6.9 names K+N v bare K as a case the knight cannot win on
// time; but that position is already dead (5.2.b), so the game ended when it
// arose and a later flag fall changes nothing ("except where 5.2.b applies").
TEST(GameClock, FlagFallAfterADeadPositionChangesNothing) {
  ClockedGame g(fen("4k3/8/8/8/8/8/3r4/1N2K3 w - - 0 1"), {}, minutes_sudden_death(5));
  ASSERT_TRUE(g.game.play("Kxd2"));
  ASSERT_TRUE(g.game.is_over());
  EXPECT_EQ(g.game.outcome()->termination, Termination::DEAD_POSITION);
  g.time->advance(minutes(6));
  EXPECT_FALSE(g.game.check_flag());
  EXPECT_EQ(g.game.outcome()->termination, Termination::DEAD_POSITION);
  EXPECT_EQ(count_events(g.game, GameEventKind::FLAG_FALL), 0);
}

// FIDE 2014 Art. 6.9: only the ability of the player who did NOT lose on time
// counts, and "any series of legal moves" includes the flagged player's help:
// K+N can mate K+R (the rook blocks its own king), so K+R loses on time.
TEST(GameClock, FlagFallOfKingAndRookAgainstKingAndKnightLoses) {
  ClockedGame g(fen("4k3/8/8/8/8/4n3/8/R3K3 w - - 0 1"), {}, minutes_sudden_death(5));
  g.time->advance(minutes(6));
  ASSERT_TRUE(g.game.check_flag());
  EXPECT_EQ(g.game.outcome()->score, Score::BLACK_WINS);
  EXPECT_EQ(g.game.outcome()->termination, Termination::TIME_FORFEIT);
}

// FIDE 2014 Art. 6.9 (except where 5.1/5.2 applies): a mate made in time ends
// the game; the time running out later changes nothing.
TEST(GameClock, MateBeforeTheFlagStands) {
  ClockedGame g(Position::startpos(), {}, minutes_sudden_death(1));
  ASSERT_TRUE(play_all(g.game, {"f3", "e5", "g4", "Qh4#"}));
  g.time->advance(minutes(5));
  EXPECT_FALSE(g.game.check_flag());
  EXPECT_EQ(g.game.outcome()->termination, Termination::CHECKMATE);
}

// Makes both flags fall: the player to move runs out, then the arbiter finds
// the other clock at zero as well.
void drop_both_flags(ClockedGame& g, Millis time_left_for_mover) {
  g.time->advance(time_left_for_mover + seconds(1));
  ASSERT_TRUE(g.game.arbiter_set_clock(~g.game.side_to_move(), Millis{0}, "both flags found down"));
  ASSERT_TRUE(g.game.clock()->flag_fallen(WHITE));
  ASSERT_TRUE(g.game.clock()->flag_fallen(BLACK));
}

// FIDE 2014 Art. 6.11.b (2009 6.11.b, 2005 6.12.b): both flags fallen in the
// period for all remaining moves, order unknown: drawn.
TEST(GameClock, BothFlagsInTheLastPeriodDraw) {
  for (RulesEdition e :
       {RulesEdition::FIDE_2005, RulesEdition::FIDE_2009, RulesEdition::FIDE_2014, RulesEdition::FIDE_2018}) {
    ClockedGame g(Position::startpos(), rules(e), minutes_sudden_death(60, 30));
    ASSERT_TRUE(play_all(g.game, {"e4", "e5"}));
    drop_both_flags(g, g.remaining(WHITE));
    ASSERT_TRUE(g.game.both_flags_fallen()) << rules_profile(e).name;
    ASSERT_TRUE(g.game.is_over()) << rules_profile(e).name;
    EXPECT_EQ(g.game.outcome()->score, Score::DRAW);
    EXPECT_EQ(g.game.outcome()->termination, Termination::BOTH_FLAGS_FELL);
  }
}

// FIDE 2014 Art. 6.11.a: in an earlier period (here the first of "40 moves in
// 90 minutes, then 30 minutes") the game continues.
TEST(GameClock, BothFlagsInAnEarlierPeriodContinue) {
  Result<TimeControl> tc = parse_pgn_time_control("40/5400:1800");
  ASSERT_TRUE(tc.ok());
  for (RulesEdition e : all_rules_editions()) {
    ClockedGame g(Position::startpos(), rules(e), *tc);
    ASSERT_TRUE(play_all(g.game, {"e4", "e5"}));
    drop_both_flags(g, g.remaining(WHITE));
    ASSERT_TRUE(g.game.both_flags_fallen());
    EXPECT_FALSE(g.game.is_over()) << rules_profile(e).name;
    EXPECT_EQ(count_events(g.game, GameEventKind::FLAG_FALL), 1);
  }
}

// FIDE 2001 Art. 6.12: the game continues even in the last period, except in
// a quickplay finish (Art. 10.3), which an increment removes.
TEST(GameClock, BothFlagsIn2001ContinueUnlessQuickplayFinish) {
  ClockedGame with_increment(Position::startpos(), rules(RulesEdition::FIDE_2001), minutes_sudden_death(60, 30));
  drop_both_flags(with_increment, with_increment.remaining(WHITE));
  ASSERT_TRUE(with_increment.game.both_flags_fallen());
  EXPECT_FALSE(with_increment.game.is_over());

  ClockedGame quickplay(Position::startpos(), rules(RulesEdition::FIDE_2001), minutes_sudden_death(60));
  drop_both_flags(quickplay, quickplay.remaining(WHITE));
  ASSERT_TRUE(quickplay.game.both_flags_fallen());
  ASSERT_TRUE(quickplay.game.is_over());
  EXPECT_EQ(quickplay.game.outcome()->termination, Termination::BOTH_FLAGS_FELL);
  EXPECT_EQ(describe(*quickplay.game.outcome(), RulesEdition::FIDE_2001),
            "Both flags fell in the last period: draw 1/2-1/2 (FIDE 2001 Art. 10.3)");
}

// FIDE 2014 Art. 6.11 applies only when both flags have fallen.
TEST(GameClock, BothFlagsRulingNeedsBothFlagsDown) {
  ClockedGame g(Position::startpos(), {}, minutes_sudden_death(5));
  EXPECT_FALSE(g.game.both_flags_fallen().ok());
  g.time->advance(minutes(6));  // only White's flag
  EXPECT_FALSE(g.game.both_flags_fallen().ok());
  EXPECT_FALSE(g.game.is_over());
  ASSERT_TRUE(g.game.check_flag());
  EXPECT_EQ(g.game.outcome()->termination, Termination::TIME_FORFEIT);
}

// When both flags are down, neither player wins on time from check_flag.
TEST(GameClock, CheckFlagLeavesBothFlagsToTheArbiter) {
  ClockedGame g(Position::startpos(), {}, minutes_sudden_death(5));
  drop_both_flags(g, minutes(5));
  EXPECT_FALSE(g.game.check_flag());
  EXPECT_FALSE(g.game.is_over());
}

// ---------------------------------------------------------- Arbiter ---

// FIDE 2014 Art. 6.10.b: the arbiter corrects a wrong clock setting; 12.9.b/c:
// he adds time. Both are recorded with the reason.
TEST(GameArbiter, ClockCorrectionsAreRecorded) {
  ClockedGame g(Position::startpos(), {}, minutes_sudden_death(90));
  ASSERT_TRUE(g.game.arbiter_add_time(BLACK, minutes(5), "opponent disturbed (12.9.b)"));
  EXPECT_EQ(g.remaining(BLACK), minutes(95));
  ASSERT_TRUE(g.game.arbiter_set_clock(WHITE, minutes(60), "clock set wrongly (6.10.b)"));
  EXPECT_EQ(g.remaining(WHITE), minutes(60));
  ASSERT_EQ(g.game.events().size(), 2u);
  EXPECT_EQ(g.game.events()[0].kind, GameEventKind::TIME_ADDED);
  EXPECT_EQ(g.game.events()[0].player, BLACK);
  EXPECT_EQ(g.game.events()[0].detail, "opponent disturbed (12.9.b)");
  EXPECT_EQ(g.game.events()[1].kind, GameEventKind::CLOCK_SET);
  EXPECT_EQ(g.game.events()[1].player, WHITE);
  EXPECT_EQ(g.game.events()[1].detail, "clock set wrongly (6.10.b)");
  EXPECT_FALSE(g.game.arbiter_set_clock(WHITE, -minutes(1), "negative").ok());
}

// An arbiter's time adjustment that puts time back raises a fallen flag: the
// player may move again (6.10.b).
TEST(GameArbiter, TimeAddedAfterAFlagFallLetsPlayContinue) {
  ClockedGame g(Position::startpos(), {}, minutes_sudden_death(5));
  g.time->advance(minutes(6));
  ASSERT_TRUE(g.game.arbiter_set_clock(WHITE, minutes(1), "clock was defective (6.10.a)"));
  EXPECT_FALSE(g.game.check_flag());
  EXPECT_TRUE(g.game.play("e4"));
}

// FIDE 2014 Art. 12 and glossary "Result": the arbiter may declare any score,
// including both players losing (Art. 11.8) or 1/2-0.
TEST(GameArbiter, DeclaredResultsAreRecorded) {
  Game game(Position::startpos());
  ASSERT_TRUE(game.play("e4"));
  Outcome both_lose{Score::BOTH_LOSE, Termination::ARBITER_DECISION, std::nullopt};
  ASSERT_TRUE(game.arbiter_declare(both_lose, "both players used phones (11.3.b)"));
  ASSERT_TRUE(game.is_over());
  EXPECT_EQ(game.outcome()->score, Score::BOTH_LOSE);
  EXPECT_EQ(score_text(game.outcome()->score), "0-0");
  ASSERT_EQ(game.events().size(), 1u);
  EXPECT_EQ(game.events()[0].kind, GameEventKind::RESULT_DECLARED);
  EXPECT_EQ(game.events()[0].ply, 1);
  EXPECT_FALSE(game.arbiter_declare({Score::DRAW, Termination::ARBITER_DECISION, std::nullopt}, "again").ok());

  Game half(Position::startpos());
  ASSERT_TRUE(half.arbiter_declare({Score::WHITE_HALF, Termination::ARBITER_DECISION, BLACK}, "12.9.e"));
  EXPECT_EQ(score_text(half.outcome()->score), "1/2-0");
  EXPECT_EQ(half.outcome()->culprit, BLACK);
}

// FIDE 2014 Art. 6.7.a and glossary "Result": a game not played is scored
// +/- or -/+ (one player absent) or -/- (both absent).
TEST(GameArbiter, ForfeitsOfUnplayedGames) {
  Game white_absent(Position::startpos());
  ASSERT_TRUE(white_absent.forfeit(WHITE));
  EXPECT_EQ(white_absent.outcome()->score, Score::BLACK_FORFEIT_WIN);
  EXPECT_EQ(white_absent.outcome()->termination, Termination::FORFEIT);
  EXPECT_EQ(score_text(white_absent.outcome()->score), "-/+");
  EXPECT_EQ(pgn_result(white_absent.outcome()->score), "0-1");

  Game black_absent(Position::startpos());
  ASSERT_TRUE(black_absent.forfeit(BLACK));
  EXPECT_EQ(score_text(black_absent.outcome()->score), "+/-");

  Game both_absent(Position::startpos());
  ASSERT_TRUE(both_absent.forfeit(std::nullopt));
  EXPECT_EQ(score_text(both_absent.outcome()->score), "-/-");
  EXPECT_EQ(points(both_absent.outcome()->score).white, 0);
  EXPECT_EQ(points(both_absent.outcome()->score).black, 0);

  Game played(Position::startpos());
  ASSERT_TRUE(played.play("e4"));
  EXPECT_FALSE(played.forfeit(BLACK).ok()) << "a game with moves is not a forfeit";
}

}  // namespace
}  // namespace tabiya
