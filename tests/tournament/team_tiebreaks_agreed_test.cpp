// The sample of random team events whose tie-breaks agreed with FIDE's
// TieBreakServer (tests/data/tournaments/team-tiebreaks-agreed/README.md):
// every value of every team tie-break in the 2026, 2024 and 2022 editions,
// recomputed and compared as text.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tournament_command.h"

namespace tabiya::cli {
namespace {

const std::string kDir = std::string(TABIYA_TEST_DATA) + "/tournaments/team-tiebreaks-agreed/";

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(TeamTieBreaksAgreedTest, EveryValueAsAgreed) {
  for (int n : {3, 7, 15, 28, 56, 280}) {
    const std::string event = kDir + "team-" + std::to_string(n) + ".trf";
    for (const std::string edition : {"2026", "2024", "2022"}) {
      const std::string expected = read(kDir + "team-" + std::to_string(n) + "." + edition + ".tsv");
      ASSERT_FALSE(expected.empty()) << event << " " << edition;
      // The list of tie-breaks is the file's header after No, MP and GP.
      std::string list, code;
      std::istringstream header(expected.substr(0, expected.find('\n')));
      header >> code >> code >> code;
      while (header >> code) list += (list.empty() ? "" : ",") + code;
      std::ostringstream out, err;
      ASSERT_EQ(
          run_tournament({"team", "tie-breaks", event, "--tie-break-edition", edition, "--tie-breaks", list}, out, err),
          0)
          << err.str();
      EXPECT_EQ(out.str(), expected) << event << " " << edition;
    }
  }
}

}  // namespace
}  // namespace tabiya::cli
