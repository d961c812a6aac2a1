// The Texel tuner's numerical part: the linear evaluation model, the error,
// K fitting and Adam.
#include "engine/tuner.h"

#include <cmath>

#include "engine/eval_trace.h"
#include "engine/evaluate.h"

namespace tabiya::engine::tuning {

Weights to_weights(const EvalParams& params) {
  Weights w(2 * params.size());
  for (std::size_t i = 0; i < params.size(); ++i) {
    w[2 * i] = params[i].mg;
    w[2 * i + 1] = params[i].eg;
  }
  return w;
}

EvalParams to_params(const Weights& weights) {
  EvalParams params{};
  for (std::size_t i = 0; i < params.size(); ++i)
    params[i] = {int(std::lround(weights[2 * i])), int(std::lround(weights[2 * i + 1]))};
  return params;
}

bool TuningSet::add_position(const Position& pos, double white_score, const EvalParams& params) {
  if (pos.in_check()) return false;
  Position leaf = quiet_leaf(pos, params);
  if (leaf.in_check()) return false;
  EvalTrace trace;
  evaluate_traced(leaf, params, trace);
  std::vector<Term> terms;
  for (int i = 0; i < param::COUNT; ++i) {
    int count = trace.count[i][WHITE] - trace.count[i][BLACK];
    if (count) terms.push_back({uint16_t(i), int16_t(count)});
  }
  add_terms(terms, trace.phase, trace.scale, white_score);
  return true;
}

void TuningSet::add_terms(const std::vector<Term>& terms, int phase, int scale, double white_score) {
  Entry e;
  e.first_term = uint32_t(terms_.size());
  e.term_count = uint32_t(terms.size());
  e.result = float(white_score);
  e.mg_weight = float(phase) / MAX_PHASE;
  e.eg_weight = float(MAX_PHASE - phase) / MAX_PHASE * float(scale) / FULL_SCALE;
  terms_.insert(terms_.end(), terms.begin(), terms.end());
  entries_.push_back(e);
}

double TuningSet::evaluate(std::size_t i, const Weights& weights) const {
  const Entry& e = entries_[i];
  double mg = 0, eg = 0;
  for (uint32_t t = e.first_term; t < e.first_term + e.term_count; ++t) {
    mg += terms_[t].count * weights[2 * terms_[t].index];
    eg += terms_[t].count * weights[2 * terms_[t].index + 1];
  }
  return mg * e.mg_weight + eg * e.eg_weight;
}

TuningSet TuningSet::split_tail(std::size_t from) {
  TuningSet tail;
  if (from >= entries_.size()) return tail;
  uint32_t first_term = entries_[from].first_term;
  for (std::size_t i = from; i < entries_.size(); ++i) {
    Entry e = entries_[i];
    e.first_term -= first_term;
    tail.entries_.push_back(e);
  }
  tail.terms_.assign(terms_.begin() + first_term, terms_.end());
  entries_.resize(from);
  terms_.resize(first_term);
  return tail;
}

double expected_score(double eval, double k) { return 1.0 / (1.0 + std::pow(10.0, -k * eval / 400.0)); }

double TuningSet::error_and_gradient(const Weights& weights, double k, Weights* gradient) const {
  if (gradient) gradient->assign(weights.size(), 0.0);
  if (entries_.empty()) return 0.0;
  double total = 0;
  const double slope = k * std::log(10.0) / 400.0;
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    const Entry& e = entries_[i];
    double s = expected_score(evaluate(i, weights), k);
    double diff = e.result - s;
    total += diff * diff;
    if (!gradient) continue;
    // d(diff^2)/d(eval) = -2 diff s (1 - s) slope
    double d_eval = -2.0 * diff * s * (1.0 - s) * slope;
    for (uint32_t t = e.first_term; t < e.first_term + e.term_count; ++t) {
      (*gradient)[2 * terms_[t].index] += d_eval * terms_[t].count * e.mg_weight;
      (*gradient)[2 * terms_[t].index + 1] += d_eval * terms_[t].count * e.eg_weight;
    }
  }
  double n = double(entries_.size());
  if (gradient)
    for (double& g : *gradient) g /= n;
  return total / n;
}

