#include "play/live_game.h"

#include <gtest/gtest.h>

#include "core/fen.h"
#include "play/robot_clock.h"

namespace tabiya::play {
namespace {

using std::chrono::milliseconds;

struct Fixture {
  std::shared_ptr<ManualTimeSource> time = std::make_shared<ManualTimeSource>(Millis{50'000});
  std::unique_ptr<LiveGame> live;

  explicit Fixture(std::string_view tc = "5+0", std::string_view fen = {}, bool robot_black = false) {
    StartOptions o;
    if (!fen.empty()) o.start = *parse_fen(fen);
    if (tc != "none") o.time_control = *parse_human_time_control(tc);
    if (robot_black) o.seats[BLACK] = Seat{true, 1};
    auto created = LiveGame::create(o, time);
    EXPECT_TRUE(created) << created.error().message;
    live = std::move(*created);
    EXPECT_TRUE(live->start());
  }
  Millis left(Color c) const { return live->game().clock()->remaining(c); }
};

TEST(LiveGame, ClockStandsStillUntilTheStart) {
  StartOptions o;
  o.time_control = *parse_human_time_control("5+0");
  auto time = std::make_shared<ManualTimeSource>();
  auto live = std::move(LiveGame::create(o, time).value());
  time->advance(Millis{60'000});
  EXPECT_EQ(live->game().clock()->remaining(WHITE), Millis{300'000});
  auto refused = live->move(WHITE, "e2e4");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().reason, "waiting_for_opponent");
  ASSERT_TRUE(live->start());
  time->advance(Millis{1000});
  EXPECT_EQ(live->game().clock()->remaining(WHITE), Millis{299'000});
}

// The mover is charged arrival time minus min(lag, 500 ms, time taken).
TEST(LiveGame, LagAllowanceIsTakenOffTheMoveTime) {
  Fixture f;
  f.time->advance(Millis{3000});
  ASSERT_TRUE(f.live->move(WHITE, "e2e4", 0, Millis{120}));
  EXPECT_EQ(f.live->game().moves().back().elapsed, Millis{2880});
  EXPECT_EQ(f.left(WHITE), Millis{300'000 - 2880});
  // The opponent's clock starts from the (shifted) press: nothing is charged to Black yet.
  EXPECT_EQ(f.left(BLACK), Millis{300'000});
  f.time->advance(Millis{2000});
  EXPECT_EQ(f.left(BLACK), Millis{298'000});
}

TEST(LiveGame, LagAllowanceIsCappedAt500msAndAtTheMoveTime) {
  Fixture f;
  f.time->advance(Millis{3000});
  ASSERT_TRUE(f.live->move(WHITE, "e2e4", 0, Millis{2000}));
  EXPECT_EQ(f.live->game().moves().back().elapsed, Millis{2500});
  f.time->advance(Millis{100});
  ASSERT_TRUE(f.live->move(BLACK, "e7e5", 1, Millis{400}));
  EXPECT_EQ(f.live->game().moves().back().elapsed, Millis{0});
}

TEST(LiveGame, RefusesStaleAndWrongSideAndIllegalMovesWithCodes) {
  Fixture f;
  auto stale = f.live->move(WHITE, "e2e4", 3);
  ASSERT_FALSE(stale);
  EXPECT_EQ(stale.error().code, "stale");
  auto turn = f.live->move(BLACK, "e7e5");
  ASSERT_FALSE(turn);
  EXPECT_EQ(turn.error().code, "not_your_turn");
  for (auto [uci, reason] : {std::pair{"e2e5", "illegal"}, {"e3e4", "no_piece"}, {"zz", "not_a_move"}}) {
    auto r = f.live->move(WHITE, uci);
    ASSERT_FALSE(r) << uci;
    EXPECT_EQ(r.error().code, "illegal_move");
    EXPECT_EQ(r.error().reason, reason) << uci;
  }
  Fixture p("5+0", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
  auto promo = p.live->move(WHITE, "e7e8");
  ASSERT_FALSE(promo);
  EXPECT_EQ(promo.error().reason, "promotion_required");
  EXPECT_TRUE(p.live->move(WHITE, "e7e8q"));
}

// FIDE Laws 2018 Art. 6.9: the flag falls, but the opponent cannot checkmate
// by any series of legal moves: drawn.
TEST(LiveGame, FlagFallIsADrawWhenTheOpponentCannotMate_Art6_9_FIDE2018) {
  Fixture f("1+0", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  f.time->advance(Millis{59'999});
  EXPECT_FALSE(f.live->check_time());
  EXPECT_EQ(f.live->time_limit(), f.live->now() + Millis{1});
  f.time->advance(Millis{1});
  ASSERT_TRUE(f.live->check_time());
  EXPECT_EQ(f.live->game().outcome()->termination, Termination::TIMEOUT_DRAW);
  EXPECT_EQ(f.live->game().outcome()->score, Score::DRAW);
}

TEST(LiveGame, FlagFallLosesWhenTheOpponentCanMate_Art6_9_FIDE2018) {
  Fixture f("1+0", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1");
  f.time->advance(Millis{60'000});
  // The move arrives late: the flag ends the game first.
  auto late = f.live->move(BLACK, "e8d8");
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().code, "game_over");
  EXPECT_EQ(f.live->game().outcome()->termination, Termination::TIME_FORFEIT);
  EXPECT_EQ(f.live->game().outcome()->score, Score::WHITE_WINS);
}

TEST(LiveGame, ALaggedMoveArrivingJustAfterTheFlagStillCounts) {
  Fixture f("1+0");
  f.time->advance(Millis{60'200});
  ASSERT_TRUE(f.live->move(WHITE, "e2e4", 0, Millis{300}));
  EXPECT_FALSE(f.live->over());
  EXPECT_EQ(f.left(WHITE), Millis{100});
}

TEST(LiveGame, TheLogRebuildsTheGameWithItsClocksAndNoDowntime) {
  Fixture f("5+3");
  f.time->advance(Millis{1500});
  ASSERT_TRUE(f.live->move(WHITE, "e2e4", 0, Millis{100}));
  f.time->advance(Millis{2500});
  ASSERT_TRUE(f.live->move(BLACK, "e7e5", 1));
  f.time->advance(Millis{700});
  ASSERT_TRUE(f.live->draw_offer(WHITE));
  const Millis white = f.left(WHITE), black = f.left(BLACK);
  std::vector<Action> log;
  for (const Action& a : f.live->log()) {
    auto parsed = parse_action(action_text(a));
    ASSERT_TRUE(parsed) << parsed.error().message;
    EXPECT_EQ(action_text(*parsed), action_text(a));
    log.push_back(*parsed);
  }
  f.time->advance(Millis{3'600'000});  // an hour of downtime (Art. 6.12: charged to nobody)
  auto restored = LiveGame::restore(f.live->options(), log, f.time);
  ASSERT_TRUE(restored) << restored.error().message;
  const LiveGame& r = **restored;
  EXPECT_EQ(r.game().moves().size(), 2u);
  EXPECT_EQ(r.game().draw_offer(), WHITE);
  EXPECT_EQ(r.game().clock()->remaining(WHITE), white);
  EXPECT_EQ(r.game().clock()->remaining(BLACK), black);
  f.time->advance(Millis{1000});
  EXPECT_EQ(r.game().clock()->remaining(WHITE), white - Millis{1000});
}

// A machine clock that moves on by `step` at every reading, as a real one
// does while the server works on a request (more or less, with the load).
class TickingTimeSource final : public TimeSource {
 public:
  Millis now() const override { return now_ += step; }
  void advance(Millis amount) { now_ += amount; }
  Millis step{1};

 private:
  mutable Millis now_{50'000};
};

// The clocks of a game rebuilt from its log are those of the live game to the
// millisecond, even when the machine's time moved on while an action was
// being applied: each action takes effect at the instant logged for it.
TEST(LiveGame, TheLogReproducesBothClocksToTheMillisecond) {
  auto time = std::make_shared<TickingTimeSource>();
  StartOptions o;
  o.time_control = *parse_human_time_control("5+3");
  auto live = std::move(LiveGame::create(o, time).value());
  ASSERT_TRUE(live->start());
  const char* moves[] = {"e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4"};
  for (int ply = 0; ply < 6; ++ply) {
    time->advance(Millis{1000 + 137 * ply});
    time->step = Millis{1 + ply % 4};  // the server is slower on some requests than on others
    ASSERT_TRUE(live->move(ply % 2 ? BLACK : WHITE, moves[ply], ply, Millis{ply % 3 == 0 ? 0 : 40 + ply}));
  }
  time->advance(Millis{900});
  time->step = Millis{0};  // the last action's instant is now: both readings compare as they stand
  ASSERT_TRUE(live->draw_offer(WHITE));
  const Millis white = live->game().clock()->remaining(WHITE), black = live->game().clock()->remaining(BLACK);
  std::vector<Action> log;
  for (const Action& a : live->log()) log.push_back(parse_action(action_text(a)).value());
  auto restored = LiveGame::restore(live->options(), log, time);
  ASSERT_TRUE(restored) << restored.error().message;
  EXPECT_EQ((*restored)->game().clock()->remaining(WHITE), white);
  EXPECT_EQ((*restored)->game().clock()->remaining(BLACK), black);
  for (std::size_t i = 0; i < live->game().moves().size(); ++i)
    EXPECT_EQ((*restored)->game().moves()[i].elapsed, live->game().moves()[i].elapsed) << "ply " << i;
}

TEST(LiveGame, TakebackAgainstTheRobotIsGrantedAtOnceAndTakesBackItsReply) {
  Fixture f("5+0", {}, true);
  ASSERT_TRUE(f.live->move(WHITE, "e2e4"));
  ASSERT_TRUE(f.live->move(BLACK, "e7e5"));
  f.time->advance(Millis{4000});
  const Millis white = f.left(WHITE);
  auto change = f.live->takeback_offer(WHITE);
  ASSERT_TRUE(change) << change.error().detail;
  EXPECT_TRUE(change->rewritten);
  EXPECT_TRUE(f.live->game().moves().empty());
  EXPECT_EQ(f.live->turn(), WHITE);
  EXPECT_EQ(f.left(WHITE), white);  // the clocks keep their time
  EXPECT_EQ(f.live->rewrites(), 1);
  // Replaying the log gives the same game.
  auto restored = LiveGame::restore(f.live->options(), f.live->log(), f.time);
  ASSERT_TRUE(restored) << restored.error().message;
  EXPECT_TRUE((*restored)->game().moves().empty());
  EXPECT_EQ((*restored)->game().clock()->remaining(WHITE), white);
}

TEST(LiveGame, TakebackBetweenPeopleNeedsTheOpponentAndACasualGame) {
  Fixture f("none");
  ASSERT_TRUE(f.live->move(WHITE, "e2e4"));
  auto offer = f.live->takeback_offer(WHITE);
  ASSERT_TRUE(offer);
  EXPECT_TRUE(offer->offer);
  EXPECT_EQ(f.live->takeback_offer(), WHITE);
  EXPECT_FALSE(f.live->takeback_accept(WHITE));
  ASSERT_TRUE(f.live->takeback_accept(BLACK));
  EXPECT_TRUE(f.live->game().moves().empty());

  StartOptions o;
  o.casual = false;
  auto serious = std::move(LiveGame::create(o, f.time).value());
  ASSERT_TRUE(serious->start());
  ASSERT_TRUE(serious->move(WHITE, "e2e4"));
  auto refused = serious->takeback_offer(WHITE);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().reason, "not_casual");
}

// FIDE 2018 Art. 9.2.1.1: a claim with an intended move; rejected, the move is played (9.5).
TEST(LiveGame, ClaimWithAnIntendedMove_Art9_2_FIDE2018) {
  Fixture f("5+0");
  for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"})
    ASSERT_TRUE(f.live->move(f.live->turn(), m));
  auto upheld = f.live->claim(BLACK, ClaimGround::THREEFOLD_REPETITION, "f6g8");
  ASSERT_TRUE(upheld) << upheld.error().detail;
  EXPECT_TRUE(upheld->ended);
  EXPECT_EQ(f.live->game().outcome()->termination, Termination::THREEFOLD_REPETITION);

  Fixture g("5+0");
  ASSERT_TRUE(g.live->move(WHITE, "g1f3"));
  auto rejected = g.live->claim(BLACK, ClaimGround::THREEFOLD_REPETITION, "g8f6");
  ASSERT_TRUE(rejected);
  EXPECT_TRUE(rejected->claim_rejected);
  EXPECT_TRUE(rejected->moved);
  EXPECT_GT(rejected->added, Millis{0});  // Art. 9.5.2: the opponent gets extra time
  EXPECT_EQ(g.live->game().moves().size(), 2u);
}

TEST(LiveGame, CorrespondenceDeadlineLosesTheGame) {
  StartOptions o;
  o.days = 2;
  auto time = std::make_shared<ManualTimeSource>();
  auto live = std::move(LiveGame::create(o, time).value());
  ASSERT_TRUE(live->start());
  ASSERT_EQ(live->deadline(), Millis{2 * DAY_MS});
  time->advance(Millis{DAY_MS});
  ASSERT_TRUE(live->move(WHITE, "e2e4"));
  EXPECT_EQ(live->deadline(), Millis{3 * DAY_MS});
  time->advance(Millis{2 * DAY_MS - 1});
  EXPECT_FALSE(live->check_time());
  time->advance(Millis{1});
  ASSERT_TRUE(live->check_time());
  EXPECT_EQ(live->game().outcome()->score, Score::WHITE_WINS);
  EXPECT_EQ(live->game().outcome()->termination, Termination::TIME_FORFEIT);
}

TEST(LiveGame, RobotLimitsFollowTheClock) {
  Fixture f("3+2", {}, true);
  ASSERT_TRUE(f.live->move(WHITE, "e2e4"));
  EXPECT_TRUE(f.live->robot_to_move());
  engine::SearchLimits limits = f.live->robot_limits();
  EXPECT_EQ(limits.time[BLACK], 182'000);
  EXPECT_EQ(limits.increment[BLACK], 2000);
  Fixture none("none", {}, true);
  EXPECT_EQ(none.live->robot_limits(250).movetime, 250);
}

TEST(LiveGame, RobotLimitsKeepTheRobotsPace) {
  // Under a clock the search's hard limit is the robot's allocation (play/robot_clock.h); without one the
  // level's normal movetime.
  Fixture f("5+3", {}, true);
  ASSERT_TRUE(f.live->move(WHITE, "e2e4"));
  const engine::SearchLimits limits = f.live->robot_limits(1000);
  EXPECT_EQ(limits.movetime, robot_move_time({limits.time[BLACK], limits.increment[BLACK], 0, 0}));
  EXPECT_LT(limits.movetime, limits.time[BLACK] / 30 + limits.increment[BLACK]);
  Fixture correspondence("none", {}, true);
  EXPECT_EQ(correspondence.live->robot_limits(1000).movetime, 1000);
}

TEST(LiveGame, ActionLinesAreCheckedWhenRead) {
  EXPECT_FALSE(parse_action(""));
  EXPECT_FALSE(parse_action("q w 5"));
  EXPECT_FALSE(parse_action("m x 5 e2e4"));
  EXPECT_FALSE(parse_action("m w -5 e2e4"));
  EXPECT_FALSE(parse_action("m w 5"));
  auto claim = parse_action("c b 99 f g1f3");
  ASSERT_TRUE(claim);
  EXPECT_EQ(claim->ground, ClaimGround::FIFTY_MOVES);
  EXPECT_EQ(claim->uci, "g1f3");
  EXPECT_EQ(claim->at, 99);
}

}  // namespace
}  // namespace tabiya::play
