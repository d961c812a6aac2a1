// The tie-breaks of the FIDE Tie-Break Regulations (C.07, 2024 and 2026
// editions) added beside the older ones: TPR (10.2), PTP (10.3), APRO
// (10.4), AOB (8.2), FB (8.3), REP (7.6), with unrated opponents left out or given a rating by the
// modifier U (e.g. TPR-U1400), on an event worked by hand.
#include <gtest/gtest.h>

#include "tournament/standings.h"
#include "tournament/tiebreaks.h"
#include "tournament_test_support.h"

namespace tabiya::tournament {
namespace {

using test::add_player;
using test::game;

// Swiss, 4 players, 3 rounds, worked by hand: test::four_player_swiss() (tournament_test_support.h).
Tournament event() { return test::four_player_swiss(); }

double value(const Tournament& t, TieBreakEdition edition, const std::string& code, int player) {
  EventSettings s = test::settings(PairingSystem::swiss_dutch);
  s.edition = edition;
  const EventRecord e = build_event_record(t, s);
  auto tb = parse_tie_break(code);
  EXPECT_TRUE(tb) << code;
  return tie_break_value(e, *tb, *e.find(player), {player});
}

// 10.2: player 1's rated games are the win against 2100 and the draw against
// 1900 (the unrated 4 is left out): ARO 2000, p 0.75, dp 193: 2193. With
// unrated opponents at 1400: ARO 5400 / 3 = 1800, p 0.50: 1800.
// Player 4 (3 games, 2 points against 1900 2100 2000): ARO 2000, p 0.67,
// dp 125: 2125.
TEST(PerformanceTieBreaksTest, Tpr) {
  const Tournament t = event();
  EXPECT_EQ(value(t, TieBreakEdition::fide2026, "TPR", 1), 2193);
  EXPECT_EQ(value(t, TieBreakEdition::fide2026, "TPR-U1400", 1), 1800);
  EXPECT_EQ(value(t, TieBreakEdition::fide2026, "ARO-U1400", 1), 1800);
  EXPECT_EQ(value(t, TieBreakEdition::fide2026, "ARO", 1), 2000);
  EXPECT_EQ(value(t, TieBreakEdition::fide2026, "TPR", 4), 2125);
  // A forfeit is not a game: 3's rated games are the loss to 4 (unrated,
  // left out) and the draw with 1: TPR 2000 + dp(0.50) = 2000.
  EXPECT_EQ(value(t, TieBreakEdition::fide2026, "TPR", 3), 2000);
}

// 10.3: player 1 (1.5 from 2100 and 1900): 2203 (see fide_rating_test). With
// 4 at 1400, the lowest R with E(R-2100) + E(R-1900) + E(R-1400) >= 1.5:
// at 1824 0.17 + 0.40 + 0.93 = 1.50, at 1823 0.17 + 0.39 + 0.93 = 1.49.
TEST(PerformanceTieBreaksTest, Ptp) {
  const Tournament t = event();
  EXPECT_EQ(value(t, TieBreakEdition::fide2026, "PTP", 1), 2203);
  EXPECT_EQ(value(t, TieBreakEdition::fide2026, "PTP-U1400", 1), 1824);
}

// 10.4: player 2 met 1 (TPR 2193) and 4 (TPR 2125) over the board (the
// forfeit win over 3 is no game): (2193 + 2125) / 2 = 2159.
TEST(PerformanceTieBreaksTest, Apro) { EXPECT_EQ(value(event(), TieBreakEdition::fide2026, "APRO", 2), 2159); }

// 8.2, AOB: the Buchholz of the opponents met over the board, averaged.
// Buchholz: 1 = 2.0 + 0.5 + 2.0 = 4.5; 3 = 2.0 (4) + 1.5 (1) + his forfeit
// loss's dummy 0.5 = 4.0 (both editions: 2026 caps it at 2's 2.0); 4 =
// 0.5 + 2.0 + 1.5 = 4.0; 2 = 1.5 + 2.0 + his forfeit win's dummy: 2024 his
// own 2.0 (16.4) = 5.5, 2026 capped at 3's 0.5 (16.4.1) = 4.0.
// AOB of 1 (met 2, 3, 4): 2024 13.5 / 3 = 4.5, 2026 12 / 3 = 4.0.
// AOB of 2 (met 1, 4): 8.5 / 2 = 4.25.
TEST(PerformanceTieBreaksTest, Aob) {
  const Tournament t = event();
  EXPECT_DOUBLE_EQ(value(t, TieBreakEdition::fide2024, "BH", 2), 5.5);
  EXPECT_DOUBLE_EQ(value(t, TieBreakEdition::fide2026, "BH", 2), 4.0);
  EXPECT_DOUBLE_EQ(value(t, TieBreakEdition::fide2024, "AOB", 1), 4.5);
  EXPECT_DOUBLE_EQ(value(t, TieBreakEdition::fide2026, "AOB", 1), 4.0);
  EXPECT_DOUBLE_EQ(value(t, TieBreakEdition::fide2026, "AOB", 2), 4.25);
}

// 8.3, FB: every pairing of the last round (3) with an opponent counts as a
// draw, played or forfeited: the scores the opponents see become 1 2.0,
// 2 1.5, 3 1.0, 4 1.5, and 2's forfeit win over 3 counts as a game against 3.
// FB: 1 = 1.5 + 1.0 + 1.5 = 4.0; 2 = 2.0 + 1.5 + 1.0 = 4.5 (BH 2024 5.5);
// 3 = 1.5 + 2.0 + 1.5 = 5.0. FB-C1 of 2: 4.5 - 1.0 = 3.5.
// 7.6, REP: the rounds that were not VURs: 1 3, 2 3 (the forfeit win
// counts), 3 2 (his forfeit loss does not), 4 3.
TEST(PerformanceTieBreaksTest, ForeBuchholzAndRoundsElected) {
  const Tournament t = event();
  for (TieBreakEdition e : {TieBreakEdition::fide2024, TieBreakEdition::fide2026}) {
    EXPECT_DOUBLE_EQ(value(t, e, "FB", 1), 4.0);
    EXPECT_DOUBLE_EQ(value(t, e, "FB", 2), 4.5);
    EXPECT_DOUBLE_EQ(value(t, e, "FB", 3), 5.0);
    EXPECT_DOUBLE_EQ(value(t, e, "FB-C1", 2), 3.5);
  }
  const double rep[] = {3, 3, 2, 3};
  for (int n = 1; n <= 4; ++n) EXPECT_EQ(value(t, TieBreakEdition::fide2026, "REP", n), rep[n - 1]) << n;
}

// ARO-M1 (10.1 with Art. 14's Median-1) for a player with one game and two
// unplayed rounds: 2024 and 2026 cut his only game (0, no value left);
// under the 2022 edition the unplayed rounds take both cuts and his game
// stays: 2100 (TieBreakServer's reading, see tiebreaks.cpp).
//   R1  1-2 1-0, 3 U    R2  2-3 =, 1 H    R3  3-2 =, 1 Z
TEST(PerformanceTieBreaksTest, AroMedianWithUnplayedRounds) {
  Tournament t;
  add_player(t, "One", 2000);
  add_player(t, "Two", 2100);
  add_player(t, "Three", 1900);
  game(t, 1, 1, 2, '1', '0');
  test::set(t, 1, 3, {0, Colour::none, 'U'});
  game(t, 2, 2, 3, '=', '=');
  test::set(t, 2, 1, {0, Colour::none, 'H'});
  game(t, 3, 3, 2, '=', '=');
  test::set(t, 3, 1, {0, Colour::none, 'Z'});
  t.total_rounds = 3;
  EXPECT_EQ(value(t, TieBreakEdition::fide2022, "ARO-M1", 1), 2100);
  EXPECT_EQ(value(t, TieBreakEdition::fide2022, "ARO-C1", 1), 2100);
  EXPECT_EQ(value(t, TieBreakEdition::fide2024, "ARO-M1", 1), 0);
  EXPECT_EQ(value(t, TieBreakEdition::fide2026, "ARO-C1", 1), 0);
  // Player 2 played three games (2000, 1900, 1900): M1 leaves 1900 in every edition.
  EXPECT_EQ(value(t, TieBreakEdition::fide2022, "ARO-M1", 2), 1900);
  EXPECT_EQ(value(t, TieBreakEdition::fide2026, "ARO-M1", 2), 1900);
}

TEST(PerformanceTieBreaksTest, Names) {
  EXPECT_EQ(parse_tie_break("tpr/u1400")->code, "TPR-U1400");
  EXPECT_EQ(parse_tie_break("tpr/u1400")->unrated_rating, 1400);
  EXPECT_EQ(parse_tie_break("ARO/C1/U1000")->code, "ARO-C1-U1000");
  EXPECT_EQ(parse_tie_break("ARO-U1000-C1")->code, "ARO-C1-U1000");
  for (const char* code : {"TPR", "PTP", "APRO", "APPO", "AOB", "APPO-U1200", "FB", "FB-M1", "REP"})
    EXPECT_TRUE(parse_tie_break(code)) << code;
  EXPECT_FALSE(parse_tie_break("BH-U1400"));
  EXPECT_FALSE(parse_tie_break("TPR-C1"));
  EXPECT_FALSE(parse_tie_break("TPR-U"));
  EXPECT_FALSE(parse_tie_break("ARO-C1-C2"));
  EXPECT_NE(parse_tie_break("TPR-X").error().message.find("TPR takes no modifier \"X\""), std::string::npos);
}

}  // namespace
}  // namespace tabiya::tournament
