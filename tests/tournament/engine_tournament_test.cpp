// tabiya match --tournament: engine round robins, gauntlets and Swiss events
// with scripted engines (tests/data/match/fake_uci.py follows Fool's mate,
// so Black mates in every game), the TRF and PGN written as they go.
#include "engine_tournament.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "laws/time_control.h"
#include "tournament/trf.h"

namespace tabiya::cli {
namespace {

const std::string DATA = std::string(TABIYA_TEST_DATA) + "/match/";

EngineSpec fool(const std::string& name) {
  EngineSpec spec;
  spec.name = name;
  spec.protocol = EngineProtocol::UCI;
  spec.argv = {DATA + "fake_uci.py", "script", "f2f3", "e7e5", "g2g4", "d8h4"};
  return spec;
}

EngineEventSettings event(EngineEventKind kind, int engines, const std::string& stem) {
  EngineEventSettings s;
  s.kind = kind;
  for (int i = 1; i <= engines; ++i) s.engines.push_back(fool(std::string("e").append(std::to_string(i))));
  s.game.time_control = *parse_pgn_time_control("60+0");
  s.game.hang_grace = Millis{5000};  // the machine may be loaded
  s.trf_path = ::testing::TempDir() + stem + ".trf";
  s.pgn_path = ::testing::TempDir() + stem + ".pgn";
  return s;
}

int games_in(const std::string& pgn_path) {
  std::ifstream in(pgn_path);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) n += line.rfind("[Event ", 0) == 0;
  return n;
}

TEST(TournamentEngineEventTest, RoundRobinOfThree) {
  EngineEventSettings s = event(EngineEventKind::round_robin, 3, "tabiya_engine_rr");
  std::ostringstream out, err;
  ASSERT_EQ(run_engine_event(s, out, err), 0) << err.str();
  EXPECT_EQ(games_in(s.pgn_path), 3);
  auto t = tournament::read_trf_file(s.trf_path);
  ASSERT_TRUE(t) << t.error().message;
  EXPECT_EQ(t->total_rounds, 3);  // the 3/4 table: 1-4 2-3, 4-3 1-2, 2-4 3-1 (4 is the bye)
  // Black wins every game: 3 (Black against 2), 2 (Black against 1), 1 (Black against 3).
  for (int p = 1; p <= 3; ++p) EXPECT_EQ(t->player(p)->points, 10) << p;
  EXPECT_NE(out.str().find("Round 1: e2 - e3 0-1"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("Pts"), std::string::npos);
}

TEST(TournamentEngineEventTest, GauntletAndSwiss) {
  // Gauntlet: the first engine meets each other one, White then Black.
  EngineEventSettings g = event(EngineEventKind::gauntlet, 3, "tabiya_engine_gauntlet");
  std::ostringstream out, err;
  ASSERT_EQ(run_engine_event(g, out, err), 0) << err.str();
  EXPECT_EQ(games_in(g.pgn_path), 2);
  auto t = tournament::read_trf_file(g.trf_path);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->player(1)->points, 0);  // White in both games
  EXPECT_EQ(t->player(1)->entry(2).opponent, 3);

  EngineEventSettings s = event(EngineEventKind::swiss, 4, "tabiya_engine_swiss");
  s.rounds = 1;
  ASSERT_EQ(run_engine_event(s, out, err), 0) << err.str();
  EXPECT_EQ(games_in(s.pgn_path), 2);
  t = tournament::read_trf_file(s.trf_path);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->rounds_paired(), 1);
  int total = 0;
  for (const auto& p : t->players) total += p.points;
  EXPECT_EQ(total, 20) << out.str();
}

TEST(TournamentEngineEventTest, Errors) {
  EXPECT_FALSE(parse_engine_event_kind("knockout"));
  EngineEventSettings s = event(EngineEventKind::round_robin, 1, "tabiya_engine_one");
  std::ostringstream out, err;
  EXPECT_EQ(run_engine_event(s, out, err), 1);
  EXPECT_NE(err.str().find("at least two engines"), std::string::npos);
}

}  // namespace
}  // namespace tabiya::cli
