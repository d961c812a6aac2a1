// The server's fair start (play/fair_start.h) and opponent-gone rule (play/opponent_gone.h), with injected time.
#include "play/fair_start.h"

#include <gtest/gtest.h>

#include "play/live_game.h"
#include "play/opponent_gone.h"

namespace tabiya::play {
namespace {

struct Online {
  std::shared_ptr<ManualTimeSource> time = std::make_shared<ManualTimeSource>(Millis{50'000});
  std::unique_ptr<LiveGame> live;

  explicit Online(std::string_view tc = "1+0", bool robot_black = false, bool tournament = false,
                  std::optional<int> days = std::nullopt) {
    StartOptions o;
    if (days) o.days = days;
    else if (tc != "none") o.time_control = *parse_human_time_control(tc);
    if (robot_black) o.seats[BLACK] = Seat{true, 1};
    o.fair_start = true;
    o.tournament = tournament;
    live = std::move(LiveGame::create(o, time).value());
    EXPECT_TRUE(live->start());
  }
  Millis left(Color c) const { return live->game().clock()->remaining(c); }
  std::vector<Action> stored_log() const {
    std::vector<Action> log;
    for (const Action& a : live->log()) log.push_back(parse_action(action_text(a)).value());
    return log;
  }
};

// The reported bug: a 1+0 robot game where the player never moves ended "White's flag fell" with 0 moves.
TEST(FairStart, APlayerWhoNeverMovesIsAbortedNotFlagged) {
  Online g("1+0", true);
  ASSERT_EQ(g.live->first_move_deadline(), Millis{LIVE_FIRST_MOVE_LIMIT});
  g.time->advance(LIVE_FIRST_MOVE_LIMIT - Millis{1});
  EXPECT_FALSE(g.live->check_time());
  EXPECT_EQ(g.left(WHITE), Millis{60'000});  // the clock did not run
  g.time->advance(Millis{1});
  ASSERT_TRUE(g.live->check_time());
  const Outcome& o = *g.live->game().outcome();
  EXPECT_EQ(o.score, Score::NO_RESULT);
  EXPECT_EQ(o.termination, Termination::ABORTED);
  EXPECT_EQ(o.culprit, WHITE);
  EXPECT_EQ(g.live->ended_by(), ActionKind::FIRST_MOVE_TIMEOUT);
  EXPECT_TRUE(g.live->game().moves().empty());
}

// In 5+3 White's clock does not run while the player reads the page, nor Black's before his first move.
TEST(FairStart, TheFirstMoveOfEachSideIsNotOnTheClock) {
  Online g("5+3");
  g.time->advance(Millis{20'000});
  EXPECT_EQ(g.left(WHITE), Millis{303'000});
  ASSERT_TRUE(g.live->move(WHITE, "e2e4", 0));
  EXPECT_EQ(g.live->game().moves().back().elapsed, Millis{0});
  EXPECT_EQ(g.live->first_move_deadline(), Millis{20'000} + LIVE_FIRST_MOVE_LIMIT);  // Black's own limit
  g.time->advance(Millis{25'000});
  EXPECT_EQ(g.left(BLACK), Millis{303'000});
  ASSERT_TRUE(g.live->move(BLACK, "e7e5", 1));
  EXPECT_EQ(g.live->game().moves().back().elapsed, Millis{0});
  EXPECT_FALSE(g.live->in_fair_start());
  EXPECT_EQ(g.live->first_move_deadline(), std::nullopt);
  // From here the Laws' clock: White's second move is charged.
  g.time->advance(Millis{4000});
  EXPECT_EQ(g.left(WHITE), Millis{306'000 - 4000});
  EXPECT_EQ(g.live->time_limit(), Millis{45'000} + Millis{306'000});
  ASSERT_TRUE(g.live->move(WHITE, "g1f3", 2));
  EXPECT_EQ(g.live->game().moves().back().elapsed, Millis{4000});
}

TEST(FairStart, EitherPlayerMayAbortUntilBothHaveMoved) {
  Online g("5+0");
  EXPECT_TRUE(g.live->can_abort(WHITE));
  EXPECT_TRUE(g.live->can_abort(BLACK));
  ASSERT_TRUE(g.live->move(WHITE, "e2e4", 0));
  ASSERT_TRUE(g.live->abort(BLACK));
  EXPECT_EQ(g.live->game().outcome()->score, Score::NO_RESULT);
  EXPECT_EQ(g.live->game().outcome()->culprit, BLACK);
  EXPECT_EQ(g.live->ended_by(), ActionKind::ABORT);
  auto again = g.live->abort(WHITE);
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, "game_over");
}

TEST(FairStart, NoAbortOnceBothHaveMovedNorInATournamentNorByTheRobot) {
  Online g("5+0");
  ASSERT_TRUE(g.live->move(WHITE, "e2e4", 0));
  ASSERT_TRUE(g.live->move(BLACK, "e7e5", 1));
  auto late = g.live->abort(WHITE);
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().reason, "moved");
  Online event("5+0", false, true);
  auto refused = event.live->abort(WHITE);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().reason, "tournament");
  Online robot("5+0", true);
  EXPECT_FALSE(robot.live->can_abort(BLACK));
  EXPECT_TRUE(robot.live->can_abort(WHITE));
}

// FIDE 2018 Art. 6.7.1: a tournament game's absent player loses by default.
TEST(FairStart, ATournamentGamesNoShowLosesByDefault_Art6_7_FIDE2018) {
  Online g("5+0", false, true);
  ASSERT_TRUE(g.live->move(WHITE, "d2d4", 0));
  g.time->advance(LIVE_FIRST_MOVE_LIMIT);
  ASSERT_TRUE(g.live->check_time());
  const Outcome& o = *g.live->game().outcome();
  EXPECT_EQ(o.score, Score::WHITE_WINS);
  EXPECT_EQ(o.termination, Termination::FORFEIT);
  EXPECT_EQ(o.culprit, BLACK);
  EXPECT_EQ(termination_article(o.termination, RulesEdition::FIDE_2018), "Art. 6.7.1");
}

TEST(FairStart, TheRobotsFirstMoveIsNeverTimed) {
  Online g("1+0", true);
  ASSERT_TRUE(g.live->move(WHITE, "e2e4", 0));
  EXPECT_EQ(g.live->first_move_deadline(), std::nullopt);
  EXPECT_EQ(g.live->time_limit(), std::nullopt);
  g.time->advance(Millis{3'600'000});
  EXPECT_FALSE(g.live->check_time());
  EXPECT_FALSE(g.live->over());
}

TEST(FairStart, CorrespondenceGivesTheDaysPerMoveAndNoClockGameHasNoLimit) {
  Online mail("", false, false, 3);
  EXPECT_EQ(mail.live->first_move_deadline(), Millis{3 * DAY_MS});
  EXPECT_EQ(mail.live->deadline(), Millis{3 * DAY_MS});  // shown as the move's due time, as later ones
  mail.time->advance(Millis{3 * DAY_MS});
  ASSERT_TRUE(mail.live->check_time());
  EXPECT_EQ(mail.live->game().outcome()->score, Score::NO_RESULT);  // aborted, not lost on time
  Online untimed("none");
  EXPECT_EQ(untimed.live->first_move_deadline(), std::nullopt);
  EXPECT_TRUE(untimed.live->can_abort(WHITE));
}

// The limit is in the game's time, like the clocks: a restart gives back what was left of it.
TEST(FairStart, TheLogRestoresTheFirstMoveDeadlineWithoutTheDowntime) {
  Online g("3+2");
  g.time->advance(Millis{5000});
  ASSERT_TRUE(g.live->move(WHITE, "e2e4", 0));
  g.time->advance(Millis{12'000});
  ASSERT_TRUE(g.live->draw_offer(WHITE));  // logged at 17 s
  g.time->advance(Millis{3'600'000});
  auto restored = LiveGame::restore(g.live->options(), g.stored_log(), g.time);
  ASSERT_TRUE(restored) << restored.error().message;
  LiveGame& r = **restored;
  EXPECT_TRUE(r.in_fair_start());
  EXPECT_EQ(*r.first_move_deadline() - r.now(), LIVE_FIRST_MOVE_LIMIT - Millis{12'000});
  EXPECT_EQ(r.game().clock()->remaining(BLACK), Millis{182'000});
  g.time->advance(LIVE_FIRST_MOVE_LIMIT - Millis{12'000});
  ASSERT_TRUE(r.check_time());
  EXPECT_EQ(r.ended_by(), ActionKind::FIRST_MOVE_TIMEOUT);
  // An aborted game's log restores it aborted.
  auto again = LiveGame::restore(
      r.options(),
      [&] {
        std::vector<Action> log;
        for (const Action& a : r.log()) log.push_back(parse_action(action_text(a)).value());
        return log;
      }(),
      g.time);
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_TRUE((*again)->over());
  EXPECT_EQ((*again)->game().outcome()->score, Score::NO_RESULT);
}

// The terminal game and the library keep the Laws: White's clock runs from the start (Art. 6.6).
TEST(FairStart, OffByDefaultTheClockRunsFromTheStart_Art6_6_FIDE2018) {
  StartOptions o;
  o.time_control = *parse_human_time_control("1+0");
  auto time = std::make_shared<ManualTimeSource>();
  auto live = std::move(LiveGame::create(o, time).value());
  ASSERT_TRUE(live->start());
  EXPECT_FALSE(live->in_fair_start());
  EXPECT_FALSE(live->can_abort(WHITE));
  time->advance(Millis{60'000});
  ASSERT_TRUE(live->check_time());
  EXPECT_EQ(live->game().outcome()->termination, Termination::TIME_FORFEIT);
}

TEST(OpponentGone, ClaimedAfterTheAbsenceWinOrDraw) {
  Online g("5+0");
  ASSERT_TRUE(g.live->move(WHITE, "e2e4", 0));
  ASSERT_TRUE(g.live->move(BLACK, "e7e5", 1));
  auto early = g.live->claim_opponent_gone(WHITE, true, OPPONENT_GONE_AFTER - Millis{1});
  ASSERT_FALSE(early);
  EXPECT_EQ(early.error().reason, "opponent_present");
  ASSERT_TRUE(g.live->claim_opponent_gone(WHITE, true, OPPONENT_GONE_AFTER));
  EXPECT_EQ(g.live->game().outcome()->score, Score::WHITE_WINS);
  EXPECT_EQ(g.live->game().outcome()->culprit, BLACK);
  EXPECT_EQ(g.live->ended_by(), ActionKind::OPPONENT_GONE);
  Online d("5+0");
  ASSERT_TRUE(d.live->claim_opponent_gone(BLACK, false, OPPONENT_GONE_AFTER));
  EXPECT_EQ(d.live->game().outcome()->score, Score::DRAW);
  auto back = LiveGame::restore(d.live->options(), d.stored_log(), d.time);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ((*back)->game().outcome()->score, Score::DRAW);
}

TEST(OpponentGone, NeverAgainstTheRobotNorInATournamentNorByCorrespondence) {
  Online robot("5+0", true);
  auto r = robot.live->claim_opponent_gone(WHITE, true, Millis{3'600'000});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().reason, "not_invite");
  Online event("5+0", false, true);
  EXPECT_FALSE(event.live->claim_opponent_gone(WHITE, true, Millis{3'600'000}));
  Online mail("", false, false, 2);  // by correspondence the days per move decide
  EXPECT_FALSE(mail.live->claim_opponent_gone(WHITE, true, Millis{3'600'000}));
}

// The clock keeps running while the opponent is away: a flag that fell first ends the game by the clock.
TEST(OpponentGone, AFlagFallenFirstEndsTheGameByTheClock_Art6_9_FIDE2018) {
  Online g("1+0");
  ASSERT_TRUE(g.live->move(WHITE, "e2e4", 0));
  ASSERT_TRUE(g.live->move(BLACK, "e7e5", 1));
  g.time->advance(Millis{61'000});  // White is gone and his flag falls
  auto late = g.live->claim_opponent_gone(BLACK, true, Millis{61'000});
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().code, "game_over");
  EXPECT_EQ(g.live->game().outcome()->termination, Termination::TIME_FORFEIT);
}

TEST(ClockTime, StandsStillWhilePausedAndRunsOnFromWhereItStood) {
  auto base = std::make_shared<ManualTimeSource>();
  ClockTime t(base);
  EXPECT_TRUE(t.paused());
  t.resume();
  base->advance(Millis{1000});
  EXPECT_EQ(t.now(), Millis{1000});
  t.pause();
  base->advance(Millis{500});
  EXPECT_EQ(t.now(), Millis{1000});
  t.resume();
  base->advance(Millis{200});
  EXPECT_EQ(t.now(), Millis{1200});
  EXPECT_EQ(t.base_instant(Millis{1300}), Millis{1800});
}

}  // namespace
}  // namespace tabiya::play
