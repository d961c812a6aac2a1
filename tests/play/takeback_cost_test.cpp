// A takeback must not prove again what the game has already proved: its cost
// may not grow with the game's length. Measured by counting
// dead-position searches (full and mending) through the game's counter hooks,
// never by wall time.
#include <gtest/gtest.h>

#include <set>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "laws/game.h"
#include "laws/time_control.h"
#include "play/live_game.h"

namespace tabiya::play {
namespace {

// White: Ke2, Bh5, pawns a5 a6; Black: Kg5, pawn a7. The pawns are locked, yet
// both sides can still mate after long manoeuvres, so every position needs a
// real proof (Art. 5.2.2, FIDE Laws 2018) and many need a search.
constexpr std::string_view LOCKED_ENDING = "8/p7/P7/P5kB/8/8/4K3/8 w - - 0 1";

std::unique_ptr<LiveGame> hot_seat(std::string_view fen) {
  StartOptions o;
  o.start = *parse_fen(fen);
  auto live = std::move(LiveGame::create(o, std::make_shared<ManualTimeSource>()).value());
  EXPECT_TRUE(live->start());
  return live;
}

// Plays `plies` king and bishop moves, each to a position not seen before
// (the first such move in generation order, so the game is always the same).
void shuffle_pieces(LiveGame& live, int plies) {
  std::set<Key> seen{live.game().position().key()};
  for (int ply = 0; ply < plies; ++ply) {
    const Position& pos = live.game().position();
    bool moved = false;
    for (Move m : legal_moves(pos)) {
      if (pos.is_capture(m) || pos.moved_piece_type(m) == PAWN) continue;
      Position next = pos;
      UndoInfo undo;
      next.do_move(m, undo);
      if (seen.contains(next.key()) || legal_moves(next).size() == 0) continue;
      ASSERT_TRUE(live.move(live.turn(), to_uci(m, pos)));
      seen.insert(next.key());
      moved = true;
      break;
    }
    ASSERT_TRUE(moved) << "no new position at ply " << live.game().moves().size();
    ASSERT_FALSE(live.over());
  }
}

struct Cost {
  uint64_t searches;  // full dead-position searches
  uint64_t repairs;   // short searches mending a carried proof
};

Cost cost_of(const LiveGame& live) { return {live.dead_positions().searches(), live.dead_positions().repairs()}; }

// Hot seat: the last mover asks, the opponent agrees; one ply goes.
void take_back_one(LiveGame& live) {
  const Color asker = ~live.turn();
  ASSERT_TRUE(live.takeback_offer(asker));
  auto accepted = live.takeback_accept(~asker);
  ASSERT_TRUE(accepted) << accepted.error().detail;
  ASSERT_TRUE(accepted->rewritten);
}

TEST(TakebackCost, NoDeadPositionIsProvedAgainWhateverTheGamesLength) {
  for (int plies : {10, 40}) {
    auto live = hot_seat(LOCKED_ENDING);
    shuffle_pieces(*live, plies);
    ASSERT_GT(live->dead_positions().searches(), 0u) << "the ending must need real proofs";
    const Cost before = cost_of(*live);
    take_back_one(*live);
    EXPECT_EQ(live->game().moves().size(), std::size_t(plies - 1));
    const Cost after = cost_of(*live);
    EXPECT_EQ(after.searches, before.searches) << "at ply " << plies;
    EXPECT_EQ(after.repairs, before.repairs) << "at ply " << plies;
  }
}

// The takeback attack (bench/takeback-attack.mjs): takeback, then the same move again, over and over.
TEST(TakebackCost, TheMoveTakenBackAndPlayedAgainIsNotProvedAgain) {
  auto live = hot_seat(LOCKED_ENDING);
  shuffle_pieces(*live, 12);
  const std::string last = live->log().back().uci;
  const Cost before = cost_of(*live);
  for (int round = 0; round < 5; ++round) {
    take_back_one(*live);
    ASSERT_TRUE(live->move(live->turn(), last));
  }
  EXPECT_EQ(cost_of(*live).searches, before.searches);
  EXPECT_EQ(cost_of(*live).repairs, before.repairs);
  EXPECT_EQ(live->game().moves().size(), 12u);
  EXPECT_EQ(live->rewrites(), 5);
}

// The cached verdicts change nothing the Laws decide: the game rebuilt by a
// takeback equals the same moves played afresh, move by move and in its end.
TEST(TakebackCost, ARebuiltGameEqualsTheSameMovesPlayedAfresh) {
  auto live = hot_seat(LOCKED_ENDING);
  shuffle_pieces(*live, 16);
  take_back_one(*live);
  auto fresh = hot_seat(LOCKED_ENDING);
  for (Move m : live->move_list()) ASSERT_TRUE(fresh->move(fresh->turn(), to_uci(m, fresh->game().position())));
  ASSERT_EQ(fresh->game().moves().size(), live->game().moves().size());
  for (std::size_t i = 0; i < fresh->game().moves().size(); ++i)
    EXPECT_EQ(fresh->game().moves()[i].san, live->game().moves()[i].san) << "ply " << i;
  EXPECT_EQ(fresh->over(), live->over());
  EXPECT_EQ(fresh->game().position().key(), live->game().position().key());
}

// A takeback rewinds the game in place (Game::rewind): nothing is replayed, so its cost does not
// grow with the game's length. The rewound game equals the kept moves played afresh, offers and events included.
TEST(TakebackCost, AGameWithoutClockIsRewoundNotReplayed) {
  auto live = hot_seat(LOCKED_ENDING);
  shuffle_pieces(*live, 30);
  ASSERT_TRUE(live->draw_offer(live->turn()));
  const Game* before = &live->game();
  take_back_one(*live);
  EXPECT_EQ(&live->game(), before) << "the same game, rewound: not a new one replayed";
  EXPECT_EQ(live->game().moves().size(), 29u);
  EXPECT_EQ(live->move_times().size(), 29u);
  auto fresh = hot_seat(LOCKED_ENDING);
  for (Move m : live->move_list()) ASSERT_TRUE(fresh->move(fresh->turn(), to_uci(m, fresh->game().position())));
  EXPECT_EQ(fresh->game().position().key(), live->game().position().key());
  EXPECT_EQ(fresh->game().events().size(), live->game().events().size());
  EXPECT_EQ(fresh->game().draw_offer(), live->game().draw_offer());
  EXPECT_EQ(fresh->game().repetition_count(), live->game().repetition_count());
}

TEST(TakebackCost, OnlyARewindableGameRewinds) {
  GameOptions plain;
  Game game(Position::startpos(), plain);
  ASSERT_TRUE(game.play("e4"));
  EXPECT_FALSE(game.rewind(1)) << "no rewind points kept";
  GameOptions rewindable;
  rewindable.rewindable = true;
  Game kept(Position::startpos(), rewindable);
  for (const char* m : {"e4", "e5", "Nf3", "Nc6"}) ASSERT_TRUE(kept.play(std::string_view(m)));
  EXPECT_FALSE(kept.rewind(5)) << "more plies than were played";
  ASSERT_TRUE(kept.rewind(3));
  ASSERT_EQ(kept.moves().size(), 1u);
  EXPECT_EQ(kept.moves()[0].san, "e4");
  Game fresh(Position::startpos());
  ASSERT_TRUE(fresh.play("e4"));
  EXPECT_EQ(kept.position().key(), fresh.position().key());
  ASSERT_TRUE(kept.play("c5")) << "play goes on from the rewound position";
  // With a clock too: the clock returns to its state when the move taken back began.
  rewindable.time_control = parse_pgn_time_control("300+2").value();
  auto time = std::make_shared<ManualTimeSource>();
  Game clocked(Position::startpos(), rewindable, time);
  time->advance(Millis{4000});
  ASSERT_TRUE(clocked.play("e4"));
  time->advance(Millis{1000});
  ASSERT_TRUE(clocked.rewind(1));
  EXPECT_EQ(clocked.moves().size(), 0u);
  EXPECT_EQ(clocked.clock()->turn(), WHITE);
  EXPECT_EQ(clocked.clock()->moves_completed(WHITE), 0);
  EXPECT_EQ(clocked.clock()->remaining(WHITE), Millis{302'000 - 5000}) << "running for White since the start";
  EXPECT_EQ(clocked.clock()->remaining(BLACK), Millis{302'000});
  GameOptions kept_nothing;
  kept_nothing.time_control = rewindable.time_control;
  Game unkept(Position::startpos(), kept_nothing, time);
  ASSERT_TRUE(unkept.play("e4"));
  EXPECT_FALSE(unkept.rewind(1)) << "no rewind points kept";
}

}  // namespace
}  // namespace tabiya::play
