// The words of `tabiya match` turned into settings, and their errors.
#include "match_command.h"

#include <gtest/gtest.h>

namespace tabiya::cli {
namespace {

MatchArguments two_engines() {
  MatchArguments a;
  a.engines = {{"name=sf", "cmd=stockfish", "option.UCI_Elo=1500"}, {"cmd=/usr/games/fairymax", "proto=xboard"}};
  a.time_control = "10+0.1";
  return a;
}

TEST(MatchCommandTest, FullSettings) {
  MatchArguments a = two_engines();
  a.games = 200;
  a.concurrency = 2;
  a.sprt = {"elo0=0", "elo1=10", "alpha=0.05", "beta=0.1"};
  a.resign = {"movecount=3", "score=1000"};
  a.draw = {"movenumber=40", "movecount=8", "score=10"};
  a.seed = 7;
  auto s = match_settings(a);
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(s->engines[0].name, "sf");
  EXPECT_EQ(s->engines[1].name, "fairymax");
  EXPECT_EQ(s->engines[1].protocol, EngineProtocol::CECP);
  EXPECT_EQ(s->game.time_control.periods()[0].base, Millis{10000});
  EXPECT_EQ(s->game.time_control.periods()[0].bonus, Millis{100});
  ASSERT_TRUE(s->sprt);
  EXPECT_DOUBLE_EQ(s->sprt->elo1, 10);
  EXPECT_DOUBLE_EQ(s->sprt->beta, 0.1);
  EXPECT_EQ(s->game.resign->score, 1000);
  EXPECT_EQ(s->game.draw->movenumber, 40);
  EXPECT_EQ(s->shuffle_seed, 7u);
  EXPECT_EQ(s->games, 200);
}

TEST(MatchCommandTest, SameNamesAreToldApart) {
  MatchArguments a = two_engines();
  a.engines = {{"cmd=stockfish"}, {"cmd=stockfish"}};
  auto s = match_settings(a);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->engines[0].name, "stockfish-1");
  EXPECT_EQ(s->engines[1].name, "stockfish-2");
}

TEST(MatchCommandTest, Errors) {
  MatchArguments a = two_engines();
  a.engines.pop_back();
  EXPECT_EQ(match_settings(a).error().message, "--engine must be given exactly twice (got 1)");
  a = two_engines();
  a.time_control = "-";
  EXPECT_EQ(match_settings(a).error().message, "--tc \"-\": a match needs a clock, e.g. 10+0.1");
  a = two_engines();
  a.time_control = "10+x";
  EXPECT_EQ(match_settings(a).error().message.rfind("--tc: ", 0), 0u);
  a = two_engines();
  a.sprt = {"elo0=5", "elo1=0"};
  EXPECT_EQ(match_settings(a).error().message, "--sprt: elo0 must be less than elo1");
  a = two_engines();
  a.sprt = {"elo2=5"};
  EXPECT_EQ(match_settings(a).error().message,
            "--sprt \"elo2=5\": expected KEY=NUMBER with KEY one of elo0, elo1, alpha, beta");
  a = two_engines();
  a.draw = {"score=ten"};
  EXPECT_EQ(match_settings(a).error().message, "--draw \"score=ten\": \"ten\" is not a number");
  a = two_engines();
  a.openings = "/nonexistent.epd";
  EXPECT_EQ(match_settings(a).error().message, "--openings: cannot read opening file /nonexistent.epd");
  a = two_engines();
  a.engines[1].push_back("proto=winboard");
  EXPECT_EQ(match_settings(a).error().message,
            "--engine 2: engine word \"proto=winboard\": unknown protocol \"winboard\" (expected uci or xboard)");
}

TEST(MatchCommandTest, ShippedOpeningSetLoads) {
  // bench/openings/balanced.epd: every opening parses, each has a name.
  MatchArguments a = two_engines();
  a.openings = std::string(TABIYA_TEST_DATA) + "/../../bench/openings/balanced.epd";
  auto s = match_settings(a);
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_GE(s->openings.size(), 50u);
  for (const Opening& o : s->openings) EXPECT_FALSE(o.name.empty());
}

}  // namespace
}  // namespace tabiya::cli
