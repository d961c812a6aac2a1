// tabiya tune --data FILE [--pgn FILE] [--iterations N] [--out src/engine/eval_params.cpp]
//
// Texel tuning: loads labelled positions, holds out the last part of them,
// fits the logistic scale K for the current weights, runs Adam on the mean
// squared error and, with --out, writes the tuned table as C++ source.
#include "tune_command.h"

#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include "commands.h"
#include "engine/evaluate.h"
#include "engine/tuner.h"
#include "files/durable_file.h"

namespace tabiya::cli {

namespace {

using engine::tuning::LoadStats;
using engine::tuning::TuningSet;

std::string describe(const TuneSettings& s) {
  std::ostringstream text;
  text << "tabiya tune";
  for (const auto& f : s.fen_files) text << " --data " << f;
  for (const auto& f : s.pgn_files) text << " --pgn " << f;
  if (!s.pgn_files.empty()) text << " --skip-plies " << s.skip_plies;
  text << " --iterations " << s.iterations << " --learning-rate " << s.learning_rate << " --regularisation "
       << s.regularisation << " --validation " << s.validation_fraction << (s.early_stopping ? " --early-stopping" : "")
       << (s.from_scratch ? " --from-scratch" : "") << (s.blocks.empty() ? "" : " --blocks " + s.blocks);
  return text.str();
}

}  // namespace

int run_tune(const TuneSettings& s, std::ostream& out, std::ostream& err) {
  if (s.fen_files.empty() && s.pgn_files.empty()) {
    err << "tune: no data (give --data FILE or --pgn FILE)\n";
    return 2;
  }
  std::vector<bool> tunable;  // checked before the slow part
  if (!s.blocks.empty()) {
    auto mask = engine::tuning::tunable_blocks(s.blocks);
    if (!mask) {
      err << "tune: --blocks: " << mask.error().message << '\n';
      return 2;
    }
    tunable = *mask;
  }
  const engine::EvalParams start = s.from_scratch ? engine::hand_made_eval_params() : engine::DEFAULT_EVAL_PARAMS;
  TuningSet set;
  LoadStats total;
  auto load = [&](const std::string& path, bool pgn) {
    std::ifstream in(path);
    if (!in) {
      err << "tune: cannot open \"" << path << "\"\n";
      return false;
    }
    auto stats = pgn ? engine::tuning::load_pgn_games(in, path, s.skip_plies, start, set)
                     : engine::tuning::load_fen_results(in, path, start, set);
    if (!stats) {
      err << "tune: " << stats.error().message << '\n';
      return false;
    }
    total.positions_read += stats->positions_read;
    total.positions_added += stats->positions_added;
    total.games_read += stats->games_read;
    return true;
  };
  for (const auto& path : s.fen_files)
    if (!load(path, false)) return 1;
  for (const auto& path : s.pgn_files)
    if (!load(path, true)) return 1;
  if (set.size() < 2) {
    err << "tune: only " << set.size() << " usable positions\n";
    return 1;
  }
  std::size_t training_size = set.size() - std::size_t(double(set.size()) * s.validation_fraction);
  TuningSet validation = set.split_tail(training_size);

  out << std::fixed << std::setprecision(6);
  out << "positions: " << total.positions_read << " read";
  if (total.games_read) out << " from " << total.games_read << " games";
  out << ", " << total.positions_added << " quiet; " << set.size() << " training, " << validation.size()
      << " held out\n";
  engine::tuning::Weights weights = engine::tuning::to_weights(start);
  double k = engine::tuning::fit_k(set, weights);
  double train_before = engine::tuning::mean_squared_error(set, weights, k);
  double valid_before = engine::tuning::mean_squared_error(validation, weights, k);
  out << "K: " << k << "\nbefore: training error " << train_before << ", held-out error " << valid_before << '\n';

  engine::tuning::TuneOptions options;
  options.iterations = s.iterations;
  options.learning_rate = s.learning_rate;
  options.regularisation = s.regularisation;
  options.validation = validation.size() ? &validation : nullptr;
  options.keep_best = s.early_stopping;
  options.tunable = tunable;
  options.progress = [&](int iteration, double error, double held_out) {
    out << "iteration " << iteration << ": training error " << error;
    if (options.validation) out << ", held-out error " << held_out;
    out << '\n' << std::flush;
  };
  weights = engine::tuning::tune(set, weights, k, options);
  // Keep scores in pawn units: the same predictions with a rescaled K.
  double k_before = k;
  k = engine::tuning::normalise_to_pawn(weights, k);
  if (k != k_before) out << "scaled to a " << engine::PAWN_VALUE_EG << " cp endgame pawn: K " << k << '\n';
  engine::EvalParams tuned = engine::tuning::to_params(weights);
  // Report the figures of the rounded table, the one that will be compiled.
  weights = engine::tuning::to_weights(tuned);
  double train_after = engine::tuning::mean_squared_error(set, weights, k);
  double valid_after = engine::tuning::mean_squared_error(validation, weights, k);
  out << "after: training error " << train_after << ", held-out error " << valid_after << '\n';
  // The tuned weights may prefer another K; refitting it on the training
  // positions shows whether the held-out gain survives the change of scale.
  double k_after = engine::tuning::fit_k(set, weights);
  double train_refit = engine::tuning::mean_squared_error(set, weights, k_after);
  double valid_refit = engine::tuning::mean_squared_error(validation, weights, k_after);
  out << "after, K refitted to " << k_after << ": training error " << train_refit << ", held-out error " << valid_refit
      << '\n';

  if (!s.out_path.empty()) {
    std::ostringstream header;
    header << std::fixed << std::setprecision(6) << "Generated by `" << describe(s)
           << "`; do not edit by hand (see tools/tuning/README.md).\n"
           << total.positions_read << " positions read";
    if (total.games_read) header << " from " << total.games_read << " games";
    header << ", " << set.size() << " quiet ones trained on, " << validation.size() << " held out.\nK = " << k_before
           << " fitted to the starting weights";
    if (k != k_before) header << ", " << k << " after scaling to a " << engine::PAWN_VALUE_EG << " cp endgame pawn";
    header << ".\nMean squared error before: training " << train_before << ", held out " << valid_before
           << ".\nMean squared error after:  training " << train_after << ", held out " << valid_after
           << ".\nWith K refitted to " << k_after << ": training " << train_refit << ", held out " << valid_refit
           << ".";
    if (auto written = write_file_durably(s.out_path, engine::tuning::params_source(tuned, header.str())); !written) {
      err << "tune: " << written.error().message << "\n";
      return 1;
    }
    out << "wrote " << s.out_path << '\n';
  }
  return 0;
}

void add_tune_command(CLI::App& app) {
  auto settings = std::make_shared<TuneSettings>();
  CLI::App* cmd = app.add_subcommand("tune", "Texel-tune the evaluation weights on positions labelled with results");
  cmd->add_option("--data", settings->fen_files, "File of \"FEN ; RESULT\" lines (repeatable)");
  cmd->add_option("--pgn", settings->pgn_files, "PGN file of finished games (repeatable)");
  cmd->add_option("--skip-plies", settings->skip_plies, "Opening plies of each PGN game not used")
      ->check(CLI::Range(0, 1000));
  cmd->add_option("--iterations", settings->iterations, "Adam iterations")->check(CLI::Range(0, 1000000));
  cmd->add_option("--learning-rate", settings->learning_rate, "Adam step size in centipawns")
      ->check(CLI::Range(1e-6, 1000.0));
  cmd->add_option("--validation", settings->validation_fraction, "Fraction of the data held out (the last part)")
      ->check(CLI::Range(0.0, 0.9));
  cmd->add_option("--regularisation", settings->regularisation,
                  "Penalty per squared centipawn a weight moves from its start")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_flag("--early-stopping", settings->early_stopping,
                "Keep the checkpoint (every 100 iterations) with the lowest held-out error");
  cmd->add_option("--blocks", settings->blocks, "Tune only these parameter blocks (comma separated names)");
  cmd->add_flag("--from-scratch", settings->from_scratch, "Start from the hand-made weights, not the current ones");
  cmd->add_option("--out", settings->out_path, "Write the tuned table here (e.g. src/engine/eval_params.cpp)");
  cmd->callback([settings] {
    int code = run_tune(*settings, std::cout, std::cerr);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace tabiya::cli
