// Texel tuning of the evaluation weights: positions labelled with the result
// of the game they came from, the evaluation written as a linear function of
// the weights (eval_trace.h), a logistic map from centipawns to expected
// score with a fitted scale K, and full-batch Adam minimising the mean
// squared difference between expected score and result. Deterministic: no
// threads, no randomness, inputs processed in order.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "core/result.h"
#include "engine/eval_params.h"

namespace tabiya::engine::tuning {

// Weights as one vector: mg of parameter i at 2i, eg at 2i+1.
using Weights = std::vector<double>;
Weights to_weights(const EvalParams& params);
EvalParams to_params(const Weights& weights);  // rounded to the nearest integer

// White-minus-black count of one weight in one position.
struct Term {
  uint16_t index;
  int16_t count;
};

// The training positions in linear form.
class TuningSet {
 public:
  // Adds a position labelled with White's game score (1, 0.5 or 0). The
  // position is first replaced by the quiet leaf of a small capture search
  // (quiet_leaf); positions in check or without legal moves, and leaves in
  // check, are skipped. Returns whether the position was added.
  bool add_position(const Position& pos, double white_score, const EvalParams& params);
  // Adds an already traced example (tests build synthetic sets with it).
  void add_terms(const std::vector<Term>& terms, int phase, int scale, double white_score);

  std::size_t size() const { return entries_.size(); }
  // Evaluation of example i from White's side under the given weights.
  double evaluate(std::size_t i, const Weights& weights) const;
  double result(std::size_t i) const { return entries_[i].result; }
  // Examples [from, size()) moved into a new set (the held-out tail).
  TuningSet split_tail(std::size_t from);

  // The gradient of the mean squared error with respect to the weights.
  double error_and_gradient(const Weights& weights, double k, Weights* gradient) const;

 private:
  struct Entry {
    uint32_t first_term;
    uint32_t term_count;
    float result;
    float mg_weight;  // phase / 24
    float eg_weight;  // (24 - phase) / 24 * scale / 64
  };
  std::vector<Entry> entries_;
  std::vector<Term> terms_;
};

// The expected score for an evaluation of `eval` centipawns.
double expected_score(double eval, double k);
double mean_squared_error(const TuningSet& set, const Weights& weights, double k);
// The K in [0.01, 10] minimising the error of the given weights (golden section).
double fit_k(const TuningSet& set, const Weights& weights);

// The end of the principal variation of a static capture search (stand pat,
// captures and promotions only, at most 8 plies): a position whose static
// evaluation is not about to change by a capture.
Position quiet_leaf(const Position& pos, const EvalParams& params);

struct LoadStats {
  int positions_read = 0;
  int positions_added = 0;  // the rest were in check, mate/stalemate or not quiet
  int games_read = 0;       // PGN only
};

// "FEN ; RESULT" lines, RESULT one of 1-0, 0-1, 1/2-1/2 or a number in [0, 1]
// (White's score). Blank lines and lines starting with '#' are skipped.
// `name` names the input in error messages.
Result<LoadStats> load_fen_results(std::istream& in, std::string_view name, const EvalParams& params, TuningSet& set);
// Every mainline position of every decided or drawn PGN game after the first
// `skip_plies` plies, labelled with the game's result ('*' games are skipped).
Result<LoadStats> load_pgn_games(std::istream& in, std::string_view name, int skip_plies, const EvalParams& params,
                                 TuningSet& set);

struct TuneOptions {
  int iterations = 2000;
  double learning_rate = 1.0;  // Adam step size, in centipawns
  // Adds regularisation * (w - start)^2 per weight to the error, so weights
  // the data says little about stay near their starting values.
  double regularisation = 0.0;
  // Held-out examples: their error is reported, and with keep_best the
  // weights of the checkpoint (every report_every iterations) with the lowest
  // held-out error are returned (early stopping).
  const TuningSet* validation = nullptr;
  bool keep_best = false;
  // Which weights may change (indexed like Weights); empty: all of them.
  std::vector<bool> tunable;
  // Called every `report_every` iterations and after the last one; the
  // held-out error is 0 without a validation set.
  int report_every = 100;
  std::function<void(int iteration, double error, double held_out_error)> progress;
};

// The tunable mask for the named blocks of PARAM_BLOCKS (comma separated),
// or an error naming an unknown block.
Result<std::vector<bool>> tunable_blocks(std::string_view names);

// Minimises the mean squared error from `start` with Adam; returns the weights.
Weights tune(const TuningSet& set, Weights start, double k, const TuneOptions& options);

// Scales all weights so the pawn's endgame value is PAWN_VALUE_EG (the unit
// the search reports scores in) and returns the K that gives the scaled
// weights the same expected scores as (weights, k).
double normalise_to_pawn(Weights& weights, double k);

// The parameter table as the C++ source of eval_params.cpp, with `header`
// (one or more lines, without comment markers) explaining how it was made.
std::string params_source(const EvalParams& params, std::string_view header);
// Reads back a table written by params_source.
Result<EvalParams> parse_params_source(std::string_view source);

}  // namespace tabiya::engine::tuning
