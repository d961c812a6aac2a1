#include "play/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace tabiya {

namespace {

constexpr double kScale = 173.7178;  // Glicko-2's scale: 400 / ln(10)
constexpr double kBase = 1500.0;

double g(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

double expected(double mu, double mu_j, double phi_j) { return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j))); }

}  // namespace

double Glicko2::clamp_deviation(double rd) const { return std::clamp(rd, p_.min_deviation, p_.max_deviation); }

// Step 5: the Illinois variant of regula falsi on f(x), x = ln(sigma'^2).
double Glicko2::new_volatility(double phi, double sigma, double delta, double v) const {
  const double a = std::log(sigma * sigma);
  const double tau2 = p_.tau * p_.tau;
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / tau2;
  };
  double A = a;
  double B;
  if (delta * delta > phi * phi + v) {
    B = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * p_.tau) < 0) ++k;
    B = a - k * p_.tau;
  }
  double fA = f(A), fB = f(B);
  // Bounded: the bracket halves at worst every other step; 200 steps is far beyond double precision.
  for (int step = 0; step < 200 && std::abs(B - A) > p_.convergence; ++step) {
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2.0;
    }
    B = C;
    fB = fC;
  }
  return std::exp(A / 2.0);
}

Glicko2Rating Glicko2::update(const Glicko2Rating& player, const std::vector<Glicko2Game>& games) const {
  if (games.empty()) return after_inactivity(player, 1.0);
  const double mu = (player.rating - kBase) / kScale;
  const double phi = player.deviation / kScale;
  double v_inverse = 0.0, improvement = 0.0;
  for (const Glicko2Game& game : games) {
    const double mu_j = (game.opponent.rating - kBase) / kScale;
    const double phi_j = game.opponent.deviation / kScale;
    const double e = expected(mu, mu_j, phi_j);
    v_inverse += g(phi_j) * g(phi_j) * e * (1.0 - e);
    improvement += g(phi_j) * (game.score - e);
  }
  const double v = 1.0 / v_inverse;
  const double delta = v * improvement;
  const double sigma = new_volatility(phi, player.volatility, delta, v);
  const double phi_star = std::sqrt(phi * phi + sigma * sigma);
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * improvement;
  return {mu_new * kScale + kBase, clamp_deviation(phi_new * kScale), sigma};
}

Glicko2Rating Glicko2::after_inactivity(const Glicko2Rating& player, double periods) const {
  if (periods <= 0) return player;
  const double phi = player.deviation / kScale;
  const double phi_star = std::sqrt(phi * phi + periods * player.volatility * player.volatility);
  return {player.rating, clamp_deviation(phi_star * kScale), player.volatility};
}

Glicko2::Pair Glicko2::after_game(const Glicko2Rating& white, const Glicko2Rating& black, double white_score) const {
  return {update(white, {{black, white_score}}), update(black, {{white, 1.0 - white_score}})};
}

}  // namespace tabiya
