// Acceleration and forbidden pairs in the Dutch pairing: Baku Acceleration
// (FIDE Handbook C.04.5.1) and the TRF(x) extension lines that carry them as
// JaVaFo and bbpPairings read them ("XXA NNNN pp.p pp.p ...": points added
// per round; "XXP a b c": players never paired together; the 2026
// revision's "260 first last a b c" for some rounds only).
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>

#include "tournament/baku.h"
#include "tournament/dutch.h"
#include "tournament/trf.h"
#include "tournament_test_support.h"

namespace tabiya::tournament {
namespace {

using test::add_player;
using test::game;

Tournament players(int n, int rounds) {
  Tournament t;
  for (int i = 1; i <= n; ++i) add_player(t, "Player " + std::to_string(i), 2500 - 10 * i);
  t.total_rounds = rounds;
  t.initial_colour = Colour::white;
  return t;
}

std::set<std::pair<int, int>> boards_of(const RoundPairing& p) {
  std::set<std::pair<int, int>> s;
  for (const Board& b : p.boards) s.insert({b.white, b.black});
  return s;
}

// C.04.5.1 Initial Groups Division: GA is the first half of the players
// rounded up to an even number, 2 * ceil(N / 4) (the rule's note: 161
// players, GA = 82). Virtual points: the accelerated rounds are the first
// half (rounded up); GA gets 1 point in the first half (rounded up) of them
// and 0.5 in the rest (the rule's example: nine rounds, five accelerated,
// 1 point in rounds 1-3 and 0.5 in rounds 4-5).
TEST(TournamentBaku, GroupsAndVirtualPointsFollowTheRule) {
  Tournament t = players(161, 9);
  auto acc = baku_accelerations(t);
  ASSERT_TRUE(acc.ok()) << acc.error().message;
  EXPECT_EQ(acc->size(), 82u);
  EXPECT_TRUE(acc->count(82));
  EXPECT_FALSE(acc->count(83));
  EXPECT_EQ(acc->at(1), (std::vector<Points>{10, 10, 10, 5, 5}));
  EXPECT_EQ(t.acceleration(1, 1), 0);  // not applied until stored in the event
  t.accelerations = *acc;
  EXPECT_EQ(t.acceleration(1, 3), 10);
  EXPECT_EQ(t.acceleration(82, 5), 5);
  EXPECT_EQ(t.acceleration(82, 6), 0);
  EXPECT_EQ(t.acceleration(83, 1), 0);
  // Eight rounds: four accelerated, two at 1 point and two at 0.5.
  Tournament eight = players(10, 8);
  auto acc8 = baku_accelerations(eight);
  ASSERT_TRUE(acc8.ok());
  EXPECT_EQ(acc8->size(), 6u);  // 2 * ceil(10 / 4)
  EXPECT_EQ(acc8->at(6), (std::vector<Points>{10, 10, 5, 5}));
  // The method's premise: the standard point system.
  eight.points.win = 30;
  EXPECT_FALSE(baku_accelerations(eight).ok());
}

// A hand-worked event: 8 players, 4 rounds, so rounds 1-2 are accelerated
// (GA = players 1-4 with 1 point before round 1 and 0.5 before round 2).
TEST(TournamentBaku, AcceleratedRoundsPairGroupsApart) {
  Tournament t = players(8, 4);
  // Round 1 without acceleration: S1 {1-4} against S2 {5-8}.
  auto plain = pair_dutch(t, 1);
  ASSERT_TRUE(plain.ok()) << plain.error().message;
  EXPECT_EQ(boards_of(*plain), (std::set<std::pair<int, int>>{{1, 5}, {6, 2}, {3, 7}, {8, 4}}));
  // Accelerated: scoregroups 1.0 {1,2,3,4} and 0 {5,6,7,8}, each S1 against
  // S2; colours by pairing number parity (C.04.3 5.2.5): 1 and 5 (odd) White.
  auto r1 = pair_dutch(t, 1, DutchOptions{true});
  ASSERT_TRUE(r1.ok()) << r1.error().message;
  EXPECT_EQ(boards_of(*r1), (std::set<std::pair<int, int>>{{1, 3}, {4, 2}, {5, 7}, {8, 6}}));
  // The higher-numbered player loses every game: 1, 2, 5 and 6 win.
  game(t, 1, 1, 3, '1', '0');
  game(t, 1, 4, 2, '0', '1');
  game(t, 1, 5, 7, '1', '0');
  game(t, 1, 8, 6, '0', '1');
  // Round 2: scores 1 for 1, 2, 5, 6. With 0.5 virtual point GA's pairing
  // scores are 1.5 {1, 2} and 0.5 {3, 4}; GB's 1 {5, 6} and 0 {7, 8}.
  auto r2 = pair_dutch(t, 2, DutchOptions{true});
  ASSERT_TRUE(r2.ok()) << r2.error().message;
  EXPECT_EQ(boards_of(*r2), (std::set<std::pair<int, int>>{{2, 1}, {6, 5}, {3, 4}, {7, 8}}));
  // Unaccelerated the 1-point group {1, 2, 5, 6} mixes GA and GB: S1 {1, 2}
  // against S2 {5, 6}, where 1 and 5 both want Black, so the transposition
  // 1-6, 2-5 grants every preference (C12); likewise in the 0 group {3, 4,
  // 7, 8} 3 and 7 both want White: 3-8 and 7-4.
  auto r2plain = pair_dutch(t, 2);
  ASSERT_TRUE(r2plain.ok());
  EXPECT_EQ(boards_of(*r2plain), (std::set<std::pair<int, int>>{{6, 1}, {2, 5}, {3, 8}, {7, 4}}));
  // The same virtual points given as XXA lines in the file pair the same.
  Tournament with_xxa = t;
  with_xxa.accelerations = *baku_accelerations(t);
  auto back = read_trf(write_trf(with_xxa));
  ASSERT_TRUE(back.ok()) << back.error().message;
  auto r2xxa = pair_dutch(*back, 2);
  ASSERT_TRUE(r2xxa.ok());
  EXPECT_EQ(boards_of(*r2xxa), boards_of(*r2));
}

// The XXA line's columns: the player in 5-8, one 4-column field per round
// from column 10, five apart; it round-trips, and bad fields are named.
TEST(TournamentTrfExtensions, XxaLinesReadAndWritten) {
  Tournament t = players(3, 5);
  t.accelerations[2] = {10, 10, 5};
  const std::string text = write_trf(t);
  EXPECT_NE(text.find("XXA    2  1.0  1.0  0.5\n"), std::string::npos) << text;
  auto back = read_trf(text);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->accelerations, t.accelerations);
  auto bad = read_trf("XXA    2  1.0  x.5\n");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("line 1, column 15"), std::string::npos) << bad.error().message;
  EXPECT_FALSE(read_trf("XXA   ab  1.0\n").ok());
}

