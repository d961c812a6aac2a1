// Team Swiss pairings (FIDE C.04.6, 2026) on generated events, seeded: every
// round of random events paired by the engine keeps the absolute criteria
// (each team once, no rematch [C1], the bye only when the field is odd and
// never twice or after a forfeit win [C2]), the whole event re-pairs to itself
// after a TRF round trip, and single-bracket rounds (every match drawn) equal
// the definition of 3.6 enumerated by brute force.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "tournament/team_swiss.h"
#include "tournament/team_trf.h"

#include "team_swiss_test_support.h"
#include "team_test_support.h"

namespace tabiya::tournament {
namespace {

bool played(const TeamMatch& m) {
  return !m.bye() && std::any_of(m.boards.begin(), m.boards.end(), [](const MatchBoard& b) { return b.played(); });
}

// Random results: per board 40% won by the first team, 30% drawn, 26% lost, 4% forfeited; 3% of the matches
// one team fields nobody.
void play_randomly(TeamEvent& e, int round, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(0, 1);
  auto& matches = e.rounds[round - 1];
  for (size_t i = 0; i < matches.size(); ++i) {
    const TeamMatch m = matches[i];
    if (m.bye()) continue;
    if (u(rng) < 0.03) {
      const bool first_absent = u(rng) < 0.5;
      const std::vector<int> nobody(e.boards, 0);
      auto r = set_lineups(e, round, static_cast<int>(i), first_absent ? nobody : test::first_players(e, m.first),
                           first_absent ? test::first_players(e, m.second) : nobody);
      ASSERT_TRUE(r) << r.error().message;
      continue;
    }
    for (int b = 1; b <= e.boards; ++b) {
      const double x = u(rng);
      const char code = x < 0.40 ? '1' : x < 0.70 ? '=' : x < 0.96 ? '0' : (u(rng) < 0.5 ? '+' : '-');
      auto r = enter_board_result(e, round, static_cast<int>(i), b, code, test::answer(code));
      ASSERT_TRUE(r) << r.error().message;
    }
  }
}

struct Checked {
  int rounds = 0, byes = 0, absent = 0, stopped = 0;
};

// Plays one random event round by round, checking each round's absolute criteria.
TeamEvent play_event(int seed, Checked& checked) {
  std::mt19937 rng(static_cast<unsigned>(seed));
  const int teams = 4 + static_cast<int>(rng() % 17);
  const int boards = 2 + static_cast<int>(rng() % 3);
  TeamEvent e = test::team_event(teams, boards, boards + 1);
  e.bye_match_points = e.match_points.draw;
  TeamSwissRules rules;
  rules.total_rounds = std::min(teams - 1, 3 + static_cast<int>(rng() % 6));
  rules.colours = static_cast<TeamColourPreferences>(rng() % 3);
  rules.primary = rng() % 4 == 0 ? TeamScore::game_points : TeamScore::match_points;
  rules.initial_colour = rng() % 2 ? Colour::white : Colour::black;
  set_team_swiss_rules(e, rules);
  std::set<std::pair<int, int>> met;
  std::set<int> barred;
  for (int round = 1; round <= rules.total_rounds; ++round) {
    std::vector<int> absent;
    for (int t = 1; t <= teams; ++t)
      if (rng() % 25 == 0) absent.push_back(t);
    auto matches = pair_team_swiss_round(e, rules, round, absent);
    if (!matches) {
      ++checked.stopped;  // 3.3.3: no legal pairing left; the arbiter would decide
      break;
    }
    ++checked.rounds;
    checked.absent += static_cast<int>(absent.size());
    std::map<int, int> seen;
    for (const TeamMatch& m : *matches) {
      ++seen[m.first];
      if (m.bye()) {
        ++checked.byes;
        EXPECT_FALSE(barred.count(m.first)) << "seed " << seed << " round " << round << ": [C2] for " << m.first;
        EXPECT_EQ((teams - absent.size()) % 2, 1u) << "seed " << seed << " round " << round;
        continue;
      }
      ++seen[m.second];
      EXPECT_FALSE(met.count({std::min(m.first, m.second), std::max(m.first, m.second)}))
          << "seed " << seed << " round " << round << ": [C1] " << m.first << "-" << m.second;
      EXPECT_EQ(static_cast<int>(m.boards.size()), boards);
      if (static_cast<int>(m.boards.size()) != boards) continue;
      for (int b = 1; b <= boards; ++b) EXPECT_EQ(m.boards[b - 1].first_colour, board_colour(Colour::white, b));
    }
    for (int t = 1; t <= teams; ++t) {
      const bool away = std::find(absent.begin(), absent.end(), t) != absent.end();
      EXPECT_EQ(seen[t], away ? 0 : 1) << "seed " << seed << " round " << round << ": team " << t;
    }
    e = test::with_round(e, *matches);
    play_randomly(e, round, rng);
    for (const TeamMatch& m : e.rounds.back()) {
      if (m.bye()) {
        barred.insert(m.first);
      } else if (played(m)) {
        met.insert({std::min(m.first, m.second), std::max(m.first, m.second)});
      } else {
        const MatchScore s = score_match(e, m);
        if (s.first_match_points > s.second_match_points) barred.insert(m.first);
        if (s.second_match_points > s.first_match_points) barred.insert(m.second);
      }
    }
  }
  return e;
}

TEST(TeamSwissProperty, RandomEventsKeepTheAbsoluteCriteriaAndRepairToThemselves) {
  Checked checked;
  int events = 0;
  for (int seed = 1; seed <= 60; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    TeamEvent e = play_event(seed, checked);
    ++events;
    auto rules = team_swiss_rules(e);
    ASSERT_TRUE(rules) << rules.error().message;
    auto same = check_team_swiss_rounds(e, *rules);
    ASSERT_TRUE(same) << same.error().message;
    EXPECT_TRUE(same->empty()) << (same->empty() ? "" : same->front());
    for (TrfVersion v : {TrfVersion::trf16, TrfVersion::trf25}) {
      auto back = read_team_trf(write_team_trf(e, v));
      ASSERT_TRUE(back) << back.error().message;
      auto back_rules = team_swiss_rules(*back);
      ASSERT_TRUE(back_rules) << back_rules.error().message;
      EXPECT_EQ(*back_rules, *rules);
      auto again = check_team_swiss_rounds(*back, *back_rules);
      ASSERT_TRUE(again) << again.error().message;
      EXPECT_TRUE(again->empty()) << (again->empty() ? "" : again->front());
    }
  }
  // The generator reaches what the criteria are about.
  EXPECT_EQ(events, 60);
  EXPECT_GT(checked.rounds, 250);
  EXPECT_GT(checked.byes, 60);
  EXPECT_GT(checked.absent, 20);
}

// The colours a team had, round by round (board 1 of played matches, 1.6.1).
TeamColourHistory history(const TeamEvent& e, int team) {
  TeamColourHistory h;
  h.number = team;
  for (const auto& round : e.rounds) {
    Colour c = Colour::none;
    for (const TeamMatch& m : round)
      if (played(m) && (m.first == team || m.second == team))
        c = m.first == team ? m.boards[0].first_colour : opposite(m.boards[0].first_colour);
    h.by_round.push_back(c);
  }
  return h;
}

// 3.6 by its definition: every pairing of the field without a rematch, the fewest [C8] then [C9] failures,
// then the first identifier (top members ascending, then their bottom members).
std::optional<std::set<std::pair<int, int>>> brute_force(const TeamEvent& e, TeamColourPreferences type,
                                                         bool last_round) {
  const int n = static_cast<int>(e.teams.size());
  std::set<std::pair<int, int>> met;
  for (const auto& round : e.rounds)
    for (const TeamMatch& m : round)
      if (played(m)) met.insert({std::min(m.first, m.second), std::max(m.first, m.second)});
  std::vector<TeamColourPreference> pref(n + 1);
  for (int t = 1; t <= n; ++t) pref[t] = team_colour_preference(history(e, t), type, last_round);
  std::optional<std::tuple<int, int, std::vector<int>>> best;
  std::set<std::pair<int, int>> chosen;
  std::vector<std::pair<int, int>> pairs;
  std::vector<bool> used(n + 1, false);
  auto walk = [&](auto&& self) -> void {
    int a = 1;
    while (a <= n && used[a]) ++a;
    if (a > n) {
      int c8 = 0, c9 = 0;
      std::vector<int> id;
      auto sorted = pairs;
      std::sort(sorted.begin(), sorted.end());
      for (auto [x, y] : sorted) {
        id.push_back(x);
        const bool same = pref[x].colour != Colour::none && pref[x].colour == pref[y].colour;
        c8 += same;
        c9 += same && pref[x].strength == PreferenceStrength::strong && pref[y].strength == PreferenceStrength::strong;
      }
      for (auto [x, y] : sorted) id.push_back(y);
      auto key = std::make_tuple(c8, type == TeamColourPreferences::type_b ? c9 : 0, id);
      if (!best || key < *best) best = key, chosen = {sorted.begin(), sorted.end()};
      return;
    }
    used[a] = true;
    for (int b = a + 1; b <= n; ++b) {
      if (used[b] || met.count({a, b})) continue;
      used[b] = true;
      pairs.emplace_back(a, b);
      self(self);
      pairs.pop_back();
      used[b] = false;
    }
    used[a] = false;
  };
  walk(walk);
  if (!best) return std::nullopt;
  return chosen;
}

TEST(TeamSwissProperty, SingleBracketRoundsEqualTheBruteForceDefinition) {
  int compared = 0, with_preferences = 0;
  for (int seed = 1; seed <= 80; ++seed) {
    std::mt19937 rng(static_cast<unsigned>(seed));
    const int teams = 2 * (2 + static_cast<int>(rng() % 4));  // 4..10
    TeamEvent e = test::team_event(teams, 2, 2);
    TeamSwissRules rules;
    rules.total_rounds = teams - 1;
    rules.colours = seed % 2 ? TeamColourPreferences::type_a : TeamColourPreferences::type_b;
    for (int round = 1; round <= rules.total_rounds; ++round) {
      SCOPED_TRACE("seed " + std::to_string(seed) + " round " + std::to_string(round));
      const bool last = round == rules.total_rounds;
      auto expected = brute_force(e, rules.colours, last);
      auto matches = pair_team_swiss_round(e, rules, round);
      ASSERT_EQ(matches.ok(), expected.has_value());
      if (!matches) break;
      std::set<std::pair<int, int>> got;
      for (const TeamMatch& m : *matches) got.insert({std::min(m.first, m.second), std::max(m.first, m.second)});
      EXPECT_EQ(got, *expected);
      ++compared;
      for (int t = 1; t <= teams; ++t)
        with_preferences += team_colour_preference(history(e, t), rules.colours, last).colour != Colour::none;
      e = test::with_round(e, *matches);
      // Every board drawn keeps one scoregroup; now and then the colours of a match turned round (as an
      // arbiter's correction would) to vary the histories.
      std::vector<std::vector<char>> draws(matches->size(), std::vector<char>(2, '='));
      test::play_round(e, round, draws);
      for (TeamMatch& m : e.rounds.back())
        if (rng() % 3 == 0)
          for (MatchBoard& b : m.boards) b.first_colour = opposite(b.first_colour);
    }
  }
  EXPECT_GT(compared, 200);
  EXPECT_GT(with_preferences, 200);
}

}  // namespace
}  // namespace tabiya::tournament
