// Baku Acceleration with late entries, FIDE Handbook C.04.5.1 ("Late
// entries"): players entering after round 1 are accommodated in the pairing
// list by the initial order (C.04.2); the last GA player stays the same
// player as in the previous round (Note 1: his pairing number may then differ
// from 2 * Q), so a late entrant above him joins GA, one below him GB, and GA
// may contain an odd number of players (Note 2).
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "tournament/baku.h"
#include "tournament/dutch.h"
#include "tournament/trf.h"
#include "tournament_command.h"
#include "tournament_test_support.h"

namespace tabiya::tournament {
namespace {

using test::add_player;
using test::game;
using test::set;

const std::vector<Points> kEightRounds{10, 10, 5, 5};  // 4 accelerated rounds: 1, 1, 0.5, 0.5

// Ten players (2490 .. 2400), eight rounds, round 1 paired and played (the
// higher-numbered player of each board loses): GA = players 1-6, the last GA
// player is 6 (2440).
Tournament after_round_one() {
  Tournament t;
  for (int i = 1; i <= 10; ++i) add_player(t, std::string("Player ").append(std::to_string(i)), 2500 - 10 * i);
  t.total_rounds = 8;
  t.initial_colour = Colour::white;
  auto r1 = pair_dutch(t, 1, DutchOptions{true});
  EXPECT_TRUE(r1.ok()) << r1.error().message;
  apply_pairing(t, *r1);
  for (const Board& b : r1->boards) {
    const bool white_wins = b.white < b.black;
    t.player(b.white)->rounds[0].result = white_wins ? '1' : '0';
    t.player(b.black)->rounds[0].result = white_wins ? '0' : '1';
  }
  return t;
}

// Adds a player as `tournament add-player` does after round 1: the next start
// number, "0000 -" for the round already paired.
int add_late(Tournament& t, const std::string& name, int rating) {
  add_player(t, name, rating);
  set(t, 1, static_cast<int>(t.players.size()), RoundEntry{0, Colour::none, '-'});
  return static_cast<int>(t.players.size());
}

TEST(TournamentBakuLateEntry, RoundOneListDecidesGaAndTheLastGaPlayerStays) {
  Tournament t = after_round_one();
  auto before = baku_accelerations(t);
  ASSERT_TRUE(before.ok()) << before.error().message;
  EXPECT_EQ(before->size(), 6u);
  // Three late entries below the last GA player: they join GB, and GA is
  // not recomputed from 13 players (2 * ceil(13 / 4) = 8 would take 7 and 8).
  for (int i = 0; i < 3; ++i)
    EXPECT_TRUE(late_entry(t, *t.player(add_late(t, std::string("Late ").append(std::to_string(i)), 2000))));
  auto after = baku_accelerations(t);
  ASSERT_TRUE(after.ok());
  EXPECT_EQ(*after, *before);
  EXPECT_FALSE(after->count(7));
  EXPECT_FALSE(after->count(11));
  for (int n = 1; n <= 10; ++n) EXPECT_FALSE(late_entry(t, *t.player(n)));
}

TEST(TournamentBakuLateEntry, AboveTheLastGaPlayerJoinsGaWithItsVirtualPoints) {
  Tournament t = after_round_one();
  const int strong = add_late(t, "Strong, Late", 2455);  // above player 6 (2440)
  const int second = add_late(t, "Second, Late", 2445);  // above him too
  const int weak = add_late(t, "Weak, Late", 2430);      // below him
  const int equal = add_late(t, "Equal, Late", 2440);    // same rating: the start number (later) decides
  auto acc = baku_accelerations(t);
  ASSERT_TRUE(acc.ok()) << acc.error().message;
  EXPECT_EQ(acc->size(), 8u);
  ASSERT_TRUE(acc->count(strong));
  EXPECT_EQ(acc->at(strong), kEightRounds);
  EXPECT_EQ(acc->at(second), kEightRounds);
  EXPECT_EQ(acc->at(6), kEightRounds);
  EXPECT_FALSE(acc->count(weak));
  EXPECT_FALSE(acc->count(equal));
  EXPECT_FALSE(acc->count(7));
  // Round 2 (virtual point 1): round 1 paired GA {1-6} and GB {7-10} apart,
  // and 1, 2, 3, 7, 8 won. The GA late entries have the pairing score 0 + 1
  // and are paired in the 1-point group {4, 5, 6 (0 + 1), 7, 8 (1 + 0)} with
  // the 2-point group's odd player, not with the players on 0 (9, 10 and
  // the GB late entries).
  auto r2 = pair_dutch(t, 2, DutchOptions{true});
  ASSERT_TRUE(r2.ok()) << r2.error().message;
  for (const Board& b : r2->boards) {
    for (int late : {strong, second}) {
      if (b.white != late && b.black != late) continue;
      const int opponent = b.white == late ? b.black : b.white;
      EXPECT_TRUE(opponent != 9 && opponent != 10 && opponent != weak && opponent != equal)
          << write_javafo_pairing(*r2);
    }
  }
  // A GA-less pairing would put them with the players on 0.
  Tournament plain = t;
  plain.accelerations = *acc;
  plain.accelerations.erase(strong);
  plain.accelerations.erase(second);
  auto p2 = pair_dutch(plain, 2);
  ASSERT_TRUE(p2.ok());
  EXPECT_NE(write_javafo_pairing(*p2), write_javafo_pairing(*r2));
}

// A file from a program that renumbers for late entries: the late entrant got
// start number 3 (his place by rating) and a blank round 1; the last GA player
// is still the same player, now number 7, so GA holds start numbers 1-7.
TEST(TournamentBakuLateEntry, RenumberedFileKeepsTheLastGaPlayer) {
  Tournament t;
  for (int rating : {2490, 2480, 2475, 2470, 2460, 2450, 2440, 2430, 2420, 2410, 2400})
    add_player(t, std::string("Player ").append(std::to_string(rating)), rating);
  t.total_rounds = 8;
  for (auto [w, b] : {std::pair{1, 7}, {8, 2}, {4, 9}, {10, 5}, {6, 11}}) game(t, 1, w, b, '1', '0');
  ASSERT_TRUE(late_entry(t, *t.player(3)));
  // Round 1's list: 1, 2, 4-11 (ten players), GA = its first six: 1, 2, 4,
  // 5, 6, 7; the late 3 (2475) stands above 7 (2440) and joins them.
  auto acc = baku_accelerations(t);
  ASSERT_TRUE(acc.ok()) << acc.error().message;
  EXPECT_EQ(acc->size(), 7u);
  for (int n = 1; n <= 7; ++n) EXPECT_TRUE(acc->count(n)) << n;
  EXPECT_FALSE(acc->count(8));
}

// A requested bye in round 1 (H, F, Z) keeps the player in round 1's list:
// he is no late entry and counts for GA.
TEST(TournamentBakuLateEntry, RequestedByeInRoundOneIsNoLateEntry) {
  Tournament t = after_round_one();
  add_player(t, "Half, Bye", 2000);
  set(t, 1, 11, RoundEntry{0, Colour::none, 'H'});
  EXPECT_FALSE(late_entry(t, *t.player(11)));
  auto acc = baku_accelerations(t);
  ASSERT_TRUE(acc.ok());
  EXPECT_EQ(acc->size(), 6u);  // 11 players in round 1's list: 2 * ceil(11 / 4) = 6
  // Before round 1 is paired nobody is a late entry.
  Tournament fresh;
  for (int i = 1; i <= 4; ++i) add_player(fresh, std::string("P").append(std::to_string(i)), 2000);
  fresh.total_rounds = 3;
  EXPECT_FALSE(late_entry(fresh, *fresh.player(4)));
}

// Through `tabiya tournament`: the XXA lines are written before round 1; a
// strong player added after round 1 gets his own line when round 2 is
// paired, a weak one none.
TEST(TournamentBakuLateEntry, CommandWritesTheLateEntrysXxaLine) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(::testing::TempDir()) / "tabiya_baku_late_entry";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string f = (dir / "baku.trf").string();
  auto run = [](const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const int code = cli::run_tournament(args, out, err);
    EXPECT_EQ(code, 0) << err.str();
    return code;
  };
  run({"new", "--system", "swiss-dutch", "--rounds", "8", "--baku", f});
  for (int i = 1; i <= 10; ++i)
    run({"add-player", f, "--name", std::string("Player, ").append(std::to_string(i)), "--rating",
         std::to_string(2500 - 10 * i)});
  run({"pair", f});
  for (int board = 1; board <= 5; ++board) run({"result", f, "1", std::to_string(board), "1-0"});
  run({"add-player", f, "--name", "Strong, Late", "--rating", "2455"});
  run({"add-player", f, "--name", "Weak, Late", "--rating", "2000"});
  run({"pair", f});
  auto t = read_trf_file(f);
  ASSERT_TRUE(t) << t.error().message;
  EXPECT_EQ(t->accelerations.size(), 7u);
  ASSERT_TRUE(t->accelerations.count(11));
  EXPECT_EQ(t->accelerations.at(11), kEightRounds);
  EXPECT_FALSE(t->accelerations.count(12));
  EXPECT_FALSE(t->accelerations.count(7));
  EXPECT_TRUE(t->player(11)->entry(2).paired());
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tabiya::tournament
