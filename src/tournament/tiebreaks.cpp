#include "tournament/tiebreaks.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "tournament/standings.h"

namespace tabiya::tournament {
namespace {

struct Named {
  const char* code;
  TieBreakKind kind;
  bool cuts;  // accepts C1 C2 M1 M2
};
const Named kNames[] = {
    {"DE", TieBreakKind::direct_encounter, false},
    {"BH", TieBreakKind::buchholz, true},
    {"SB", TieBreakKind::sonneborn_berger, true},
    {"WIN", TieBreakKind::wins, false},
    {"WON", TieBreakKind::games_won, false},
    {"BPG", TieBreakKind::black_games, false},
    {"BWG", TieBreakKind::black_wins, false},
    {"ARO", TieBreakKind::average_rating, true},
    {"KS", TieBreakKind::koya, false},
    {"PS", TieBreakKind::progressive, true},
};

bool game_like(const EventRecord& event, const RoundRecord& r) {
  if (!r.counts() || r.opponent == 0) return false;
  if (r.kind == RoundKind::game) return true;
  // Round robins: a forfeit is a result against the scheduled opponent.
  return event.round_robin &&
         (r.kind == RoundKind::forfeit_win || r.kind == RoundKind::forfeit_loss || r.kind == RoundKind::double_forfeit);
}

// The score of `p` as his opponents' Buchholz sees it: in Swiss events each
// voluntary unplayed round counts as a draw.
Points adjusted_score(const EventRecord& event, const PlayerRecord& p) {
  if (event.round_robin) return p.score;
  const PointSystem& ps = event.tournament->points;
  Points s = p.score;
  for (const RoundRecord& r : p.rounds)
    if (r.counts() && voluntary_unplayed(r.kind)) s += ps.draw - r.points;
  return s;
}

struct Contribution {
  double value;
  bool voluntary;  // from a voluntary unplayed round: cut first
};

// Per round: the opponent's (adjusted) score, or the dummy opponent's (the
// player's own score) for an unplayed round of a Swiss event.
std::vector<Contribution> opponent_scores(const EventRecord& event, const PlayerRecord& p, bool weighted) {
  const double win = event.tournament->points.win;
  std::vector<Contribution> out;
  for (const RoundRecord& r : p.rounds) {
    if (!r.counts()) continue;
    double score;
    if (game_like(event, r)) {
      const PlayerRecord* o = event.find(r.opponent);
      if (!o) continue;
      score = adjusted_score(event, *o);
    } else if (!event.round_robin) {
      score = p.score;  // the dummy opponent
    } else {
      continue;
    }
    out.push_back({(weighted ? score * (r.points / win) : score) / 10.0, voluntary_unplayed(r.kind)});
  }
  return out;
}

double cut_sum(std::vector<Contribution> values, int low, int high) {
  // Least significant first, voluntary unplayed rounds before the others.
  std::sort(values.begin(), values.end(), [](const Contribution& a, const Contribution& b) {
    if (a.voluntary != b.voluntary) return a.voluntary;
    return a.value < b.value;
  });
  const int n = static_cast<int>(values.size());
  low = std::min(low, n);
  std::vector<double> rest;
  for (int i = low; i < n; ++i) rest.push_back(values[i].value);
  std::sort(rest.begin(), rest.end());
  high = std::min(high, static_cast<int>(rest.size()));
  double sum = 0;
  for (size_t i = 0; i + high < rest.size(); ++i) sum += rest[i];
  return sum;
}

}  // namespace

Result<TieBreak> parse_tie_break(const std::string& text) {
  std::string upper;
  for (char c : text) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  std::string base = upper, modifier;
  if (auto sep = upper.find_first_of("-/:"); sep != std::string::npos) {
    base = upper.substr(0, sep);
    modifier = upper.substr(sep + 1);
  }
  for (const Named& n : kNames) {
    if (base != n.code) continue;
    TieBreak tb;
    tb.kind = n.kind;
    tb.code = base;
    if (modifier.empty()) return tb;
    if (n.cuts && modifier.size() == 2 && (modifier[0] == 'C' || modifier[0] == 'M') && modifier[1] >= '1' &&
        modifier[1] <= '9' && !(n.kind == TieBreakKind::progressive && modifier[0] == 'M')) {
      const int k = modifier[1] - '0';
      tb.cut_low = k;
      if (modifier[0] == 'M') tb.cut_high = k;
      tb.code += "-" + modifier;
      return tb;
    }
    return fail("tie-break \"" + text + "\": " + n.code + " takes no modifier \"" + modifier + "\"");
  }
  return fail("unknown tie-break \"" + text + "\" (known: DE BH BH-C1 BH-C2 BH-M1 BH-M2 SB WIN WON BPG BWG ARO KS PS)");
}

double tie_break_value(const EventRecord& event, const TieBreak& tb, const PlayerRecord& p,
                       const std::vector<int>& group) {
  const PointSystem& ps = event.tournament->points;
  switch (tb.kind) {
    case TieBreakKind::buchholz:
      return cut_sum(opponent_scores(event, p, false), tb.cut_low, tb.cut_high);
    case TieBreakKind::sonneborn_berger:
      return cut_sum(opponent_scores(event, p, true), tb.cut_low, tb.cut_high);
    case TieBreakKind::direct_encounter: {
      // Only when every pair of the tied group met (over the board or by
      // forfeit); otherwise it separates nobody.
      if (group.size() < 2) return 0;
      for (int a : group) {
        const PlayerRecord* pa = event.find(a);
        for (int b : group) {
          if (a == b || !pa) continue;
          bool met = false;
          for (const RoundRecord& r : pa->rounds) met = met || (r.counts() && r.opponent == b);
          if (!met) return 0;
        }
      }
      Points s = 0;
      for (const RoundRecord& r : p.rounds)
        if (r.counts() && r.opponent != 0 && std::count(group.begin(), group.end(), r.opponent)) s += r.points;
      return s / 10.0;
    }
    case TieBreakKind::wins: {
      int n = 0;
      for (const RoundRecord& r : p.rounds) n += r.counts() && r.points == ps.win && r.kind != RoundKind::free_round;
      return n;
    }
    case TieBreakKind::games_won: {
      int n = 0;
      for (const RoundRecord& r : p.rounds) n += r.counts() && r.kind == RoundKind::game && r.points == ps.win;
      return n;
    }
    case TieBreakKind::black_games: {
      int n = 0;
      for (const RoundRecord& r : p.rounds) n += r.counts() && r.kind == RoundKind::game && r.colour == Colour::black;
      return n;
    }
    case TieBreakKind::black_wins: {
      int n = 0;
      for (const RoundRecord& r : p.rounds)
        n += r.counts() && r.kind == RoundKind::game && r.colour == Colour::black && r.points == ps.win;
      return n;
    }
    case TieBreakKind::average_rating: {
      // Opponents met over the board with a rating, rounded to the nearest
      // whole number (halves up).
      std::vector<Contribution> ratings;
      for (const RoundRecord& r : p.rounds) {
        if (!r.counts() || r.kind != RoundKind::game) continue;
        const Player* o = event.tournament->player(r.opponent);
        if (o && o->rating > 0) ratings.push_back({static_cast<double>(o->rating), false});
      }
      const int kept = static_cast<int>(ratings.size()) - std::min<int>(tb.cut_low + tb.cut_high, ratings.size());
      if (kept <= 0) return 0;
      return std::floor(cut_sum(ratings, tb.cut_low, tb.cut_high) / kept + 0.5);
    }
    case TieBreakKind::koya: {
      Points s = 0;
      for (const RoundRecord& r : p.rounds) {
        if (!game_like(event, r)) continue;
        const PlayerRecord* o = event.find(r.opponent);
        if (o && 2 * o->score >= event.max_score) s += r.points;
      }
      return s / 10.0;
    }
    case TieBreakKind::progressive: {
      Points running = 0, sum = 0;
      for (const RoundRecord& r : p.rounds) {
        if (r.round > event.rounds) break;
        if (r.counts()) running += r.points;
        if (r.round > tb.cut_low) sum += running;
      }
      return sum / 10.0;
    }
  }
  return 0;
}

}  // namespace tabiya::tournament
