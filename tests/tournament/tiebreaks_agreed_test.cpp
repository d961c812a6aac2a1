// The sample of random events whose tie-breaks agreed with FIDE's
// TieBreakServer (tests/data/tournaments/tiebreaks-agreed/README.md): every
// value of every tie-break in the 2026, 2024 and 2022 editions, and the
// ranks by score and direct encounter, recomputed and compared as text.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tournament_command.h"

namespace tabiya::cli {
namespace {

const std::string kDir = std::string(TABIYA_TEST_DATA) + "/tournaments/tiebreaks-agreed/";

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string run(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  EXPECT_EQ(run_tournament(args, out, err), 0) << err.str();
  return out.str();
}

TEST(TieBreaksAgreedTest, EveryValueAsAgreed) {
  for (int n : {1, 3, 5, 8, 10, 12}) {
    const std::string event = kDir + "event-" + std::to_string(n) + ".trf";
    for (const std::string edition : {"2026", "2024", "2022"}) {
      const std::string expected = read(kDir + "event-" + std::to_string(n) + "." + edition + ".tsv");
      ASSERT_FALSE(expected.empty()) << event << " " << edition;
      // The list of tie-breaks is the file's header after No and Pts.
      std::string list, code;
      std::istringstream header(expected.substr(0, expected.find('\n')));
      header >> code >> code;
      while (header >> code) list += (list.empty() ? "" : ",") + code;
      EXPECT_EQ(run({"tie-breaks", event, "--tie-break-edition", edition, "--tie-breaks", list}), expected)
          << event << " " << edition;
    }
    EXPECT_EQ(run({"standings", event, "--tie-breaks", "DE"}),
              read(kDir + "event-" + std::to_string(n) + ".de-standings.txt"))
        << event;
  }
}

}  // namespace
}  // namespace tabiya::cli
