// tabiya perft [--fen FEN] [--divide] [--threads N] DEPTH
#include <chrono>
#include <iostream>

#include "commands.h"
#include "core/fen.h"
#include "core/perft.h"
#include "core/uci_move.h"

namespace tabiya::cli {

void add_perft_command(CLI::App& app) {
  struct Options {
    std::string fen{START_FEN};
    int depth = 0;
    int threads = 1;
    bool divide = false;
    bool chess960 = false;
  };
  auto opts = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("perft", "Count leaf nodes of the legal move tree (move generation check)");
  cmd->add_option("depth", opts->depth, "Depth in plies")->required()->check(CLI::Range(1, 20));
  cmd->add_option("--fen", opts->fen, "Start position (FEN, X-FEN or Shredder-FEN)");
  cmd->add_option("--threads", opts->threads, "Threads")->check(CLI::Range(1, 256));
  cmd->add_flag("--divide", opts->divide, "Print the count under each root move");
  cmd->add_flag("--chess960", opts->chess960, "Write castling moves as king takes rook");
  cmd->callback([opts] {
    auto pos = parse_fen(opts->fen);
    if (!pos) throw CLI::ValidationError("--fen", pos.error().message);
    if (opts->chess960) pos->set_chess960(true);
    auto start = std::chrono::steady_clock::now();
    auto counts = perft_divide(*pos, opts->depth, opts->threads);
    auto elapsed = std::chrono::steady_clock::now() - start;
    uint64_t nodes = 0;
    for (auto& [move, count] : counts) {
      if (opts->divide) std::cout << to_uci(move, *pos) << ": " << count << '\n';
      nodes += count;
    }
    if (counts.empty()) nodes = opts->depth == 0 ? 1 : 0;
    auto us = std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count();
    uint64_t nps = us > 0 ? uint64_t(double(nodes) * 1e6 / double(us)) : 0;
    std::cout << "nodes " << nodes << " time_ms " << us / 1000 << " nps " << nps << std::endl;
  });
}

}  // namespace tabiya::cli
