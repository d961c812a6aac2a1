// The FIDE Tournament Report File reader and writer (TRF-16 with the XXR, XXC
// and BBx extension lines, and the 2026 revision's 142/152/162 codes).
#include "tournament/trf.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace tabiya::tournament {
namespace {

// A 001 line with every field at its TRF-16 column (1-based columns in the comments of trf.h).
std::string line001(int number, const std::string& sex_title, const std::string& name, const std::string& rating,
                    const std::string& fed, const std::string& id, const std::string& born, const std::string& points,
                    const std::string& rank, const std::vector<std::string>& rounds) {
  auto put = [](std::string& l, size_t col, const std::string& v, bool right_align, size_t width) {
    std::string f = right_align ? std::string(width - v.size(), ' ') + v : v + std::string(width - v.size(), ' ');
    if (l.size() < col - 1 + width) l.resize(col - 1 + width, ' ');
    l.replace(col - 1, width, f);
  };
  std::string l = "001";
  put(l, 5, std::to_string(number), true, 4);
  put(l, 10, sex_title, false, 4);
  put(l, 15, name, false, 33);
  put(l, 49, rating, true, 4);
  put(l, 54, fed, false, 3);
  put(l, 58, id, true, 11);
  put(l, 70, born, false, 10);
  put(l, 81, points, true, 4);
  put(l, 86, rank, true, 4);
  for (size_t i = 0; i < rounds.size(); ++i) put(l, 92 + 10 * i, rounds[i], false, 8);
  while (l.back() == ' ') l.pop_back();
  return l + "\n";
}

const std::string kSmall =
    "012 Test Open\n"
    "092 FIDE_DUTCH_2025\n" +
    line001(1, "mGM", "Carlsen, Magnus", "2830", "NOR", "1503014", "1990/11/30", "1.5", "1", {"   2 w 1", "   3 b ="}) +
    line001(2, "wIM", "Somebody, Anna", "2400", "GER", "123456", "2001", "0.5", "3", {"   1 b 0", "0000 - H"}) +
    line001(3, "", "Unrated, Joe", "", "", "", "", "0.5", "2", {"0000 - Z", "   1 w ="}) +
    "XXR 5\n"
    "XXC white1\n";

TEST(TournamentTrf, ReadsPlayerLineFields) {
  auto t = read_trf(kSmall);
  ASSERT_TRUE(t.ok()) << t.error().message;
  ASSERT_EQ(t->players.size(), 3u);
  const Player& p = *t->player(1);
  EXPECT_EQ(p.sex, 'm');
  EXPECT_EQ(p.title, "GM");
  EXPECT_EQ(p.name, "Carlsen, Magnus");
  EXPECT_EQ(p.rating, 2830);
  EXPECT_EQ(p.federation, "NOR");
  EXPECT_EQ(p.fide_id, "1503014");
  EXPECT_EQ(p.birth_date, "1990/11/30");
  EXPECT_EQ(p.points, 15);
  EXPECT_EQ(p.rank, 1);
  ASSERT_EQ(p.rounds.size(), 2u);
  EXPECT_EQ(p.rounds[0].opponent, 2);
  EXPECT_EQ(p.rounds[0].colour, Colour::white);
  EXPECT_EQ(p.rounds[0].result, '1');
  EXPECT_EQ(t->player(2)->rounds[1].result, 'H');
  EXPECT_TRUE(t->player(2)->rounds[1].absent());
  EXPECT_EQ(t->player(3)->rating, 0);
  EXPECT_EQ(t->total_rounds, 5);
  EXPECT_EQ(t->initial_colour, Colour::white);
  EXPECT_EQ(t->name(), "Test Open");
  EXPECT_EQ(t->score_after(*t->player(2), 2), 5);
  EXPECT_EQ(t->score_after(*t->player(1), 2), 15);
  EXPECT_TRUE(t->met(1, 3, 2));
  EXPECT_FALSE(t->met(1, 3, 1));
}

TEST(TournamentTrf, WriteThenReadRoundTrips) {
  auto t = read_trf(kSmall);
  ASSERT_TRUE(t.ok()) << t.error().message;
  t->points.win = 30;
  t->points.draw = 10;
  t->points.pairing_bye = 30;
  std::string text = write_trf(*t);
  auto again = read_trf(text);
  ASSERT_TRUE(again.ok()) << again.error().message << "\n" << text;
  EXPECT_EQ(write_trf(*again), text);
  EXPECT_EQ(again->points.win, 30);
  EXPECT_EQ(again->points.draw, 10);
  EXPECT_EQ(again->player(1)->name, "Carlsen, Magnus");
}

// The TRF ends its lines with CR (bbpPairings writes it so); Windows programs
// write CR LF. Each reads as the LF file does, and errors count the same lines.
TEST(TournamentTrf, ReadsCrAndCrLfLineEndings) {
  auto with_endings = [](const std::string& text, const std::string& eol) {
    std::string out;
    for (char c : text) out += c == '\n' ? eol : std::string(1, c);
    return out;
  };
  auto lf = read_trf(kSmall);
  ASSERT_TRUE(lf.ok()) << lf.error().message;
  for (const std::string eol : {"\r", "\r\n"}) {
    auto t = read_trf(with_endings(kSmall, eol));
    ASSERT_TRUE(t.ok()) << t.error().message;
    EXPECT_EQ(t->players.size(), 3u);
    EXPECT_EQ(t->total_rounds, 5);
    EXPECT_EQ(write_trf(*t), write_trf(*lf));
    auto bad = read_trf(with_endings("012 x\n\n" + line001(1, "", "A", "24x0", "", "", "", "0.0", "", {}), eol));
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("line 3, column 49"), std::string::npos) << bad.error().message;
  }
}

