// `tabiya tournament` driven through run_tournament with streams and files in
// the test's temporary directory: an event from registration to crosstable,
// the 50% rule and the three-forfeit exclusion of the FIDE Tournament Rules
// 11(b), (d), (e) (edition in seed 000, amended to 2006), the Berger tables
// of Handbook C.05 Annex 1, and the errors.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

#include "tournament/trf.h"

#include "tournament_command_support.h"

namespace tabiya::cli {
namespace {

namespace fs = std::filesystem;

using test::Outcome;
using test::run;

class TournamentCommandTest : public test::CommandFilesTest {
 protected:
  // A round robin of `n` players, drawn with seed 7.
  std::string round_robin(int n, const std::string& system = "round-robin") {
    const std::string f = path("rr.trf");
    EXPECT_EQ(run({"new", "--system", system, "--name", "Club championship", f}).code, 0);
    for (int i = 1; i <= n; ++i) {
      Outcome r = run({"add-player", f, "--name", std::string("Player, No").append(std::to_string(i)), "--rating",
                       std::to_string(2400 - 10 * i), "--federation", i % 2 ? "NOR" : "SWE", "--title", "FM"});
      EXPECT_EQ(r.code, 0) << r.err;
    }
    Outcome d = run({"draw", f, "--seed", "7"});
    EXPECT_EQ(d.code, 0) << d.err;
    return f;
  }
};

TEST_F(TournamentCommandTest, BergerTables) {
  Outcome r = run({"berger", "4"});
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, "1-4 2-3\n4-3 1-2\n2-4 3-1\n");
  EXPECT_EQ(run({"berger", "3"}).out, r.out);  // 4 is the bye
  r = run({"berger", "4", "--double"});
  EXPECT_EQ(r.out, "1-4 2-3\n4-3 1-2\n2-4 3-1\n4-1 3-2\n3-4 2-1\n4-2 1-3\n");
  EXPECT_EQ(run({"berger", "1"}).code, 1);
  EXPECT_NE(run({"berger", "x"}).code, 0);
}

TEST_F(TournamentCommandTest, RoundRobinFromRegistrationToCrosstable) {
  const std::string f = round_robin(4);
  auto t = tournament::read_trf_file(f);
  ASSERT_TRUE(t) << t.error().message;
  EXPECT_EQ(t->players.size(), 4u);
  EXPECT_EQ(t->total_rounds, 3);
  EXPECT_EQ(t->name(), "Club championship");
  EXPECT_EQ(t->players[0].title, "f");
  // The schedule is the Berger table: round 1 is 1-4, 2-3.
  EXPECT_EQ(t->player(1)->entry(1).opponent, 4);
  EXPECT_EQ(t->player(1)->entry(1).colour, tournament::Colour::white);
  EXPECT_EQ(t->player(3)->entry(1).colour, tournament::Colour::black);

  // Round 1: 1-4 1-0, 2-3 draw; round 2: 4-3 0-1, 1-2 1/2; round 3: 2-4 1-0, 3-1 0-1.
  EXPECT_EQ(run({"result", f, "1", "1", "1-0", "2", "1/2"}).code, 0);
  EXPECT_EQ(run({"result", f, "2", "1", "0-1", "2", "="}).code, 0);
  Outcome r = run({"result", f, "3", "1", "1-0", "2", "0-1"});
  EXPECT_EQ(r.code, 0) << r.err;
  t = tournament::read_trf_file(f);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->player(1)->points, 25);  // declared points follow the results
  EXPECT_EQ(t->player(1)->rank, 1);

