// `tabiya bench [DEPTH]`: the search's node-count signature and speed (engine/bench.h).
#include <iostream>
#include <memory>

#include "commands.h"
#include "engine/bench.h"

namespace tabiya::cli {

void add_bench_command(CLI::App& app) {
  auto depth = std::make_shared<int>(engine::DEFAULT_BENCH_DEPTH);
  CLI::App* bench = app.add_subcommand("bench", "Search a fixed set of positions: node count (signature) and speed");
  bench->add_option("depth", *depth, "Search depth")->capture_default_str()->check(CLI::Range(1, 30));
  bench->callback([depth] {
    const engine::BenchResult result = engine::run_bench(*depth, &std::cout);
    std::cout << "===========================\n"
              << "Total time (ms) : " << result.time_ms << '\n'
              << "Nodes searched  : " << result.nodes << '\n'
              << "Nodes/second    : " << result.nps << '\n';
  });
}

}  // namespace tabiya::cli
