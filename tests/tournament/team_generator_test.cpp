// The random team event generator (team_generator.h): reproducible from its
// seed, every line-up in registered order, and its files read back whole.
#include "tournament/team_generator.h"

#include <gtest/gtest.h>

#include "tournament/team_standings.h"
#include "tournament/team_trf.h"

namespace tabiya::tournament {
namespace {

TeamGeneratorOptions busy(std::uint64_t seed, bool random_pairings) {
  TeamGeneratorOptions o;
  o.seed = seed;
  o.teams = 7;
  o.boards = 4;
  o.reserves = 2;
  o.random_pairings = random_pairings;
  o.rounds = random_pairings ? 5 : 0;
  o.empty_board_rate = 0.1;
  o.forfeit_rate = 0.1;
  o.double_forfeit_rate = 0.05;
  o.absent_team_rate = 0.05;
  return o;
}

TEST(TeamGeneratorTest, TheSameSeedGivesTheSameEvent) {
  for (bool random : {false, true}) {
    auto a = generate_team_event(busy(11, random));
    auto b = generate_team_event(busy(11, random));
    auto c = generate_team_event(busy(12, random));
    ASSERT_TRUE(a.ok() && b.ok() && c.ok());
    EXPECT_EQ(write_team_trf(*a, TrfVersion::trf25), write_team_trf(*b, TrfVersion::trf25));
    EXPECT_NE(write_team_trf(*a, TrfVersion::trf25), write_team_trf(*c, TrfVersion::trf25));
  }
}

TEST(TeamGeneratorTest, EventsAreCompleteAndReadBack) {
  int empty = 0, forfeits = 0, byes = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    for (bool random : {false, true}) {
      SCOPED_TRACE(seed);
      auto e = generate_team_event(busy(seed, random));
      ASSERT_TRUE(e.ok()) << e.error().message;
      EXPECT_EQ(e->rounds.size(), random ? 5u : 7u);
      std::vector<std::vector<bool>> met(8, std::vector<bool>(8, false));
      for (const auto& round : e->rounds) {
        for (const TeamMatch& m : round) {
          EXPECT_TRUE(score_match(*e, m).complete);
          if (m.bye()) {
            ++byes;
            continue;
          }
          EXPECT_FALSE(met[m.first][m.second]) << "teams meet once";
          met[m.first][m.second] = met[m.second][m.first] = true;
          std::vector<int> first, second;
          for (const MatchBoard& b : m.boards) {
            first.push_back(b.first_player);
            second.push_back(b.second_player);
            empty += b.first_player == 0 || b.second_player == 0;
            forfeits += b.first_player && b.second_player && !b.played();
          }
          EXPECT_TRUE(check_lineup(e->players, *e->team(m.first), 4, first).ok());
          EXPECT_TRUE(check_lineup(e->players, *e->team(m.second), 4, second).ok());
        }
      }
      for (TrfVersion v : {TrfVersion::trf16, TrfVersion::trf25}) {
        const std::string text = write_team_trf(*e, v);
        auto back = read_team_trf(text);
        ASSERT_TRUE(back.ok()) << back.error().message;
        EXPECT_EQ(write_team_trf(*back, v), text);
        EXPECT_EQ(team_scores(*back).size(), 7u);
        for (size_t i = 0; i < 7; ++i) {
          EXPECT_EQ(team_scores(*back)[i].match_points, team_scores(*e)[i].match_points);
          EXPECT_EQ(team_scores(*back)[i].game_points, team_scores(*e)[i].game_points);
        }
      }
    }
  }
  EXPECT_GT(empty, 0);
  EXPECT_GT(forfeits, 0);
  EXPECT_GT(byes, 0);
}

TEST(TeamGeneratorTest, OptionsOutOfRangeAreNamed) {
  TeamGeneratorOptions o;
  o.teams = 1;
  EXPECT_EQ(generate_team_event(o).error().message, "--teams: 2..200");
  o = {};
  o.draw_rate = 1.5;
  EXPECT_FALSE(generate_team_event(o).ok());
  o = {};
  o.random_pairings = true;
  o.rounds = 8;
  EXPECT_EQ(generate_team_event(o).error().message, "--rounds: at most teams - 1 with random pairings");
}

}  // namespace
}  // namespace tabiya::tournament
