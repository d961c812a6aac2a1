// `tabiya bench`: a fixed search over a fixed set of positions. The node
// count is a signature of the search (same binary and depth, one thread:
// same count), so a change that alters it changed the search; nps measures speed.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string_view>
#include <vector>

namespace tabiya::engine {

inline constexpr int DEFAULT_BENCH_DEPTH = 13;

// The positions searched (FEN).
const std::vector<std::string_view>& bench_positions();

struct BenchResult {
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  uint64_t nps = 0;
};

// Searches every bench position to `depth` with one thread and a 16 MB hash
// cleared before each; writes one line per position to `log` if given.
BenchResult run_bench(int depth = DEFAULT_BENCH_DEPTH, std::ostream* log = nullptr);

}  // namespace tabiya::engine
