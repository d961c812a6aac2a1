// Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013): a rating, its
// deviation (RD, how unsure it is) and its volatility (how erratic the player
// is). The defaults are lichess's: a new player starts at 1500 / RD 500 /
// volatility 0.09, tau 0.75, and every game is its own rating period, so the
// rating moves after each game; RD grows again with the rating periods a
// player spends without playing.
#pragma once

#include <vector>

namespace tabiya {

struct Glicko2Rating {
  double rating = 1500.0;
  double deviation = 500.0;  // RD
  double volatility = 0.09;
  bool operator==(const Glicko2Rating&) const = default;
};

struct Glicko2Parameters {
  double tau = 0.75;  // constrains the volatility's change (the paper suggests 0.3..1.2)
  double min_deviation = 45.0;
  double max_deviation = 500.0;
  double provisional_deviation = 110.0;  // provisional while RD >= this ("1500?")
  double convergence = 1e-6;             // the volatility iteration's epsilon (paper step 5)
};

// One game of the rating period, from the rated player's point of view.
struct Glicko2Game {
  Glicko2Rating opponent;
  double score = 0.5;  // 1 win, 0.5 draw, 0 loss
};

class Glicko2 {
 public:
  Glicko2() = default;
  explicit Glicko2(Glicko2Parameters parameters) : p_(parameters) {}

  // The player's rating after one rating period with `games` (paper steps 2-8). Without games only the RD
  // grows (step 6). The RD is then clamped to [min_deviation, max_deviation].
  Glicko2Rating update(const Glicko2Rating& player, const std::vector<Glicko2Game>& games) const;
  // The rating after `periods` rating periods without games (fractions allowed): RD grows by the volatility.
  Glicko2Rating after_inactivity(const Glicko2Rating& player, double periods) const;
  // Both players' ratings after one game between them; `white_score` 1, 0.5 or 0.
  struct Pair {
    Glicko2Rating white, black;
  };
  Pair after_game(const Glicko2Rating& white, const Glicko2Rating& black, double white_score) const;

  bool provisional(const Glicko2Rating& r) const { return r.deviation >= p_.provisional_deviation; }
  const Glicko2Parameters& parameters() const { return p_; }

 private:
  double new_volatility(double phi, double sigma, double delta, double v) const;
  double clamp_deviation(double rd) const;
  Glicko2Parameters p_;
};

// lichess counts inactivity in rating periods of 1 / 0.21436 days (about 4.7 days).
constexpr double kRatingPeriodsPerDay = 0.21436;

}  // namespace tabiya
