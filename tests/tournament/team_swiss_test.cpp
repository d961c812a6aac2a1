// Team Swiss pairings (FIDE C.04.6, the edition applied from 1 February 2026):
// rounds worked by hand from the articles, the colour preferences and Article 4
// on constructed histories, the type codes of the 192 record, and the
// re-pairing check.
#include <gtest/gtest.h>

#include "tournament/team_swiss.h"
#include "tournament/team_trf.h"

#include "team_swiss_test_support.h"
#include "team_test_support.h"

namespace tabiya::tournament {
namespace {

using test::first_players;
using test::play_round;
using test::team_event;
using test::with_round;

TeamSwissRules rules_of(int rounds, TeamColourPreferences colours = TeamColourPreferences::type_a) {
  TeamSwissRules r;
  r.total_rounds = rounds;
  r.colours = colours;
  return r;
}

// Round 1 of six teams and round 2 after 1-4 1:0 (2-0 on two boards), 5-2 0:2 and 3-6 drawn, worked by hand:
// Round 1 (3.6): one bracket of all six, its first identifier (1 2 3 | 4 5 6): 1-4, 2-5, 3-6; 4.3.1: neither
// team has played, so the first-team (4.2.3: the smaller TPN) takes the initial colour White when its TPN is
// odd (1, 3) and Black when even (2): 1-4, 5-2, 3-6.
// Round 2: scores 1 and 2 have 2 match points, 3 and 6 one, 4 and 5 none. The top scoregroup {1, 2} pairs
// without upfloaters ([C4]); colours: no Type A preference after one match (1.7.1), 4.3.5 gives White to the
// lower colour difference: 2-1. Scoregroup {3, 6} has met ([C1]): two upfloaters are needed ([C4]), {4, 5}
// are the only ones; the bracket {3 4 5 6}'s first identifier without a rematch is (3 4 | 5 6): 3-5, 4-6.
// 3-5: the first-team 3 (4.2.1) and 5 both had White, equal differences, no round with opposite colours
// (4.3.6), no preference (4.3.7): 4.3.8 alternates 3 to Black: 5-3. 4-6: the first-team 6 had Black: 6-4.
TEST(TeamSwiss, TwoRoundsWorkedByHand) {
  TeamEvent e = team_event(6, 2, 2);
  e.bye_match_points = 10;
  const TeamSwissRules rules = rules_of(5);
  auto r1 = pair_team_swiss_round(e, rules, 1);
  ASSERT_TRUE(r1) << r1.error().message;
  EXPECT_EQ(test::describe_round(*r1), "1-4 5-2 3-6");
  e = with_round(e, *r1);
  // 1 beats 4 2-0; 5 loses to 2 0-2; 3-6 both boards drawn.
  play_round(e, 1, {{'1', '1'}, {'0', '0'}, {'=', '='}});
  auto r2 = pair_team_swiss_round(e, rules, 2);
  ASSERT_TRUE(r2) << r2.error().message;
  EXPECT_EQ(test::describe_round(*r2), "2-1 5-3 6-4");
}

// Five teams: 3.4.4 gives the round-1 bye to the largest TPN; the rest pair 1-3, 4-2 (4.3.1). After 1-3 won by
// 1 and 4-2 drawn, 3.4.2 gives the bye to 3 (the lowest score); the top scoregroup {1} needs one upfloater
// ([C4]); {2}, {4} and {5} score alike ([C5]); {5} would leave {2, 4}, who have met, without a legal bracket
// ([C6]); {2} comes first of {2} and {4} by 3.5.4: 1-2 with White to 2's lower colour difference (4.3.5),
// then 4-5 with White to 5, who has not played (4.3.5: 0 < 1).
TEST(TeamSwiss, ByesAndAnUpfloaterByHand) {
  TeamEvent e = team_event(5, 2, 2);
  e.bye_match_points = 10;
  const TeamSwissRules rules = rules_of(4);
  auto r1 = pair_team_swiss_round(e, rules, 1);
  ASSERT_TRUE(r1) << r1.error().message;
  EXPECT_EQ(test::describe_round(*r1), "1-3 4-2 bye:5");
  e = with_round(e, *r1);
  play_round(e, 1, {{'1', '1'}, {'=', '='}});
  auto r2 = pair_team_swiss_round(e, rules, 2);
  ASSERT_TRUE(r2) << r2.error().message;
  EXPECT_EQ(test::describe_round(*r2), "2-1 5-4 bye:3");
}

// [C2] with three teams: round 1 1-2, 3 the bye; round 2 the bye to 1 (the lowest score), 2-3. In round 3
// 1 and 3 have had the bye: it goes to 2, unless 2 won round 1 by forfeit (1 fielded nobody), when no team may
// have it and the arbiter decides (3.3.3).
TEST(TeamSwiss, TheByeOnlyOnceAndNotAfterAForfeitWin) {
  for (bool forfeit : {false, true}) {
    SCOPED_TRACE(forfeit ? "forfeit" : "played");
    TeamEvent e = team_event(3, 1, 1);
    e.bye_match_points = 10;
    const TeamSwissRules rules = rules_of(3);
    auto r1 = pair_team_swiss_round(e, rules, 1);
    ASSERT_TRUE(r1) << r1.error().message;
    EXPECT_EQ(test::describe_round(*r1), "1-2 bye:3");
    e = with_round(e, *r1);
    if (forfeit) ASSERT_TRUE(set_lineups(e, 1, 0, {0}, first_players(e, 2)));
    else play_round(e, 1, {{'0'}});
    auto r2 = pair_team_swiss_round(e, rules, 2);
    ASSERT_TRUE(r2) << r2.error().message;
    // Played: 2 had Black, 3 nothing, the lower colour difference White (4.3.5); forfeited: neither has played,
    // the first-team 2 has an even TPN (4.3.1).
    EXPECT_EQ(test::describe_round(*r2), forfeit ? "3-2 bye:1" : "2-3 bye:1");
    e = with_round(e, *r2);
    play_round(e, 2, {{'1'}});
    auto r3 = pair_team_swiss_round(e, rules, 3);
    if (forfeit) {
      ASSERT_FALSE(r3);
      EXPECT_EQ(r3.error().message,
                "round 3: no team may have the pairing-allocated bye and leave the others pairable ([C2], C.04.6 "
                "3.4.1); the arbiter decides (3.3.3)");
    } else {
      ASSERT_TRUE(r3) << r3.error().message;
      // 1 (White in round 1) and 3 (Black in round 2): the lower colour difference White (4.3.5).
      EXPECT_EQ(test::describe_round(*r3), "3-1 bye:2");
    }
  }
}

// A round as the arbiter paired it: the first team of each pair White on board 1.
std::vector<TeamMatch> matches_of(const TeamEvent& e, const std::vector<std::pair<int, int>>& pairs) {
  std::vector<TeamMatch> matches;
  for (auto [white, black] : pairs) {
    TeamMatch m;
    m.first = white;
    m.second = black;
    m.boards.resize(e.boards);
    for (int b = 1; b <= e.boards; ++b) m.boards[b - 1].first_colour = board_colour(Colour::white, b);
    matches.push_back(m);
  }
  return matches;
}

// [C7] decides between upfloaters. Round 1 1-2 (won by 1), 3-5 and 4-6 drawn; round 2 1-3, 4-2 and 5-6 all
// drawn: 1 leads with 3, 3 4 5 6 have 2, 2 has 1; 1-3 and 4-2 were floats (1.5). Round 3: 1 needs one upfloater
// from 3 4 5 6 ([C4], [C5]); 3 has met 1 ([C1]); {4}, {5} and {6} all leave the rest pairable and the next
// scoregroup pairable with one upfloater ([C6]); 4 floated in round 2, so [C7] takes {5}, the first of {5}, {6}
// by 3.5.4. 1 had White twice (colour difference +2: a preference for Black, 1.7.1), 5 none: 5-1 (4.3.2). Then
// {3 4 6} take 2 up: 4 has met 2 and 6, so 3-4 and 2-6: 4 wants Black (3-4, 4.3.2); 2 and 6 both want White, and
// the first-team 6 (4.2.1) has it (4.3.7).
TEST(TeamSwiss, PreviousFloatersAreNotFloatedAgain) {
  TeamEvent e = team_event(6, 2, 2);
  const TeamSwissRules rules = rules_of(9);
  e = with_round(e, matches_of(e, {{1, 2}, {3, 5}, {4, 6}}));
  play_round(e, 1, {{'1', '1'}, {'=', '='}, {'=', '='}});
  e = with_round(e, matches_of(e, {{1, 3}, {4, 2}, {5, 6}}));
  play_round(e, 2, {{'=', '='}, {'=', '='}, {'=', '='}});
  auto r3 = pair_team_swiss_round(e, rules, 3);
  ASSERT_TRUE(r3) << r3.error().message;
  EXPECT_EQ(test::describe_round(*r3), "5-1 6-2 3-4");
  // In the last two rounds [C7] lapses (2.3.4): {4} comes first by 3.5.4.
  auto last = pair_team_swiss_round(e, rules_of(4), 3);
  ASSERT_TRUE(last) << last.error().message;
  EXPECT_EQ(test::describe_round(*last).substr(0, 3), "4-1");
}

// [C6] decides between upfloaters. After two rounds 1 has 4 match points, 2 3 4 have 3 (3 and 4 have met), 6 7 8
// one, 5 none. 1 needs one upfloater ([C4]); {2}, {3} and {4} score alike ([C5]) and all leave the rest pairable
// ([C3]), but {2} leaves 3 and 4, who have met, needing two more upfloaters; {3} and {4} leave a pairable pair:
// [C6] takes {3} ({4} also floated in round 2, [C7]). Colours: 1 and 3 both want Black, the first-team 1 has it
// (4.3.7); 2 wants Black (4.3.2); in {5 6 7 8} 5-7 and 6-8 is the first identifier with one [C8] failure.
TEST(TeamSwiss, UpfloatersLeaveTheNextScoregroupPairable) {
  TeamEvent e = team_event(8, 2, 2);
  const TeamSwissRules rules = rules_of(9);
  e = with_round(e, matches_of(e, {{3, 4}, {1, 5}, {2, 6}, {7, 8}}));
  play_round(e, 1, {{'=', '='}, {'1', '1'}, {'=', '='}, {'=', '='}});
  e = with_round(e, matches_of(e, {{1, 6}, {2, 7}, {3, 8}, {4, 5}}));
  play_round(e, 2, {{'1', '1'}, {'1', '1'}, {'1', '1'}, {'1', '1'}});
  auto r3 = pair_team_swiss_round(e, rules, 3);
  ASSERT_TRUE(r3) << r3.error().message;
  EXPECT_EQ(test::describe_round(*r3), "3-1 4-2 5-7 6-8");
}

// C.04.2 3.5: teams whose match was not played (no board played over the board) may be paired again ([C1]).
TEST(TeamSwiss, AMatchForfeitedWholeIsNoMeeting) {
  TeamEvent e = team_event(2, 2, 2);
  const TeamSwissRules rules = rules_of(2);
  auto r1 = pair_team_swiss_round(e, rules, 1);
  ASSERT_TRUE(r1);
  e = with_round(e, *r1);
  ASSERT_TRUE(set_lineups(e, 1, 0, first_players(e, 1), {0, 0}));
  auto r2 = pair_team_swiss_round(e, rules, 2);
  ASSERT_TRUE(r2) << r2.error().message;
  EXPECT_EQ(test::describe_round(*r2), "1-2");  // neither has played: 4.3.1 again
}

TEST(TeamSwiss, TypeAAndTypeBPreferences) {
  TeamColourHistory t;
  t.number = 1;
  auto pref = [&](TeamColourPreferences type, bool last) { return team_colour_preference(t, type, last); };
  EXPECT_EQ(pref(TeamColourPreferences::type_a, false).colour, Colour::none);  // no match played
  t.by_round = {Colour::black};
  EXPECT_EQ(pref(TeamColourPreferences::type_a, false).colour, Colour::none);   // 1.7.1: CD -1 after one Black
  EXPECT_EQ(pref(TeamColourPreferences::type_b, false).colour, Colour::white);  // 1.7.2: mild White
  EXPECT_EQ(pref(TeamColourPreferences::type_b, false).strength, PreferenceStrength::mild);
  t.by_round = {Colour::white, Colour::black, Colour::black};
  EXPECT_EQ(pref(TeamColourPreferences::type_a, false).colour, Colour::white);  // CD -1, Black twice
  EXPECT_EQ(pref(TeamColourPreferences::type_b, false).strength, PreferenceStrength::strong);
  t.by_round = {Colour::black, Colour::none, Colour::black};  // an unplayed round is skipped
  EXPECT_EQ(pref(TeamColourPreferences::type_a, false).colour, Colour::white);
  t.by_round = {Colour::black, Colour::white};
  EXPECT_EQ(pref(TeamColourPreferences::type_a, false).colour, Colour::none);
  EXPECT_EQ(pref(TeamColourPreferences::type_b, false).colour, Colour::black);  // CD 0: alternate
  EXPECT_EQ(pref(TeamColourPreferences::type_b, true).colour, Colour::none);    // not in the last round
  EXPECT_EQ(pref(TeamColourPreferences::none, false).colour, Colour::none);
}

TEST(TeamSwiss, ArticleFourInOrder) {
  TeamColourRules rules;
  TeamColourHistory a, b;
  a.number = 2, b.number = 3;
  // 4.3.1: neither played; the first-team 2 (4.2.3) has an even TPN: the opposite of the initial colour.
  EXPECT_EQ(allocate_team_colours(a, b, rules), Colour::black);
  rules.initial_colour = Colour::black;
  EXPECT_EQ(allocate_team_colours(a, b, rules), Colour::white);
  rules.initial_colour = Colour::white;
  // 4.3.3: opposite preferences both granted.
  a.by_round = {Colour::black, Colour::black};
  b.by_round = {Colour::white, Colour::white};
  EXPECT_EQ(allocate_team_colours(a, b, rules), Colour::white);
  // 4.3.5: same preference (White), lower colour difference White.
  b.by_round = {Colour::white, Colour::black, Colour::black};
  EXPECT_EQ(allocate_team_colours(a, b, rules), Colour::white);
  // 4.3.4 (Type B): only one strong preference.
  rules.preferences = TeamColourPreferences::type_b;
  a.by_round = {Colour::none, Colour::black};                  // mild White
  b.by_round = {Colour::white, Colour::black, Colour::black};  // strong White
  EXPECT_EQ(allocate_team_colours(a, b, rules), Colour::black);
  // 4.3.6: equal differences, alternate from the last round with opposite colours.
  rules.preferences = TeamColourPreferences::none;
  a.by_round = {Colour::white, Colour::black, Colour::black, Colour::white};
  b.by_round = {Colour::black, Colour::white, Colour::white, Colour::black};
  a.primary = 10;  // a is the first-team either way
  EXPECT_EQ(allocate_team_colours(a, b, rules), Colour::black);
  EXPECT_EQ(allocate_team_colours(b, a, rules), Colour::white);
  // ... the sequences of played matches compared from their ends (C.04.2 3.4): a had W B, b had B W, so the last
  // time they differed a had Black: White now (round by round it would be round 1's W against B: Black).
  a.by_round = {Colour::white, Colour::none, Colour::black};
  b.by_round = {Colour::black, Colour::white, Colour::none};
  EXPECT_EQ(allocate_team_colours(a, b, rules), Colour::white);
  // 4.2.2: the secondary score decides the first-team; 4.3.8 alternates it.
  a.primary = b.primary = 10;
  a.by_round = {Colour::white};
  b.by_round = {Colour::white};
  a.secondary = 5, b.secondary = 7;
  EXPECT_EQ(allocate_team_colours(a, b, rules), Colour::white);  // b first: b Black, a White
  rules.secondary_for_colours = false;
  EXPECT_EQ(allocate_team_colours(a, b, rules), Colour::black);  // a first (smaller TPN): a Black
}

TEST(TeamSwiss, TypeCodes) {
  for (auto colours : {TeamColourPreferences::type_a, TeamColourPreferences::type_b, TeamColourPreferences::none})
    for (auto primary : {TeamScore::match_points, TeamScore::game_points})
      for (bool secondary : {true, false}) {
        TeamSwissRules r;
        r.colours = colours;
        r.primary = primary;
        r.secondary_for_colours = secondary;
        auto back = parse_team_swiss_type_code(team_swiss_type_code(r));
        ASSERT_TRUE(back) << team_swiss_type_code(r);
        EXPECT_EQ(*back, r) << team_swiss_type_code(r);
      }
  TeamSwissRules plain;
  EXPECT_EQ(team_swiss_type_code(plain), "FIDE_TEAM_TYPEA_MP_GP");
  EXPECT_EQ(*parse_team_swiss_type_code("FIDE_TEAM"), plain);
  auto bad = parse_team_swiss_type_code("FIDE_TEAM_TYPEC_MP");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message,
            "tournament type \"FIDE_TEAM_TYPEC_MP\": expected FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP]");
}

TEST(TeamSwiss, RulesTravelInTheTrf) {
  TeamEvent e = team_event(4, 2, 2);
  TeamSwissRules r = rules_of(7, TeamColourPreferences::type_b);
  r.primary = TeamScore::game_points;
  r.initial_colour = Colour::black;
  set_team_swiss_rules(e, r);
  for (TrfVersion v : {TrfVersion::trf16, TrfVersion::trf25}) {
    auto back = read_team_trf(write_team_trf(e, v));
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_TRUE(is_team_swiss(*back));
    auto rules = team_swiss_rules(*back);
    ASSERT_TRUE(rules) << rules.error().message;
    EXPECT_EQ(*rules, r);
  }
}

// Programs that write no 320 record give a team's bye as its players' pairing-allocated byes ("0000 - U"): the
// reader takes it for the team's bye, so [C2] and the scores see it.
TEST(TeamSwiss, AByeWrittenOnlyInThePlayersLines) {
  TeamEvent e = team_event(3, 2, 2);
  e = with_round(e, {TeamMatch{1, 2, {MatchBoard{}, MatchBoard{}}}, TeamMatch{3, 0, {}}});
  e.rounds[0][0].boards[1].first_colour = Colour::black;
  play_round(e, 1, {{'1', '='}});
  for (int p : e.team(3)->members) {
    e.players.player(p)->rounds.resize(1);
    e.players.player(p)->rounds[0].result = 'U';
  }
  std::string text = write_team_trf(e, TrfVersion::trf25);
  const size_t at = text.find("\n320 ");
  ASSERT_NE(at, std::string::npos);
  text.erase(at + 1, text.find('\n', at + 1) - at);
  ASSERT_EQ(text.find("\n320 "), std::string::npos);
  auto back = read_team_trf(text);
  ASSERT_TRUE(back) << back.error().message;
  ASSERT_EQ(back->rounds.size(), 1u);
  EXPECT_EQ(test::describe_round(back->rounds[0]), "1-2 bye:3");
}

TEST(TeamSwiss, ErrorsNameTheRound) {
  TeamEvent e = team_event(2, 1, 1);
  const TeamSwissRules rules = rules_of(3);
  auto r1 = pair_team_swiss_round(e, rules, 1);
  ASSERT_TRUE(r1);
  e = with_round(e, *r1);
  play_round(e, 1, {{'1'}});
  auto r2 = pair_team_swiss_round(e, rules, 2);
  ASSERT_FALSE(r2);
  EXPECT_EQ(r2.error().message,
            "round 2: the teams cannot all be paired without a rematch ([C1]); the arbiter decides (C.04.6 3.3.3)");
  EXPECT_EQ(pair_team_swiss_round(e, rules, 4).error().message, "round 4: rounds 1 to 2 can be paired");
  EXPECT_EQ(pair_team_swiss_round(e, rules, 2, {1}).error().message, "round 2: fewer than two teams to pair");
}

}  // namespace
}  // namespace tabiya::tournament
