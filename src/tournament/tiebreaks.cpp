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

// Round robins count a forfeit as a result against the scheduled opponent
// (the regulations' Art. 16 is about Swiss events); Swiss events count only
// the games played over the board.
bool game_like(const EventRecord& event, const RoundRecord& r) {
  if (!r.counts() || r.opponent == 0) return false;
  if (r.kind == RoundKind::game) return true;
  return event.round_robin &&
         (r.kind == RoundKind::forfeit_win || r.kind == RoundKind::forfeit_loss || r.kind == RoundKind::double_forfeit);
}

// The score of `p` as his opponents' tie-breaks see it.
//   2024/2026 editions, Art. 16.3: every round counts the points it gave,
//   except the voluntary unplayed rounds without an opponent (requested
//   byes, absences, the rounds after a withdrawal) that come after his last
//   round that was not voluntary: those count as draws (16.2.5, 16.3.2).
//   2022 edition (C.02 13.16.2, the 2009 rule): every unplayed round of his
//   counts as a draw.
// Round robins take the score as it is.
Points adjusted_score(const EventRecord& event, const PlayerRecord& p) {
  if (event.round_robin) return p.score;
  const PointSystem& ps = event.tournament->points;
  Points s = 0;
  if (event.edition == TieBreakEdition::fide2022) {
    for (const RoundRecord& r : p.rounds)
      if (r.counts()) s += r.kind == RoundKind::game ? r.points : ps.draw;
    return s;
  }
  int last_not_voluntary = 0;
  for (const RoundRecord& r : p.rounds)
    if (r.counts() && !voluntary_unplayed(r.kind)) last_not_voluntary = std::max(last_not_voluntary, r.round);
  for (const RoundRecord& r : p.rounds) {
    if (!r.counts()) continue;
    const bool trailing = voluntary_unplayed(r.kind) && r.opponent == 0 && r.round > last_not_voluntary;
    s += trailing ? ps.draw : r.points;
  }
  return s;
}

// The player's score before round `round`.
Points score_before(const PlayerRecord& p, int round) {
  Points s = 0;
  for (const RoundRecord& r : p.rounds)
    if (r.counts() && r.round < round) s += r.points;
  return s;
}

// The score of the opponent an unplayed round of a Swiss event is counted
// against.
Points unplayed_opponent_score(const EventRecord& event, const PlayerRecord& p, const RoundRecord& r) {
  const PointSystem& ps = event.tournament->points;
  switch (event.edition) {
    case TieBreakEdition::fide2022:
      // The virtual opponent: the player's score before the round, the
      // result reversed in that round, a draw in every later round.
      return score_before(p, r.round) + (ps.win - r.points) + ps.draw * (event.rounds - r.round);
    case TieBreakEdition::fide2024:
      return p.score;  // Art. 16.4: a dummy opponent with his own score
    case TieBreakEdition::fide2026: {
      // Art. 16.4 with its caps: the scheduled opponent's score for a
      // forfeit (16.4.1), else draws in every round (16.4.2).
      const PlayerRecord* o = r.opponent ? event.find(r.opponent) : nullptr;
      const Points cap = o ? adjusted_score(event, *o) : ps.draw * event.rounds;
      return std::min(p.score, cap);
    }
  }
  return p.score;
}

struct Contribution {
  Points opponent_score;  // tenths
  double value;           // what it adds to the sum
  bool voluntary;         // from a voluntary unplayed round (Art. 16.5)
};

// Per round: the opponent's (adjusted) score, or the dummy (virtual)
// opponent's for an unplayed round of a Swiss event; weighted by the
// player's result for Sonneborn-Berger.
std::vector<Contribution> opponent_scores(const EventRecord& event, const PlayerRecord& p, bool weighted) {
  const double win = event.tournament->points.win;
  std::vector<Contribution> out;
  for (const RoundRecord& r : p.rounds) {
    if (!r.counts()) continue;
    Points score;
    bool voluntary = false;
    if (game_like(event, r)) {
      const PlayerRecord* o = event.find(r.opponent);
      if (!o) continue;
      score = adjusted_score(event, *o);
    } else if (!event.round_robin) {
      score = unplayed_opponent_score(event, p, r);
      voluntary = event.edition != TieBreakEdition::fide2022 && voluntary_unplayed(r.kind);
    } else {
      continue;
    }
    const double value = (weighted ? score * (r.points / win) : score) / 10.0;
    out.push_back({score, value, voluntary});
  }
  return out;
}

