// The FIDE Tie-Break Regulations (Handbook C.07) on two Swiss events worked
// by hand. Editions (TieBreakEdition, event.h):
//   2026  C.07 in force from 1 March 2026 (approved by the FIDE Council on
//         2 February 2026), the default;
//   2024  C.07 approved on 1 August 2023, in force for FIDE-rated events
//         from 1 April 2024 (https://handbook.fide.com/chapter/TieBreakRegulations2023
//         and the version "effective from April 1, 2024");
//   2022  C.02 Art. 13 before 2023 (the 2009 Congress "virtual opponent").
// Articles: 6 DE, 7.1 WIN, 7.2 WON, 7.3 BPG, 7.4 BWG, 7.5 PS, 8.1 BH,
// 8.2 SB, 10.1 ARO, 14 Cut-n and Median-n, 16 unplayed rounds (16.2 what
// is a voluntary unplayed round (VUR), 16.3 a player's score for his
// opponents, 16.4 the dummy opponent of his own unplayed rounds, 16.5 VURs
// taken first by a low cut).
#include "tournament/tiebreaks.h"

#include <gtest/gtest.h>

#include "tournament/standings.h"
#include "tournament_test_support.h"

namespace tabiya::tournament {
namespace {

// ---------------------------------------------------------------------------
// Event A: 6 players, 5 rounds. Ratings 1 2200, 2 2100, 3 2000, 4 1900,
// 5 1800, 6 1700. White first.
//   R1  1-4 1-0   2-5 =     3-6 0-1
//   R2  6-1 0-1   4-2 +/- (2 did not come)   5 H (requested half-point bye)
//       3 U (pairing-allocated bye)
//   R3  1-2 =     3-5 1-0   4-6 -/- (double forfeit)
//   R4  3-1 0-1   2-6 1-0   4 U;  5 withdrew after round 3 (XXW 5 3), his
//       rounds 4 and 5 left empty in the file
//   R5  1 Z (requested zero-point bye)   2-3 =   6-4 1-0
//
//        R1  R2  R3  R4  R5   score  running (PS)           PS
//   1    1   1   ½   1   0    3.5    1 2 2.5 3.5 3.5        12.5
//   2    ½   0f  ½   1   ½    2.5    .5 .5 1 2 2.5          6.5
//   3    0   1U  1   0   ½    2.5    0 1 2 2 2.5            7.5
//   4    0   1f  0ff 1U  0    2      0 1 1 2 2              6
//   5    ½   ½H  0   -   -    1      .5 1 1 1 1             4.5
//   6    1   0   0ff 0   1    2      1 1 1 1 2              6
//
// VURs (16.2): 1 R5 (Z); 2 R2 (forfeit loss); 4 and 6 R3 (double
// forfeit); 5 R2 (H), R4, R5 (absent). Not VURs: 3's and 4's byes (U), 4's
// forfeit win.
//
// Scores for the opponents (16.3): the points each round gave, except VURs
// without an opponent after the player's last non-VUR round, which count
// as draws: 1 3.5 + ½ (R5 Z) = 4; 5 R4, R5 -> ½ each: 0.5+0.5+0+0.5+0.5
// = 2 (his R2 H is followed by a game: it stays ½); 2 2.5, 3 2.5, 4 2, 6 2
// (forfeit losses have an opponent: they keep their 0).
//
// Own Buchholz, contribution per round (opponent's adjusted score, or the
// dummy's for an unplayed round; * = VUR):
//        R1    R2     R3     R4    R5      BH 2024  BH 2026
//   1    2.0   2.0    2.5    2.5   3.5*    12.5     11.5 (R5 dummy min(3.5, 5 x ½ = 2.5), 16.4.2)
//   2    2.0   2.5*   4.0    2.0   2.5     13.0     12.5 (R2 dummy min(2.5, 4's 2), 16.4.1)
//   3    2.0   2.5U   2.0    4.0   2.5     13.0     13.0 (min(2.5, 2.5))
//   4    4.0   2.0f   2.0*   2.0U  2.0     12.0     12.0 (all caps >= 2)
//   5    2.5   1.0*   2.5    1.0*  1.0*    8.0      8.0
//   6    2.5   4.0    2.0*   2.5   2.0     13.0     13.0
// BH-C1 (14.1, 16.5.1: the lowest VUR contribution is cut instead of the
// least significant value when it is worth more):
//   1  least 2.0, VUR 3.5 (2026: 2.5) -> VUR cut: 12.5 - 3.5 = 9.0 (2026 11.5 - 2.5 = 9.0)
//   2  least 2.0, VUR 2.5 (2026: 2.0) -> VUR cut: 10.5 (both)
//   3  no VUR -> 2.0 cut: 11.0
//   4  least 2.0, VUR 2.0 -> 10.0;  6  least 2.0, VUR 2.0 -> 11.0
//   5  least 1.0, VUR 1.0 -> 7.0
// BH-C2 for 1 (2024): then the least of 2 2 2.5 2.5: 7.0.
// BH-M1 for 1 (2024): VUR 3.5 low, 2.5 high: 2 + 2 + 2.5 = 6.5.
// SB (8.2: contribution x points scored):
//   1  2x1 + 2x1 + 2.5x½ + 2.5x1 + 3.5x0 = 7.75 (2026 the same: R5 scored 0)
//   2  2x½ + 2.5x0 + 4x½ + 2x1 + 2.5x½ = 6.25
//   3  0 + 2.5x1 + 2x1 + 0 + 2.5x½ = 5.75
//   4  0 + 2x1 + 0 + 2x1 + 0 = 4.0;  6  2.5 + 0 + 0 + 0 + 2 = 4.5;
//   5  2.5x½ + 1x½ = 1.75
// SB-C1 for 1: least significant is the opponent with the lowest score
// (2.0, contribution 2); the VUR's contribution is 0 < 2, so the least
// significant one goes: 7.75 - 2 = 5.75 (not 7.75, as cutting the VUR's 0
// would give).
// WIN (rounds won with or without play): 1 3, 2 1, 3 2, 4 2, 5 0, 6 2.
// WON (over the board): 1 3, 2 1, 3 1, 4 0, 5 0, 6 2.
// BPG: 1 2 (R2, R4), 2 1 (R3; R2 was a forfeit), 3 1, 4 2, 5 2, 6 2 (R3's
// double forfeit was not played).  BWG: 1 2, 6 1, the rest 0.
// ARO (played games only): 1 (1900+1700+2100+2000)/4 = 1925, ARO-C1 drops
// 1700: 6000/3 = 2000; 2 (1800+2200+1700+2000)/4 = 1925; 3 1950; 4
// (2200+1700)/2 = 1950; 6 2050; 5 2050.
// DE: 2-3 drew (½ each); 6 beat 4 in R5 (their R3 double forfeit was not
// played): 6 1, 4 0.
// 2022 edition (virtual opponent: score before the round + the reversed
// result + ½ per later round; every unplayed round a draw for the
// opponents): adjusted 1 4.0, 2 3.0, 3 2.0, 4 1.5, 6 2.5.
//   BH 1 = 1.5 + 2.5 + 3.0 + 2.0 + (3.5 + 1 + 0) = 13.5
//   BH 4 = 4.0 + (0 + 0 + 1.5) + (1 + 1 + 1) + (1 + 0 + 0.5) + 2.5 = 12.5
//   ARO-C1 1: the unplayed R5 takes the cut: 1925.
Tournament event_a() {
  Tournament t;
  test::add_player(t, "One", 2200);
  test::add_player(t, "Two", 2100);
  test::add_player(t, "Three", 2000);
  test::add_player(t, "Four", 1900);
  test::add_player(t, "Five", 1800);
  test::add_player(t, "Six", 1700);
  t.total_rounds = 5;
  test::game(t, 1, 1, 4, '1', '0');
  test::game(t, 1, 2, 5, '=', '=');
  test::game(t, 1, 3, 6, '0', '1');
  test::game(t, 2, 6, 1, '0', '1');
  test::game(t, 2, 4, 2, '+', '-');
  test::set(t, 2, 5, {0, Colour::none, 'H'});
  test::set(t, 2, 3, {0, Colour::none, 'U'});
  test::game(t, 3, 1, 2, '=', '=');
  test::game(t, 3, 3, 5, '1', '0');
  test::game(t, 3, 4, 6, '-', '-');
  test::game(t, 4, 3, 1, '0', '1');
  test::game(t, 4, 2, 6, '1', '0');
  test::set(t, 4, 4, {0, Colour::none, 'U'});
  test::set(t, 5, 1, {0, Colour::none, 'Z'});
  test::game(t, 5, 2, 3, '=', '=');
  test::game(t, 5, 6, 4, '1', '0');
  return t;
}

EventSettings swiss_settings(TieBreakEdition edition, std::vector<std::string> tie_breaks = {}) {
  EventSettings es = test::settings(PairingSystem::swiss_dutch, std::move(tie_breaks));
  es.edition = edition;
  return es;
}

EventSettings event_a_settings(TieBreakEdition edition = TieBreakEdition::fide2026,
                               std::vector<std::string> tie_breaks = {}) {
  EventSettings es = swiss_settings(edition, std::move(tie_breaks));
  es.withdrawals.push_back({5, 3, false});
  return es;
}

double value(const Tournament& t, const EventSettings& es, const std::string& code, int player,
             std::vector<int> group = {}) {
  auto tb = parse_tie_break(code);
  EXPECT_TRUE(tb) << code;
  EventRecord event = build_event_record(t, es);
  if (group.empty()) group = {player};
  return tie_break_value(event, *tb, *event.find(player), group);
}

TEST(TournamentTieBreaksTest, EventAScoresAndVoluntaryUnplayedRounds) {
  Tournament t = event_a();
  EventRecord event = build_event_record(t, event_a_settings());
  const std::vector<Points> scores = {35, 25, 25, 20, 10, 20};
  for (int n = 1; n <= 6; ++n) EXPECT_EQ(event.find(n)->score, scores[n - 1]) << n;
  // The withdrawn player's empty rounds are absences (Art. 16.2).
  EXPECT_EQ(event.find(5)->rounds[3].kind, RoundKind::absent);
  EXPECT_EQ(event.find(5)->rounds[4].kind, RoundKind::absent);
  EXPECT_EQ(event.find(4)->rounds[2].kind, RoundKind::double_forfeit);
  EXPECT_TRUE(voluntary_unplayed(RoundKind::forfeit_loss));
  EXPECT_TRUE(voluntary_unplayed(RoundKind::half_bye));
  EXPECT_TRUE(voluntary_unplayed(RoundKind::zero_bye));
  EXPECT_FALSE(voluntary_unplayed(RoundKind::pairing_bye));
  EXPECT_FALSE(voluntary_unplayed(RoundKind::forfeit_win));
  EXPECT_FALSE(voluntary_unplayed(RoundKind::full_bye));  // it gave a win
}

TEST(TournamentTieBreaksTest, EventABuchholz2024) {
  Tournament t = event_a();
  const EventSettings es = event_a_settings(TieBreakEdition::fide2024);
  const double bh[] = {12.5, 13.0, 13.0, 12.0, 8.0, 13.0};
  const double c1[] = {9.0, 10.5, 11.0, 10.0, 7.0, 11.0};
  for (int n = 1; n <= 6; ++n) {
    EXPECT_DOUBLE_EQ(value(t, es, "BH", n), bh[n - 1]) << n;
    EXPECT_DOUBLE_EQ(value(t, es, "BH-C1", n), c1[n - 1]) << n;
  }
  EXPECT_DOUBLE_EQ(value(t, es, "BH-C2", 1), 7.0);
  EXPECT_DOUBLE_EQ(value(t, es, "BH-M1", 1), 6.5);
}

TEST(TournamentTieBreaksTest, EventABuchholz2026CapsTheDummyOpponent) {
  Tournament t = event_a();
  const EventSettings es = event_a_settings(TieBreakEdition::fide2026);
  const double bh[] = {11.5, 12.5, 13.0, 12.0, 8.0, 13.0};
  const double c1[] = {9.0, 10.5, 11.0, 10.0, 7.0, 11.0};
  for (int n = 1; n <= 6; ++n) {
    EXPECT_DOUBLE_EQ(value(t, es, "BH", n), bh[n - 1]) << n;
    EXPECT_DOUBLE_EQ(value(t, es, "BH-C1", n), c1[n - 1]) << n;
  }
}

TEST(TournamentTieBreaksTest, EventASonnebornBerger) {
  Tournament t = event_a();
  for (TieBreakEdition ed : {TieBreakEdition::fide2024, TieBreakEdition::fide2026}) {
    const EventSettings es = event_a_settings(ed);
    const double sb[] = {7.75, 6.25, 5.75, 4.0, 1.75, 4.5};
    for (int n = 1; n <= 6; ++n) EXPECT_DOUBLE_EQ(value(t, es, "SB", n), sb[n - 1]) << n;
    // The least significant value (lowest opponent score) goes, not the
    // VUR's smaller contribution (Art. 14.1, 16.5.1).
    EXPECT_DOUBLE_EQ(value(t, es, "SB-C1", 1), 5.75);
  }
}

TEST(TournamentTieBreaksTest, EventACountsRatingsAndProgressiveScore) {
  Tournament t = event_a();
  const EventSettings es = event_a_settings();
  const int win[] = {3, 1, 2, 2, 0, 2}, won[] = {3, 1, 1, 0, 0, 2};
  const int bpg[] = {2, 1, 1, 2, 2, 2}, bwg[] = {2, 0, 0, 0, 0, 1};
  const double aro[] = {1925, 1925, 1950, 1950, 2050, 2050};
  const double ps[] = {12.5, 6.5, 7.5, 6, 4.5, 6};
  for (int n = 1; n <= 6; ++n) {
    EXPECT_DOUBLE_EQ(value(t, es, "WIN", n), win[n - 1]) << n;
    EXPECT_DOUBLE_EQ(value(t, es, "WON", n), won[n - 1]) << n;
    EXPECT_DOUBLE_EQ(value(t, es, "BPG", n), bpg[n - 1]) << n;
    EXPECT_DOUBLE_EQ(value(t, es, "BWG", n), bwg[n - 1]) << n;
    EXPECT_DOUBLE_EQ(value(t, es, "ARO", n), aro[n - 1]) << n;
    EXPECT_DOUBLE_EQ(value(t, es, "PS", n), ps[n - 1]) << n;
  }
  EXPECT_DOUBLE_EQ(value(t, es, "ARO-C1", 1), 2000);
  EXPECT_DOUBLE_EQ(value(t, es, "PS-C1", 1), 11.5);  // 12.5 - 1
  // DE (Art. 6): 2 and 3 drew; 6 beat 4 over the board.
  EXPECT_DOUBLE_EQ(value(t, es, "DE", 2, {2, 3}), 0.5);
  EXPECT_DOUBLE_EQ(value(t, es, "DE", 3, {2, 3}), 0.5);
  EXPECT_DOUBLE_EQ(value(t, es, "DE", 6, {4, 6}), 1);
  EXPECT_DOUBLE_EQ(value(t, es, "DE", 4, {4, 6}), 0);
}

TEST(TournamentTieBreaksTest, EventAUnderThe2022VirtualOpponent) {
  Tournament t = event_a();
  const EventSettings es = event_a_settings(TieBreakEdition::fide2022);
  EXPECT_DOUBLE_EQ(value(t, es, "BH", 1), 13.5);
  EXPECT_DOUBLE_EQ(value(t, es, "BH", 4), 12.5);
  EXPECT_DOUBLE_EQ(value(t, es, "ARO-C1", 1), 1925);
}

TEST(TournamentTieBreaksTest, EventAStandings) {
  Tournament t = event_a();
  // The default Swiss order BH-C1 BH SB DE WIN: 1; 3 (BH-C1 11) before 2
  // (10.5); 6 (11) before 4 (10); 5.
  auto s = compute_standings(t, event_a_settings());
  ASSERT_TRUE(s) << s.error().message;
  std::vector<int> order, ranks;
  for (const StandingRow& r : s->rows) order.push_back(r.number), ranks.push_back(r.rank);
  EXPECT_EQ(order, (std::vector<int>{1, 3, 2, 6, 4, 5}));
  EXPECT_EQ(ranks, (std::vector<int>{1, 2, 3, 4, 5, 6}));
  // DE first: 2 and 3 stay level (½ each) and BH-C1 decides; 6 beat 4.
  s = compute_standings(t, event_a_settings(TieBreakEdition::fide2026, {"DE", "BH-C1"}));
  ASSERT_TRUE(s);
  EXPECT_DOUBLE_EQ(s->rows[1].values[0], 0.5);
  EXPECT_DOUBLE_EQ(s->rows[1].values[1], 11.0);
  EXPECT_EQ(s->rows[3].number, 6);
  EXPECT_DOUBLE_EQ(s->rows[3].values[0], 1);
}

// ---------------------------------------------------------------------------
// Event B: 7 players, 5 rounds. Ratings 1 2300, 2 2250, 3 2200, 4 2150,
// 5 2100, 6 2050, 7 unrated.
//   R1  1-5 1-0   6-2 0-1   3-7 =     4 U
//   R2  2-1 =     4-3 0-1   7-5 0-1   6 Z (requested zero-point bye)
//   R3  1-3 1-0   5-2 0-1   7-4 -/+ (7 did not come)   6 U
//   R4  1-4 =     2-3 1-0   5-6 1-0   7 withdrew after round 3, written
//       as absent ("0000 -") in rounds 4 and 5
//   R5  6-1 0-1   4-5 =     2 H (requested half-point bye)   3 U
//
//        R1  R2  R3  R4  R5   score  adjusted for opponents (16.3)
//   1    1   ½   1   ½   1    4      4
//   2    1   ½   1   1   ½H   4      4   (R5 H trailing: a draw anyway)
//   3    ½   1   0   0   1U   2.5    2.5
//   4    1U  0   1f  ½   ½    3      3
//   5    0   1   0   1   ½    2.5    2.5
//   6    0   0Z  1U  0   0    1      1   (the Z is followed by a non-VUR
//                                         round: it keeps its 0)
//   7    ½   0   0f  -   -    0.5    1.5 (R3 forfeit keeps 0, the absences
//                                         after his last non-VUR round, R2,
//                                         count ½ each)
// Own Buchholz (2024 | 2026), * = VUR:
//   1  2.5 + 4 + 2.5 + 3 + 1 = 13.0 (no unplayed round); BH-C1 12.0
//   2  1 + 4 + 2.5 + 2.5 + R5* (2024 own 4 | 2026 min(4, 2.5) = 2.5)
//      = 14.0 | 12.5; BH-C1 cuts the VUR: 10.0 | 10.0
//   3  1.5 + 3 + 4 + 4 + R5 U (2.5 | min(2.5, 2.5)) = 15.0; BH-C1 13.5
//   4  R1 U (3 | min(3, 2.5) = 2.5) + 2.5 + R3 f (3 | min(3, 7's 1.5) =
//      1.5) + 4 + 2.5 = 15.0 | 13.0; BH-C1 (no VUR) 12.5 | 11.5
//   5  4 + 1.5 + 4 + 1 + 3 = 13.5; BH-C1 12.5
//   6  4 + 1* + 1U + 2.5 + 4 = 12.5; BH-C1: least 1.0, VUR 1.0 -> 11.5
//   7  2.5 + 2.5 + 0.5* + 0.5* + 0.5* = 6.5; BH-C1 6.0
// SB: 1 2.5 + 2 + 2.5 + 1.5 + 1 = 9.5; 2 1 + 2 + 2.5 + 2.5 + R5 (4 | 2.5)
//   x ½ = 10.0 | 9.25; 4 (3 | 2.5) + 0 + (3 | 1.5) + 2 + 1.25 = 9.25 | 7.25;
//   3 0.75 + 3 + 0 + 0 + 2.5 = 6.25; 5 0 + 1.5 + 0 + 1 + 1.5 = 4.0; 6 1.0;
//   7 1.25.
// 1 and 2 tie on 4: DE ½ each; BH-C1 12 against 10 puts 1 first; with BH
// alone the editions disagree: 2024 2 (14) before 1 (13), 2026 1 (13)
// before 2 (12.5).
// 3 and 5 tie on 2.5 and never met: DE separates nobody (6.2).
// DE in the group {1, 3, 5}: 1 beat 3 and 5 (2 points, all met), 3 and 5
// never met (0 each, could reach 1): 1 is separated (6.2), 3 and 5 share
// 0. In {1, 2, 4}: 1 drew with 2 and 4 (1 point), 2 and 4 never met (½
// each, could reach 1.5): nobody is separated, all share 1.
// WIN 1 3, 2 3, 3 2, 4 2, 5 2, 6 1, 7 0; WON 1 3, 2 3, 3 1, 4 0, 5 2, 6 0.
// BPG 1 2, 2 2, 3 3, 4 1 (R3's forfeit not played), 5 3, 6 1, 7 1;
// BWG 1 1, 2 2, 3 1, 5 1, others 0.
// ARO: 1 (2100+2250+2200+2150+2050)/5 = 2150, ARO-C1 8700/4 = 2175;
// 3 the unrated 7 is left out: (2150+2300+2250)/3 = 2233.3 -> 2233, and
// ARO-C1 cuts the unrated one: 2233; 5 (2300+2250+2050+2150)/4 = 2187.5
// -> 2188; 7 (2200+2100)/2 = 2150.
// PS: 1 1+1.5+2.5+3+4 = 12; 2 1+1.5+2.5+3.5+4 = 12.5, PS-C1 11.5.
Tournament event_b() {
  Tournament t;
  test::add_player(t, "Alpha", 2300);
  test::add_player(t, "Bravo", 2250);
  test::add_player(t, "Charlie", 2200);
  test::add_player(t, "Delta", 2150);
  test::add_player(t, "Echo", 2100);
  test::add_player(t, "Foxtrot", 2050);
  test::add_player(t, "Golf", 0);
  t.total_rounds = 5;
  test::game(t, 1, 1, 5, '1', '0');
  test::game(t, 1, 6, 2, '0', '1');
  test::game(t, 1, 3, 7, '=', '=');
  test::set(t, 1, 4, {0, Colour::none, 'U'});
  test::game(t, 2, 2, 1, '=', '=');
  test::game(t, 2, 4, 3, '0', '1');
  test::game(t, 2, 7, 5, '0', '1');
  test::set(t, 2, 6, {0, Colour::none, 'Z'});
  test::game(t, 3, 1, 3, '1', '0');
  test::game(t, 3, 5, 2, '0', '1');
  test::game(t, 3, 7, 4, '-', '+');
  test::set(t, 3, 6, {0, Colour::none, 'U'});
  test::game(t, 4, 1, 4, '=', '=');
  test::game(t, 4, 2, 3, '1', '0');
  test::game(t, 4, 5, 6, '1', '0');
  test::set(t, 4, 7, {0, Colour::none, '-'});
  test::game(t, 5, 6, 1, '0', '1');
  test::game(t, 5, 4, 5, '=', '=');
  test::set(t, 5, 2, {0, Colour::none, 'H'});
  test::set(t, 5, 3, {0, Colour::none, 'U'});
  test::set(t, 5, 7, {0, Colour::none, '-'});
  return t;
}

EventSettings event_b_settings(TieBreakEdition edition = TieBreakEdition::fide2026,
                               std::vector<std::string> tie_breaks = {}) {
  EventSettings es = swiss_settings(edition, std::move(tie_breaks));
  es.withdrawals.push_back({7, 3, false});
  return es;
}

TEST(TournamentTieBreaksTest, EventBBuchholzAndSonnebornBerger) {
  Tournament t = event_b();
  const EventSettings e24 = event_b_settings(TieBreakEdition::fide2024);
  const EventSettings e26 = event_b_settings(TieBreakEdition::fide2026);
  const double bh24[] = {13.0, 14.0, 15.0, 15.0, 13.5, 12.5, 6.5};
  const double bh26[] = {13.0, 12.5, 15.0, 13.0, 13.5, 12.5, 6.5};
  const double c1_24[] = {12.0, 10.0, 13.5, 12.5, 12.5, 11.5, 6.0};
  const double c1_26[] = {12.0, 10.0, 13.5, 11.5, 12.5, 11.5, 6.0};
  const double sb24[] = {9.5, 10.0, 6.25, 9.25, 4.0, 1.0, 1.25};
  const double sb26[] = {9.5, 9.25, 6.25, 7.25, 4.0, 1.0, 1.25};
  for (int n = 1; n <= 7; ++n) {
    EXPECT_DOUBLE_EQ(value(t, e24, "BH", n), bh24[n - 1]) << n;
    EXPECT_DOUBLE_EQ(value(t, e26, "BH", n), bh26[n - 1]) << n;
    EXPECT_DOUBLE_EQ(value(t, e24, "BH-C1", n), c1_24[n - 1]) << n;
    EXPECT_DOUBLE_EQ(value(t, e26, "BH-C1", n), c1_26[n - 1]) << n;
    EXPECT_DOUBLE_EQ(value(t, e24, "SB", n), sb24[n - 1]) << n;
    EXPECT_DOUBLE_EQ(value(t, e26, "SB", n), sb26[n - 1]) << n;
  }
}

TEST(TournamentTieBreaksTest, EventBCountsRatingsAndDirectEncounter) {
  Tournament t = event_b();
  const EventSettings es = event_b_settings();
  const int win[] = {3, 3, 2, 2, 2, 1, 0}, won[] = {3, 3, 1, 0, 2, 0, 0};
  const int bpg[] = {2, 2, 3, 1, 3, 1, 1}, bwg[] = {1, 2, 1, 0, 1, 0, 0};
  for (int n = 1; n <= 7; ++n) {
    EXPECT_DOUBLE_EQ(value(t, es, "WIN", n), win[n - 1]) << n;
    EXPECT_DOUBLE_EQ(value(t, es, "WON", n), won[n - 1]) << n;
    EXPECT_DOUBLE_EQ(value(t, es, "BPG", n), bpg[n - 1]) << n;
    EXPECT_DOUBLE_EQ(value(t, es, "BWG", n), bwg[n - 1]) << n;
  }
  EXPECT_DOUBLE_EQ(value(t, es, "ARO", 1), 2150);
  EXPECT_DOUBLE_EQ(value(t, es, "ARO-C1", 1), 2175);
  EXPECT_DOUBLE_EQ(value(t, es, "ARO", 3), 2233);
  EXPECT_DOUBLE_EQ(value(t, es, "ARO-C1", 3), 2233);
  EXPECT_DOUBLE_EQ(value(t, es, "ARO", 5), 2188);
  EXPECT_DOUBLE_EQ(value(t, es, "ARO", 7), 2150);
  EXPECT_DOUBLE_EQ(value(t, es, "PS", 1), 12);
  EXPECT_DOUBLE_EQ(value(t, es, "PS", 2), 12.5);
  EXPECT_DOUBLE_EQ(value(t, es, "PS-C1", 2), 11.5);
  // Art. 6.2: not all met.
  EXPECT_DOUBLE_EQ(value(t, es, "DE", 3, {3, 5}), value(t, es, "DE", 5, {3, 5}));
  EXPECT_DOUBLE_EQ(value(t, es, "DE", 1, {1, 3, 5}), 2);
  EXPECT_DOUBLE_EQ(value(t, es, "DE", 3, {1, 3, 5}), 0);
  EXPECT_DOUBLE_EQ(value(t, es, "DE", 5, {1, 3, 5}), 0);
  for (int n : {1, 2, 4}) EXPECT_DOUBLE_EQ(value(t, es, "DE", n, {1, 2, 4}), 1) << n;
}

TEST(TournamentTieBreaksTest, EventBRankingDependsOnTheEdition) {
  Tournament t = event_b();
  auto first_two = [&](TieBreakEdition ed, std::vector<std::string> tbs) {
    auto s = compute_standings(t, event_b_settings(ed, std::move(tbs)));
    EXPECT_TRUE(s);
    return std::vector<int>{s->rows[0].number, s->rows[1].number};
  };
  EXPECT_EQ(first_two(TieBreakEdition::fide2024, {"BH"}), (std::vector<int>{2, 1}));
  EXPECT_EQ(first_two(TieBreakEdition::fide2026, {"BH"}), (std::vector<int>{1, 2}));
  EXPECT_EQ(first_two(TieBreakEdition::fide2024, {"DE", "BH-C1"}), (std::vector<int>{1, 2}));
  // 3 (BH-C1 13.5) before 5 (12.5), DE leaving them level.
  auto s = compute_standings(t, event_b_settings(TieBreakEdition::fide2026, {"DE", "BH-C1"}));
  ASSERT_TRUE(s);
  EXPECT_EQ(s->rows[3].number, 3);
  EXPECT_EQ(s->rows[4].number, 5);
  EXPECT_DOUBLE_EQ(s->rows[3].values[0], s->rows[4].values[0]);
}

TEST(TournamentTieBreaksTest, Names) {
  EXPECT_EQ(parse_tie_break("bh/c1")->code, "BH-C1");
  EXPECT_EQ(parse_tie_break("BH:M2")->cut_high, 2);
  EXPECT_EQ(parse_tie_break("PS-C1")->cut_low, 1);
  EXPECT_EQ(parse_tie_break("aro-c1")->code, "ARO-C1");
  for (const char* code : {"DE", "BH", "SB", "WIN", "WON", "BPG", "BWG", "ARO", "KS", "PS", "SB-M1", "BH-C2"})
    EXPECT_TRUE(parse_tie_break(code)) << code;
  EXPECT_FALSE(parse_tie_break("DE-C1"));
  EXPECT_FALSE(parse_tie_break("PS-M1"));
  EXPECT_FALSE(parse_tie_break("BH-X1"));
  EXPECT_EQ(parse_tie_break("Median").error().message.rfind("unknown tie-break \"Median\"", 0), 0u);
  // An event's list names the bad item and its place.
  auto s = compute_standings(event_a(), event_a_settings(TieBreakEdition::fide2026, {"BH", "XYZ"}));
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message.find("tie-break 2: unknown tie-break \"XYZ\""), std::string::npos) << s.error().message;
}

TEST(TournamentTieBreaksTest, EditionLine) {
  Tournament t = event_a();
  EventSettings es = event_a_settings(TieBreakEdition::fide2024);
  es.edition_declared = true;
  write_event_settings(t, es);
  auto back = read_event_settings(t);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->edition, TieBreakEdition::fide2024);
  t.set_header("XXE", "2019");
  auto bad = read_event_settings(t);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("XXE line \"2019\""), std::string::npos) << bad.error().message;
}

}  // namespace
}  // namespace tabiya::tournament
