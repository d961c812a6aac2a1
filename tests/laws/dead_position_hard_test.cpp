// The hard set (tests/data/dead/hard.txt, built by make_hard_set.py): frozen
// pawn walls with bishops of each colour and trapped pieces, kings locked in
// by pawns, minor-piece endings that mate only with the loser's help, mates
// that need an under-promotion, classic dead-position themes. Both
// colours are asked about every position ("can this side still checkmate?",
// FIDE 2014 Art. 1.3, 5.2.b, 6.9). The labels are argued in the generator,
// not taken from the engine; here the engine must never contradict one, every
// winnable answer must replay to mate, every unwinnable one must name its
// proof, and (a benchmark kept as a floor) nearly all must be decided.
#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "labelled_positions.h"
#include "laws/dead_position.h"
#include "laws/unwinnability_static.h"

namespace tabiya {
namespace {

// A tenth of the default budget keeps the test to seconds (and under a minute
// with the sanitizers); bench/dead-hard-set.sh measures the default budget.
const WinnabilityLimits TEST_LIMITS{20'000};

std::vector<LabelledPosition> read_hard_set() { return read_labelled_positions("hard.txt"); }

bool replays_to_mate(const Position& start, Color winner, const std::vector<Move>& line) {
  Position pos = start;
  for (Move m : line) {
    if (!legal_moves(pos).contains(m)) return false;
    UndoInfo undo;
    pos.do_move(m, undo);
  }
  return pos.side_to_move() != winner && is_checkmate(pos);
}

TEST(DeadPositionHardSet, NeverAWrongVerdictAndNearlyAllDecided) {
  std::vector<LabelledPosition> cases = read_hard_set();
  ASSERT_GE(cases.size(), 300u);
  int queries = 0, decided = 0, by_reason[8] = {};
  for (const LabelledPosition& c : cases) {
    SCOPED_TRACE("hard.txt line " + std::to_string(c.line) + ": " + c.fen);
    auto parsed = parse_fen(c.fen);
    ASSERT_TRUE(parsed.ok());
    for (Color winner : {WHITE, BLACK}) {
      ++queries;
      WinnabilityResult result = can_checkmate(*parsed, winner, TEST_LIMITS);
      if (result.verdict == Winnability::UNDETERMINED) continue;
      ++decided;
      EXPECT_EQ(result.verdict, c.expected[winner]) << (winner == WHITE ? "white" : "black") << ": " << c.note;
      if (result.verdict == Winnability::WINNABLE) {
        EXPECT_TRUE(replays_to_mate(*parsed, winner, result.mating_line));
      } else {
        EXPECT_NE(result.reason, UnwinnableReason::NONE);
        ++by_reason[int(result.reason)];
      }
    }
  }
  std::cout << "hard set: " << decided << " of " << queries << " queries decided;";
  for (auto reason :
       {UnwinnableReason::GAME_OVER, UnwinnableReason::MATERIAL, UnwinnableReason::BLOCKED_STRUCTURE,
        UnwinnableReason::UNREACHABLE_REGION, UnwinnableReason::FREEZING_STRUCTURE, UnwinnableReason::EXHAUSTED_SEARCH})
    std::cout << " " << unwinnable_reason_name(reason) << " " << by_reason[int(reason)] << ",";
  std::cout << "\n";
  // A floor that keeps regressions visible: 924 of 940 (98.3%) are decided
  // at this budget (all 940 at the default one; the target there is 99.5%).
  EXPECT_GE(decided * 100, queries * 97) << decided << " of " << queries;
}

TEST(DeadPositionHardSet, QuickModeNeverContradicts) {
  for (const LabelledPosition& c : read_hard_set()) {
    SCOPED_TRACE("hard.txt line " + std::to_string(c.line) + ": " + c.fen);
    auto parsed = parse_fen(c.fen);
    ASSERT_TRUE(parsed.ok());
    for (Color winner : {WHITE, BLACK}) {
      WinnabilityResult quick = can_checkmate_quick(*parsed, winner);
      if (quick.verdict == Winnability::WINNABLE) {
        EXPECT_EQ(c.expected[winner], Winnability::WINNABLE);
        EXPECT_TRUE(replays_to_mate(*parsed, winner, quick.mating_line));
      }
      if (quick.verdict == Winnability::UNWINNABLE) {
        EXPECT_EQ(c.expected[winner], Winnability::UNWINNABLE);
        EXPECT_NE(quick.reason, UnwinnableReason::NONE);
      }
    }
  }
}

TEST(DeadPositionHardSet, DeadExactlyWhenNeitherSideCanMate) {
  // Art. 5.2.b asks about both sides at once; dead_position() must agree with the two labels.
  for (const LabelledPosition& c : read_hard_set()) {
    SCOPED_TRACE("hard.txt line " + std::to_string(c.line) + ": " + c.fen);
    auto parsed = parse_fen(c.fen);
    ASSERT_TRUE(parsed.ok());
    DeadPositionResult result = dead_position(*parsed, TEST_LIMITS);
    bool dead = c.expected[WHITE] == Winnability::UNWINNABLE && c.expected[BLACK] == Winnability::UNWINNABLE;
    if (result.verdict == DeadPositionVerdict::UNDETERMINED) continue;
    EXPECT_EQ(result.verdict, dead ? DeadPositionVerdict::DEAD : DeadPositionVerdict::ALIVE);
    if (result.verdict == DeadPositionVerdict::ALIVE) {
      EXPECT_TRUE(replays_to_mate(*parsed, result.mating_side, result.mating_line));
    }
  }
}

}  // namespace
}  // namespace tabiya
