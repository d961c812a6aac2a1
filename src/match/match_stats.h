// Match statistics from the first engine's point of view.
//
// Elo difference from a score fraction s (logistic model):
//   elo(s) = -400 * log10(1/s - 1)
// Trinomial (games independent): with W, D, L over N games, s = (W + D/2)/N,
//   per-game variance  v = (W(1-s)^2 + D(1/2-s)^2 + L(0-s)^2) / N
//   standard error     se = sqrt(v / N)
// Pentanomial (games paired on one opening with colours swapped): the pair
// scores 0, 1/2, 1, 3/2, 2 are counted in P0..P4 over M pairs; per-game means
// x_k = k/4, s = sum P_k x_k / M, v = sum P_k (x_k - s)^2 / M, se = sqrt(v / M).
// Pairing removes the opening's bias from the variance.
// 95% interval: elo(s - 1.959964 se) .. elo(s + 1.959964 se); the error bar
// printed is half its width.
// LOS (likelihood of superiority): trinomial 1/2 (1 + erf((W - L) / sqrt(2 (W + L)))),
// pentanomial Phi((s - 1/2) / se).
//
// SPRT: H0 elo = elo0 against H1 elo = elo1 (logistic Elo). The log-likelihood
// ratio uses the generalised SPRT normal approximation (as in the
// Van den Bergh notes used by common testing frameworks):
//   s0 = score(elo0), s1 = score(elo1),  score(e) = 1 / (1 + 10^(-e/400))
//   LLR = (s1 - s0) (2 s - s0 - s1) / (2 v / n)
// with s and v the trinomial (n = N games) or pentanomial (n = M pairs) sample
// mean and variance; for the LLR an outcome never seen counts 1e-3 times (as
// fishtest regularises), so one-sided results still decide.
// Stop when LLR <= ln(beta / (1 - alpha)) (accept H0) or
// LLR >= ln((1 - beta) / alpha) (accept H1).
#pragma once

#include <array>
#include <optional>

namespace tabiya {

struct WdlCounts {
  int wins = 0, draws = 0, losses = 0;
  int games() const { return wins + draws + losses; }
};

// Pairs scoring 0, 1/2, 1, 3/2, 2 points out of 2.
struct PentanomialCounts {
  std::array<int, 5> pairs{};
  int total() const { return pairs[0] + pairs[1] + pairs[2] + pairs[3] + pairs[4]; }
};

double elo_from_score(double score);  // +-infinity at 1 and 0
double score_from_elo(double elo);

struct EloEstimate {
  double score = 0.5;
  double elo = 0;
  double error95 = 0;  // half-width of the 95% interval (infinite when undetermined)
  double los = 0.5;    // likelihood of superiority, 0..1
};

// nullopt without games.
std::optional<EloEstimate> trinomial_elo(const WdlCounts& wdl);
std::optional<EloEstimate> pentanomial_elo(const PentanomialCounts& penta);

struct SprtParameters {
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
};
enum class SprtDecision { CONTINUE, ACCEPT_H0, ACCEPT_H1 };
struct SprtState {
  double llr = 0, lower = 0, upper = 0;
  SprtDecision decision = SprtDecision::CONTINUE;
};

double sprt_llr(const WdlCounts& wdl, double elo0, double elo1);
double sprt_llr(const PentanomialCounts& penta, double elo0, double elo1);
SprtState sprt_state(double llr, const SprtParameters& params);

}  // namespace tabiya
