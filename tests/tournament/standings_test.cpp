// Standings of round robins and the 50% rule for withdrawals: FIDE
// Tournament Rules 11 (the edition in seed 000: General Assembly 1986,
// amended to 2006): (b) three forfeits exclude a player; (d) a round-robin
// player who played less than 50% of his games has the points scored by him
// and against him left out of the final table, his unplayed games marked "-"
// and the opponents' "+", "--" when neither came; (e) at least 50%: his
// results count.
#include "tournament/standings.h"

#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "tournament/crosstable.h"
#include "tournament_test_support.h"

namespace tabiya::tournament {
namespace {

using test::settings;

// A six-player round robin worked by hand (points of the row player, tenths).
const int kSix[6][6] = {
    {0, 10, 5, 0, 10, 10},  // 1: 3.5
    {0, 0, 10, 10, 5, 10},  // 2: 3.5
    {5, 0, 0, 10, 10, 5},   // 3: 3
    {10, 0, 0, 0, 10, 10},  // 4: 3
    {0, 5, 0, 0, 0, 10},    // 5: 1.5
    {0, 0, 5, 0, 0, 0},     // 6: 0.5
};

std::vector<int> order(const Standings& s) {
  std::vector<int> v;
  for (const StandingRow& r : s.rows) v.push_back(r.number);
  return v;
}

TEST(TournamentStandingsTest, RoundRobinScoresAndDirectEncounter) {
  Tournament t = test::round_robin(6, kSix);
  auto s = compute_standings(t, settings(PairingSystem::round_robin, {"DE", "SB"}));
  ASSERT_TRUE(s) << s.error().message;
  // 1 and 2 tie on 3.5, 1 beat 2; 3 and 4 tie on 3, 3 beat 4.
  EXPECT_EQ(order(*s), (std::vector<int>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(s->rows[0].score, 35);
  EXPECT_EQ(s->rows[2].score, 30);
  EXPECT_DOUBLE_EQ(s->rows[0].values[0], 1);  // DE within {1, 2}
  EXPECT_DOUBLE_EQ(s->rows[1].values[0], 0);
  EXPECT_DOUBLE_EQ(s->rows[0].values[1], 7.0);   // SB 3.5 + 1.5 + 1.5 + 0.5
  EXPECT_DOUBLE_EQ(s->rows[1].values[1], 7.25);  // 3 + 3 + 0.75 + 0.5
  for (int i = 0; i < 6; ++i) EXPECT_EQ(s->rows[i].rank, i + 1);
}

TEST(TournamentStandingsTest, TieBreakOrderIsPerEvent) {
  Tournament t = test::round_robin(6, kSix);
  // Sonneborn-Berger first: 2 (7.25) before 1 (7.0), 3 (6.5) before 4 (5.5).
  auto s = compute_standings(t, settings(PairingSystem::round_robin, {"SB", "DE"}));
  ASSERT_TRUE(s);
  EXPECT_EQ(order(*s), (std::vector<int>{2, 1, 3, 4, 5, 6}));
  // Koya (points against players with at least half the maximum, 2.5 of 5):
  // 1 1.5, 2 2, 3 1.5, 4 1.
  s = compute_standings(t, settings(PairingSystem::round_robin, {"KS"}));
  ASSERT_TRUE(s);
  EXPECT_EQ(order(*s), (std::vector<int>{2, 1, 3, 4, 5, 6}));
  EXPECT_DOUBLE_EQ(s->rows[0].values[0], 2);
  EXPECT_DOUBLE_EQ(s->rows[1].values[0], 1.5);
  EXPECT_DOUBLE_EQ(s->rows[2].values[0], 1.5);
  EXPECT_DOUBLE_EQ(s->rows[3].values[0], 1);
  // Unknown tie-breaks are errors naming the word.
  auto bad = compute_standings(t, settings(PairingSystem::round_robin, {"XYZ"}));
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("\"XYZ\""), std::string::npos);
}

TEST(TournamentStandingsTest, StillTiedPlayersShareTheRank) {
  Tournament t = test::round_robin(6, kSix);
  auto s = compute_standings(t, settings(PairingSystem::round_robin, {"WIN"}));
  ASSERT_TRUE(s);
  // 1 and 2 both won three games.
  EXPECT_EQ(s->rows[0].rank, 1);
  EXPECT_EQ(s->rows[1].rank, 1);
  EXPECT_EQ(s->rows[2].rank, 3);
}

// Player 6 plays 1 (round 1) and 4 (round 2), then withdraws: his games
// with 2 (round 3), 5 (round 4) and 3 (round 5) are forfeited.
Tournament six_with_withdrawal(int played_rounds) {
  Tournament t = test::round_robin(6, kSix);
  for (int r = played_rounds + 1; r <= 5; ++r) {
    const int o = t.player(6)->entry(r).opponent;
    test::set(t, r, 6, {o, t.player(6)->entry(r).colour, '-'});
    test::set(t, r, o, {6, t.player(o)->entry(r).colour, '+'});
  }
  return t;
}

TEST(TournamentStandingsTest, WithdrawnUnderHalfHasResultsAnnulled) {
  // TR 11(d): 2 of 5 games played: points by him and against him not counted.
  Tournament t = six_with_withdrawal(2);
  EventSettings es = settings(PairingSystem::round_robin, {"DE"});
  es.withdrawals.push_back({6, 2, false});
  auto s = compute_standings(t, es);
  ASSERT_TRUE(s);
  EXPECT_EQ(order(*s), (std::vector<int>{1, 2, 3, 4, 5, 6}));
  const std::vector<Points> scores = {25, 25, 25, 20, 5, 0};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(s->rows[i].score, scores[i]) << i;
  EXPECT_EQ(s->rows[5].rank, 0);  // not ranked
  // DE among 1, 2, 3 (all met): 1.5, 1, 0.5.
  EXPECT_DOUBLE_EQ(s->rows[0].values[0], 1.5);
  EXPECT_DOUBLE_EQ(s->rows[1].values[0], 1);
  EXPECT_DOUBLE_EQ(s->rows[2].values[0], 0.5);
  const std::string text = format_standings(t, *s);
  EXPECT_NE(text.find("Tournament Rules 11(d)"), std::string::npos) << text;
}

TEST(TournamentStandingsTest, WithdrawnAfterHalfKeepsResults) {
  // TR 11(e): 3 of 5 games played: his results count; the two games left
  // are forfeits won by 5 and 3.
  Tournament t = six_with_withdrawal(3);
  EventSettings es = settings(PairingSystem::round_robin);
  es.withdrawals.push_back({6, 3, false});
  auto s = compute_standings(t, es);
  ASSERT_TRUE(s);
  auto score = [&](int n) {
    for (const StandingRow& r : s->rows)
      if (r.number == n) return r.score;
    return -1;
  };
  EXPECT_EQ(score(1), 35);
  EXPECT_EQ(score(2), 35);
  EXPECT_EQ(score(3), 35);  // the draw with 6 became a forfeit win
  EXPECT_EQ(score(5), 15);
  EXPECT_EQ(score(6), 0);
  for (const StandingRow& r : s->rows) EXPECT_NE(r.rank, 0);
  // The crosstable marks the unplayed games: "-" in 6's row, "+" in 3's
  // and 5's rows.
  const std::string ct = format_crosstable(t, es, *s);
  EXPECT_NE(ct.find("Player 6"), std::string::npos);
  std::istringstream lines(ct);
  std::string line, row3, row6;
  while (std::getline(lines, line)) {
    if (line.find("Player 3") != std::string::npos) row3 = line;
    if (line.find("Player 6") != std::string::npos) row6 = line;
  }
  EXPECT_NE(row6.find(" - "), std::string::npos) << ct;
  EXPECT_NE(row3.find('+'), std::string::npos) << ct;
}

// A six-player round robin (kSix, Berger table C.05 Annex 1) with two
// withdrawals, worked by hand. The schedule:
//   R1 1-6 2-5 3-4   R2 6-4 5-3 1-2   R3 2-6 3-1 4-5
//   R4 6-5 1-4 2-3   R5 3-6 4-2 5-1
// Player 5 leaves after round 2 (2 of 5 games played, under 50%: TR 11(d),
// results annulled); player 6 after round 3 (3 of 5, at least 50%: TR
// 11(e), results count). Unplayed: R3 4-5 (+ for 4), R4 6-5 (neither
// came: --), R5 3-6 (+ for 3), R5 5-1 (+ for 1).
// Counted scores (5's games struck out):
//   1  R1 vs 6 1, R2 vs 2 1, R3 vs 3 ½, R4 vs 4 0          = 2.5
//   2  R2 vs 1 0, R3 vs 6 1, R4 vs 3 1, R5 vs 4 1          = 3
//   3  R1 vs 4 1, R3 vs 1 ½, R4 vs 2 0, R5 vs 6 + (1)      = 2.5
//   4  R1 vs 3 0, R2 vs 6 1, R4 vs 1 1, R5 vs 2 0          = 2
//   6  0 + 0 + 0 + R5 - (0)                                = 0
// Koya (Tie-Break Regulations C.07 Art. 9.2, 2024 and 2026 editions):
// 5 players counted, 4 games, half the maximum is 2: opponents 1, 2, 3, 4.
//   1 1 + ½ + 0 = 1.5;  2 0 + 1 + 1 = 2;  3 1 + ½ + 0 = 1.5;  4 0 + 1 + 0 = 1
// Sonneborn-Berger (Art. 8.2; in a round robin the forfeit is a result
// against the scheduled opponent): 1 1x3 + ½x2.5 = 4.25; 3 1x2 + ½x2.5 +
// 1x0 = 3.25; 2 1x2.5 + 1x2 = 4.5; 4 1x2.5 = 2.5; 6 0.
// Ranks (DE SB WIN KS): 2 first; 1 and 3 drew (DE ½ each), SB 4.25 to
// 3.25: 1 second, 3 third; 4; 6; 5 not ranked.
TEST(TournamentStandingsTest, RoundRobinWithWithdrawalsBeforeAndAfterHalf) {
  Tournament t = test::round_robin(6, kSix);
  const int schedule[5][6] = {
      {6, 5, 4, 3, 2, 1}, {2, 1, 5, 6, 3, 4}, {3, 6, 1, 5, 4, 2}, {4, 3, 2, 1, 6, 5}, {5, 4, 6, 2, 1, 3}};
  for (int r = 1; r <= 5; ++r)
    for (int n = 1; n <= 6; ++n) ASSERT_EQ(t.player(n)->entry(r).opponent, schedule[r - 1][n - 1]) << r << " " << n;
  auto forfeit = [&](int r, int winner, int loser) {
    test::set(t, r, winner, {loser, t.player(winner)->entry(r).colour, '+'});
    test::set(t, r, loser, {winner, t.player(loser)->entry(r).colour, '-'});
  };
  forfeit(3, 4, 5);
  forfeit(5, 3, 6);
  forfeit(5, 1, 5);
  test::set(t, 4, 6, {5, t.player(6)->entry(4).colour, '-'});
  test::set(t, 4, 5, {6, t.player(5)->entry(4).colour, '-'});
  EventSettings es = settings(PairingSystem::round_robin);
  es.withdrawals.push_back({5, 2, false});
  es.withdrawals.push_back({6, 3, false});
  auto s = compute_standings(t, es);
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(order(*s), (std::vector<int>{2, 1, 3, 4, 6, 5}));
  const std::vector<Points> scores = {30, 25, 25, 20, 0};
  const std::vector<int> ranks = {1, 2, 3, 4, 5, 0};
  for (int i = 0; i < 6; ++i) {
    if (i < 5) {
      EXPECT_EQ(s->rows[i].score, scores[i]) << i;
    }
    EXPECT_EQ(s->rows[i].rank, ranks[i]) << i;
  }
  // Default round-robin order DE SB WIN KS.
  ASSERT_EQ(s->tie_breaks.size(), 4u);
  EXPECT_DOUBLE_EQ(s->rows[1].values[0], 0.5);  // 1: DE with 3
  EXPECT_DOUBLE_EQ(s->rows[2].values[0], 0.5);
  EXPECT_DOUBLE_EQ(s->rows[1].values[1], 4.25);  // SB
  EXPECT_DOUBLE_EQ(s->rows[2].values[1], 3.25);
  auto ks = compute_standings(t, [&] {
    EventSettings e = es;
    e.tie_breaks = {"KS", "SB"};
    return e;
  }());
  ASSERT_TRUE(ks);
  std::map<int, double> koya, sb;
  for (const StandingRow& r : ks->rows) koya[r.number] = r.values[0], sb[r.number] = r.values[1];
  EXPECT_DOUBLE_EQ(koya[1], 1.5);
  EXPECT_DOUBLE_EQ(koya[2], 2);
  EXPECT_DOUBLE_EQ(koya[3], 1.5);
  EXPECT_DOUBLE_EQ(koya[4], 1);
  EXPECT_DOUBLE_EQ(koya[6], 0);
  EXPECT_DOUBLE_EQ(sb[2], 4.5);
  EXPECT_DOUBLE_EQ(sb[4], 2.5);
  EXPECT_DOUBLE_EQ(sb[6], 0);
  // The crosstable: + for the one who came, - for the one who did not, --
  // when neither came; 5 unranked (*).
  const std::string ct = format_crosstable(t, es, *s);
  std::map<int, std::vector<std::string>> row;
  std::istringstream lines(ct);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string x; words >> x;) w.push_back(x);
    // No, "Player", n, rating, six cells, points, rank.
    if (w.size() == 12 && w[1] == "Player") row[std::stoi(w[0])] = w;
  }
  ASSERT_EQ(row.size(), 6u) << ct;
  auto cell = [&](int p, int o) { return row[p][3 + o]; };
  EXPECT_EQ(cell(5, 4), "-");
  EXPECT_EQ(cell(4, 5), "+");
  EXPECT_EQ(cell(5, 6), "--");
  EXPECT_EQ(cell(6, 5), "--");
  EXPECT_EQ(cell(5, 1), "-");
  EXPECT_EQ(cell(1, 5), "+");
  EXPECT_EQ(cell(3, 6), "+");
  EXPECT_EQ(cell(6, 3), "-");
  EXPECT_EQ(cell(1, 3), "½");
  EXPECT_EQ(row[5][11], "*");
  EXPECT_EQ(row[2][11], "1");
  EXPECT_EQ(row[6][11], "5");
}

TEST(TournamentStandingsTest, DoubleForfeitIsMarkedTwice) {
  Tournament t = test::round_robin(6, kSix);
  // Round 4: 6-5, neither came.
  test::game(t, 4, 6, 5, '-', '-');
  auto event = build_event_record(t, settings(PairingSystem::round_robin));
  EXPECT_EQ(event.find(6)->rounds[3].kind, RoundKind::double_forfeit);
  EXPECT_EQ(result_mark(t, event.find(5)->rounds[3]), "--");
  EXPECT_EQ(event.find(5)->score, 5);  // 1.5 minus the lost point
}

TEST(TournamentStandingsTest, SwissKeepsWithdrawnPlayersPoints) {
  // TR 11(f): in a Swiss event a withdrawn player's points stay.
  Tournament t;
  for (int i = 1; i <= 4; ++i) test::add_player(t, std::string("P").append(std::to_string(i)));
  test::game(t, 1, 1, 4, '0', '1');
  test::game(t, 1, 2, 3, '=', '=');
  EventSettings es = settings(PairingSystem::swiss_dutch);
  es.withdrawals.push_back({4, 1, false});
  auto s = compute_standings(t, es);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->rows[0].number, 4);
  EXPECT_EQ(s->rows[0].score, 10);
  EXPECT_EQ(s->rows[0].rank, 1);
}

}  // namespace
}  // namespace tabiya::tournament

namespace tabiya::tournament {
namespace {

TEST(TournamentStandingsTest, HtmlExportEscapesNames) {
  Tournament t = test::round_robin(6, kSix);
  t.players[0].name = "O'Neil <b>&</b>";
  t.set_header("012", "Club \"Open\"");
  EventSettings es = settings(PairingSystem::round_robin);
  auto s = compute_standings(t, es);
  ASSERT_TRUE(s);
  const std::string html = export_html(t, es, *s);
  EXPECT_NE(html.find("O&#39;Neil &lt;b&gt;&amp;&lt;/b&gt;"), std::string::npos) << html;
  EXPECT_EQ(html.find("<b>&</b>"), std::string::npos);
  EXPECT_NE(html.find("<title>Club &quot;Open&quot;</title>"), std::string::npos);
  EXPECT_NE(html.find("<table class=\"standings\">"), std::string::npos);
}

}  // namespace
}  // namespace tabiya::tournament
