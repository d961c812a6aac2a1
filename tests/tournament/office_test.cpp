// The tournament office (tournament/office.h): the administrative decisions both front ends use, each with the
// article of the FIDE rules it follows.
#include "tournament/office.h"

#include <gtest/gtest.h>

#include "tournament/berger.h"
#include "tournament_test_support.h"

namespace tabiya::tournament {
namespace {

using test::add_player;
using test::game;
using test::settings;

bool same(const RoundEntry& a, const RoundEntry& b) {
  return a.opponent == b.opponent && a.colour == b.colour && a.result == b.result;
}

Player entrant(const std::string& name, int rating, const std::string& title = "") {
  Player p;
  p.name = name;
  p.rating = rating;
  p.title = title;
  return p;
}

// A drawn round robin of `n` players, pairing numbers in registration order.
Tournament drawn_round_robin(int n, const EventSettings& s) {
  Tournament t;
  for (int i = 1; i <= n; ++i) add_player(t, std::string("P").append(std::to_string(i)));
  std::vector<int> numbers;
  for (int i = 1; i <= n; ++i) numbers.push_back(i);
  EXPECT_TRUE(draw_round_robin(t, s, numbers, "draw by lot, seed 0"));
  return t;
}

TEST(Office, EntryFormChecks) {
  EXPECT_EQ(title_code("GM"), "g");
  EXPECT_EQ(title_code("wfm"), "wf");
  // The TRF-16 codes, as FIDE's TieBreakServer reads them (g m f c wg wm wf wc); the "i" and "wi" earlier tabiya
  // wrote are read as IM and WIM.
  EXPECT_EQ(title_code("IM"), "m");
  EXPECT_EQ(title_code("WIM"), "wm");
  EXPECT_EQ(title_code("wi"), "wm");
  EXPECT_EQ(title_code("i"), "m");
  EXPECT_EQ(title_code(""), "");
  EXPECT_FALSE(title_code("grandmaster"));
  EXPECT_TRUE(valid_federation("NOR"));
  EXPECT_TRUE(valid_federation(""));
  EXPECT_FALSE(valid_federation("nor"));
  EXPECT_FALSE(valid_federation("NORW"));
  EXPECT_TRUE(valid_fide_id("1503014"));
  EXPECT_FALSE(valid_fide_id("123456789012"));
  EXPECT_FALSE(valid_fide_id("12a"));
  EXPECT_TRUE(valid_birth_date("1990/11/30"));
  EXPECT_TRUE(valid_birth_date("1990"));
  EXPECT_FALSE(valid_birth_date("30.11.1990"));
}

// FIDE C.04.2 B (initial order): rating, then title, then alphabetically; the start numbers follow.
TEST(Office, SwissStartListByRatingTitleName) {
  Tournament t;
  const EventSettings swiss = settings(PairingSystem::swiss_dutch);
  ASSERT_TRUE(register_player(t, swiss, entrant("Zeta", 2400)));
  ASSERT_TRUE(register_player(t, swiss, entrant("Alpha", 2400)));
  ASSERT_TRUE(register_player(t, swiss, entrant("Mu", 2400, "i")));
  auto last = register_player(t, swiss, entrant("Top", 2600));
  ASSERT_TRUE(last);
  EXPECT_EQ(last->number, 1);
  ASSERT_EQ(t.players.size(), 4u);
  EXPECT_EQ(t.players[0].name, "Top");
  EXPECT_EQ(t.players[1].name, "Mu");  // the title first among equal ratings
  EXPECT_EQ(t.players[2].name, "Alpha");
  EXPECT_EQ(t.players[3].name, "Zeta");
  for (int i = 0; i < 4; ++i) EXPECT_EQ(t.players[static_cast<std::size_t>(i)].number, i + 1);
  // Before the last entry: Mu 1, Alpha 2, Zeta 3; the newcomer was 4.
  EXPECT_EQ(last->renumbered[1], 2);
  EXPECT_EQ(last->renumbered[2], 3);
  EXPECT_EQ(last->renumbered[3], 4);
  EXPECT_EQ(last->renumbered[4], 1);
}

// C.04.2 B: among equal ratings the titles go GM-IM-WGM-FM-WIM-CM-WFM-WCM, then the untitled.
TEST(Office, TitlesOrderTheStartListAsTheGeneralHandlingRulesList) {
  Tournament t;
  const EventSettings swiss = settings(PairingSystem::swiss_dutch);
  const std::pair<const char*, const char*> entries[] = {{"Wcm", "WCM"}, {"None", ""},   {"Wfm", "WFM"},
                                                         {"Cm", "CM"},   {"Wim", "WIM"}, {"Fm", "FM"},
                                                         {"Wgm", "WGM"}, {"Im", "IM"},   {"Gm", "GM"}};
  for (const auto& [name, title] : entries)
    ASSERT_TRUE(register_player(t, swiss, entrant(name, 2300, *title_code(title))));
  std::string order;
  for (const Player& p : t.players) order += p.name + " ";
  EXPECT_EQ(order, "Gm Im Wgm Fm Wim Cm Wfm Wcm None ");
}

TEST(Office, ALateSwissEntryIsAbsentFromThePairedRounds) {
  Tournament t = test::numbered_event(4, 5, Colour::white);
  const EventSettings swiss = settings(PairingSystem::swiss_dutch);
  game(t, 1, 1, 3, '1', '0');
  game(t, 1, 2, 4, '=', '=');
  auto late = register_player(t, swiss, entrant("Late", 2700));
  ASSERT_TRUE(late);
  EXPECT_EQ(late->number, 5);  // the start list is not sorted once a round is paired
  EXPECT_TRUE(same(t.player(5)->entry(1), RoundEntry{0, Colour::none, '-'}));
}

TEST(Office, ADrawnRoundRobinTakesNoMorePlayers) {
  const EventSettings rr = settings(PairingSystem::round_robin);
  Tournament t = drawn_round_robin(4, rr);
  auto r = register_player(t, rr, entrant("Late", 2000));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("drawn"), std::string::npos);
}

TEST(Office, StrikingOffBeforeTheStartMovesTheOthersUp) {
  Tournament t;
  for (const char* name : {"A", "B", "C"}) add_player(t, name);
  const Renumbering moved = strike_off(t, 2);
  ASSERT_EQ(t.players.size(), 2u);
  EXPECT_EQ(t.player(2)->name, "C");
  EXPECT_EQ(moved[1], 1);
  EXPECT_EQ(moved[2], 0);
  EXPECT_EQ(moved[3], 2);
}

// FIDE C.05 Annex 1: the Berger table for the pairing numbers drawn by lot; an odd number of players leaves one
// number free each round, whose player is absent ("0000 -").
TEST(Office, TheDrawWritesTheBergerTable) {
  const EventSettings rr = settings(PairingSystem::round_robin);
  Tournament t;
  for (const char* name : {"A", "B", "C", "D", "E"}) add_player(t, name);
  auto drawn = draw_round_robin(t, rr, {3, 1, 5, 2, 4}, "draw by lot, seed 7");
  ASSERT_TRUE(drawn);
  EXPECT_EQ((*drawn)[1], 3);  // A drew 3
  EXPECT_EQ(t.player(3)->name, "A");
  EXPECT_EQ(t.player(1)->name, "B");
  EXPECT_EQ(t.total_rounds, 5);
  const auto schedule = round_robin_schedule(5, 1);
  for (std::size_t r = 0; r < schedule.size(); ++r)
    for (const TableGame& g : schedule[r]) {
      if (g.white > 5 || g.black > 5) {
        const int free = g.white > 5 ? g.black : g.white;
        EXPECT_TRUE(same(t.player(free)->entry(static_cast<int>(r) + 1), RoundEntry{0, Colour::none, '-'}));
        continue;
      }
      EXPECT_TRUE(same(t.player(g.white)->entry(static_cast<int>(r) + 1), RoundEntry{g.black, Colour::white, ' '}));
      EXPECT_TRUE(same(t.player(g.black)->entry(static_cast<int>(r) + 1), RoundEntry{g.white, Colour::black, ' '}));
    }
  EXPECT_EQ(t.header("###"), "draw by lot, seed 7");
  auto again = draw_round_robin(t, rr, {1, 2, 3, 4, 5}, "x");
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().message, "the draw has already been made");
  Tournament one;
  add_player(one, "Alone");
  auto alone = draw_round_robin(one, rr, {1}, "x");
  ASSERT_FALSE(alone);
  EXPECT_EQ(alone.error().message, "a round robin needs at least 2 players (has 1)");
}