  r = run({"standings", f});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("DE"), std::string::npos) << r.out;
  std::istringstream lines(r.out);
  std::string header, first;
  std::getline(lines, header);
  std::getline(lines, first);
  EXPECT_NE(first.find("2.5"), std::string::npos) << r.out;
  EXPECT_EQ(first.substr(0, 9), "   1    1") << r.out;

  // Every tie-break of the FIDE Tie-Break Regulations (C.07) by its acronym;
  // a bad item is named in the error.
  r = run({"standings", f, "--tie-breaks", "DE,BH,BH-C1,BH-M1,SB,SB-C1,WIN,WON,BPG,BWG,ARO,ARO-C1,KS,PS,PS-C1",
           "--tie-break-edition", "2024"});
  EXPECT_EQ(r.code, 0) << r.err;
  for (const char* code : {"BH-M1", "SB-C1", "WON", "BWG", "ARO-C1", "KS", "PS-C1"})
    EXPECT_NE(r.out.find(code), std::string::npos) << code << "\n" << r.out;
  r = run({"standings", f, "--tie-breaks", "DE,Buchholz,SB"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("--tie-breaks: unknown tie-break \"Buchholz\""), std::string::npos) << r.err;
  r = run({"standings", f, "--tie-breaks", "BH-Z1"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("\"BH-Z1\""), std::string::npos) << r.err;
  r = run({"standings", f, "--tie-break-edition", "2019"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("\"2019\""), std::string::npos) << r.err;

  r = run({"crosstable", f});
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("X"), std::string::npos);
  EXPECT_NE(r.out.find("½"), std::string::npos) << r.out;

  r = run({"export", f, "--html", "-o", path("rr.html")});
  EXPECT_EQ(r.code, 0) << r.err;
  const std::string html = read("rr.html");
  EXPECT_NE(html.find("<title>Club championship</title>"), std::string::npos);
  EXPECT_NE(html.find("<table class=\"crosstable\">"), std::string::npos);

  r = run({"check", f});
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("OK"), std::string::npos);
  // No temporary files left behind by the atomic writes.
  int files = 0;
  for (auto& entry : fs::directory_iterator(dir_)) files += entry.path().filename().string()[0] == '.';
  EXPECT_EQ(files, 0);
}

TEST_F(TournamentCommandTest, DrawIsReplayedFromItsSeed) {
  const std::string f = round_robin(6);
  const std::string first = read("rr.trf");
  fs::remove(f);
  round_robin(6);
  EXPECT_EQ(read("rr.trf"), first);
  EXPECT_NE(first.find("### draw by lot, seed 7"), std::string::npos);
  Outcome again = run({"draw", f, "--seed", "7"});
  EXPECT_EQ(again.code, 1);
  EXPECT_NE(again.err.find("already been made"), std::string::npos);
}

