// `tabiya tournament team` for a team Swiss (FIDE C.04.6, 2026) driven through
// run_tournament: a five-team event created with --system swiss, two rounds
// paired with a bye each, `team check` agreeing with the file and naming the
// matches of a file whose initial colour was changed, and the options' errors.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include "tournament_command_support.h"

namespace tabiya::cli {
namespace {

using test::Outcome;
using test::run;

class TeamSwissCommandTest : public test::CommandFilesTest {};

TEST_F(TeamSwissCommandTest, PairsChecksAndRefuses) {
  const std::string f = path("cup.trf");
  Outcome n = run({"team", "new", f, "--name", "Spring cup", "--boards", "2", "--system", "swiss", "--rounds", "3"});
  ASSERT_EQ(n.code, 0) << n.err;
  EXPECT_EQ(n.out, "created " + f +
                       ": Spring cup, 2 boards, match points 2,1,0 (TRF-25), team Swiss of 3 rounds "
                       "(FIDE_TEAM_TYPEA_MP_GP)\n");
  for (const char* team : {"Rooks", "Knights", "Bishops", "Pawns", "Queens"}) {
    const std::string t(team);
    ASSERT_EQ(run({"team", "add", f, t, t + " One/2200", t + " Two/2100", t + " Three/2000"}).code, 0);
  }
  // Round 1 (3.4.4, 3.6, 4.3.1): the bye to the largest TPN, then (1 2 | 3 4); odd first-teams take White.
  Outcome p1 = run({"team", "pair", f});
  ASSERT_EQ(p1.code, 0) << p1.err;
  EXPECT_EQ(p1.out,
            "Round 1\n"
            "  match 1: Rooks - Bishops\n"
            "    1. w Rooks One (1) - Bishops One (7)\n"
            "    2. b Rooks Two (2) - Bishops Two (8)\n"
            "  match 2: Pawns - Knights\n"
            "    1. w Pawns One (10) - Knights One (4)\n"
            "    2. b Pawns Two (11) - Knights Two (5)\n"
            "  bye: Queens\n");
  EXPECT_EQ(run({"team", "pair", f}).err, f + ": round 1 has boards without a result\n");
  for (auto [match, board, result] :
       {std::tuple{"1", "1", "1-0"}, {"1", "2", "1/2"}, {"2", "1", "0-1"}, {"2", "2", "1/2"}})
    ASSERT_EQ(run({"team", "result", f, "1", match, board, result}).code, 0);
  // Round 2: Bishops and Pawns have no match point; both played a match, so the larger TPN, Pawns, has the bye
  // (3.4.4). Rooks and Knights (2) meet, White to the lower colour difference (4.3.5); Queens (1) takes Bishops
  // up as its upfloater ([C4]), Bishops White by 4.3.5.
  Outcome p2 = run({"team", "pair", f});
  ASSERT_EQ(p2.code, 0) << p2.err;
  EXPECT_EQ(p2.out,
            "Round 2\n"
            "  match 1: Knights - Rooks\n"
            "    1. w Knights One (4) - Rooks One (1)\n"
            "    2. b Knights Two (5) - Rooks Two (2)\n"
            "  match 2: Bishops - Queens\n"
            "    1. w Bishops One (7) - Queens One (13)\n"
            "    2. b Bishops Two (8) - Queens Two (14)\n"
            "  bye: Pawns\n");
  Outcome c = run({"team", "check", f});
  EXPECT_EQ(c.code, 0) << c.err;
  EXPECT_EQ(c.out, f + ": 2 rounds re-paired by C.04.6 (2026), all agree\n");

  std::ifstream in(f);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // A file from a program that writes no 320 record: the bye is still a drawn match (C.04.6 1.4), so the Queens
  // stay on 1 match point and the rounds still agree.
  ASSERT_NE(text.find("\n320 "), std::string::npos);
  const std::string without_320 = path("no320.trf");
  std::ofstream(without_320) << std::regex_replace(text, std::regex("\n320 [^\n]*"), "");
  EXPECT_EQ(run({"team", "check", without_320}).out,
            without_320 + ": 2 rounds re-paired by C.04.6 (2026), all agree\n");

  // Drawn Black instead: round 1's colours are the other way round.
  ASSERT_NE(text.find("XXC white1"), std::string::npos);
  const std::string g = path("black.trf");
  std::ofstream(g) << std::regex_replace(text, std::regex("XXC white1"), "XXC black1");
  Outcome d = run({"team", "check", g});
  EXPECT_EQ(d.code, 1);
  EXPECT_EQ(d.out,
            "round 1: the file has 1 Rooks (White on board 1) - 3 Bishops\n"
            "round 1: the file has 4 Pawns (White on board 1) - 2 Knights\n"
            "round 1: the rules give 2 Knights (White on board 1) - 4 Pawns\n"
            "round 1: the rules give 3 Bishops (White on board 1) - 1 Rooks\n" +
                g + ": 2 rounds re-paired by C.04.6 (2026), 4 differences\n");

  EXPECT_EQ(run({"team", "new", path("x.trf"), "--system", "swiss"}).err,
            "--rounds: a team Swiss declares its number of rounds (1 or more)\n");
  EXPECT_EQ(run({"team", "new", path("x.trf"), "--system", "swiss", "--rounds", "3", "--colour-preferences", "C"}).err,
            "--colour-preferences \"C\": A, B or none\n");
  EXPECT_EQ(run({"team", "new", path("x.trf"), "--system", "dutch"}).err, "--system \"dutch\": round-robin or swiss\n");
}

// --absent keeps a team out of a round; a round robin refuses it; check refuses a file that is no team Swiss.
TEST_F(TeamSwissCommandTest, AbsentTeams) {
  const std::string f = path("cup.trf");
  ASSERT_EQ(run({"team", "new", f, "--boards", "1", "--system", "swiss", "--rounds", "2"}).code, 0);
  for (const char* team : {"Rooks", "Knights", "Bishops", "Pawns"})
    ASSERT_EQ(run({"team", "add", f, team, std::string(team) + " One"}).code, 0);
  EXPECT_EQ(run({"team", "pair", f, "--absent", "Kings"}).err, "--absent: no team \"Kings\"\n");
  Outcome p = run({"team", "pair", f, "--absent", "Knights"});
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_EQ(p.out,
            "Round 1\n"
            "  match 1: Rooks - Bishops\n"
            "    1. w Rooks One (1) - Bishops One (3)\n"
            "  bye: Pawns\n");
  EXPECT_EQ(run({"team", "check", f}).out, f + ": 1 round re-paired by C.04.6 (2026), all agree\n");
  const std::string rr = path("rr.trf");
  ASSERT_EQ(run({"team", "new", rr, "--boards", "1"}).code, 0);
  for (const char* team : {"Rooks", "Knights"}) ASSERT_EQ(run({"team", "add", rr, team, "A"}).code, 0);
  EXPECT_EQ(run({"team", "pair", rr, "--absent", "Rooks"}).err,
            "--absent: a round robin's rounds are fixed by the Berger tables\n");
  EXPECT_EQ(run({"team", "check", rr}).err, rr + ": not a team Swiss (no FIDE_TEAM 192 record)\n");
}

}  // namespace
}  // namespace tabiya::cli