TEST(Office, TheLotIsReplayedFromItsSeed) {
  EXPECT_EQ(pairing_numbers_by_lot(8, 42), pairing_numbers_by_lot(8, 42));
  std::vector<int> sorted = pairing_numbers_by_lot(8, 42);
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));
}

// FIDE Tournament Rules 11(d): the remaining games of a player who withdraws from a round robin are lost by
// forfeit; when both players have left, neither came ("--").
TEST(Office, ARoundRobinWithdrawalForfeitsTheRemainingGames) {
  EventSettings rr = settings(PairingSystem::round_robin);
  Tournament t = drawn_round_robin(4, rr);
  const RoundEntry first = t.player(4)->entry(1);
  game(t, 1, first.colour == Colour::white ? 4 : first.opponent, first.colour == Colour::white ? first.opponent : 4,
       '=', '=');
  EXPECT_EQ(last_round_taken_part(t, rr, 4), 1);
  withdraw(t, rr, 4, 1);
  ASSERT_NE(rr.withdrawal(4), nullptr);
  EXPECT_EQ(rr.withdrawal(4)->after_round, 1);
  EXPECT_FALSE(rr.withdrawal(4)->excluded);
  EXPECT_EQ(t.player(4)->entry(1).result, '=');  // the game played stays
  for (int r = 2; r <= 3; ++r) {
    EXPECT_EQ(t.player(4)->entry(r).result, '-') << r;
    EXPECT_EQ(t.player(t.player(4)->entry(r).opponent)->entry(r).result, '+') << r;
  }
  // His round-3 opponent leaves before round 3 too: that game is now "--".
  const int o = t.player(4)->entry(3).opponent;
  withdraw(t, rr, o, 2);
  EXPECT_EQ(t.player(4)->entry(3).result, '-');
  EXPECT_EQ(t.player(o)->entry(3).result, '-');
}

