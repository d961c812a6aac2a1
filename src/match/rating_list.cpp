#include "match/rating_list.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace tabiya {
namespace {

constexpr double K = 2.302585092994046 / 400;  // ln 10 / 400
constexpr double Z95 = 1.959964;

// One pair of players, from the first one's side, prior included.
struct PairTally {
  int a = 0, b = 0;
  double games = 0;
  double points = 0;          // scored by a
  double squared_points = 0;  // sum of a's per-game points squared, for the variance
};

double expected(double diff) { return 1 / (1 + std::pow(10.0, -diff / 400)); }

using Matrix = std::vector<std::vector<double>>;

// Inverts a symmetric positive definite matrix by Gauss-Jordan elimination
// with partial pivoting; false when it is singular.
bool invert(Matrix m, Matrix& inverse) {
  std::size_t n = m.size();
  inverse.assign(n, std::vector<double>(n, 0));
  for (std::size_t i = 0; i < n; ++i) inverse[i][i] = 1;
  for (std::size_t col = 0; col < n; ++col) {
    std::size_t pivot = col;
    for (std::size_t r = col + 1; r < n; ++r)
      if (std::abs(m[r][col]) > std::abs(m[pivot][col])) pivot = r;
    if (std::abs(m[pivot][col]) < 1e-15) return false;
    std::swap(m[col], m[pivot]);
    std::swap(inverse[col], inverse[pivot]);
    double scale = 1 / m[col][col];
    for (std::size_t c = 0; c < n; ++c) {
      m[col][c] *= scale;
      inverse[col][c] *= scale;
    }
    for (std::size_t r = 0; r < n; ++r) {
      if (r == col || m[r][col] == 0) continue;
      double f = m[r][col];
      for (std::size_t c = 0; c < n; ++c) {
        m[r][c] -= f * m[col][c];
        inverse[r][c] -= f * inverse[col][c];
      }
    }
  }
  return true;
}

// A pair's weight w on the unknowns' matrix: +w on both diagonal entries,
// -w off the diagonal between them (anchored players, slot -1, have no row).
void add_pair(Matrix& m, int slot_a, int slot_b, double w) {
  if (slot_a >= 0) m[std::size_t(slot_a)][std::size_t(slot_a)] += w;
  if (slot_b >= 0) m[std::size_t(slot_b)][std::size_t(slot_b)] += w;
  if (slot_a >= 0 && slot_b >= 0) {
    m[std::size_t(slot_a)][std::size_t(slot_b)] -= w;
    m[std::size_t(slot_b)][std::size_t(slot_a)] -= w;
  }
}

}  // namespace

