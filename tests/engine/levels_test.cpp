// Levels 1-10: the Elo table, UCI_Elo mapping, determinism with a seed, and
// no one-move queen blunders from level 5 up.
#include "engine/levels.h"

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "engine/search.h"
#include "engine/see.h"
#include "engine_test_support.h"

namespace tabiya::engine {
namespace {

using test::fen;

TEST(Levels, EloRisesWithTheLevel) {
  EXPECT_EQ(elo_for_level(1), MIN_ELO);
  EXPECT_EQ(elo_for_level(10), MAX_ELO);
  for (int level = MIN_LEVEL; level < MAX_LEVEL; ++level) {
    EXPECT_LT(elo_for_level(level), elo_for_level(level + 1));
    EXPECT_GE(level_params(level).eval_noise, level_params(level + 1).eval_noise);
  }
  EXPECT_EQ(level_params(10).eval_noise, 0);
  EXPECT_EQ(level_params(10).max_depth, 0);
  EXPECT_EQ(level_params(99).level, 10);
  EXPECT_EQ(level_params(-3).level, 1);
}

TEST(Levels, UciEloMapsToTheNearestLevel) {
  for (int level = MIN_LEVEL; level <= MAX_LEVEL; ++level) EXPECT_EQ(level_for_elo(elo_for_level(level)), level);
  EXPECT_EQ(level_for_elo(0), 1);
  EXPECT_EQ(level_for_elo(5000), 10);
  EXPECT_EQ(level_for_elo(elo_for_level(4) + 10), 4);
}

Move robot_move(const Position& pos, int level, uint64_t seed) {
  EngineOptions options;
  options.level = level;
  options.seed = seed;
  Engine engine(options);
  engine.set_position(pos, {});
  return engine.search(SearchLimits{}).best;
}

TEST(Levels, SeededLevelsAreDeterministic) {
  const Position pos = fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
  for (int level : {1, 3, 6}) {
    const Move first = robot_move(pos, level, 42);
    EXPECT_TRUE(legal_moves(pos).contains(first));
    EXPECT_EQ(robot_move(pos, level, 42), first) << "level " << level;
  }
}

TEST(Levels, LowLevelsVaryWithTheSeed) {
  // A beginner does not always play the same move in the same position.
  const Position pos = Position::startpos();
  std::vector<Move> seen;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    const Move m = robot_move(pos, 1, seed);
    if (std::find(seen.begin(), seen.end(), m) == seen.end()) seen.push_back(m);
  }
  EXPECT_GE(seen.size(), 3u);
}

// True when the side that just moved left its queen where the opponent wins
// at least a rook's worth by taking it.
bool hangs_queen(const Position& after) {
  for (Move m : legal_moves(after)) {
    const Piece victim = after.piece_on(m.to());
    if (victim != NO_PIECE && type_of(victim) == QUEEN && m.kind() != MoveKind::CASTLING &&
        see_at_least(after, m, SEE_VALUE[ROOK]))
      return true;
  }
  return false;
}

TEST(Levels, FromLevelFiveTheRobotNeverHangsItsQueen) {
  // Quiet positions, positions where the robot's queen is attacked and must
  // move, and one where it can win the opponent's queen.
  const char* const positions[] = {
      "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
      "rnb1kbnr/pppp1ppp/8/4p1q1/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 3",
      "r1b1kbnr/pppp1ppp/2n5/4p1q1/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 4",
      "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R b KQkq - 0 5",
      "rnbqkb1r/ppp2ppp/4pn2/3p2B1/2PP4/2N5/PP2PPPP/R2QKBNR b KQkq - 1 4",
      "r2qkbnr/ppp2ppp/2np4/4p3/2B1P1b1/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 2 5",
  };
  for (const char* text : positions) {
    const Position pos = fen(text);
    for (int level = 5; level <= 8; ++level) {
      for (uint64_t seed : {1, 2}) {
        const Move m = robot_move(pos, level, seed);
        ASSERT_TRUE(legal_moves(pos).contains(m));
        Position after = pos;
        UndoInfo undo;
        after.do_move(m, undo);
        // The side that moved is now the opponent of the side to move.
        EXPECT_FALSE(hangs_queen(after)) << text << " level " << level << " seed " << seed << " move "
                                         << square_name(m.from()) << square_name(m.to());
      }
    }
  }
}

}  // namespace
}  // namespace tabiya::engine
