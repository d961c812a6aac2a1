// The team sections of the TRF (team_trf.h): TRF-16's 013 lines and the 2025
// revision's 310/320/330/352/362 records, written and read back, and bad
// records reported by line and column.
#include "tournament/team_trf.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "team_test_support.h"
#include "tournament/team_round_robin.h"
#include "tournament/team_standings.h"
#include "tournament/trf.h"

namespace tabiya::tournament {
namespace {

using test::first_players;
using test::team_event;

// Every match as "r1: 1-4 [1v16 w 1:0] ...": what a round trip must keep.
std::string describe(const TeamEvent& e) {
  std::ostringstream s;
  s << "boards " << e.boards << "\n";
  for (const Team& t : e.teams) {
    s << "team " << t.number << " " << t.name << ":";
    for (int m : t.members) s << " " << m;
    s << "\n";
  }
  for (size_t r = 0; r < e.rounds.size(); ++r) {
    s << "r" << r + 1 << ":";
    for (const TeamMatch& m : e.rounds[r]) {
      s << " " << m.first << "-" << m.second << " [";
      for (const MatchBoard& b : m.boards)
        s << b.first_player << "v" << b.second_player << " " << static_cast<char>(b.first_colour) << " "
          << b.first_result << ":" << b.second_result << ",";
      s << "]";
    }
    s << "\n";
  }
  return s.str();
}

// Four teams of four boards and a reserve, a single round robin:
// round 1 all played (board 4 of team A the reserve), round 2 with an empty
// board, round 3 with team B not coming at all.
TeamEvent sample() {
  TeamEvent e = team_event(4, 4, 5);
  e.players.set_header("012", "Team sample");
  e.rounds = team_round_robin(4, 4, 1);
  auto play_all = [&](int round, int index, std::vector<int> first, std::vector<int> second, const std::string& codes) {
    ASSERT_TRUE(set_lineups(e, round, index, first, second).ok());
    for (int b = 1; b <= 4; ++b) {
      const char c = codes[b - 1];
      if (c == '.') continue;  // an empty place: its result is set already
      ASSERT_TRUE(enter_board_result(e, round, index, b, c, c == '1' ? '0' : c == '0' ? '1' : '=').ok());
    }
  };
  play_all(1, 0, {1, 2, 3, 5}, first_players(e, 4), "1=0=");
  play_all(1, 1, first_players(e, 2), first_players(e, 3), "1111");
  play_all(2, 0, first_players(e, 4), first_players(e, 3), "0===");
  play_all(2, 1, first_players(e, 1), {6, 7, 8}, "10=.");
  play_all(3, 0, {}, first_players(e, 4), "....");  // team B stays away
  play_all(3, 1, first_players(e, 3), first_players(e, 1), "====");
  for (auto& round : e.rounds) number_matches(round);
  return e;
}

TEST(TeamTrfTest, Trf16TeamLinesAsTheFormatLaysThemOut) {
  const std::string text = write_team_trf(sample(), TrfVersion::trf16);
  // Name in columns 5-36, start numbers in 37-40, 42-45, ...
  EXPECT_NE(text.find("\n013 Team A" + std::string(26, ' ') + "   1    2    3    4    5\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\n352 WBWB\n"), std::string::npos);
  EXPECT_NE(text.find("\n362  W 2.0    D 1.0    L 0.0\n"), std::string::npos);
  EXPECT_NE(text.find("\n330 -+   3   2   4\n"), std::string::npos) << "team B did not come in round 3";
  EXPECT_EQ(text.find("\n310 "), std::string::npos);
}

TEST(TeamTrfTest, Trf25TeamRecordsCarryTheScores) {
  const std::string text = write_team_trf(sample(), TrfVersion::trf25);
  // Team A: 1 + 2 + 1 match points (2, 2.5 and 2 game points), first; number in 5-7, name in 9-40, match
  // points in 55-60, game points in 62-67, rank in 69-71, start numbers from 74.
  EXPECT_NE(text.find("\n310   1 Team A" + std::string(26, ' ') + " " + std::string(5, ' ') + " " +
                      std::string(6, ' ') + "    4.0    6.5   1     1    2    3    4    5\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("\n013 "), std::string::npos);
}

TEST(TeamTrfTest, BothVersionsRoundTrip) {
  const TeamEvent e = sample();
  for (TrfVersion v : {TrfVersion::trf16, TrfVersion::trf25}) {
    const std::string text = write_team_trf(e, v);
    auto back = read_team_trf(text, "sample.trf");
    ASSERT_TRUE(back.ok()) << back.error().message << "\n" << text;
    EXPECT_EQ(describe(*back), describe(e)) << text;
    EXPECT_EQ(write_team_trf(*back, v), text);
    EXPECT_EQ(back->players.name(), "Team sample");
  }
}

TEST(TeamTrfTest, TheByeAndTheMatchPointsRoundTrip) {
  TeamEvent e = team_event(3, 2, 2);
  e.match_points = {30, 10, 0};
  e.bye_match_points = 30;
  e.rounds = team_round_robin(3, 2, 1);
  e.rounds.resize(1);  // round 1: team 1 rests, 2-3
  ASSERT_TRUE(
      set_lineups(e, 1, 0, first_players(e, e.rounds[0][0].first), first_players(e, e.rounds[0][0].second)).ok());
  ASSERT_TRUE(enter_board_result(e, 1, 0, 1, '1', '0').ok());
  ASSERT_TRUE(enter_board_result(e, 1, 0, 2, '=', '=').ok());
  const std::string text = write_team_trf(e, TrfVersion::trf25);
  EXPECT_NE(text.find("\n320  3.0  1.0   1\n"), std::string::npos) << text;
  auto back = read_team_trf(text);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->match_points, e.match_points);
  EXPECT_EQ(back->bye_match_points, 30);
  EXPECT_EQ(describe(*back), describe(e));
}

// An empty board between two played ones: the 300 records keep everyone on his board (TRF-16's games alone
// would move the empty place to the end).
TEST(TeamTrfTest, BoardOrderRecordsKeepEmptyPlacesWhereTheyWere) {
  TeamEvent e = team_event(2, 4, 4);
  e.rounds = {{TeamMatch{1, 2, std::vector<MatchBoard>(4)}}};
  ASSERT_TRUE(set_lineups(e, 1, 0, {1, 0, 3, 4}, {5, 6, 7, 0}).ok());
  for (int b : {1, 3}) ASSERT_TRUE(enter_board_result(e, 1, 0, b, '1', '0').ok());
  const std::string text = write_team_trf(e, TrfVersion::trf25);
  EXPECT_NE(text.find("\n300   1   1   2    1    0    3    4\n300   1   2   1    5    6    7    0\n"),
            std::string::npos)
      << text;
  auto back = read_team_trf(text);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(describe(*back), describe(e));
  EXPECT_EQ(back->rounds[0][0].boards[1].first_result, '-');
  EXPECT_EQ(back->rounds[0][0].boards[1].second_result, '+');

  std::string stranger = text;
  stranger.replace(stranger.find("\n300   1   1   2    1") + 17, 4, "   6");
  auto bad = read_team_trf(stranger, "e.trf");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("column 17: player 6 does not play for team 1"), std::string::npos)
      << bad.error().message;
}

// Without 352 (as TRF-16 files from other programs come) the boards are the most players a team fielded.
TEST(TeamTrfTest, Trf16WithoutBoardCountCountsTheLineUps) {
  std::string text = write_team_trf(sample(), TrfVersion::trf16);
  text.erase(text.find("352 WBWB\n"), 9);
  auto back = read_team_trf(text);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->boards, 4);
}

TEST(TeamTrfTest, BadRecordsNameLineAndColumn) {
  const std::string good = write_team_trf(sample(), TrfVersion::trf16);
  auto replace_line = [&](const std::string& prefix, const std::string& by) {
    std::string s = good;
    const size_t at = s.find("\n" + prefix) + 1;
    s.replace(at, s.find('\n', at) - at, by);
    return s;
  };
  auto error_of = [](const std::string& text) {
    auto r = read_team_trf(text, "bad.trf");
    return r.ok() ? std::string("(read)") : r.error().message;
  };
  // The line number of the first line starting with `prefix`.
  auto line_of = [&](const std::string& prefix) {
    int n = 1;
    for (size_t i = 0; i < good.find("\n" + prefix) + 1; ++i) n += good[i] == '\n';
    return n;
  };
  const int line = line_of("013 Team A");
  const std::string team_a = "013 Team A" + std::string(26, ' ');  // the name's 32 columns
  const std::string at = "bad.trf: line " + std::to_string(line) + ", ";
  EXPECT_EQ(error_of(replace_line("013 Team A", team_a + "   1    2   x3")),
            at + "column 47: 'x3' is not a start number");
  EXPECT_EQ(error_of(replace_line("013 Team A", team_a + "   1    2  999")),
            at + "column 47: player 999 has no 001 line");
  EXPECT_EQ(error_of(replace_line("013 Team A", team_a + "   1    2    6")),
            "bad.trf: line " + std::to_string(line + 1) + ", column 37: player 6 already plays for team 1");
  EXPECT_EQ(error_of(replace_line("352 ", "352 WBXB")),
            "bad.trf: line " + std::to_string(line + 4) + ", column 7: board colour 'X' is not W or B");
  EXPECT_EQ(error_of(replace_line("362 ", "362  W 2.0    D x.0")),
            "bad.trf: line " + std::to_string(line + 5) + ", column 16: 'x.0' is not points");
  EXPECT_EQ(error_of(replace_line("362 ", "362  W 2.0     D 1.0")),
            "bad.trf: line " + std::to_string(line + 5) +
                ", column 15: expected W, D or L in this column (nine "
                "columns apart from 6)");
  EXPECT_EQ(error_of(replace_line("330 ", "330 ++   3   2   4")),
            "bad.trf: line " + std::to_string(line_of("330 ")) + ", column 5: '++' is not +-, -+ or --");

  const std::string t25 = write_team_trf(sample(), TrfVersion::trf25);
  std::string skipped = t25;
  const size_t second = skipped.find("\n310   2") + 1;
  skipped.replace(second + 4, 3, "  7");
  EXPECT_NE(error_of(skipped).find("column 5: team number '7' is not 2 (teams are numbered in order)"),
            std::string::npos)
      << error_of(skipped);
  EXPECT_EQ(error_of(write_trf(sample().players)), "bad.trf: no team lines (013 or 310)");
}

}  // namespace
}  // namespace tabiya::tournament