TEST_F(TournamentCommandTest, VarmaDraw) {
  const std::string f = path("v.trf");
  ASSERT_EQ(run({"new", "--system", "round-robin", f}).code, 0);
  for (int i = 1; i <= 10; ++i)
    ASSERT_EQ(run({"add-player", f, "--name", std::string("P").append(std::to_string(i)), "--federation",
                   i <= 3 ? "IND" : "ENG"})
                  .code,
              0);
  Outcome r = run({"draw", f, "--varma", "--seed", "3"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("picks group"), std::string::npos);
  EXPECT_EQ(run({"check", f}).code, 0);
}

TEST_F(TournamentCommandTest, WithdrawalUnderHalfAnnulsResults) {
  // Six players, 5 games each. Player 6 plays round 1 and withdraws.
  const std::string f = round_robin(6);
  ASSERT_EQ(run({"result", f, "1", "1", "1-0", "2", "1-0", "3", "1-0"}).code, 0);  // 1-6 2-5 3-4
  Outcome r = run({"withdraw", f, "6"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("after round 1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("are not counted"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("11(d)"), std::string::npos);
  auto t = tournament::read_trf_file(f);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->player(6)->entry(2).result, '-');  // 6-4 in round 2
  EXPECT_EQ(t->player(4)->entry(2).result, '+');
  r = run({"standings", f});
  // Player 1's win against 6 is not counted: 0 points, like the others
  // apart from 2 and 3.
  EXPECT_NE(r.out.find("*"), std::string::npos) << r.out;
  r = run({"crosstable", f});
  EXPECT_NE(r.out.find("+"), std::string::npos);
  EXPECT_NE(r.out.find("11(d)"), std::string::npos) << r.out;
}

TEST_F(TournamentCommandTest, ThreeForfeitsExclude) {
  // Player 6 (the fixed number of the table, board 1 every round) does not
  // come to rounds 1-3: 1-6 "+", 6-4 "-", 2-6 "+".
  const std::string f = round_robin(6);
  EXPECT_EQ(run({"result", f, "1", "1", "+"}).code, 0);
  EXPECT_EQ(run({"result", f, "2", "1", "-"}).code, 0);
  Outcome r = run({"result", f, "3", "1", "+"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("excluded (FIDE Tournament Rules 11(b))"), std::string::npos) << r.out;
  auto t = tournament::read_trf_file(f);
  ASSERT_TRUE(t);
  EXPECT_NE(t->header("XXW").find("6 3 excluded"), std::string::npos);
  EXPECT_EQ(t->player(6)->entry(4).result, '-');  // 6-5
  EXPECT_EQ(t->player(5)->entry(4).result, '+');
  EXPECT_EQ(t->player(3)->entry(5).result, '+');  // 3-6
  EXPECT_EQ(run({"check", f}).code, 0);
}

TEST_F(TournamentCommandTest, BothAbsentIsMarkedTwice) {
  const std::string f = round_robin(6);
  EXPECT_EQ(run({"withdraw", f, "6", "--after-round", "0"}).code, 0);
  EXPECT_EQ(run({"withdraw", f, "5", "--after-round", "0"}).code, 0);
  auto t = tournament::read_trf_file(f);
  ASSERT_TRUE(t);
  // Round 4: 6-5, neither comes.
  EXPECT_EQ(t->player(6)->entry(4).result, '-');
  EXPECT_EQ(t->player(5)->entry(4).result, '-');
  Outcome r = run({"crosstable", f});
  EXPECT_NE(r.out.find("--"), std::string::npos) << r.out;
}

TEST_F(TournamentCommandTest, SwissRegistrationSortsTheStartList) {
  const std::string f = path("s.trf");
  ASSERT_EQ(run({"new", "--system", "swiss-dutch", "--rounds", "5", "--points", "3,1,0", f}).code, 0);
  ASSERT_EQ(run({"add-player", f, "--name", "Low, A", "--rating", "1500"}).code, 0);
  ASSERT_EQ(run({"add-player", f, "--name", "High, B", "--rating", "2500", "--title", "GM", "--sex", "m", "--fide-id",
                 "1503014", "--birth", "1990/11/30"})
                .code,
            0);
  auto t = tournament::read_trf_file(f);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->player(1)->name, "High, B");
  EXPECT_EQ(t->player(1)->title, "g");
  EXPECT_EQ(t->player(1)->fide_id, "1503014");
  EXPECT_EQ(t->points.win, 30);
  EXPECT_EQ(t->total_rounds, 5);
  EXPECT_EQ(run({"draw", f}).code, 1);  // Swiss rounds are paired, not drawn
}

TEST_F(TournamentCommandTest, ErrorsNameWhatAndWhere) {
  const std::string f = round_robin(4);
  Outcome r = run({"result", f, "1", "9", "1-0"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("round 1 has no board \"9\" (boards 1-2)"), std::string::npos) << r.err;
  r = run({"result", f, "1", "1", "2-0"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("round 1 board 1: result \"2-0\""), std::string::npos) << r.err;
  r = run({"result", f, "7", "1", "1-0"});
  EXPECT_NE(r.err.find("round 7 is not paired"), std::string::npos) << r.err;
  r = run({"add-player", f, "--name", "Late, L"});
  EXPECT_NE(r.err.find("has been drawn"), std::string::npos) << r.err;
  r = run({"add-player", path("missing.trf"), "--name", "X"});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("missing.trf"), std::string::npos) << r.err;
  r = run({"new", "--system", "round-robin", f});
  EXPECT_NE(r.err.find("already exists"), std::string::npos);
  r = run({"new", "--system", "knockout", path("k.trf")});
  EXPECT_NE(r.err.find("unknown pairing system \"knockout\""), std::string::npos) << r.err;
  r = run({"new", "--system", "swiss-dutch", path("k.trf")});
  EXPECT_NE(r.err.find("--rounds"), std::string::npos) << r.err;
  r = run({"new", "--system", "round-robin", "--points", "1,x,0", path("k.trf")});
  EXPECT_NE(r.err.find("\"x\" is not a number"), std::string::npos) << r.err;
  r = run({"standings", f, "--tie-breaks", "BH,NOPE"});
  EXPECT_NE(r.err.find("unknown tie-break \"NOPE\""), std::string::npos) << r.err;
  const std::string g = path("g.trf");
  ASSERT_EQ(run({"new", "--system", "round-robin", g}).code, 0);
  r = run({"add-player", g, "--name", "A", "--federation", "norway"});
  EXPECT_NE(r.err.find("--federation \"norway\""), std::string::npos) << r.err;
  r = run({"add-player", g, "--name", "A", "--birth", "30.11.1990"});
  EXPECT_NE(r.err.find("--birth"), std::string::npos) << r.err;
  EXPECT_NE(run({"frobnicate"}).code, 0);
}

TEST_F(TournamentCommandTest, CheckFindsInconsistencies) {
  const std::string f = round_robin(4);
  ASSERT_EQ(run({"result", f, "1", "1", "1-0", "2", "1/2"}).code, 0);
  auto t = tournament::read_trf_file(f);
  ASSERT_TRUE(t);
  // A result that does not agree with the opponent's, wrong declared points.
  t->player(4)->rounds[0].result = '1';
  t->player(2)->points = 40;
  std::ofstream(f) << tournament::write_trf(*t);
  Outcome r = run({"check", f});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("player 1, round 1: results '1' and '1' (opponent 4) do not agree"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("player 2: declared 4.0 points, the results give 0.5"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace tabiya::cli

namespace tabiya::cli {
namespace {

class TournamentSwissCommandTest : public TournamentCommandTest {};

TEST_F(TournamentSwissCommandTest, PairEnterResultsAndCheck) {
  const std::string f = path("swiss.trf");
  ASSERT_EQ(run({"new", "--system", "swiss-dutch", "--rounds", "3", f}).code, 0);
  for (int i = 1; i <= 5; ++i)
    ASSERT_EQ(run({"add-player", f, "--name", std::string("S").append(std::to_string(i)), "--rating",
                   std::to_string(2000 - 50 * i)})
                  .code,
              0);
  Outcome r = run({"pair", f});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("bye: 5 S5"), std::string::npos) << r.out;  // the lowest player gets the bye
  EXPECT_NE(r.out.find("board 2:"), std::string::npos) << r.out;
  r = run({"pair", f});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("round 1 board 1 has no result yet"), std::string::npos) << r.err;
  ASSERT_EQ(run({"result", f, "1", "1", "1-0", "2", "1/2"}).code, 0);

  // Drop-in mode: the JaVaFo form, the TRF untouched.
  const std::string before = read("swiss.trf");
  r = run({"pair", f, "-p", path("out.txt")});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(read("swiss.trf"), before);
  std::istringstream javafo(read("out.txt"));
  int pairs = 0, lines = 0;
  javafo >> pairs;
  std::string line;
  std::getline(javafo, line);
  while (std::getline(javafo, line)) lines += !line.empty();
  EXPECT_EQ(pairs, 3);
  EXPECT_EQ(lines, 3);

  ASSERT_EQ(run({"pair", f}).code, 0);
  ASSERT_EQ(run({"result", f, "2", "1", "0-1", "2", "1-0"}).code, 0);
  // A withdrawn player is paired no more.
  ASSERT_EQ(run({"withdraw", f, "5"}).code, 0);
  r = run({"pair", f});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.find(" 5 S5"), std::string::npos) << r.out;
  auto t = tournament::read_trf_file(f);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->player(5)->entry(3).opponent, 0);
  ASSERT_EQ(run({"result", f, "3", "1", "1-0", "2", "1-0"}).code, 0);
  r = run({"pair", f});
  EXPECT_NE(r.err.find("all 3 rounds are paired"), std::string::npos) << r.err;
  // The file re-pairs to itself, round by round.
  r = run({"check", f});
  EXPECT_EQ(r.code, 0) << r.out;
  // --rounds: the checker's report per round (C.04.A), here every round identical.
  r = run({"check", f, "--rounds"});
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find(": round 1: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" bye 5: identical\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(": round 3: "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("differs"), std::string::npos) << r.out;
  // Round 3 written with one game's colours the other way round: that round differs, and only that one.
  auto swapped = tournament::read_trf_file(f);
  ASSERT_TRUE(swapped);
  const int a = 1, b = swapped->player(1)->entry(3).opponent;
  ASSERT_NE(b, 0);
  for (int n : {a, b}) {
    auto& e = swapped->player(n)->rounds[2];
    e.colour = e.colour == tournament::Colour::white ? tournament::Colour::black : tournament::Colour::white;
  }
  std::ofstream(path("swapped.trf")) << tournament::write_trf(*swapped);
  r = run({"check", path("swapped.trf"), "--rounds"});
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find(": identical\n"), std::string::npos) << r.out;  // rounds 1 and 2
  EXPECT_NE(r.out.find(": round 3: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(": differs\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("round 3: the FIDE Dutch system pairs"), std::string::npos) << r.out;
  r = run({"standings", f});
  EXPECT_NE(r.out.find("BH-C1"), std::string::npos) << r.out;
}

// C.04.3 C1 forbids a second game between two players; a game lost by
// forfeit was not played (bbpPairings pairs such players again), so check
// reports only a repeated game played over the board.
TEST_F(TournamentSwissCommandTest, CheckCountsOnlyPlayedGamesAsMeetings) {
  const std::string f = path("swiss.trf");
  ASSERT_EQ(run({"new", "--system", "swiss-dutch", "--rounds", "2", f}).code, 0);
  for (int i = 1; i <= 4; ++i)
    ASSERT_EQ(run({"add-player", f, "--name", std::string("S").append(std::to_string(i)), "--rating",
                   std::to_string(2000 - 50 * i)})
                  .code,
              0);
  auto t = tournament::read_trf_file(f);
  ASSERT_TRUE(t);
  auto game = [&](int round, int white, int black, char white_result, char black_result) {
    for (auto [who, opponent, colour, result] : {std::tuple{white, black, tournament::Colour::white, white_result},
                                                 std::tuple{black, white, tournament::Colour::black, black_result}}) {
      auto& rounds = t->player(who)->rounds;
      rounds.resize(static_cast<size_t>(round));
      rounds[static_cast<size_t>(round - 1)] = tournament::RoundEntry{opponent, colour, result};
    }
  };
  game(1, 1, 3, '+', '-');  // forfeit: not played
  game(1, 4, 2, '1', '0');
  game(2, 3, 1, '0', '1');  // 1 and 3 play their game now
  game(2, 2, 4, '1', '0');  // 2 and 4 meet a second time over the board
  for (auto& p : t->players) p.points = t->score_after(p, 2);
  std::ofstream(f) << tournament::write_trf(*t);
  Outcome r = run({"check", f});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("player 2 meets player 4 more than once (round 2)"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("player 1 meets player 3"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace tabiya::cli

namespace tabiya::cli {
namespace {

TEST_F(TournamentCommandTest, DoubleRoundRobinReversesColours) {
  const std::string f = round_robin(4, "double-round-robin");
  auto t = tournament::read_trf_file(f);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->total_rounds, 6);
  for (int r = 1; r <= 3; ++r) {
    for (const auto& p : t->players) {
      EXPECT_EQ(p.entry(r + 3).opponent, p.entry(r).opponent);
      EXPECT_EQ(p.entry(r + 3).colour, tournament::opposite(p.entry(r).colour));
    }
  }
  EXPECT_EQ(run({"check", f}).code, 0);
  // Each pair meets twice, once per cycle; a third meeting is reported.
  for (auto& p : t->players) p.rounds[5] = p.rounds[0];  // round 6 repeats round 1
  std::ofstream(f) << tournament::write_trf(*t);
  Outcome r = run({"check", f});
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("player 1 meets player 4 more than 2 times"), std::string::npos) << r.out;
}

// The withdrawal's round, decided by the tournament office as on the server: a Swiss player paired in the round
// being played leaves after it (his game there is his to finish), and nothing after it writes a file but durably:
// no temporary file remains beside the TRF.
TEST_F(TournamentSwissCommandTest, AWithdrawalDuringARoundLeavesAfterIt) {
  const std::string f = path("swiss.trf");
  ASSERT_EQ(run({"new", "--system", "swiss-dutch", "--rounds", "3", f}).code, 0);
  for (int i = 1; i <= 4; ++i)
    ASSERT_EQ(run({"add-player", f, "--name", std::string("S").append(std::to_string(i)), "--rating",
                   std::to_string(2000 - 50 * i)})
                  .code,
              0);
  ASSERT_EQ(run({"pair", f}).code, 0);
  Outcome r = run({"withdraw", f, "4"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("withdrawn after round 1"), std::string::npos) << r.out;
  auto t = tournament::read_trf_file(f);
  ASSERT_TRUE(t);
  EXPECT_NE(t->header("XXW").find("4 1"), std::string::npos) << t->header("XXW");
  std::vector<std::string> names;
  for (const auto& item : fs::directory_iterator(dir_)) names.push_back(item.path().filename().string());
  EXPECT_EQ(names, std::vector<std::string>{"swiss.trf"});
}

}  // namespace
}  // namespace tabiya::cli
