// Team Swiss positions from the C.04.6 test suite of Gacrux, Otto Milvang's
// pairing program (tests/test_pairing_fideteam.py in the ChessRoster fork of
// TieBreakServer), each built again with tabiya's own event and asked of
// tabiya's engine: the expected pairings are that suite's. Gacrux could not be
// installed here to run beside tabiya, so its own hand-made positions are the
// oracle. Events of two boards, match points 2/1/0, the bye a drawn match.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "tournament/team_swiss.h"

#include "team_swiss_test_support.h"
#include "team_test_support.h"

namespace tabiya::tournament {
namespace {

// An event built round by round as the suite builds it.
class Position {
 public:
  explicit Position(int teams, int rounds, TeamColourPreferences colours = TeamColourPreferences::type_a)
      : event_(test::team_event(teams, 2, 2)) {
    event_.bye_match_points = event_.match_points.draw;
    rules_.total_rounds = rounds;
    rules_.colours = colours;
  }

  // A played match, White on board 1 for `white`; per board W D L from the white team's side.
  void match(int round, int white, int black, const std::string& results) {
    const int index = add(round, white, black);
    ASSERT_TRUE(
        set_lineups(event_, round, index, test::first_players(event_, white), test::first_players(event_, black)));
    for (size_t b = 0; b < results.size(); ++b) {
      const char code = results[b] == 'W' ? '1' : results[b] == 'L' ? '0' : '=';
      ASSERT_TRUE(enter_board_result(event_, round, index, static_cast<int>(b) + 1, code, test::answer(code)));
    }
  }
  // The loser fielded nobody.
  void forfeit(int round, int winner, int loser) {
    const int index = add(round, winner, loser);
    ASSERT_TRUE(set_lineups(event_, round, index, test::first_players(event_, winner), {0, 0}));
  }
  void bye(int round, int team) {
    rounds(round);
    TeamMatch m;
    m.first = team;
    event_.rounds[round - 1].push_back(m);
  }

  TeamSwissRules& rules() { return rules_; }
  Result<std::vector<TeamMatch>> pair(int round) const { return pair_team_swiss_round(event_, rules_, round); }

  // The round's matches as "white-black" and "bye:N".
  std::set<std::string> pairs(int round) const {
    auto m = pair(round);
    EXPECT_TRUE(m) << m.error().message;
    std::set<std::string> s;
    if (!m) return s;
    for (const TeamMatch& x : *m)
      s.insert(x.bye() ? "bye:" + std::to_string(x.first) : std::to_string(x.first) + "-" + std::to_string(x.second));
    return s;
  }
  // The opponent of `team` in the round (0: the bye).
  int opponent(int round, int team) const {
    auto m = pair(round);
    EXPECT_TRUE(m) << m.error().message;
    if (m)
      for (const TeamMatch& x : *m)
        if (x.first == team || x.second == team) return x.first == team ? x.second : x.first;
    return -1;
  }
  int bye_of(int round) const {
    auto m = pair(round);
    EXPECT_TRUE(m) << m.error().message;
    if (m)
      for (const TeamMatch& x : *m)
        if (x.bye()) return x.first;
    return 0;
  }

 private:
  TeamEvent event_;
  TeamSwissRules rules_;

