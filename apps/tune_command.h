// tabiya tune: Texel tuning of the evaluation weights (see tools/tuning/README.md).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tabiya::cli {

struct TuneSettings {
  std::vector<std::string> fen_files;  // "FEN ; RESULT" lines
  std::vector<std::string> pgn_files;  // games; positions after skip_plies
  int skip_plies = 8;
  int iterations = 2000;
  double learning_rate = 1.0;
  double regularisation = 0.0;
  double validation_fraction = 0.1;  // the last part of the data, held out
  bool early_stopping = false;       // return the checkpoint best on held-out data
  std::string blocks;                // comma-separated PARAM_BLOCKS names; empty: all
  bool from_scratch = false;         // start from the hand-made weights
  std::string out_path;              // eval_params.cpp to write; empty: none
};

// Loads, fits K, tunes and writes; progress and figures go to `out`.
// Returns the exit code (errors are reported on `err`).
int run_tune(const TuneSettings& settings, std::ostream& out, std::ostream& err);

}  // namespace tabiya::cli
