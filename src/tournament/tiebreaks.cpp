#include "tournament/tiebreaks.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "tournament/fide_rating.h"
#include "tournament/standings.h"

namespace tabiya::tournament {
namespace {

struct Named {
  const char* code;
  TieBreakKind kind;
  bool cuts;   // accepts C1 C2 M1 M2
  bool rated;  // accepts U<rating> for unrated opponents
};
const Named kNames[] = {
    {"DE", TieBreakKind::direct_encounter, false, false},
    {"BH", TieBreakKind::buchholz, true, false},
    {"SB", TieBreakKind::sonneborn_berger, true, false},
    {"WIN", TieBreakKind::wins, false, false},
    {"WON", TieBreakKind::games_won, false, false},
    {"BPG", TieBreakKind::black_games, false, false},
    {"BWG", TieBreakKind::black_wins, false, false},
    {"ARO", TieBreakKind::average_rating, true, true},
    {"KS", TieBreakKind::koya, false, false},
    {"PS", TieBreakKind::progressive, true, false},
    {"TPR", TieBreakKind::performance, false, true},
    {"PTP", TieBreakKind::perfect_performance, false, true},
    {"APRO", TieBreakKind::average_performance, false, true},
    {"APPO", TieBreakKind::average_perfect, false, true},
    {"AOB", TieBreakKind::average_buchholz, false, false},
    {"FB", TieBreakKind::fore_buchholz, true, false},
    {"REP", TieBreakKind::rounds_elected, false, false},
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

// Whether the player was paired in the last round that has results: a game,
// a forfeit or the pairing-allocated bye.
bool paired_in_last_round(const EventRecord& event, const PlayerRecord& p) {
  for (const RoundRecord& r : p.rounds)
    if (r.round == event.rounds && r.counts() && (r.opponent != 0 || r.kind == RoundKind::pairing_bye)) return true;
  return false;
}

// Fore Buchholz (Art. 8.3) counts every pairing of the last round that has
// an opponent as a draw, played or not: for the player himself and for his
// opponents (2024 and 2026 editions).
bool fore_last_round(const EventRecord& event, const RoundRecord& r, bool fore) {
  return fore && !event.round_robin && event.edition != TieBreakEdition::fide2022 && r.round == event.rounds &&
         r.opponent != 0 && r.counts();
}

// The score of `p` as his opponents' tie-breaks see it.
//   2024/2026 editions, Art. 16.3: every round counts the points it gave,
//   except the voluntary unplayed rounds without an opponent (requested
//   byes, absences, the rounds after a withdrawal) that come after his last
//   round that was not voluntary: those count as draws (16.2.5, 16.3.2).
//   For Fore Buchholz (8.3) a player paired in the last round counts every
//   round as it was, the last one a draw when it had an opponent.
//   2022 edition (C.02 13.16.2, the 2009 rule): every unplayed round of his
//   counts as a draw.
// Round robins take the score as it is.
Points adjusted_score(const EventRecord& event, const PlayerRecord& p, bool fore = false) {
  if (event.round_robin) return p.score;
  const PointSystem& ps = event.tournament->points;
  Points s = 0;
  if (event.edition == TieBreakEdition::fide2022) {
    for (const RoundRecord& r : p.rounds)
      if (r.counts()) s += r.kind == RoundKind::game ? r.points : ps.draw;
    return s;
  }
  if (fore && paired_in_last_round(event, p)) {
    for (const RoundRecord& r : p.rounds)
      if (r.counts()) s += fore_last_round(event, r, fore) ? ps.draw : r.points;
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

// The player's own score for his dummy opponents: his score, with the last
// round a draw for Fore Buchholz when it had an opponent.
Points own_score(const EventRecord& event, const PlayerRecord& p, bool fore) {
  Points s = p.score;
  for (const RoundRecord& r : p.rounds)
    if (fore_last_round(event, r, fore)) s += event.tournament->points.draw - r.points;
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
Points unplayed_opponent_score(const EventRecord& event, const PlayerRecord& p, const RoundRecord& r, bool fore) {
  const PointSystem& ps = event.tournament->points;
  switch (event.edition) {
    case TieBreakEdition::fide2022:
      // The virtual opponent: the player's score before the round, the
      // result reversed in that round, a draw in every later round.
      return score_before(p, r.round) + (ps.win - r.points) + ps.draw * (event.rounds - r.round);
    case TieBreakEdition::fide2024:
      return own_score(event, p, fore);  // Art. 16.4: a dummy opponent with his own score
    case TieBreakEdition::fide2026: {
      // Art. 16.4 with its caps: the scheduled opponent's score for a
      // forfeit (16.4.1), else draws in every round (16.4.2).
      const PlayerRecord* o = r.opponent ? event.find(r.opponent) : nullptr;
      const Points cap = o ? adjusted_score(event, *o, fore) : ps.draw * event.rounds;
      return std::min(own_score(event, p, fore), cap);
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
// player's result for Sonneborn-Berger. `fore`: Fore Buchholz (8.3), the
// last round's pairings counted as games drawn.
std::vector<Contribution> opponent_scores(const EventRecord& event, const PlayerRecord& p, bool weighted,
                                          bool fore = false) {
  const double win = event.tournament->points.win;
  std::vector<Contribution> out;
  for (const RoundRecord& r : p.rounds) {
    if (!r.counts()) continue;
    Points score;
    bool voluntary = false;
    if (game_like(event, r) || fore_last_round(event, r, fore)) {
      const PlayerRecord* o = event.find(r.opponent);
      if (!o) continue;
      score = adjusted_score(event, *o, fore);
    } else if (!event.round_robin) {
      score = unplayed_opponent_score(event, p, r, fore);
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

// The games a player played over the board against opponents with a
// rating (or the rating `tb` gives unrated opponents), for ARO, TPR and PTP:
// each opponent's rating and the score in hundredths (win 100, draw 50).
struct RatedOpponents {
  std::vector<int> ratings;
  int score = 0;     // hundredths
  int unrated = 0;   // games against unrated opponents left out
  int unplayed = 0;  // rounds not played over the board
};
RatedOpponents rated_opponents(const EventRecord& event, const TieBreak& tb, const PlayerRecord& p) {
  const PointSystem& ps = event.tournament->points;
  RatedOpponents out;
  for (const RoundRecord& r : p.rounds) {
    if (!r.counts()) continue;
    if (r.kind != RoundKind::game) {
      ++out.unplayed;
      continue;
    }
    const Player* o = event.tournament->player(r.opponent);
    const int rating = o && o->rating > 0 ? o->rating : tb.unrated_rating;
    if (rating <= 0) {
      ++out.unrated;
      continue;
    }
    out.ratings.push_back(rating);
    out.score += r.points == ps.win ? 100 : r.points == ps.draw ? 50 : 0;
  }
  return out;
}

// The opponents a player met over the board (APRO, APPO, AOB average over them).
std::vector<const PlayerRecord*> opponents_met(const EventRecord& event, const PlayerRecord& p) {
  std::vector<const PlayerRecord*> out;
  for (const RoundRecord& r : p.rounds)
    if (r.counts() && r.kind == RoundKind::game)
      if (const PlayerRecord* o = event.find(r.opponent)) out.push_back(o);
  return out;
}

// Halves up: numerator >= 0, denominator > 0.
long long rounded_ratio(long long numerator, long long denominator) {
  return (2 * numerator + denominator) / (2 * denominator);
}

// Art. 10.4 and 10.5: the opponents' TPR (or PTP) averaged, to a whole
// number, halves up; opponents without a rated game have none and are left
// out.
double average_of_performances(const EventRecord& event, const TieBreak& tb, const PlayerRecord& p, bool perfect) {
  long long sum = 0, n = 0;
  for (const PlayerRecord* o : opponents_met(event, p)) {
    const RatedOpponents ro = rated_opponents(event, tb, *o);
    if (ro.ratings.empty()) continue;
    sum += perfect ? perfect_performance(ro.ratings, ro.score) : tournament_performance(ro.ratings, ro.score);
    ++n;
  }
  if (n == 0) return 0;
  return static_cast<double>(sum >= 0 ? rounded_ratio(sum, n) : -rounded_ratio(-sum, n));
}

}  // namespace

Result<TieBreak> parse_tie_break(const std::string& text) {
  std::string upper;
  for (char c : text) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  std::vector<std::string> parts(1);
  for (char c : upper) {
    if (c == '-' || c == '/' || c == ':') parts.emplace_back();
    else parts.back() += c;
  }
  const std::string base = parts[0];
  for (const Named& n : kNames) {
    if (base != n.code) continue;
    TieBreak tb;
    tb.kind = n.kind;
    std::string cut, unrated;
    for (size_t i = 1; i < parts.size(); ++i) {
      const std::string& m = parts[i];
      const bool digits = m.size() >= 2 && std::all_of(m.begin() + 1, m.end(), [](char c) { return std::isdigit(c); });
      if (n.cuts && cut.empty() && m.size() == 2 && (m[0] == 'C' || m[0] == 'M') && m[1] >= '1' && m[1] <= '9' &&
          !(n.kind == TieBreakKind::progressive && m[0] == 'M')) {
        tb.cut_low = m[1] - '0';
        if (m[0] == 'M') tb.cut_high = tb.cut_low;
        cut = m;
      } else if (n.rated && unrated.empty() && m[0] == 'U' && digits && m.size() <= 5 && std::stoi(m.substr(1)) > 0) {
        tb.unrated_rating = std::stoi(m.substr(1));
        unrated = std::string("U").append(std::to_string(tb.unrated_rating));
      } else {
        return fail("tie-break \"" + text + "\": " + n.code + " takes no modifier \"" + m + "\"" +
                    (n.cuts || n.rated ? std::string(" (it takes") + (n.cuts ? " C1..C9 M1..M9" : "") +
                                             (n.rated ? " U<rating of unrated opponents>" : "") + ")"
                                       : ""));
      }
    }
    tb.code = base + (cut.empty() ? "" : "-" + cut) + (unrated.empty() ? "" : "-" + unrated);
    return tb;
  }
  return fail("unknown tie-break \"" + text +
              "\" (known: DE BH BH-C1 BH-C2 BH-M1 BH-M2 FB SB WIN WON BPG BWG REP ARO KS PS TPR PTP APRO APPO AOB)");
}

double tie_break_value(const EventRecord& event, const TieBreak& tb, const PlayerRecord& p,
                       const std::vector<int>& group) {
  const PointSystem& ps = event.tournament->points;
  switch (tb.kind) {
    case TieBreakKind::buchholz:
      return cut_sum(opponent_scores(event, p, false), tb.cut_low, tb.cut_high);
    case TieBreakKind::fore_buchholz:
      return cut_sum(opponent_scores(event, p, false, true), tb.cut_low, tb.cut_high);
    case TieBreakKind::rounds_elected: {
      // Art. 7.6 (REP): the rounds that were not voluntary unplayed rounds:
      // games, forfeit wins, the pairing-allocated and full-point byes.
      int n = 0;
      for (const RoundRecord& r : p.rounds)
        n += r.counts() && r.kind != RoundKind::free_round && !voluntary_unplayed(r.kind);
      return n;
    }
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
      // an unrated opponent (no rating to average) counting as the lowest.
      // Under the 2022 edition the rounds not played over the board are cut
      // first, by the low cuts and then by the high ones, so that a game
      // is cut only when no unplayed round is left (as FIDE's TieBreakServer
      // reads it: an unplayed round has no rating to rank it low or high).
      RatedOpponents ro = rated_opponents(event, tb, p);
      std::vector<int>& ratings = ro.ratings;
      std::sort(ratings.begin(), ratings.end());
      int low = tb.cut_low;
      int high_cut = tb.cut_high;
      if (event.edition == TieBreakEdition::fide2022) {
        const int on_low = std::min(low, ro.unplayed);
        low -= on_low;
        high_cut -= std::min(high_cut, ro.unplayed - on_low);
      }
      low -= std::min(low, ro.unrated);
      low = std::min<int>(low, static_cast<int>(ratings.size()));
      ratings.erase(ratings.begin(), ratings.begin() + low);
      const int high = std::min<int>(high_cut, static_cast<int>(ratings.size()));
      ratings.resize(ratings.size() - static_cast<size_t>(high));
      return average_rating(ratings);
    }
    case TieBreakKind::performance: {
      // Art. 10.2: ARO + dp(p), p the score over the rated games.
      const RatedOpponents ro = rated_opponents(event, tb, p);
      return tournament_performance(ro.ratings, ro.score);
    }
    case TieBreakKind::perfect_performance: {
      const RatedOpponents ro = rated_opponents(event, tb, p);
      return perfect_performance(ro.ratings, ro.score);
    }
    case TieBreakKind::average_performance:
      return average_of_performances(event, tb, p, false);
    case TieBreakKind::average_perfect:
      return average_of_performances(event, tb, p, true);
    case TieBreakKind::average_buchholz: {
      // Art. 8.2: the opponents' Buchholz (each counted by the edition's
      // unplayed-round rules), averaged over the games played, to hundredths.
      long long sum = 0, n = 0;
      for (const PlayerRecord* o : opponents_met(event, p)) {
        sum += std::llround(cut_sum(opponent_scores(event, *o, false), 0, 0) * 10);
        ++n;
      }
      return n ? static_cast<double>(rounded_ratio(sum * 10, n)) / 100.0 : 0;
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
