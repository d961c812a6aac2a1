// `tabiya tournament export --trf16 / --trf25` and `tabiya tournament norms`
// run in-process: a generated event exported in both versions, read back
// either way, a TRF-25 file kept TRF-25 when a command writes it back, and
// the norm report of the spec-examples file.
#include <gtest/gtest.h>

#include <string>

#include "tournament/trf.h"
#include "tournament_command_support.h"

namespace tabiya::cli {
namespace {

using test::Outcome;
using test::run;

class Trf25CommandTest : public test::CommandFilesTest {};

TEST_F(Trf25CommandTest, ExportsBothVersionsAndReadsEitherBack) {
  const std::string f = path("event.trf");
  Outcome g =
      run({"generate", "--seed", "5", "--players", "14", "--rounds", "5", "--half-byes", "0.1", "--baku", "-o", f});
  ASSERT_EQ(g.code, 0) << g.err;
  Outcome as25 = run({"export", f, "--trf25", "-o", path("event25.trf")});
  ASSERT_EQ(as25.code, 0) << as25.err;
  EXPECT_NE(as25.out.find("(TRF-25)"), std::string::npos);
  const std::string text25 = read("event25.trf");
  EXPECT_NE(text25.find("\n142 5\n"), std::string::npos) << text25;
  EXPECT_NE(text25.find("\n250 "), std::string::npos) << text25;  // Baku's virtual points
  EXPECT_EQ(text25.find("XXA"), std::string::npos) << text25;
  // Back to TRF-16 from the TRF-25 file: the generated file again.
  Outcome as16 = run({"export", path("event25.trf"), "--trf16"});
  ASSERT_EQ(as16.code, 0) << as16.err;
  EXPECT_EQ(as16.out, read("event.trf"));
  // The same standings from either file.
  EXPECT_EQ(run({"standings", f}).out, run({"standings", path("event25.trf")}).out);
  // One version at a time.
  Outcome both = run({"export", f, "--trf16", "--trf25"});
  EXPECT_NE(both.code, 0);
  Outcome none = run({"export", f});
  EXPECT_NE(none.code, 0);
  EXPECT_NE(none.err.find("--html, --trf16 or --trf25"), std::string::npos) << none.err;
}

TEST_F(Trf25CommandTest, ATrf25FileStaysTrf25WhenACommandWritesIt) {
  const std::string f = path("event.trf");
  ASSERT_EQ(run({"generate", "--seed", "9", "--players", "8", "--rounds", "3", "-o", f}).code, 0);
  ASSERT_EQ(run({"export", f, "--trf25", "-o", path("e25.trf")}).code, 0);
  Outcome w = run({"withdraw", path("e25.trf"), "3"});
  ASSERT_EQ(w.code, 0) << w.err;
  const std::string after = read("e25.trf");
  EXPECT_NE(after.find("142 3\n"), std::string::npos) << after;
  EXPECT_EQ(after.find("XXR"), std::string::npos) << after;
}

TEST_F(Trf25CommandTest, BadTrf25FilesNameLineAndColumn) {
  const std::string f = path("bad.trf");
  {
    std::ofstream out(f);
    out << "142 3\n001    1      A\n240 H 00x    1\n";
  }
  Outcome r = run({"export", f, "--trf16"});
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("bad.trf: line 3, column 7: round '00x' is not a number"), std::string::npos) << r.err;
}

TEST_F(Trf25CommandTest, NormsReport) {
  const std::string f = TABIYA_TEST_DATA "/tournaments/trf25/spec-examples.trf";
  Outcome all = run({"norms", f});
  ASSERT_EQ(all.code, 0) << all.err;
  EXPECT_NE(all.out.find("Title Regulations"), std::string::npos) << all.out;
  EXPECT_NE(all.out.find("Beta, Berta"), std::string::npos) << all.out;
  Outcome one = run({"norms", f, "--player", "3"});
  ASSERT_EQ(one.code, 0) << one.err;
  // Three games over the board for player 3 (a half-point bye is not a game).
  EXPECT_NE(one.out.find("1.42  not met  3 games over the board, at least 9"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("GM norm: no"), std::string::npos) << one.out;
  EXPECT_NE(run({"norms", f, "--player", "99"}).err.find("no player 99"), std::string::npos);
  EXPECT_NE(run({"norms", f, "--title", "FM"}).err.find("not GM, IM, WGM or WIM"), std::string::npos);
  EXPECT_NE(run({"norms", f, "--min-games", "8"}).code, 0);
}

// The round robin of docs/arbiter.md: player 1 makes the GM norm of norms_test.cpp.
TEST_F(Trf25CommandTest, ANormInARoundRobin) {
  const std::string f = TABIYA_TEST_DATA "/tournaments/trf25/norm-event.trf";
  Outcome all = run({"norms", f});
  ASSERT_EQ(all.code, 0) << all.err;
  EXPECT_NE(all.out.find("   1  Seeker, Sam                   IM    IND      9   7.0 2400 2620  GM\n"),
            std::string::npos)
      << all.out;
  EXPECT_EQ(all.out.find("Berg, Anton"), std::string::npos) << all.out;  // a GM: nothing to check
  Outcome one = run({"norms", f, "--player", "1", "--title", "GM"});
  ASSERT_EQ(one.code, 0) << one.err;
  EXPECT_NE(one.out.find("GM norm: yes"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("1.46  met      the lowest opponent (10, 2150) raised to the floor of 2200; Ra 2400"),
            std::string::npos)
      << one.out;
  EXPECT_EQ(one.out.find("IM norm"), std::string::npos) << one.out;
}

}  // namespace
}  // namespace tabiya::cli
