// to_san_all (every legal move's SAN at once, for move events) must write
// exactly what to_san writes for each move (FIDE Laws Appendix C).
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "notation/san.h"

namespace tabiya {
namespace {

// Every legal move of pos, in three styles, against to_san one by one.
void expect_same_as_one_by_one(const Position& pos) {
  const MoveList legal = legal_moves(pos);
  for (auto [style, lang] : {std::pair{SanStyle::LETTERS, Language::EN}, std::pair{SanStyle::FIGURINE, Language::EN},
                             std::pair{SanStyle::LETTERS, Language::DE}}) {
    const std::vector<std::string> all = to_san_all(pos, legal, style, lang);
    ASSERT_EQ(all.size(), legal.size());
    for (std::size_t i = 0; i < legal.size(); ++i)
      ASSERT_EQ(all[i], to_san(pos, legal[i], style, lang)) << to_fen(pos) << " move " << i;
  }
}

// The perft positions (castling both ways, Chess960, en passant, promotions,
// pins, several queens) and every position one move after each.
TEST(SanAll, SameAsToSanOnThePerftPositionsAndTheirChildren) {
  int positions = 0;
  for (const char* name : {"standard.epd", "edge.epd", "random.epd", "chess960.epd"}) {
    std::ifstream in(std::string(TABIYA_TEST_DATA) + "/perft/" + name);
    ASSERT_TRUE(in) << name;
    for (std::string line; std::getline(in, line);) {
      if (line.empty() || line[0] == '#') continue;
      Result<Position> pos = parse_fen(line.substr(0, line.find(';')));
      ASSERT_TRUE(pos.ok()) << line;
      expect_same_as_one_by_one(*pos);
      ++positions;
      for (Move m : legal_moves(*pos)) {
        Position child = *pos;
        UndoInfo undo;
        child.do_move(m, undo);
        expect_same_as_one_by_one(child);
        ++positions;
      }
    }
  }
  EXPECT_GT(positions, 2000);
}

// Seeded random games: checks, mates and twins arise as play goes on.
TEST(SanAll, SameAsToSanThroughRandomGames) {
  std::mt19937 rng(19);
  int checks = 0, mates = 0, disambiguated = 0;
  for (int game = 0; game < 60; ++game) {
    Position pos = Position::startpos();
    for (int ply = 0; ply < 200; ++ply) {
      const MoveList legal = legal_moves(pos);
      if (legal.empty()) break;
      expect_same_as_one_by_one(pos);
      for (const std::string& san : to_san_all(pos, legal)) {
        checks += san.back() == '+';
        mates += san.back() == '#';
        disambiguated += san.size() >= 4 && san[0] >= 'B' && san[0] <= 'R' && san[1] >= 'a' && san[1] <= 'h' &&
                         (san[2] == 'x' || (san[2] >= 'a' && san[2] <= 'h'));
      }
      UndoInfo undo;
      pos.do_move(legal[rng() % legal.size()], undo);
    }
  }
  EXPECT_GT(checks, 100);
  EXPECT_GT(mates, 0);
  EXPECT_GT(disambiguated, 10);
}

}  // namespace
}  // namespace tabiya