// A Swiss player who leaves: his game of the current round is his to finish, a bye he requested for a later round
// is void, and he is absent from the rounds after it (not paired).
TEST(Office, ASwissWithdrawalVoidsRequestedByesAndIsNotPaired) {
  EventSettings swiss = settings(PairingSystem::swiss_dutch);
  Tournament t = test::numbered_event(4, 5, Colour::white);
  game(t, 1, 1, 3, '1', '0');
  game(t, 1, 2, 4, '1', '0');
  game(t, 2, 4, 1, ' ', ' ');  // round 2 paired, being played
  game(t, 2, 3, 2, ' ', ' ');
  request_bye(t, 4, 4, 'H');
  EXPECT_TRUE(same(t.player(4)->entry(4), RoundEntry{0, Colour::none, 'H'}));
  EXPECT_EQ(last_round_taken_part(t, swiss, 4), 2);  // not round 4 of the requested bye
  withdraw(t, swiss, 4, 2);
  EXPECT_TRUE(t.player(4)->entry(4).empty());
  EXPECT_EQ(t.player(4)->entry(2).opponent, 1);
  mark_withdrawn_absent(t, swiss, 2);
  EXPECT_EQ(t.player(4)->entry(2).opponent, 1);  // round 2 is his
  mark_withdrawn_absent(t, swiss, 3);
  EXPECT_TRUE(same(t.player(4)->entry(3), RoundEntry{0, Colour::none, '-'}));
  EXPECT_TRUE(prepare_swiss_round(t, swiss, 3, false));
}