double mean_squared_error(const TuningSet& set, const Weights& weights, double k) {
  return set.error_and_gradient(weights, k, nullptr);
}

double fit_k(const TuningSet& set, const Weights& weights) {
  // Precompute the evaluations: only K varies.
  std::vector<double> evals(set.size());
  for (std::size_t i = 0; i < set.size(); ++i) evals[i] = set.evaluate(i, weights);
  auto error = [&](double k) {
    double total = 0;
    for (std::size_t i = 0; i < evals.size(); ++i) {
      double diff = set.result(i) - expected_score(evals[i], k);
      total += diff * diff;
    }
    return total;
  };
  const double ratio = (std::sqrt(5.0) - 1) / 2;
  double lo = 0.01, hi = 10.0;
  double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
  double fa = error(a), fb = error(b);
  for (int i = 0; i < 60; ++i) {
    if (fa < fb) {
      hi = b, b = a, fb = fa;
      a = hi - ratio * (hi - lo);
      fa = error(a);
    } else {
      lo = a, a = b, fa = fb;
      b = lo + ratio * (hi - lo);
      fb = error(b);
    }
  }
  return (lo + hi) / 2;
}

double normalise_to_pawn(Weights& weights, double k) {
  double pawn = weights[2 * param::MATERIAL + 1];
  if (pawn <= 0) return k;  // nothing sensible to scale to
  double factor = PAWN_VALUE_EG / pawn;
  for (double& w : weights) w *= factor;
  return k / factor;
}

Result<std::vector<bool>> tunable_blocks(std::string_view names) {
  std::vector<bool> mask(2 * param::COUNT, false);
  while (!names.empty()) {
    std::size_t comma = names.find(',');
    std::string_view name = names.substr(0, comma);
    names = comma == std::string_view::npos ? std::string_view() : names.substr(comma + 1);
    bool found = false;
    for (const ParamBlock& block : PARAM_BLOCKS) {
      if (block.name != name) continue;
      found = true;
      for (int i = 2 * block.offset; i < 2 * (block.offset + block.size); ++i) mask[i] = true;
    }
    if (!found) return fail("unknown parameter block \"" + std::string(name) + "\"");
  }
  return mask;
}

Weights tune(const TuningSet& set, Weights weights, double k, const TuneOptions& options) {
  const double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-12;
  const Weights start = weights;
  Weights m(weights.size(), 0.0), v(weights.size(), 0.0), gradient;
  Weights best = weights;
  double best_held_out = -1;
  // Reports a checkpoint and remembers it if it is the best on held-out data.
  auto checkpoint = [&](int iteration, double error) {
    double held_out = options.validation ? mean_squared_error(*options.validation, weights, k) : 0.0;
    if (options.progress) options.progress(iteration, error, held_out);
    if (options.validation && (best_held_out < 0 || held_out < best_held_out)) {
      best_held_out = held_out;
      best = weights;
    }
  };
  double b1 = 1, b2 = 1;
  for (int it = 1; it <= options.iterations; ++it) {
    double error = set.error_and_gradient(weights, k, &gradient);
    if (options.report_every > 0 && (it - 1) % options.report_every == 0) checkpoint(it - 1, error);
    b1 *= beta1;
    b2 *= beta2;
    for (std::size_t j = 0; j < weights.size(); ++j) {
      double g = gradient[j];
      // Weights that no example uses have a zero gradient and stay put.
      if (g == 0.0 || (!options.tunable.empty() && !options.tunable[j])) continue;
      g += 2 * options.regularisation * (weights[j] - start[j]);
      m[j] = beta1 * m[j] + (1 - beta1) * g;
      v[j] = beta2 * v[j] + (1 - beta2) * g * g;
      double m_hat = m[j] / (1 - b1), v_hat = v[j] / (1 - b2);
      weights[j] -= options.learning_rate * m_hat / (std::sqrt(v_hat) + epsilon);
    }
  }
  checkpoint(options.iterations, mean_squared_error(set, weights, k));
  return options.keep_best && options.validation ? best : weights;
}

}  // namespace tabiya::engine::tuning
