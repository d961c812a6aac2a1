// `tabiya tournament team ...` driven through run_tournament with files in the
// test's temporary directory: a four-team round robin from the entries to the
// standings, a line-up out of the registered order refused, an empty board
// and a team that stays away (Tournament Rules 11(g)), and the TRF exports.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tournament/team_trf.h"

#include "tournament_command_support.h"

namespace tabiya::cli {
namespace {

namespace fs = std::filesystem;

using test::Outcome;
using test::run;

class TeamCommandTest : public test::CommandFilesTest {
 protected:
  // Four teams of two boards and a reserve.
  std::string league() {
    const std::string f = path("league.trf");
    Outcome n = run({"team", "new", f, "--name", "Club league", "--boards", "2"});
    EXPECT_EQ(n.code, 0) << n.err;
    EXPECT_EQ(n.out, "created " + f + ": Club league, 2 boards, match points 2,1,0 (TRF-25)\n");
    for (const char* team : {"Rooks", "Knights", "Bishops", "Pawns"}) {
      const std::string t(team);
      Outcome a = run({"team", "add", f, t, t + " One/2200", t + " Two/2100", t + " Three/2000"});
      EXPECT_EQ(a.code, 0) << a.err;
    }
    return f;
  }
};

TEST_F(TeamCommandTest, ARoundRobinFromEntriesToStandings) {
  const std::string f = league();
  EXPECT_EQ(run({"team", "add", f, "Late", "A/2000"}).err, "team Late: 1 players for 2 boards\n");

  Outcome p = run({"team", "pair", f});
  ASSERT_EQ(p.code, 0) << p.err;
  // The Berger table for four: 1-4 2-3; teams named first have White on board 1.
  EXPECT_EQ(p.out,
            "Round 1\n"
            "  match 1: Rooks - Pawns\n"
            "    1. w Rooks One (1) - Pawns One (10)\n"
            "    2. b Rooks Two (2) - Pawns Two (11)\n"
            "  match 2: Knights - Bishops\n"
            "    1. w Knights One (4) - Bishops One (7)\n"
            "    2. b Knights Two (5) - Bishops Two (8)\n");
  // The reserve may replace board 2 but not play above board 1.
  Outcome wrong = run({"team", "lineup", f, "1", "Rooks", "3", "1"});
  EXPECT_EQ(wrong.code, 1);
  EXPECT_EQ(wrong.err,
            "team 1 (Rooks), board 2: player 1 (Rooks One) (registered 1) may not play below player 3 (Rooks Three) "
            "(registered 3): the board order follows the registered order\n");
  ASSERT_EQ(run({"team", "lineup", f, "1", "Rooks", "1", "3"}).code, 0);
  EXPECT_EQ(run({"team", "result", f, "1", "1", "1", "1-0"}).out,
            "round 1, match 1, board 1: 1-0; Rooks - Pawns 1.0-0.0 (boards to come)\n");
  EXPECT_EQ(run({"team", "result", f, "1", "1", "2", "1/2"}).out,
            "round 1, match 1, board 2: ½-½; Rooks - Pawns 1.5-0.5\n");
  EXPECT_EQ(run({"team", "pair", f}).err, f + ": round 1 has boards without a result\n");
  ASSERT_EQ(run({"team", "result", f, "1", "2", "1", "0-1"}).code, 0);
  ASSERT_EQ(run({"team", "result", f, "1", "2", "2", "0-1"}).code, 0);
  EXPECT_EQ(run({"team", "result", f, "1", "2", "3", "0-1"}).err,
            "round 1, match 2, board 3: no such board (line-ups set?)\n");

  // Round 2 (4-3 1-2): the Knights leave board 2 empty, the Pawns do not come at all.
  ASSERT_EQ(run({"team", "pair", f}).code, 0);
  ASSERT_EQ(run({"team", "lineup", f, "2", "Knights", "4"}).code, 0);
  ASSERT_EQ(run({"team", "lineup", f, "2", "Pawns"}).code, 0);
  ASSERT_EQ(run({"team", "result", f, "2", "1", "1", "="}).code, 0);
  Outcome shown = run({"team", "pairings", f, "2"});
  EXPECT_EQ(shown.out,
            "Round 2\n"
            "  match 1: Rooks - Knights  1.5-0.5\n"
            "    1. w Rooks One (1) - Knights One (4)  ½-½\n"
            "    2. b Rooks Two (2) - (empty)  +/-\n"
            "  match 2: Pawns - Bishops  0.0-2.0\n"
            "    1. w (empty) - Bishops One (7)  -/+\n"
            "    2. b (empty) - Bishops Two (8)  -/+\n");

  Outcome s = run({"team", "standings", f, "--tie-breaks", "GP,BH,SB"});
  ASSERT_EQ(s.code, 0) << s.err;
  // Rooks 2+2 MP, 1.5+1.5 GP; Bishops 2+2, 2+2; Knights 0+0, 0+0.5; Pawns 0+0, 0.5+0. BH: the opponents' MP
  // (Knights and Pawns met Rooks and Bishops); SB: their MP times the MP won against them (none for the last two).
  // Knights and Pawns are equal on everything asked: both third.
  EXPECT_EQ(s.out,
            " Rk   No  Team        MP     GP      GP      BH      SB\n"
            "  1    3  Bishops    4.0    4.0       4       0       0\n"
            "  2    1  Rooks      4.0    3.0       3       0       0\n"
            "  3    2  Knights    0.0    0.5     0.5       8       0\n"
            "  3    4  Pawns      0.0    0.5     0.5       8       0\n");
  Outcome x = run({"team", "crosstable", f});
  EXPECT_EQ(x.out,
            " No             1    2    3    4     MP     GP\n"
            "  1  Rooks      x  1.5       1.5    4.0    3.0\n"
            "  2  Knights  0.5    x  0.0         0.0    0.5\n"
            "  3  Bishops       2.0    x    +    4.0    4.0\n"
            "  4  Pawns    0.5         -    x    0.0    0.5\n");

  Outcome t16 = run({"team", "export", f, "--trf16"});
  ASSERT_EQ(t16.code, 0);
  EXPECT_NE(t16.out.find("\n013 Rooks "), std::string::npos);
  auto back = tournament::read_team_trf(t16.out);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->rounds.size(), 2u);
  EXPECT_NE(run({"team", "export", f, "--trf25"}).out.find("\n310   1 Rooks "), std::string::npos);
}

TEST_F(TeamCommandTest, ErrorsNameWhatIsWrong) {
  EXPECT_EQ(run({"team", "standings", path("none.trf")}).err, path("none.trf") + ": cannot open\n");
  const std::string f = league();
  EXPECT_EQ(run({"team", "result", f, "1", "1", "1", "2-0"}).code, 1);
  EXPECT_EQ(run({"team", "standings", f, "--tie-breaks", "XX"}).err,
            "--tie-breaks: team tie-break 'XX': expected MP, GP, BH, SB, EMMSB, EMGSB, EGMSB, EGGSB or MW\n");
  EXPECT_EQ(run({"team", "new", path("x.trf"), "--match-points", "2,1"}).err,
            "--match-points \"2,1\": expected WIN,DRAW,LOSS, e.g. 2,1,0\n");
}

TEST_F(TeamCommandTest, GenerateWritesAReproducibleEvent) {
  ASSERT_EQ(run({"team", "generate", path("a.trf"), "--seed", "5", "--teams", "5"}).code, 0);
  Outcome a = run({"team", "generate", "-", "--seed", "5", "--teams", "5"});
  Outcome b = run({"team", "generate", "-", "--seed", "5", "--teams", "5"});
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out.find("\n310   5 Team 5"), std::string::npos);
  Outcome t = run({"team", "tie-breaks", path("a.trf"), "--tie-breaks", "BH,EMGSB"});
  ASSERT_EQ(t.code, 0) << t.err;
  EXPECT_EQ(t.out.substr(0, t.out.find('\n')), "No\tMP\tGP\tBH\tEMGSB");
  EXPECT_EQ(std::count(t.out.begin(), t.out.end(), '\n'), 6);
}

}  // namespace
}  // namespace tabiya::cli
