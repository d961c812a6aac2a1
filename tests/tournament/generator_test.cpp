// tabiya tournament generate (generator.h): seeded and reproducible, every
// round paired by tabiya's own Dutch system (re-pairing finds nothing to
// change), and the unplayed rounds the options ask for really appear.
#include "tournament/generator.h"

#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "tournament/dutch.h"
#include "tournament/trf.h"
#include "tournament_command.h"

namespace tabiya::tournament {
namespace {

std::string generated(const GeneratorOptions& o) {
  auto g = generate_tournament(o);
  EXPECT_TRUE(g) << g.error().message;
  return g ? write_trf(g->tournament) : "";
}

TEST(TournamentGeneratorTest, SameSeedSameFile) {
  GeneratorOptions o;
  o.players = 30;
  o.rounds = 7;
  o.seed = 42;
  const std::string a = generated(o), b = generated(o);
  EXPECT_EQ(a, b);
  o.seed = 43;
  EXPECT_NE(generated(o), a);
}

// Counts the result codes of the event.
std::map<char, int> codes(const Tournament& t) {
  std::map<char, int> n;
  for (const Player& p : t.players)
    for (const RoundEntry& e : p.rounds)
      ++n[e.opponent ? (e.result == '-' || e.result == '+' ? e.result : 'g') : e.result];
  return n;
}

TEST(TournamentGeneratorTest, PairedByTheDutchSystemWithEveryKindOfRound) {
  GeneratorOptions o;
  o.players = 41;
  o.rounds = 9;
  o.seed = 7;
  o.forfeit_rate = 0.1;
  o.double_forfeit_rate = 0.05;
  o.half_bye_rate = 0.05;
  o.zero_bye_rate = 0.05;
  o.full_bye_rate = 0.03;
  o.withdrawal_rate = 0.03;
  auto g = generate_tournament(o);
  ASSERT_TRUE(g) << g.error().message;
  const Tournament& t = g->tournament;
  EXPECT_EQ(t.players.size(), 41u);
  EXPECT_EQ(t.rounds_with_entries(), 9);
  auto differing = check_pairings(t);
  ASSERT_TRUE(differing) << differing.error().message;
  EXPECT_TRUE(differing->empty());
  auto n = codes(t);
  for (char c : {'g', '+', '-', 'H', 'Z', 'F', 'U'}) EXPECT_GT(n[c], 0) << c;
  EXPECT_FALSE(g->settings.withdrawals.empty());
  // The file reads back to the same event, with its declared points right.
  auto back = read_trf(write_trf(t));
  ASSERT_TRUE(back) << back.error().message;
  for (const Player& p : back->players) EXPECT_EQ(p.points, back->score_after(p, 9)) << p.number;
  // A withdrawn player is absent from every round after he left.
  for (const Withdrawal& w : g->settings.withdrawals)
    for (int r = w.after_round + 1; r <= 9; ++r) EXPECT_TRUE(t.player(w.player)->entry(r).absent()) << w.player;
}

TEST(TournamentGeneratorTest, BakuAccelerationWrittenAsXxaLines) {
  GeneratorOptions o;
  o.players = 24;
  o.rounds = 7;
  o.baku = true;
  auto g = generate_tournament(o);
  ASSERT_TRUE(g) << g.error().message;
  EXPECT_EQ(g->tournament.accelerations.size(), 12u);  // GA: 2 x ceil(24 / 4)
  EXPECT_TRUE(g->settings.baku);
  auto differing = check_pairings(g->tournament);
  ASSERT_TRUE(differing);
  EXPECT_TRUE(differing->empty());
}

TEST(TournamentGeneratorTest, BadOptionsNamed) {
  GeneratorOptions o;
  o.players = 1;
  EXPECT_NE(generate_tournament(o).error().message.find("--players"), std::string::npos);
  o = {};
  o.draw_rate = 1.5;
  EXPECT_NE(generate_tournament(o).error().message.find("--draws"), std::string::npos);
  o = {};
  o.rating_low = 2500;
  o.rating_high = 2000;
  EXPECT_NE(generate_tournament(o).error().message.find("--ratings"), std::string::npos);
}

// Through the command line: the file it writes is one `check` accepts.
TEST(TournamentGeneratorTest, CommandWritesAFileCheckAccepts) {
  const std::string f = ::testing::TempDir() + "/tabiya_generated.trf";
  std::ostringstream out, err;
  ASSERT_EQ(
      cli::run_tournament({"generate", "--seed", "5", "--players", "20", "--rounds", "6", "--baku", "-o", f}, out, err),
      0)
      << err.str();
  std::ostringstream cout_, cerr_;
  EXPECT_EQ(cli::run_tournament({"check", f}, cout_, cerr_), 0) << cout_.str() << cerr_.str();
  EXPECT_NE(cout_.str().find("OK (20 players, 6 rounds)"), std::string::npos) << cout_.str();
  std::ostringstream o2, e2;
  EXPECT_EQ(cli::run_tournament({"generate", "--ratings", "2000-1000"}, o2, e2), 1);
  EXPECT_NE(e2.str().find("--ratings \"2000-1000\""), std::string::npos) << e2.str();
}

}  // namespace
}  // namespace tabiya::tournament