Result<std::vector<PlayerRating>> fit_ratings(const std::vector<RatedGame>& games,
                                              const std::vector<RatingAnchor>& anchors, const RatingOptions& options) {
  if (games.empty()) return fail("ratings: no finished games");
  if (!(options.prior_draws > 0) || options.prior_draws > 1000)
    return fail("ratings: the prior must be more than 0 and at most 1000 virtual draws, not " +
                std::to_string(options.prior_draws));

  std::vector<PlayerRating> players;
  std::map<std::string, int> index;
  auto id = [&](const std::string& name) {
    auto [it, added] = index.emplace(name, int(players.size()));
    if (added) players.push_back(PlayerRating{name});
    return it->second;
  };
  std::map<std::pair<int, int>, PairTally> pairs;
  for (const RatedGame& g : games) {
    if (g.white == g.black) return fail("ratings: \"" + g.white + "\" played against itself");
    int w = id(g.white), b = id(g.black);
    double points = g.white_points;
    if (w > b) {
      std::swap(w, b);
      points = 1 - points;
    }
    PairTally& t = pairs[{w, b}];
    t.a = w;
    t.b = b;
    t.games += 1;
    t.points += points;
    t.squared_points += points * points;
    players[std::size_t(w)].games++;
    players[std::size_t(b)].games++;
    players[std::size_t(w)].points += points;
    players[std::size_t(b)].points += 1 - points;
  }
  for (auto& [key, t] : pairs) {
    t.games += options.prior_draws;
    t.points += 0.5 * options.prior_draws;
    t.squared_points += 0.25 * options.prior_draws;
  }

  const std::size_t n = players.size();
  std::vector<double> elo(n, 0);
  std::vector<bool> fixed(n, false);
  for (const RatingAnchor& a : anchors) {
    auto it = index.find(a.player);
    if (it == index.end()) return fail("ratings: anchor \"" + a.player + "\" played no finished game");
    fixed[std::size_t(it->second)] = true;
    elo[std::size_t(it->second)] = a.elo;
    players[std::size_t(it->second)].anchored = true;
  }
  if (anchors.empty()) fixed[0] = true;  // the first player met is rated 0

  // Every player needs a chain of games to a fixed one.
  std::vector<bool> reached = fixed;
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& [key, t] : pairs) {
      std::size_t a = std::size_t(t.a), b = std::size_t(t.b);
      if (reached[a] != reached[b]) {
        reached[a] = reached[b] = true;
        grew = true;
      }
    }
  }
  std::string unconnected;
  for (std::size_t i = 0; i < n; ++i)
    if (!reached[i]) unconnected += (unconnected.empty() ? "\"" : ", \"") + players[i].name + "\"";
  if (!unconnected.empty())
    return fail("ratings: no games connect " + unconnected + " to an anchor; add games or an --anchor for them");

  std::vector<std::size_t> free;  // unknowns, in player order
  std::vector<int> slot(n, -1);
  for (std::size_t i = 0; i < n; ++i)
    if (!fixed[i]) {
      slot[i] = int(free.size());
      free.push_back(i);
    }
  const std::size_t m = free.size();

  // Newton's method on the log-likelihood (concave, so it converges); steps
  // are capped so far-off starting points cannot overshoot.
  Matrix hessian, inverse;
  for (int iteration = 0; iteration < 500 && m > 0; ++iteration) {
    std::vector<double> gradient(m, 0);
    hessian.assign(m, std::vector<double>(m, 0));
    for (const auto& [key, t] : pairs) {
      double p = expected(elo[std::size_t(t.a)] - elo[std::size_t(t.b)]);
      double g = K * (t.points - t.games * p);
      double h = K * K * t.games * p * (1 - p);
      int sa = slot[std::size_t(t.a)], sb = slot[std::size_t(t.b)];
      if (sa >= 0) gradient[std::size_t(sa)] += g;
      if (sb >= 0) gradient[std::size_t(sb)] -= g;
      add_pair(hessian, sa, sb, h);
    }
    if (!invert(hessian, inverse)) return fail("ratings: the games do not determine the ratings");
    double largest = 0;
    for (std::size_t i = 0; i < m; ++i) {
      double step = 0;
      for (std::size_t j = 0; j < m; ++j) step += inverse[i][j] * gradient[j];
      step = std::clamp(step, -400.0, 400.0);
      elo[free[i]] += step;
      largest = std::max(largest, std::abs(step));
    }
    if (largest < 1e-7) break;
  }

  // Error bars from the quasi-likelihood information at the fitted ratings.
  if (m > 0) {
    Matrix information(m, std::vector<double>(m, 0));
    for (const auto& [key, t] : pairs) {
      double p = expected(elo[std::size_t(t.a)] - elo[std::size_t(t.b)]);
      double mean = t.points / t.games;
      double variance = t.squared_points / t.games - 2 * p * mean + p * p;  // per game, around p
      variance = std::max(variance, 1e-4);
      double w = K * K * t.games * (p * (1 - p)) * (p * (1 - p)) / variance;
      add_pair(information, slot[std::size_t(t.a)], slot[std::size_t(t.b)], w);
    }
    if (!invert(information, inverse)) return fail("ratings: the games do not determine the error bars");
    for (std::size_t i = 0; i < m; ++i) players[free[i]].error95 = Z95 * std::sqrt(std::max(0.0, inverse[i][i]));
  }
  for (std::size_t i = 0; i < n; ++i) players[i].elo = elo[i];
  std::stable_sort(players.begin(), players.end(),
                   [](const PlayerRating& x, const PlayerRating& y) { return x.elo > y.elo; });
  return players;
}

}  // namespace tabiya
