// The FIDE Tie-Break Regulations (Handbook C.07, 2023 edition, applied to
// all FIDE-rated events from 1 April 2024), on a Swiss event worked by hand:
// Buchholz (Art. 8) with cuts, Sonneborn-Berger (Art. 9), wins (Art. 7),
// games with Black, average rating of opponents (Art. 10), progressive
// score, and unplayed rounds (Art. 16: a player's own unplayed round counts
// as a game against a dummy opponent with his own score; in the opponents'
// Buchholz his voluntary unplayed rounds count as draws; low cuts remove
// voluntary unplayed rounds first).
#include "tournament/tiebreaks.h"

#include <gtest/gtest.h>

#include "tournament/standings.h"
#include "tournament_test_support.h"

namespace tabiya::tournament {
namespace {

// Four players, three rounds:
//   R1: 1-2 1-0; 3-4 forfeit, 3 wins (+/-).
//   R2: 3-1 1/2; 2-4 1-0.
//   R3: 1-4 1-0; 2 half-point bye (H); 3 pairing-allocated bye (U).
// Scores: 1 2.5, 2 1.5, 3 2.5, 4 0. Adjusted for the opponents' Buchholz
// (voluntary unplayed rounds as draws): 2 1.5 (H is a draw anyway), 4 0.5
// (his forfeit loss), 1 and 3 unchanged (a forfeit win and the pairing
// bye are not voluntary).
Tournament swiss() {
  Tournament t;
  test::add_player(t, "One", 2000);
  test::add_player(t, "Two", 1900);
  test::add_player(t, "Three", 1800);
  test::add_player(t, "Four", 1700);
  t.total_rounds = 3;
  test::game(t, 1, 1, 2, '1', '0');
  test::game(t, 1, 3, 4, '+', '-');
  test::game(t, 2, 3, 1, '=', '=');
  test::game(t, 2, 2, 4, '1', '0');
  test::game(t, 3, 1, 4, '1', '0');
  test::set(t, 3, 2, {0, Colour::none, 'H'});
  test::set(t, 3, 3, {0, Colour::none, 'U'});
  return t;
}

double value(const Tournament& t, const std::string& code, int player) {
  auto tb = parse_tie_break(code);
  EXPECT_TRUE(tb) << code;
  EventRecord event = build_event_record(t, test::settings(PairingSystem::swiss_dutch));
  return tie_break_value(event, *tb, *event.find(player), {player});
}

TEST(TournamentTieBreaksTest, Buchholz) {
  Tournament t = swiss();
  EXPECT_DOUBLE_EQ(value(t, "BH", 1), 4.5);  // 1.5 + 2.5 + 0.5 (4 adjusted)
  EXPECT_DOUBLE_EQ(value(t, "BH", 3), 7.5);  // dummy 2.5 + 2.5 + dummy 2.5
  EXPECT_DOUBLE_EQ(value(t, "BH", 2), 4.5);  // 2.5 + 0.5 + dummy 1.5 (H)
  EXPECT_DOUBLE_EQ(value(t, "BH", 4), 4.0);  // dummy 0 (forfeit) + 1.5 + 2.5
}

TEST(TournamentTieBreaksTest, CutsRemoveVoluntaryUnplayedRoundsFirst) {
  Tournament t = swiss();
  EXPECT_DOUBLE_EQ(value(t, "BH-C1", 1), 4.0);  // the lowest, 0.5, cut
  EXPECT_DOUBLE_EQ(value(t, "BH-C1", 3), 5.0);
  // Player 2's half-point bye (1.5) is cut before his lowest opponent (0.5).
  EXPECT_DOUBLE_EQ(value(t, "BH-C1", 2), 3.0);
  EXPECT_DOUBLE_EQ(value(t, "BH-C1", 4), 4.0);  // his forfeit (0) cut
  EXPECT_DOUBLE_EQ(value(t, "BH-M1", 1), 1.5);  // 0.5 and 2.5 cut
  EXPECT_DOUBLE_EQ(value(t, "BH-C2", 3), 2.5);
}

TEST(TournamentTieBreaksTest, SonnebornBerger) {
  Tournament t = swiss();
  EXPECT_DOUBLE_EQ(value(t, "SB", 1), 3.25);  // 1.5 + 1.25 + 0.5
  EXPECT_DOUBLE_EQ(value(t, "SB", 3), 6.25);  // 2.5 (dummy) + 1.25 + 2.5 (dummy)
  EXPECT_DOUBLE_EQ(value(t, "SB", 4), 0);
}

TEST(TournamentTieBreaksTest, CountsAndRatings) {
  Tournament t = swiss();
  EXPECT_DOUBLE_EQ(value(t, "WIN", 1), 2);
  EXPECT_DOUBLE_EQ(value(t, "WIN", 3), 2);  // the forfeit win and the bye count
  EXPECT_DOUBLE_EQ(value(t, "WON", 3), 0);  // over the board only
  EXPECT_DOUBLE_EQ(value(t, "WON", 1), 2);
  EXPECT_DOUBLE_EQ(value(t, "BPG", 1), 1);
  EXPECT_DOUBLE_EQ(value(t, "BPG", 3), 0);
  EXPECT_DOUBLE_EQ(value(t, "BWG", 2), 0);
  EXPECT_DOUBLE_EQ(value(t, "ARO", 1), 1800);  // 1900 1800 1700
  EXPECT_DOUBLE_EQ(value(t, "ARO", 3), 2000);  // only the game with 1 was played
  EXPECT_DOUBLE_EQ(value(t, "ARO", 4), 1950);  // 1900 and 2000
  EXPECT_DOUBLE_EQ(value(t, "PS", 1), 5.0);    // 1 + 1.5 + 2.5
  EXPECT_DOUBLE_EQ(value(t, "PS-C1", 1), 4.0);
  EXPECT_DOUBLE_EQ(value(t, "PS", 2), 0 + 1 + 1.5);
}

TEST(TournamentTieBreaksTest, StandingsOfTheSwissEvent) {
  Tournament t = swiss();
  auto s = compute_standings(t, test::settings(PairingSystem::swiss_dutch, {"BH-C1", "BH"}));
  ASSERT_TRUE(s);
  // 3 and 1 tie on 2.5; BH-C1 5.0 against 4.0.
  ASSERT_EQ(s->rows.size(), 4u);
  EXPECT_EQ(s->rows[0].number, 3);
  EXPECT_EQ(s->rows[1].number, 1);
  EXPECT_EQ(s->rows[2].number, 2);
  EXPECT_EQ(s->rows[3].number, 4);
  EXPECT_EQ(s->rows[1].rank, 2);
}

TEST(TournamentTieBreaksTest, DirectEncounterNeedsEveryPairToHaveMet) {
  Tournament t = swiss();
  EventRecord event = build_event_record(t, test::settings(PairingSystem::swiss_dutch));
  auto de = parse_tie_break("DE");
  ASSERT_TRUE(de);
  // 1 and 3 drew: 0.5 each.
  EXPECT_DOUBLE_EQ(tie_break_value(event, *de, *event.find(1), {1, 3}), 0.5);
  // 2 and 3 never met: DE separates nobody.
  EXPECT_DOUBLE_EQ(tie_break_value(event, *de, *event.find(1), {1, 2, 3}), 0);
}

TEST(TournamentTieBreaksTest, Names) {
  EXPECT_EQ(parse_tie_break("bh/c1")->code, "BH-C1");
  EXPECT_EQ(parse_tie_break("BH:M2")->cut_high, 2);
  EXPECT_EQ(parse_tie_break("PS-C1")->cut_low, 1);
  EXPECT_FALSE(parse_tie_break("DE-C1"));
  EXPECT_FALSE(parse_tie_break("PS-M1"));
  EXPECT_FALSE(parse_tie_break("BH-X1"));
  EXPECT_EQ(parse_tie_break("Median").error().message.rfind("unknown tie-break \"Median\"", 0), 0u);
}

}  // namespace
}  // namespace tabiya::tournament