TEST(TournamentTrf, EveryConformanceFileRoundTrips) {
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(TABIYA_TEST_DATA "/tournaments/dutch-random")) {
    if (entry.path().extension() != ".trf") continue;
    auto t = read_trf_file(entry.path().string());
    ASSERT_TRUE(t.ok()) << t.error().message;
    std::string text = write_trf(*t);
    auto again = read_trf(text);
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_EQ(write_trf(*again), text) << entry.path();
    // Declared points agree with the results under the default point system.
    for (const Player& p : t->players) EXPECT_EQ(t->score_after(p, 99), p.points) << entry.path() << " " << p.number;
    ++files;
  }
  EXPECT_EQ(files, 60);
}

TEST(TournamentTrf, PointLines) {
  auto t = read_trf("BBW 3.0\nBBD 1.0\nBBU 2.0\nBBF 0.0\n");
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_EQ(t->points.win, 30);
  EXPECT_EQ(t->points.draw, 10);
  EXPECT_EQ(t->points.pairing_bye, 20);
  auto u = read_trf("162 W  3.0 D  1.0 L  0.0\n142 9\n152 B\n");
  ASSERT_TRUE(u.ok()) << u.error().message;
  EXPECT_EQ(u->points.win, 30);
  EXPECT_EQ(u->points.pairing_bye, 30);
  EXPECT_EQ(u->total_rounds, 9);
  EXPECT_EQ(u->initial_colour, Colour::black);
}

TEST(TournamentTrf, ErrorsNameLineAndColumn) {
  auto bad_rating = read_trf("012 x\n" + line001(1, "", "A", "24x0", "", "", "", "0.0", "", {}));
  ASSERT_FALSE(bad_rating.ok());
  EXPECT_NE(bad_rating.error().message.find("line 2, column 49"), std::string::npos) << bad_rating.error().message;
  auto bad_result = read_trf(line001(1, "", "A", "2400", "", "", "", "0.0", "", {"   2 w X"}) +
                             line001(2, "", "B", "2400", "", "", "", "0.0", "", {"   1 b 0"}));
  ASSERT_FALSE(bad_result.ok());
  EXPECT_NE(bad_result.error().message.find("line 1, column 99"), std::string::npos) << bad_result.error().message;
  auto missing = read_trf(line001(1, "", "A", "2400", "", "", "", "0.0", "", {"   7 w 1"}));
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("opponent 7"), std::string::npos) << missing.error().message;
  auto dup =
      read_trf(line001(1, "", "A", "", "", "", "", "0.0", "", {}) + line001(1, "", "B", "", "", "", "", "0.0", "", {}));
  ASSERT_FALSE(dup.ok());
  EXPECT_NE(dup.error().message.find("line 2"), std::string::npos);
  auto rounds = read_trf("XXR zero\n");
  ASSERT_FALSE(rounds.ok());
  EXPECT_NE(rounds.error().message.find("line 1, column 5"), std::string::npos);
}

}  // namespace
}  // namespace tabiya::tournament
