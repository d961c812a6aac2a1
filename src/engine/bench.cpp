#include "engine/bench.h"

#include <chrono>
#include <ostream>

#include "core/fen.h"
#include "core/uci_move.h"
#include "engine/search.h"

namespace tabiya::engine {

const std::vector<std::string_view>& bench_positions() {
  // Openings, middlegames with tactics, endgames, a promotion race and a
  // Chess960 start (castling rights on unusual files).
  static const std::vector<std::string_view> positions = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
      "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
      "2rq1rk1/pp1bppbp/3p1np1/4n3/3NP3/1BN1BP2/PPPQ2PP/2KR3R b - - 6 12",
      "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "8/8/1p1k4/p1p1p3/P1P1P3/1P1K4/8/8 w - - 0 1",
      "6k1/5ppp/8/8/8/8/1Q3PPP/6K1 w - - 0 1",
      "8/P7/8/8/8/8/6kp/K7 w - - 0 1",
      "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
  };
  return positions;
}

BenchResult run_bench(int depth, std::ostream* log) {
  EngineOptions options;
  options.hash_mb = 16;
  options.threads = 1;
  options.seed = 1;
  Engine engine(options);
  BenchResult total;
  const auto start = std::chrono::steady_clock::now();
  SearchLimits limits;
  limits.depth = depth;
  int index = 0;
  for (std::string_view fen : bench_positions()) {
    auto pos = parse_fen(fen);
    if (!pos) continue;  // the list is fixed and valid; a bad entry would show as a changed signature
    engine.new_game();
    engine.set_position(pos.value(), {});
    const SearchResult result = engine.search(limits);
    total.nodes += result.nodes;
    if (log)
      *log << "position " << ++index << ": bestmove " << to_uci(result.best, pos.value()) << " nodes " << result.nodes
           << '\n';
  }
  total.time_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  total.nps = total.nodes * 1000 / uint64_t(std::max<int64_t>(1, total.time_ms));
  return total;
}

}  // namespace tabiya::engine