// Art. 14.1-14.4 (Cut-n removes the n least significant values, Median-n
// the n least and the n most significant): the least significant value is
// the one of the opponent with the lowest score (the lower contribution
// among equal scores), the most significant the one of the highest. Art.
// 16.5.1: a low cut takes, instead of the least significant value, the
// lowest contribution of a voluntary unplayed round when that is worth
// more.
double cut_sum(std::vector<Contribution> values, int low, int high) {
  auto less = [](const Contribution& a, const Contribution& b) {
    return a.opponent_score != b.opponent_score ? a.opponent_score < b.opponent_score : a.value < b.value;
  };
  low = std::min<int>(low, static_cast<int>(values.size()));
  for (int i = 0; i < low; ++i) {
    auto least = std::min_element(values.begin(), values.end(), less);
    auto cut = least;
    for (auto it = values.begin(); it != values.end(); ++it) {
      if (!it->voluntary) continue;
      if (!cut->voluntary || less(*it, *cut)) cut = it;
    }
    if (cut->value < least->value) cut = least;
    values.erase(cut);
  }
  high = std::min<int>(high, static_cast<int>(values.size()));
  for (int i = 0; i < high; ++i) values.erase(std::max_element(values.begin(), values.end(), less));
  double sum = 0;
  for (const Contribution& c : values) sum += c.value;
  return sum;
}

// Art. 6 (direct encounter) for the tied `group`: the points each scored
// in the games between them. When they have not all met (Swiss events),
// the leader is separated only if no one else could reach his score by
// winning the missing games (6.2), and so on down the group; the players
// left share one value. Swiss events count games played over the board;
// round robins count forfeits too.
std::vector<double> direct_encounter(const EventRecord& event, const std::vector<int>& group) {
  struct Row {
    int number;
    Points points = 0;
    Points reachable = 0;
    size_t index;
  };
  std::vector<Row> rows;
  bool all_met = true;
  const Points win = event.tournament->points.win;
  for (size_t i = 0; i < group.size(); ++i) {
    Row row{group[i], 0, 0, i};
    std::vector<int> met;
    if (const PlayerRecord* p = event.find(group[i])) {
      for (const RoundRecord& r : p->rounds) {
        if (!game_like(event, r) || r.opponent == group[i] || !std::count(group.begin(), group.end(), r.opponent))
          continue;
        row.points += r.points;
        if (!std::count(met.begin(), met.end(), r.opponent)) met.push_back(r.opponent);
      }
    }
    const int missing = static_cast<int>(group.size()) - 1 - static_cast<int>(met.size());
    all_met = all_met && missing == 0;
    row.reachable = row.points + missing * win;
    rows.push_back(row);
  }
  std::vector<double> out(group.size(), 0);
  if (all_met) {
    for (const Row& row : rows) out[row.index] = row.points / 10.0;
    return out;
  }
  std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.points > b.points; });
  size_t i = 0;
  for (; i < rows.size(); ++i) {
    Points best_of_rest = -1;
    for (size_t j = i + 1; j < rows.size(); ++j) best_of_rest = std::max(best_of_rest, rows[j].reachable);
    if (i + 1 < rows.size() && rows[i].points <= best_of_rest) break;
    out[rows[i].index] = rows[i].points / 10.0;
  }
  // The rest share the highest score among them (below every separated one).
  for (size_t j = i; j < rows.size(); ++j) out[rows[j].index] = rows[i].points / 10.0;
  return out;
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
      if (group.size() < 2) return 0;
      const std::vector<double> values = direct_encounter(event, group);
      for (size_t i = 0; i < group.size(); ++i)
        if (group[i] == p.number) return values[i];
      return 0;
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
      // Art. 10.1: the opponents met over the board, rounded to the nearest
      // whole number (halves up). Cuts (Art. 14) remove the lowest ratings,
      // an unrated opponent (no rating to average) counting as the lowest;
      // under the 2022 edition unplayed rounds take the low cuts first.
      std::vector<int> ratings;
      int unrated = 0, unplayed = 0;
      for (const RoundRecord& r : p.rounds) {
        if (!r.counts()) continue;
        if (r.kind != RoundKind::game) {
          ++unplayed;
          continue;
        }
        const Player* o = event.tournament->player(r.opponent);
        if (o && o->rating > 0) ratings.push_back(o->rating);
        else ++unrated;
      }
      std::sort(ratings.begin(), ratings.end());
      int low = tb.cut_low;
      if (event.edition == TieBreakEdition::fide2022) low -= std::min(low, unplayed);
      low -= std::min(low, unrated);
      low = std::min<int>(low, static_cast<int>(ratings.size()));
      ratings.erase(ratings.begin(), ratings.begin() + low);
      const int high = std::min<int>(tb.cut_high, static_cast<int>(ratings.size()));
      ratings.resize(ratings.size() - static_cast<size_t>(high));
      if (ratings.empty()) return 0;
      double sum = 0;
      for (int rating : ratings) sum += rating;
      return std::floor(sum / static_cast<double>(ratings.size()) + 0.5);
    }
    case TieBreakKind::koya: {
      // Art. 9.2: the points scored against the opponents who scored at
      // least half the maximum, forfeits included.
      Points s = 0;
      for (const RoundRecord& r : p.rounds) {
        if (!r.counts() || r.opponent == 0) continue;
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