// FIDE Tournament Rules 11(b): a player who loses three games by forfeit is excluded; in a round robin his
// remaining games are then lost by forfeit too.
TEST(Office, ThreeForfeitLossesExcludeAPlayer) {
  EventSettings rr = settings(PairingSystem::round_robin);
  Tournament t = drawn_round_robin(6, rr);
  auto forfeit_by_6 = [&](int round) {
    const RoundEntry e = t.player(6)->entry(round);
    const bool white = e.colour == Colour::white;
    return enter_result(t, rr, round, white ? 6 : e.opponent, white ? '-' : '+', white ? '+' : '-');
  };
  EXPECT_TRUE(forfeit_by_6(1).empty());
  EXPECT_TRUE(forfeit_by_6(2).empty());
  EXPECT_EQ(forfeit_by_6(3), std::vector<int>{6});
  ASSERT_NE(rr.withdrawal(6), nullptr);
  EXPECT_EQ(*rr.withdrawal(6), (Withdrawal{6, 3, true}));
  for (int r = 4; r <= 5; ++r) {
    EXPECT_EQ(t.player(6)->entry(r).result, '-') << r;
    EXPECT_EQ(t.player(t.player(6)->entry(r).opponent)->entry(r).result, '+') << r;
  }
  // Excluded once: a later correction does not exclude him again.
  EXPECT_TRUE(forfeit_by_6(3).empty());
  EXPECT_EQ(rr.withdrawals.size(), 1u);
}

TEST(Office, TwoForfeitsAndAPlayedLossDoNotExclude) {
  EventSettings rr = settings(PairingSystem::round_robin);
  Tournament t = drawn_round_robin(4, rr);
  for (int round = 1; round <= 3; ++round) {
    const RoundEntry e = t.player(4)->entry(round);
    const bool white = e.colour == Colour::white;
    const char mine = round == 3 ? '0' : '-', theirs = round == 3 ? '1' : '+';
    EXPECT_TRUE(
        enter_result(t, rr, round, white ? 4 : e.opponent, white ? mine : theirs, white ? theirs : mine).empty());
  }
  EXPECT_EQ(rr.withdrawal(4), nullptr);
}

TEST(Office, TheFirstBoardWithoutAResult) {
  const EventSettings rr = settings(PairingSystem::round_robin);
  Tournament t = drawn_round_robin(4, rr);
  EXPECT_EQ(first_board_without_result(t, rr, 1), 1);
  EventSettings s = rr;
  enter_result(t, s, 1, 1, '1', '0');  // 1-4 on board 1 of the Berger table
  EXPECT_EQ(first_board_without_result(t, rr, 1), 2);
  enter_result(t, s, 1, 2, '=', '=');
  EXPECT_EQ(first_board_without_result(t, rr, 1), std::nullopt);
}

TEST(Office, DeclaredScoresFollowTheResults) {
  EventSettings rr = settings(PairingSystem::round_robin);
  Tournament t = drawn_round_robin(4, rr);
  enter_result(t, rr, 1, 1, '1', '0');
  enter_result(t, rr, 1, 2, '=', '=');
  update_declared_scores(t, rr);
  EXPECT_EQ(t.player(1)->points, 10);
  EXPECT_EQ(t.player(2)->points, 5);
  EXPECT_EQ(t.player(4)->points, 0);
  EXPECT_EQ(t.player(1)->rank, 1);
  EXPECT_EQ(t.header("XXY"), "round-robin");
}

}  // namespace
}  // namespace tabiya::tournament
