// The exhaustive walk of the helpmate search (unwinnability_helpmate.h) over
// positions whose depth-first walk goes deeper than 65,536 plies: it used to
// stop expanding there and so never proved anything, whatever its budget. The
// family in tests/data/dead/deep_walks.txt is checked twice: its labels
// against an independent walk over every reachable position, and the default
// budget's verdicts against its labels. The family in probe_mates.txt needs
// the walk's short quick searches after promotions to be found at the default
// budget; every line found is replayed to mate.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "game_test_support.h"
#include "labelled_positions.h"
#include "laws/dead_position.h"
#include "reachable_mates.h"

namespace tabiya {
namespace {

using reachable_mates::line_mates;
using reachable_mates::mates_reachable;

std::vector<LabelledPosition> read_deep_walks() { return read_labelled_positions("deep_walks.txt"); }

TEST(HelpmateDeepWalk, LabelsAgreeWithAWalkOverEveryReachablePosition) {
  std::vector<LabelledPosition> cases = read_deep_walks();
  ASSERT_GE(cases.size(), 4u);
  for (const LabelledPosition& c : cases) {
    SCOPED_TRACE("deep_walks.txt line " + std::to_string(c.line) + ": " + c.fen);
    bool mates[COLOR_NB], complete = false;
    mates_reachable(game_test::fen(c.fen), 400'000, mates, complete);
    ASSERT_TRUE(complete);
    EXPECT_EQ(mates[WHITE], c.winnable(WHITE));
    EXPECT_EQ(mates[BLACK], c.winnable(BLACK));
  }
}

TEST(HelpmateDeepWalk, TheDefaultBudgetDecidesEveryOne) {
  for (const LabelledPosition& c : read_deep_walks()) {
    SCOPED_TRACE("deep_walks.txt line " + std::to_string(c.line) + ": " + c.fen);
    Position pos = game_test::fen(c.fen);
    for (Color winner : {WHITE, BLACK}) {
      WinnabilityResult result = can_checkmate(pos, winner);
      EXPECT_EQ(result.verdict, c.winnable(winner) ? Winnability::WINNABLE : Winnability::UNWINNABLE);
      if (result.verdict == Winnability::UNWINNABLE) {
        EXPECT_EQ(result.reason, UnwinnableReason::EXHAUSTED_SEARCH);
      }
    }
  }
}

TEST(HelpmateDeepWalk, AQuickSearchAfterAPromotionFindsTheMateTheWalkHasNoBudgetFor) {
  std::ifstream in(std::string(TABIYA_TEST_DATA) + "/dead/probe_mates.txt");
  ASSERT_TRUE(in.good());
  int cases = 0;
  std::string text;
  for (int number = 1; std::getline(in, text); ++number) {
    if (trimmed_field(text).empty() || trimmed_field(text)[0] == '#') continue;
    std::size_t bar = text.find('|');
    ASSERT_NE(bar, std::string::npos) << "probe_mates.txt line " << number;
    std::string fen = trimmed_field(text.substr(0, bar)), side = trimmed_field(text.substr(bar + 1));
    ASSERT_TRUE(side == "white" || side == "black") << "probe_mates.txt line " << number;
    SCOPED_TRACE("probe_mates.txt line " + std::to_string(number) + ": " + fen);
    Color winner = side == "white" ? WHITE : BLACK;
    Position pos = game_test::fen(fen);
    WinnabilityResult result = can_checkmate(pos, winner);
    ASSERT_EQ(result.verdict, Winnability::WINNABLE);
    EXPECT_TRUE(line_mates(pos, winner, result.mating_line));
    ++cases;
  }
  EXPECT_GE(cases, 4);
}

}  // namespace
}  // namespace tabiya
