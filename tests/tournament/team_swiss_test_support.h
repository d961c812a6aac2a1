// Plays team Swiss rounds in memory for the team Swiss tests: a paired round
// with every team lined up in registered order, board results entered from
// short codes, a round written as "1-4 5-2 bye:3".
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "team_test_support.h"
#include "tournament/team.h"

namespace tabiya::tournament::test {

// The event with `matches` as its next round, each team lined up in registered order.
inline TeamEvent with_round(TeamEvent e, const std::vector<TeamMatch>& matches) {
  e.rounds.push_back(matches);
  const int round = static_cast<int>(e.rounds.size());
  for (size_t i = 0; i < matches.size(); ++i) {
    const TeamMatch& m = matches[i];
    if (m.bye()) continue;
    auto r = set_lineups(e, round, static_cast<int>(i), first_players(e, m.first), first_players(e, m.second));
    EXPECT_TRUE(r) << r.error().message;
  }
  return e;
}

// The first team's code of a board and the second's: 1 0 = from the first team's side, + a win by forfeit.
inline char answer(char first) {
  switch (first) {
    case '1':
      return '0';
    case '0':
      return '1';
    case '+':
      return '-';
    case '-':
      return '+';
    default:
      return '=';
  }
}

// Results of round `round`: per match that is not a bye, in order, the first team's code on each board.
inline void play_round(TeamEvent& e, int round, const std::vector<std::vector<char>>& results) {
  size_t next = 0;
  auto& matches = e.rounds[round - 1];
  for (size_t i = 0; i < matches.size(); ++i) {
    if (matches[i].bye()) continue;
    ASSERT_LT(next, results.size());
    const auto& codes = results[next++];
    for (size_t b = 0; b < codes.size(); ++b) {
      auto r = enter_board_result(e, round, static_cast<int>(i), static_cast<int>(b) + 1, codes[b], answer(codes[b]));
      ASSERT_TRUE(r) << r.error().message;
    }
  }
}

// "1-4 5-2 bye:3": White on board 1 first.
inline std::string describe_round(const std::vector<TeamMatch>& matches) {
  std::string s;
  for (const TeamMatch& m : matches) {
    if (!s.empty()) s += ' ';
    s += m.bye() ? "bye:" + std::to_string(m.first) : std::to_string(m.first) + "-" + std::to_string(m.second);
  }
  return s;
}

}  // namespace tabiya::tournament::test
