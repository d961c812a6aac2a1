// The stalemate-lock proof (unwinnability_stalemate.h) on the family of
// tests/data/dead/stalemate_locks.txt: labelled by CHA, and checked here by
// independent means (a walk over every reachable position, replayed lines).
// Laws of Chess 2018, Art. 5.2.1 (stalemate ends the game), 5.2.2 and 9.6.2
// (dead position).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "game_test_support.h"
#include "laws/dead_position.h"
#include "laws/unwinnability_stalemate.h"
#include "reachable_mates.h"

namespace tabiya {
namespace {

struct LockCase {
  std::string fen;
  bool winnable[COLOR_NB];
  int line;
};

std::string trimmed(const std::string& s) {
  std::size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t\r");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

std::vector<LockCase> read_locks() {
  std::ifstream in(std::string(TABIYA_TEST_DATA) + "/dead/stalemate_locks.txt");
  EXPECT_TRUE(in.good());
  std::vector<LockCase> out;
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    if (trimmed(text).empty() || trimmed(text)[0] == '#') continue;
    std::vector<std::string> fields;
    std::stringstream ss(text);
    for (std::string field; std::getline(ss, field, '|');) fields.push_back(trimmed(field));
    EXPECT_EQ(fields.size(), 4u) << "stalemate_locks.txt line " << number;
    if (fields.size() != 4) continue;
    out.push_back(LockCase{fields[0], {fields[1] == "winnable", fields[2] == "winnable"}, number});
  }
  return out;
}

TEST(StalemateLock, ProvesTheShutInKingsAndRefusesTheNearMisses) {
  std::vector<LockCase> cases = read_locks();
  ASSERT_GE(cases.size(), 15u);
  int proved = 0, refused = 0;
  for (const LockCase& c : cases) {
    SCOPED_TRACE("stalemate_locks.txt line " + std::to_string(c.line) + ": " + c.fen);
    Position pos = game_test::fen(c.fen);
    for (Color winner : {WHITE, BLACK}) {
      WinnabilityResult result = can_checkmate(pos, winner);
      if (c.winnable[winner]) {
        EXPECT_FALSE(stalemate_lock_unwinnable(pos, winner));
        ASSERT_EQ(result.verdict, Winnability::WINNABLE);
        EXPECT_TRUE(reachable_mates::line_mates(pos, winner, result.mating_line));
        ++refused;
      } else {
        EXPECT_TRUE(stalemate_lock_unwinnable(pos, winner));
        EXPECT_EQ(result.verdict, Winnability::UNWINNABLE);
        EXPECT_EQ(result.reason, UnwinnableReason::STALEMATE_LOCK);
        ++proved;
      }
    }
  }
  EXPECT_GE(proved, 18);
  EXPECT_GE(refused, 12);
}

TEST(StalemateLock, SmallLabelsAgreeWithAWalkOverEveryReachablePosition) {
  int walked = 0;
  for (const LockCase& c : read_locks()) {
    Position pos = game_test::fen(c.fen);
    if (c.winnable[WHITE] || c.winnable[BLACK] || popcount(pos.pieces() & ~pos.pieces(PAWN, KING)) > 2) continue;
    SCOPED_TRACE("stalemate_locks.txt line " + std::to_string(c.line) + ": " + c.fen);
    bool mates[COLOR_NB], complete = false;
    reachable_mates::mates_reachable(pos, 400'000, mates, complete);
    ASSERT_TRUE(complete);
    EXPECT_FALSE(mates[WHITE]);
    EXPECT_FALSE(mates[BLACK]);
    ++walked;
  }
  EXPECT_GE(walked, 7);
}

// The mate the rule is about: with the shut-in king on h4 and the other king
// on h2 (or g2), a dark bishop's check on the d8-h4 diagonal is mate. It can
// only come after White's king stepped h3-h4 while Black's king stood next to
// h3, which is illegal, or after Black's king came to h2/g2 with White's on
// h4, which leaves White no move. With the position set up directly, the mate
// is there, and the rule must not claim otherwise.
TEST(StalemateLock, RefusesWhenTheMateIsAlreadyOnTheBoard) {
  Position set_up = game_test::fen("8/8/7p/5p1P/3b1p1K/5Pp1/6Pk/8 b - - 0 1");
  EXPECT_FALSE(stalemate_lock_unwinnable(set_up, BLACK));
  WinnabilityResult result = can_checkmate(set_up, BLACK);
  ASSERT_EQ(result.verdict, Winnability::WINNABLE);
  EXPECT_TRUE(reachable_mates::line_mates(set_up, BLACK, result.mating_line));
}

}  // namespace
}  // namespace tabiya
