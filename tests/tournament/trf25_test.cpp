// The 2025 revision of the Tournament Report File (trf25.h): told apart from
// TRF-16, its records read by the columns of the revision's text, written back
// the same, and TRF-16 -> TRF-25 -> TRF-16 giving the same file.
#include "tournament/trf25.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tournament/trf.h"

namespace tabiya::tournament {
namespace {

const std::string kData = TABIYA_TEST_DATA "/tournaments/";

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string error_of(std::string_view text) {
  auto t = read_trf(text, "x.trf");
  return t.ok() ? "(read)" : t.error().message;
}

TEST(Trf25, TellsTheVersionsApart) {
  EXPECT_EQ(detect_trf_version("012 x\nXXR 5\n"), TrfVersion::trf16);
  EXPECT_EQ(detect_trf_version("012 x\n"), TrfVersion::trf16);
  EXPECT_EQ(detect_trf_version("012 x\r142 5\r"), TrfVersion::trf25);
  EXPECT_EQ(detect_trf_version("### comment\n"), TrfVersion::trf25);
  EXPECT_EQ(detect_trf_version("250       1.0 001 001 0001 0002\n"), TrfVersion::trf25);
  // TRF(x)'s extension lines win: engines read them, not the revision's.
  EXPECT_EQ(detect_trf_version("142 5\nXXR 5\n"), TrfVersion::trf16);
  EXPECT_EQ(detect_trf_version("162  W 1.0\nBBW  1.0\n"), TrfVersion::trf16);
}

TEST(Trf25, ReadsTheRecordsOfTheSpecExamples) {
  const std::string text = slurp(kData + "trf25/spec-examples.trf");
  auto t = read_trf(text, "spec-examples.trf");
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_EQ(t->trf_version, TrfVersion::trf25);
  EXPECT_EQ(t->name(), "Spec Example Open");
  EXPECT_EQ(t->players.size(), 8u);
  EXPECT_EQ(t->total_rounds, 4);                // 142
  EXPECT_EQ(t->initial_colour, Colour::white);  // 152 W
  EXPECT_TRUE(t->points_declared);              // 162
  EXPECT_EQ(t->points.win, 10);
  EXPECT_EQ(t->points.draw, 5);
  EXPECT_EQ(t->points.zero_bye, 0);
  EXPECT_TRUE(t->points.pairing_bye_explicit);
  // 250: 1.0 in rounds 1-2 for players 1-4, and 0.5 more in round 3 for 1-2.
  EXPECT_EQ(t->acceleration(1, 1), 10);
  EXPECT_EQ(t->acceleration(4, 2), 10);
  EXPECT_EQ(t->acceleration(2, 3), 5);
  EXPECT_EQ(t->acceleration(3, 3), 0);
  EXPECT_EQ(t->acceleration(5, 1), 0);
  EXPECT_EQ(t->acceleration(1, 4), 0);
  // 260: 1 and 4 in rounds 1-4; 3, 5 and 8 in rounds 2-3 only.
  EXPECT_TRUE(t->forbidden_pair(4, 1, 4));
  EXPECT_TRUE(t->forbidden_pair(5, 8, 2));
  EXPECT_FALSE(t->forbidden_pair(3, 5, 1));
  EXPECT_FALSE(t->forbidden_pair(3, 8, 4));
  // 240 agrees with the 001 records; the scores follow.
  EXPECT_EQ(t->player(3)->entry(3).result, 'H');
  EXPECT_EQ(t->player(8)->entry(4).result, 'Z');
  for (const Player& p : t->players) EXPECT_EQ(t->score_after(p, 4), p.points) << p.number;
  // The comment lines stay where they were, as headers.
  EXPECT_EQ(t->headers.front().code, "###");
}

TEST(Trf25, ASpecExampleFileRoundTripsThroughTrf16) {
  const std::string text = slurp(kData + "trf25/spec-examples.trf");
  auto t = read_trf(text);
  ASSERT_TRUE(t.ok()) << t.error().message;
  const std::string as25 = write_trf(*t);  // the version it was read in
  auto again = read_trf(as25);
  ASSERT_TRUE(again.ok()) << again.error().message << "\n" << as25;
  EXPECT_EQ(write_trf(*again), as25);
  const std::string as16 = write_trf(*t, TrfVersion::trf16);
  EXPECT_NE(as16.find("XXR 4\n"), std::string::npos) << as16;
  EXPECT_NE(as16.find("XXA    1  1.0  1.0  0.5\n"), std::string::npos) << as16;
  EXPECT_NE(as16.find("BBU  1.0\n"), std::string::npos) << as16;
  auto from16 = read_trf(as16);
  ASSERT_TRUE(from16.ok()) << from16.error().message;
  EXPECT_EQ(from16->trf_version, TrfVersion::trf16);
  EXPECT_EQ(write_trf(*from16, TrfVersion::trf25), as25);
}

// Every TRF-16 file of the test data: TRF-16 -> TRF-25 -> TRF-16 is the same
// file, and the TRF-25 text is read as TRF-25 and written back unchanged.
TEST(Trf25, Trf16FilesRoundTripThroughTrf25) {
  int files = 0;
  for (const char* dir : {"dutch-random", "dutch-found", "tiebreaks-agreed"})
    for (const auto& entry : std::filesystem::directory_iterator(kData + dir)) {
      if (entry.path().extension() != ".trf") continue;
      auto t = read_trf_file(entry.path().string());
      ASSERT_TRUE(t.ok()) << t.error().message;
      ASSERT_EQ(t->trf_version, TrfVersion::trf16) << entry.path();
      const std::string as16 = write_trf(*t);
      const std::string as25 = write_trf(*t, TrfVersion::trf25);
      EXPECT_EQ(as25.find("\nXXR"), std::string::npos) << entry.path();
      auto back = read_trf(as25, entry.path().string());
      ASSERT_TRUE(back.ok()) << back.error().message << "\n" << as25;
      EXPECT_EQ(back->trf_version, TrfVersion::trf25) << entry.path();
      EXPECT_EQ(write_trf(*back), as25) << entry.path();
      EXPECT_EQ(write_trf(*back, TrfVersion::trf16), as16) << entry.path();
      ++files;
    }
  EXPECT_GE(files, 60);
}

TEST(Trf25, WritesTheColumnsOfTheRevision) {
  Tournament t;
  t.total_rounds = 9;
  t.initial_colour = Colour::black;
  t.points = {30, 10, 0, 0, 0, 30, false};
  for (int n = 1; n <= 4; ++n) {
    Player p;
    p.number = n;
    p.name = std::string("P").append(std::to_string(n));
    t.players.push_back(p);
  }
  t.players[1].rounds = {{0, Colour::none, 'H'}};
  t.players[2].rounds = {{0, Colour::none, 'H'}};
  t.accelerations[1] = {20, 20, 10};
  t.accelerations[2] = {20, 20, 10};
  t.forbidden.push_back({1, 0, {1, 2}, false});
  const std::string text = write_trf(t, TrfVersion::trf25);
  // 142, 152; 162 with a code in column 6 and its points in 7-10, nine apart.
  EXPECT_NE(text.find("142 9\n152 B\n162  W 3.0    D 1.0    L 0.0    A 0.0\n"), std::string::npos) << text;
  // 250: game points 10-13, rounds 15-17 and 19-21, players 23-26 and 28-31.
  EXPECT_NE(text.find("250       2.0 001 002 0001 0002\n250       1.0 003 003 0001 0002\n"), std::string::npos) << text;
  // 260 names its rounds; XXP's "every round" is 1 to the last.
  EXPECT_NE(text.find("260   1   9    1    2\n"), std::string::npos) << text;
  // 240: type in 5, round 7-9, players 11-14, 16-19.
  EXPECT_NE(text.find("240 H 001    2    3\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("XX"), std::string::npos) << text;
  EXPECT_EQ(text.find("BB"), std::string::npos) << text;
}

TEST(Trf25, KeepsWhatTheRevisionCannotSayInExtensionLines) {
  Tournament t;
  t.rank_order = true;
  t.points.zero_bye = 5;  // an absence scores a half, a forfeit loss nothing
  t.points_declared = true;
  const std::string text = write_trf(t, TrfVersion::trf25);
  EXPECT_NE(text.find("XXC rank\n"), std::string::npos) << text;
  EXPECT_NE(text.find("BBF"), std::string::npos) << text;
  auto back = read_trf(text);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->trf_version, TrfVersion::trf25);
  EXPECT_TRUE(back->rank_order);
  EXPECT_EQ(back->points, t.points);
}

TEST(Trf25, ReadsTheScoringCodesAAndX) {
  auto t = read_trf("162  W 3.0    D 1.0    L 0.0    A 0.5    P 2.0    X 1.0\n");
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_EQ(t->points.zero_bye, 5);
  EXPECT_EQ(t->points.forfeit_loss, 5);
  EXPECT_EQ(t->points.pairing_bye, 20);
  EXPECT_NE(error_of("162  W 3.0    Q 1.0\n").find("line 1, column 15: point code 'Q'"), std::string::npos)
      << error_of("162  W 3.0    Q 1.0\n");
}

TEST(Trf25, BadRecordsNameLineAndColumn) {
  const std::string p1 = "001    1      A\n";
  const std::string p2 = "001    2      B\n";
  EXPECT_NE(error_of("142 4\n250       x.0 001 002 0001 0002\n").find("x.trf: line 2, column 10: game points 'x.0'"),
            std::string::npos)
      << error_of("142 4\n250       x.0 001 002 0001 0002\n");
  EXPECT_NE(error_of("250       1.0 003 002 0001 0002\n").find("line 1, column 19: last round before the first"),
            std::string::npos);
  EXPECT_NE(error_of("250       1.0 001 002 000a\n").find("line 1, column 23: first player '000a'"), std::string::npos);
  EXPECT_NE(error_of(p1 + p2 + "240 Q 001    1\n").find("line 3, column 5: bye type 'Q'"), std::string::npos);
  EXPECT_NE(error_of(p1 + p2 + "240 H 001    1    9\n").find("line 3, column 16: player 9 has no 001 record"),
            std::string::npos);
  // The 240 record must agree with the 001 record of that round.
  std::string z = "001    1      A";
  z.resize(91, ' ');
  z += "0000 - Z\n";
  EXPECT_NE(error_of(z + "240 H 001    1\n").find("line 2, column 11: player 1 has 'Z' in round 1"), std::string::npos)
      << error_of(z + "240 H 001    1\n");
  // A 240 record gives a bye the 001 record leaves blank (a bye requested for a round not yet paired).
  auto t = read_trf(p1 + "240 H 002    1\n");
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_EQ(t->player(1)->entry(2).result, 'H');
}

TEST(Trf25, ATeamFilesByeAndAccelerationRecordsNameTeams) {
  // In a team file 240 and 250 count teams: the players' reader keeps them as lines.
  auto t = read_trf("310   1 A\n001    1      A\n240 H 001    1\n250 01.0 00.5 001 001 0001 0001\n");
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_TRUE(t->player(1)->entry(1).empty());
  EXPECT_TRUE(t->accelerations.empty());
}

}  // namespace
}  // namespace tabiya::tournament
