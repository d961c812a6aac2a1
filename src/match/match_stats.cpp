#include "match/match_stats.h"

#include <cmath>
#include <limits>

namespace tabiya {

namespace {

constexpr double Z95 = 1.959963984540054;

// Mean and variance of a discrete sample given as (value, count) pairs.
struct Moments {
  double mean = 0, variance = 0;
  double n = 0;
};

template <std::size_t K>
Moments moments(const std::array<double, K>& values, const std::array<double, K>& counts) {
  Moments m;
  for (std::size_t k = 0; k < K; ++k) m.n += counts[k];
  if (m.n == 0) return m;
  for (std::size_t k = 0; k < K; ++k) m.mean += values[k] * counts[k];
  m.mean /= m.n;
  for (std::size_t k = 0; k < K; ++k) m.variance += counts[k] * (values[k] - m.mean) * (values[k] - m.mean);
  m.variance /= m.n;
  return m;
}

// The counts as they are, or (for the SPRT) with every empty outcome given a
// count of 1e-3, so a one-sided result (all wins, all draws) has a variance.
template <std::size_t K>
std::array<double, K> as_counts(const std::array<int, K>& counts, bool regularize) {
  std::array<double, K> real{};
  for (std::size_t k = 0; k < K; ++k) real[k] = regularize && counts[k] == 0 ? 1e-3 : counts[k];
  return real;
}

Moments trinomial(const WdlCounts& wdl, bool regularize = false) {
  return moments<3>({0.0, 0.5, 1.0}, as_counts<3>({wdl.losses, wdl.draws, wdl.wins}, regularize));
}

Moments pentanomial(const PentanomialCounts& p, bool regularize = false) {
  return moments<5>({0.0, 0.25, 0.5, 0.75, 1.0}, as_counts<5>(p.pairs, regularize));
}

EloEstimate estimate(const Moments& m) {
  EloEstimate e;
  e.score = m.mean;
  e.elo = elo_from_score(m.mean);
  double se = std::sqrt(m.variance / m.n);
  double lo = m.mean - Z95 * se, hi = m.mean + Z95 * se;
  e.error95 =
      lo <= 0 || hi >= 1 ? std::numeric_limits<double>::infinity() : (elo_from_score(hi) - elo_from_score(lo)) / 2;
  e.los = se > 0         ? 0.5 * (1 + std::erf((m.mean - 0.5) / se / std::sqrt(2.0)))
          : m.mean > 0.5 ? 1
          : m.mean < 0.5 ? 0
                         : 0.5;
  return e;
}

double llr(const Moments& m, double elo0, double elo1) {
  if (m.n == 0 || m.variance <= 0) return 0;
  double s0 = score_from_elo(elo0), s1 = score_from_elo(elo1);
  return (s1 - s0) * (2 * m.mean - s0 - s1) / (2 * m.variance / m.n);
}

}  // namespace

double elo_from_score(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400 * std::log10(1 / score - 1);
}

double score_from_elo(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

std::optional<EloEstimate> trinomial_elo(const WdlCounts& wdl) {
  if (wdl.games() == 0) return std::nullopt;
  EloEstimate e = estimate(trinomial(wdl));
  // The classic LOS of the decisive games only (draws carry no information).
  int decisive = wdl.wins + wdl.losses;
  e.los = decisive == 0 ? 0.5 : 0.5 * (1 + std::erf((wdl.wins - wdl.losses) / std::sqrt(2.0 * decisive)));
  return e;
}

std::optional<EloEstimate> pentanomial_elo(const PentanomialCounts& penta) {
  if (penta.total() == 0) return std::nullopt;
  return estimate(pentanomial(penta));
}

double sprt_llr(const WdlCounts& wdl, double elo0, double elo1) {
  return wdl.games() == 0 ? 0 : llr(trinomial(wdl, true), elo0, elo1);
}
double sprt_llr(const PentanomialCounts& penta, double elo0, double elo1) {
  return penta.total() == 0 ? 0 : llr(pentanomial(penta, true), elo0, elo1);
}

SprtState sprt_state(double llr_value, const SprtParameters& p) {
  SprtState s;
  s.llr = llr_value;
  s.lower = std::log(p.beta / (1 - p.alpha));
  s.upper = std::log((1 - p.beta) / p.alpha);
  if (llr_value <= s.lower) s.decision = SprtDecision::ACCEPT_H0;
  else if (llr_value >= s.upper) s.decision = SprtDecision::ACCEPT_H1;
  return s;
}

}  // namespace tabiya