// Forbidden pairs (XXP, every round; 260, a range of rounds) are kept apart
// like a rematch (an absolute criterion). Round 1 of 4 players would be
// 1-3, 4-2; with 1 and 3 forbidden the next transposition of S2: 1-4, 3-2.
TEST(TournamentDutch, ForbiddenPairsAreNeverPaired) {
  Tournament t = players(4, 3);
  auto free = pair_dutch(t, 1);
  ASSERT_TRUE(free.ok());
  EXPECT_EQ(boards_of(*free), (std::set<std::pair<int, int>>{{1, 3}, {4, 2}}));
  t.forbidden.push_back({1, 0, {1, 3}, false});
  auto p = pair_dutch(t, 1);
  ASSERT_TRUE(p.ok()) << p.error().message;
  EXPECT_EQ(boards_of(*p), (std::set<std::pair<int, int>>{{1, 4}, {3, 2}}));
  // Article 4.2.2's eleven-player homogeneous bracket (S1 = 1-5, S2 = 6-11):
  // transpositions go in the lexicographic order of their first five BSNs,
  // 6-7-8-9-10, 6-7-8-9-11, 6-7-8-10-9, ... With 1 and 6 kept apart, every one
  // beginning with 6 fails and the first left is 7-6-8-9-10; 11 gets the bye.
  Tournament eleven = players(11, 3);
  eleven.forbidden.push_back({1, 0, {1, 6}, false});
  auto e = pair_dutch(eleven, 1);
  ASSERT_TRUE(e.ok()) << e.error().message;
  std::set<std::pair<int, int>> pairs;
  for (const Board& b : e->boards) pairs.insert({std::min(b.white, b.black), std::max(b.white, b.black)});
  EXPECT_EQ(pairs, (std::set<std::pair<int, int>>{{1, 7}, {2, 6}, {3, 8}, {4, 9}, {5, 10}}));
  EXPECT_EQ(e->bye, 11);
  // A group of three: 1, 3 and 4 never meet each other, so 1-2 and 3-4
  // would be needed; 3-4 is forbidden too: no pairing exists.
  Tournament three = players(4, 3);
  three.forbidden.push_back({1, 0, {1, 3, 4}, false});
  EXPECT_FALSE(pair_dutch(three, 1).ok());
  // A 260 line limited to rounds 2-3 leaves round 1 free.
  Tournament ranged = players(4, 3);
  ranged.forbidden.push_back({2, 3, {1, 3}, true});
  auto r1 = pair_dutch(ranged, 1);
  ASSERT_TRUE(r1.ok());
  EXPECT_TRUE(boards_of(*r1).count({1, 3}));
  // Both forms round-trip through the TRF.
  Tournament both = players(4, 3);
  both.forbidden.push_back({1, 0, {1, 3}, false});
  both.forbidden.push_back({2, 3, {2, 4}, true});
  const std::string text = write_trf(both);
  EXPECT_NE(text.find("XXP    1    3\n"), std::string::npos) << text;
  EXPECT_NE(text.find("260   2   3    2    4\n"), std::string::npos) << text;
  auto back = read_trf(text);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->forbidden, both.forbidden);
  EXPECT_TRUE(back->forbidden_pair(3, 1, 1));
  EXPECT_FALSE(back->forbidden_pair(2, 4, 1));
  EXPECT_TRUE(back->forbidden_pair(2, 4, 2));
  auto bad = read_trf("XXP 1 x\n");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("column 7"), std::string::npos) << bad.error().message;
}

}  // namespace
}  // namespace tabiya::tournament