  void rounds(int round) {
    while (static_cast<int>(event_.rounds.size()) < round) event_.rounds.emplace_back();
  }
  int add(int round, int white, int black) {
    rounds(round);
    TeamMatch m;
    m.first = white;
    m.second = black;
    m.boards.resize(event_.boards);
    for (int b = 1; b <= event_.boards; ++b) m.boards[b - 1].first_colour = board_colour(Colour::white, b);
    event_.rounds[round - 1].push_back(m);
    return static_cast<int>(event_.rounds[round - 1].size()) - 1;
  }
};

bool has(const std::set<std::string>& pairs, const std::string& p) { return pairs.count(p) > 0; }

// The suite's table of 1.7: played colours, then the Type A and Type B preference ("w2" simple or strong, "w1"
// mild, "nc" none).
TEST(TeamSwissReference, ColourPreferenceTable) {
  struct Row {
    const char *colours, *type_a, *type_b;
  };
  const Row rows[] = {{"", "nc", "nc"},      {"w", "nc", "b1"},     {"b", "nc", "w1"},     {"wb", "nc", "w1"},
                      {"bw", "nc", "b1"},    {"ww", "b2", "b2"},    {"bb", "w2", "w2"},    {"wbw", "nc", "b1"},
                      {"bwb", "nc", "w1"},   {"bwwb", "nc", "w1"},  {"bwww", "b2", "b2"},  {"wbbb", "w2", "w2"},
                      {"wbww", "b2", "b2"},  {"bwbb", "w2", "w2"},  {"wwbww", "b2", "b2"}, {"bbwbb", "w2", "w2"},
                      {"wbwww", "b2", "b2"}, {"bwbbb", "w2", "w2"}, {"wwwbw", "b2", "b2"}, {"bbbwb", "w2", "w2"},
                      {"wwwbb", "nc", "b1"}, {"bbbww", "nc", "w1"}};
  // Type A knows one strength, written "2" by the suite.
  auto code = [](TeamColourPreference p, TeamColourPreferences type) -> std::string {
    if (p.colour == Colour::none) return "nc";
    const bool mild = type == TeamColourPreferences::type_b && p.strength == PreferenceStrength::mild;
    return std::string(1, p.colour == Colour::white ? 'w' : 'b') + (mild ? "1" : "2");
  };
  for (const Row& r : rows) {
    TeamColourHistory h;
    for (const char* c = r.colours; *c; ++c) h.by_round.push_back(*c == 'w' ? Colour::white : Colour::black);
    EXPECT_EQ(code(team_colour_preference(h, TeamColourPreferences::type_a, false), TeamColourPreferences::type_a),
              r.type_a)
        << r.colours;
    EXPECT_EQ(code(team_colour_preference(h, TeamColourPreferences::type_b, false), TeamColourPreferences::type_b),
              r.type_b)
        << r.colours;
  }
  TeamColourHistory wb;
  wb.by_round = {Colour::white, Colour::black};
  EXPECT_EQ(code(team_colour_preference(wb, TeamColourPreferences::type_b, true), TeamColourPreferences::type_b),
            "nc");  // CD 0, last round
  TeamColourHistory wbw;
  wbw.by_round = {Colour::white, Colour::black, Colour::white};
  EXPECT_EQ(code(team_colour_preference(wbw, TeamColourPreferences::type_b, true), TeamColourPreferences::type_b),
            "b1");
}

TEST(TeamSwissReference, C1NoSecondMeeting) {
  Position p(4, 3);
  p.match(1, 1, 2, "WD");
  p.match(1, 3, 4, "WD");
  EXPECT_EQ(p.opponent(2, 1), 3);
  EXPECT_EQ(p.opponent(2, 2), 4);
}

TEST(TeamSwissReference, C2NoSecondBye) {
  Position p(7, 5);
  p.bye(1, 7);
  p.match(1, 1, 2, "WW");
  p.match(1, 3, 4, "WW");
  p.match(1, 5, 6, "WW");
  p.bye(2, 6);
  p.match(2, 2, 7, "WW");
  p.match(2, 4, 1, "WW");
  p.match(2, 3, 5, "WW");
  p.bye(3, 5);
  p.match(3, 6, 7, "WW");
  p.match(3, 1, 3, "WW");
  p.match(3, 2, 4, "WW");
  EXPECT_EQ(p.bye_of(4), 4);
}

TEST(TeamSwissReference, C2NoByeAfterAForfeitWin) {
  Position p(7, 5);
  p.forfeit(1, 7, 1);
  p.match(1, 2, 3, "WL");
  p.match(1, 4, 5, "WL");
  p.bye(1, 6);
  p.match(2, 1, 7, "WW");
  p.match(2, 2, 6, "WL");
  p.match(2, 3, 4, "WL");
  p.bye(2, 5);
  p.match(3, 5, 7, "WW");
  p.match(3, 1, 2, "WL");
  p.match(3, 3, 6, "WL");
  p.bye(3, 4);
  EXPECT_EQ(p.bye_of(4), 3);
}

TEST(TeamSwissReference, ByeToTheLowestScoreMostMatchesLargestNumber) {
  Position lowest(5, 3);  // 3.4.2
  lowest.match(1, 1, 2, "WW");
  lowest.match(1, 3, 4, "LL");
  lowest.bye(1, 5);
  EXPECT_EQ(lowest.bye_of(2), 3);
  Position most(5, 5);  // 3.4.3: 5 and 3 sat rounds out
  most.match(1, 1, 2, "WW");
  most.match(1, 3, 4, "WW");
  most.match(2, 1, 4, "WW");
  most.match(2, 2, 5, "WW");
  EXPECT_EQ(most.bye_of(3), 4);
  Position largest(5, 3);  // 3.4.4
  largest.match(1, 1, 4, "WW");
  largest.match(1, 2, 5, "WW");
  largest.bye(1, 3);
  EXPECT_EQ(largest.bye_of(2), 5);
}

TEST(TeamSwissReference, C4OneUpfloaterFromTheNextScoregroup) {
  Position p(8, 5);
  p.match(1, 1, 5, "WW");
  p.match(1, 2, 6, "WW");
  p.match(1, 3, 7, "WW");
  p.match(1, 4, 8, "WL");
  int from_below = 0;
  for (int t : {1, 2, 3}) {
    const int o = p.opponent(2, t);
    if (o == 4 || o == 8) ++from_below;
    EXPECT_TRUE(o == 1 || o == 2 || o == 3 || o == 4 || o == 8) << t << "-" << o;
  }
  EXPECT_EQ(from_below, 1);
}

TEST(TeamSwissReference, C6WhenTheByeEmptiedTheNextScoregroup) {
  Position p(7, 5);
  p.bye(1, 5);
  p.match(1, 7, 6, "WW");
  p.match(1, 1, 3, "WW");
  p.match(1, 2, 4, "WW");
  p.bye(2, 6);
  p.match(2, 1, 7, "WW");
  p.match(2, 2, 3, "WW");
  p.match(2, 4, 5, "WW");
  p.bye(3, 3);
  p.match(3, 1, 5, "WW");
  p.match(3, 2, 6, "WW");
  p.match(3, 4, 7, "WW");
  EXPECT_EQ(p.bye_of(4), 7);
  EXPECT_EQ(p.opponent(4, 4), 3);
}

// Team 2 floated in round 2; [C7] floats team 3 up to 1 instead, except in the last two rounds.
Position c7_position(int rounds) {
  Position p(12, rounds);
  for (auto [a, b] : {std::pair{1, 7}, {2, 8}, {3, 9}, {4, 10}, {5, 11}, {6, 12}}) p.match(1, a, b, "WW");
  p.match(2, 1, 8, "WW");
  p.match(2, 2, 9, "WL");
  p.match(2, 3, 4, "WL");
  p.match(2, 5, 6, "WL");
  p.match(2, 10, 11, "WL");
  p.match(2, 12, 7, "WL");
  return p;
}

TEST(TeamSwissReference, C7PreviousFloaters) {
  EXPECT_EQ(c7_position(6).opponent(3, 1), 3);
  EXPECT_EQ(c7_position(4).opponent(3, 1), 2);
}

TEST(TeamSwissReference, C10UpfloatersOpponents) {
  Position p(10, 6);
  p.match(1, 1, 6, "WW");
  p.match(1, 7, 2, "LL");
  p.match(1, 3, 8, "WW");
  p.match(1, 9, 4, "LL");
  p.match(1, 5, 10, "WW");
  p.match(2, 2, 1, "WL");
  p.match(2, 4, 5, "WL");
  p.match(2, 10, 3, "WL");
  p.match(2, 6, 7, "WL");
  p.match(2, 8, 9, "WL");
  EXPECT_EQ(p.opponent(3, 1), 4);
  EXPECT_EQ(p.opponent(3, 2), 6);
  EXPECT_EQ(p.opponent(3, 3), 5);
}

TEST(TeamSwissReference, C8ColourPreferences) {
  Position p(8, 6);
  p.match(1, 1, 5, "WW");
  p.match(1, 2, 6, "WW");
  p.match(1, 7, 3, "LL");
  p.match(1, 8, 4, "LL");
  p.match(2, 1, 7, "WW");
  p.match(2, 2, 8, "WW");
  p.match(2, 5, 3, "LL");
  p.match(2, 6, 4, "LL");
  const auto pairs = p.pairs(3);
  EXPECT_TRUE(has(pairs, "3-1") && has(pairs, "4-2"));
}

// 1 and 3 want White strongly (Type B; simply, Type A), 2 and 4 mildly (Type B only).
Position strong_and_mild(TeamColourPreferences type) {
  Position p(8, 6, type);
  p.match(1, 1, 5, "WW");
  p.match(1, 6, 2, "LL");
  p.match(1, 3, 7, "WW");
  p.match(1, 8, 4, "LL");
  p.match(2, 6, 1, "LL");
  p.match(2, 2, 5, "WW");
  p.match(2, 8, 3, "LL");
  p.match(2, 4, 7, "WW");
  p.match(3, 7, 1, "LL");
  p.match(3, 8, 2, "LL");
  p.match(3, 5, 3, "LL");
  p.match(3, 6, 4, "LL");
  return p;
}

TEST(TeamSwissReference, C9StrongPreferencesAndArticle434) {
  for (auto type : {TeamColourPreferences::type_b, TeamColourPreferences::type_a}) {
    const auto pairs = strong_and_mild(type).pairs(4);
    EXPECT_TRUE(has(pairs, "1-4") && has(pairs, "3-2"));
  }
}

// 1 and 3 played b w b, 2 and 4 w b w: no Type A preferences, mild ones in Type B.
Position mild_only(TeamColourPreferences type) {
  Position p(8, 6, type);
  p.match(1, 5, 1, "LL");
  p.match(1, 2, 6, "WW");
  p.match(1, 7, 3, "LL");
  p.match(1, 4, 8, "WW");
  p.match(2, 1, 6, "WW");
  p.match(2, 5, 2, "LL");
  p.match(2, 3, 8, "WW");
  p.match(2, 7, 4, "LL");
  p.match(3, 7, 1, "LL");
  p.match(3, 2, 8, "WW");
  p.match(3, 5, 3, "LL");
  p.match(3, 4, 6, "WW");
  return p;
}

TEST(TeamSwissReference, TypeAAndTypeBPairDifferently) {
  EXPECT_EQ(mild_only(TeamColourPreferences::type_a).opponent(4, 1), 3);
  EXPECT_EQ(mild_only(TeamColourPreferences::type_a).opponent(4, 2), 4);
  EXPECT_EQ(mild_only(TeamColourPreferences::type_b).opponent(4, 1), 4);
  EXPECT_EQ(mild_only(TeamColourPreferences::type_b).opponent(4, 2), 3);
}

// 1 and 3 played Black twice, 2 and 4 White twice.
Position simple_preferences(TeamColourPreferences type) {
  Position p(8, 6, type);
  p.match(1, 5, 1, "LL");
  p.match(1, 2, 6, "WW");
  p.match(1, 7, 3, "LL");
  p.match(1, 4, 8, "WW");
  p.match(2, 6, 1, "LL");
  p.match(2, 2, 5, "WW");
  p.match(2, 8, 3, "LL");
  p.match(2, 4, 7, "WW");
  return p;
}

TEST(TeamSwissReference, NoColourPreferencesPairDifferently) {
  EXPECT_EQ(simple_preferences(TeamColourPreferences::type_a).opponent(3, 1), 4);
  EXPECT_EQ(simple_preferences(TeamColourPreferences::none).opponent(3, 1), 3);
}

TEST(TeamSwissReference, RoundOneAndTheInitialColour) {
  Position sixteen(16, 9);
  for (int t = 1; t <= 8; ++t) EXPECT_EQ(sixteen.opponent(1, t), t + 8);
  Position eight(8, 5);
  EXPECT_EQ(eight.pairs(1), (std::set<std::string>{"1-5", "6-2", "3-7", "8-4"}));
  eight.rules().initial_colour = Colour::black;
  EXPECT_EQ(eight.pairs(1), (std::set<std::string>{"5-1", "2-6", "7-3", "4-8"}));
}

TEST(TeamSwissReference, ArticleFourSteps) {
  Position one_preference(4, 5);  // 4.3.2
  one_preference.match(1, 1, 2, "WW");
  one_preference.match(1, 3, 4, "WW");
  one_preference.match(2, 1, 3, "WW");
  one_preference.match(2, 4, 2, "WW");
  EXPECT_TRUE(has(one_preference.pairs(3), "4-1"));

  Position opposite_preferences(6, 5);  // 4.3.3
  opposite_preferences.match(1, 3, 1, "LL");
  opposite_preferences.match(1, 2, 4, "WW");
  opposite_preferences.match(1, 5, 6, "WW");
  opposite_preferences.match(2, 5, 1, "LL");
  opposite_preferences.match(2, 2, 6, "WW");
  opposite_preferences.match(2, 3, 4, "WW");
  EXPECT_TRUE(has(opposite_preferences.pairs(3), "1-2"));

  Position lower_difference(8, 9);  // 4.3.5
  for (auto [r, w, b, res] : {std::tuple{1, 3, 1, "LL"},
                              {1, 2, 4, "WW"},
                              {1, 5, 6, "WW"},
                              {1, 7, 8, "WW"},
                              {2, 1, 4, "WW"},
                              {2, 3, 2, "LL"},
                              {2, 5, 7, "WW"},
                              {2, 6, 8, "WW"},
                              {3, 5, 1, "LL"},
                              {3, 2, 6, "WW"},
                              {3, 3, 7, "WW"},
                              {3, 4, 8, "WW"}})
    lower_difference.match(r, w, b, res);
  EXPECT_TRUE(has(lower_difference.pairs(4), "1-2"));

  Position alternate(6, 9);  // 4.3.6
  for (auto [r, w, b] : {std::tuple{1, 1, 3}, {1, 5, 6}, {2, 2, 5}, {2, 3, 6}}) alternate.match(r, w, b, "WW");
  alternate.match(1, 4, 2, "LL");
  alternate.match(2, 4, 1, "LL");
  EXPECT_TRUE(has(alternate.pairs(3), "1-2"));

  Position first_team(6, 5);  // 4.3.7
  for (auto [r, w, b] : {std::tuple{1, 1, 3}, {1, 2, 4}, {1, 5, 6}, {2, 1, 4}, {2, 2, 5}, {2, 3, 6}})
    first_team.match(r, w, b, "WW");
  EXPECT_TRUE(has(first_team.pairs(3), "2-1"));

  Position alternate_first(4, 9);  // 4.3.8
  alternate_first.match(1, 1, 3, "WW");
  alternate_first.match(1, 2, 4, "WW");
  EXPECT_TRUE(has(alternate_first.pairs(2), "2-1"));
}

TEST(TeamSwissReference, MatchPointsAndGamePointsPairDifferently) {
  Position mp(6, 5), gp(6, 5);
  gp.rules().primary = TeamScore::game_points;
  for (Position* p : {&mp, &gp}) {
    p->match(1, 1, 4, "WW");
    p->match(1, 2, 5, "WD");
    p->match(1, 3, 6, "LD");
  }
  EXPECT_NE(mp.pairs(2), gp.pairs(2));
}

TEST(TeamSwissReference, NoLegalPairingLeft) {
  Position p(4, 5);
  for (auto [r, w, b] : {std::tuple{1, 1, 2}, {1, 3, 4}, {2, 1, 3}, {2, 2, 4}, {3, 1, 4}, {3, 2, 3}})
    p.match(r, w, b, "WW");
  EXPECT_FALSE(p.pair(4));
}

}  // namespace
}  // namespace tabiya::tournament
