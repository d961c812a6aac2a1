#include "tournament/dutch.h"

#include <algorithm>
#include <map>
#include <set>

#include "tournament/dutch_matching.h"

namespace tabiya::tournament {
namespace {

int bits_for(long long v) {
  int b = 0;
  while (v > 0) ++b, v >>= 1;
  return std::max(b, 1);
}

// What the Dutch rules need to know about one player before the round.
struct Entrant {
  int number = 0;
  Points score = 0;
  int rank = 0;  // position in the pairing order (score, then start number)
  int colour_difference = 0;  // white games minus black games (played games only)
  Colour preference = Colour::none;
  bool absolute = false;          // C.04.3 1.6.2 a: |CD| > 1 or the same colour twice running
  bool strong = false;            // |CD| == 1 and not absolute
  Colour repeated = Colour::none;  // colour of the last two played games when equal
  std::vector<Colour> colours;     // colours of played games, oldest first
  int played_games = 0;
  bool bye_eligible = true;  // C2: no earlier PAB, no earlier unplayed win
  bool topscorer = false;    // 1.7: final round, score above 50% of the maximum
  Float float1 = Float::none, float2 = Float::none;  // previous round, two rounds before
  int imbalance() const { return colour_difference < 0 ? -colour_difference : colour_difference; }
};

Float float_of(const Tournament& t, const Player& p, int round) {
  if (round < 1) return Float::none;
  RoundEntry e = p.entry(round);
  if (!e.played()) return t.entry_points(e) > t.points.loss ? Float::down : Float::none;
  const Player* o = t.player(e.opponent);
  if (!o) return Float::none;
  Points mine = t.score_after(p, round - 1), theirs = t.score_after(*o, round - 1);
  return mine > theirs ? Float::down : mine < theirs ? Float::up : Float::none;
}

Entrant make_entrant(const Tournament& t, const Player& p, int round) {
  Entrant e;
  e.number = p.number;
  e.score = t.score_after(p, round - 1);
  int white = 0, black = 0, run = 0;
  Colour last = Colour::none;
  for (int r = 1; r < round; ++r) {
    RoundEntry x = p.entry(r);
    if (x.played()) {
      ++e.played_games;
      (x.colour == Colour::white ? white : black)++;
      run = (run && x.colour == last) ? run + 1 : 1;
      last = x.colour;
      e.colours.push_back(x.colour);
    } else if (x.pairing_allocated_bye() || t.entry_points(x) >= t.points.win) {
      e.bye_eligible = false;
    }
  }
  e.colour_difference = white - black;
  Colour lower = white > black ? Colour::black : Colour::white;
  int imbalance = e.imbalance();
  if (imbalance > 1) e.preference = lower;
  else if (run > 1) e.preference = opposite(last);
  else if (imbalance > 0) e.preference = lower;
  else if (run > 0) e.preference = opposite(last);
  e.repeated = run > 1 ? last : Colour::none;
  e.absolute = imbalance > 1 || run > 1;
  e.strong = !e.absolute && imbalance == 1;
  e.float1 = float_of(t, p, round - 1);
  e.float2 = float_of(t, p, round - 2);
  return e;
}

bool compatible_colours(Colour a, Colour b) { return a == Colour::none || b == Colour::none || a != b; }

// Article 5 (colour allocation): the colour of `a` against `b`; `a_higher`
// says a is ranked higher. Returns white/black.
Colour allocate(const Entrant& a, const Entrant& b, bool a_higher, Colour initial) {
  // 5.2.1 both preferences granted.
  if (compatible_colours(a.preference, b.preference)) {
    if (a.preference != Colour::none) return a.preference;
    if (b.preference != Colour::none) return opposite(b.preference);
  } else {
    // 5.2.2 the stronger preference (absolute, then the wider imbalance; strong over mild).
    if (a.absolute && (a.imbalance() > b.imbalance() || !b.absolute)) return a.preference;
    if (b.absolute && (b.imbalance() > a.imbalance() || !a.absolute)) return opposite(b.preference);
    if (a.strong && !b.strong) return a.preference;
    if (b.strong && !a.strong) return opposite(b.preference);
    // 5.2.3 alternate to the most recent round in which they had different colours.
    auto ia = a.colours.rbegin(), ib = b.colours.rbegin();
    while (ia != a.colours.rend() && ib != b.colours.rend() && *ia == *ib) ++ia, ++ib;
    if (ia != a.colours.rend() && ib != b.colours.rend()) return *ib;
  }
  // 5.2.4 the higher-ranked player's preference; 5.2.5 no preference: by pairing number parity.
  const Entrant& hi = a_higher ? a : b;
  const Entrant& lo = a_higher ? b : a;
  (void)lo;
  Colour hi_colour;
  if (hi.preference != Colour::none) hi_colour = hi.preference;
  else hi_colour = hi.rank % 2 == 0 ? initial : opposite(initial);
  return a_higher ? hi_colour : opposite(hi_colour);
}

struct Pairer {
  const Tournament& t;
  int round;
  Colour initial;
  std::vector<Entrant> es;  // sorted by rank
  std::vector<std::vector<char>> compat;
  int n = 0;
  bool odd = false;
  int bye_vertex = -1;
  Points bye_score = 0;  // the lowest score at which the PAB can be given
  std::vector<int> bye_rank;  // C9: 0 for the candidate with most played games

  bool topscorer_threshold_applies() const { return t.total_rounds > 0 && round == t.total_rounds; }

  void setup(const std::vector<const Player*>& players) {
    for (const Player* p : players) es.push_back(make_entrant(t, *p, round));
    std::stable_sort(es.begin(), es.end(), [](const Entrant& a, const Entrant& b) {
      return a.score != b.score ? a.score > b.score : a.number < b.number;
    });
    n = static_cast<int>(es.size());
    Points max_points = std::max(t.points.win, t.points.draw);
    for (int i = 0; i < n; ++i) {
      es[i].rank = i;
      if (topscorer_threshold_applies()) es[i].topscorer = es[i].score * 2 > (round - 1) * max_points;
    }
    compat.assign(n, std::vector<char>(n, 0));
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        const Entrant &a = es[i], &b = es[j];
        bool ok = true;
        // C1: no rematch (games actually played; forfeits do not count).
        const Player* pa = t.player(a.number);
        for (int r = 1; r < round && ok; ++r) {
          RoundEntry x = pa->entry(r);
          if (x.opponent == b.number && x.played()) ok = false;
        }
        // C3: non-topscorers with the same absolute colour preference do not meet.
        if (ok && a.absolute && b.absolute && a.preference == b.preference && !a.topscorer && !b.topscorer) ok = false;
        compat[i][j] = compat[j][i] = ok;
      }
    odd = n % 2 == 1;
    bye_vertex = odd ? n : -1;
  }

  int vertices() const { return n + (odd ? 1 : 0); }

  // The lowest score at which some eligible player can take the PAB while
  // everyone else is paired (C2, C4), and the C9 order among the candidates.
  bool find_bye_score() {
    if (!odd) return true;
    std::vector<Points> scores;
    for (const Entrant& e : es) scores.push_back(e.score);
    std::sort(scores.begin(), scores.end());
    scores.erase(std::unique(scores.begin(), scores.end()), scores.end());
    std::map<Points, int> level;
    for (size_t i = 0; i < scores.size(); ++i) level[scores[i]] = static_cast<int>(scores.size() - i);
    MaxWeightMatching m(vertices());
    int lb = bits_for(scores.size() + 1);
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        if (compat[i][j]) {
          Wide w;
          w.add_at(lb + 1, 1);
          m.set_weight(i, j, w);
        }
    for (int i = 0; i < n; ++i)
      if (es[i].bye_eligible) {
        Wide w;
        w.add_at(lb + 1, 1);
        w.add_at(0, static_cast<std::uint64_t>(level[es[i].score]));
        m.set_weight(i, bye_vertex, w);
      }
    std::vector<int> mate = m.solve();
    for (int v = 0; v < vertices(); ++v)
      if (mate[v] < 0) return false;
    bye_score = es[mate[bye_vertex]].score;
    std::vector<int> games;
    for (const Entrant& e : es)
      if (e.score <= bye_score && e.bye_eligible) games.push_back(e.played_games);
    std::sort(games.rbegin(), games.rend());
    games.erase(std::unique(games.begin(), games.end()), games.end());
    bye_rank.assign(n, 0);
    for (int i = 0; i < n; ++i)
      bye_rank[i] = static_cast<int>(std::find(games.begin(), games.end(), es[i].played_games) - games.begin());
    return true;
  }

  bool bye_candidate(int i) const { return es[i].bye_eligible && es[i].score <= bye_score; }

  // Pairs the whole round; returns pairs of entrant indices (bye as -1).
  Result<std::vector<std::pair<int, int>>> run() {
    std::vector<std::pair<int, int>> result;
    if (!find_bye_score()) return fail("no pairing satisfies the absolute criteria (C1-C3) for all players");
    std::vector<char> done(n, 0);
    std::vector<int> mdps;  // moved-down players, in rank order
    int next = 0;           // first resident of the next scoregroup
    while (true) {
      std::vector<int> bracket = mdps;
      if (next < n) {
        Points s = es[next].score;
        while (next < n && es[next].score == s) bracket.push_back(next++);
      }
      std::vector<int> next_group;
      for (int k = next; k < n && es[k].score == es[next].score; ++k) next_group.push_back(k);
      bool last = next >= n;
      if (bracket.empty()) break;
      std::vector<int> rest;
      for (int i = 0; i < n; ++i)
        if (!done[i]) rest.push_back(i);
      auto pairs = pair_bracket(bracket, next_group, rest, last);
      if (!pairs.ok()) return pairs.error();
      std::vector<char> in_pair(n, 0);
      for (auto [a, b] : *pairs) {
        result.push_back({a, b});
        done[a] = 1, in_pair[a] = 1;
        if (b >= 0) done[b] = 1, in_pair[b] = 1;
      }
      mdps.clear();
      for (int i : bracket)
        if (!in_pair[i]) mdps.push_back(i);
      if (last) {
        if (!mdps.empty()) return fail("players left unpaired after the last bracket");
        break;
      }
    }
    return result;
  }

  // The criteria weight of edge (i, j), i ranked above j, for the bracket.
  struct Layout {
    int cw = 0;                    // width of a count field
    std::map<Points, int> shift;   // score field: offset of each score level
    int sw = 0;                    // width of a score field
    int ow = 0;                    // width of the ordering field
  };

  Result<std::vector<std::pair<int, int>>> pair_bracket(const std::vector<int>& bracket,
                                                        const std::vector<int>& next_group,
                                                        const std::vector<int>& rest, bool last) {
    int V = static_cast<int>(rest.size()) + (odd ? 1 : 0);
    std::vector<int> vid(n + 1, -1);
    for (size_t k = 0; k < rest.size(); ++k) vid[rest[k]] = static_cast<int>(k);
    int bye_v = odd ? static_cast<int>(rest.size()) : -1;
    std::vector<char> in_b(n, 0), in_n(n, 0);
    for (int i : bracket) in_b[i] = 1;
    for (int i : next_group) in_n[i] = 1;
    std::vector<int> pos(n, -1);
    for (size_t k = 0; k < bracket.size(); ++k) pos[bracket[k]] = static_cast<int>(k);
    int mdp_count = 0;
    Points resident_score = 0;
    for (int i : bracket)
      if (es[i].score > es[bracket.back()].score) ++mdp_count;
    resident_score = es[bracket.back()].score;
    (void)resident_score;

    Layout L;
    L.cw = bits_for(V) + 2;
    std::map<Points, int> counts;
    for (int i : bracket) counts[es[i].score]++;
    for (int i : next_group) counts[es[i].score]++;
    int off = 0;
    for (auto& [score, c] : counts) {  // ascending scores: higher scores get higher bits
      L.shift[score] = off;
      off += bits_for(2 * c + 1) + 1;
    }
    L.sw = off;
    int B = static_cast<int>(bracket.size());
    L.ow = bits_for(static_cast<long long>(B) * B * 4 + 4) + 1;

    // Field offsets, lowest first.
    int o = 0;
    int o_order = o; o += L.ow;
    int o_float_rank = o; o += L.ow;
    int o_c21 = o; o += L.sw;
    int o_c20 = o; o += L.sw;
    int o_c19 = o; o += L.sw;
    int o_c18 = o; o += L.sw;
    int o_c17 = o; o += L.cw;
    int o_c16 = o; o += L.cw;
    int o_c15 = o; o += L.cw;
    int o_c14 = o; o += L.cw;
    int o_c13 = o; o += L.cw;
    int o_c12 = o; o += L.cw;
    int o_c11 = o; o += L.cw;
    int o_c10 = o; o += L.cw;
    int o_c9 = o; o += L.cw;
    int o_c7s = o; o += L.sw;
    int o_c7 = o; o += L.cw;
    int o_c6 = o; o += L.sw;
    int o_c5 = o; o += L.cw;
    int o_c4 = o; o += L.cw;
    if (o + 4 > kWideWords * 64) return fail("bracket too large for the weight width");

    // The bracket's pairs count for the ordering heuristic: MDPs paired with the
    // first residents, the remaining residents S1 against S2.
    int residents = B - mdp_count;
    auto weight = [&](int i, int j) -> Wide {
      // i ranked above j
      Wide w;
      w.add_at(o_c4, 1);
      bool both_b = in_b[i] && in_b[j];
      const Entrant &hi = es[i], &lo = es[j];
      if (both_b) {
        w.add_at(o_c5, 1);
        w.add_at(o_c6 + L.shift[hi.score], 1);
      }
      if (in_n[j] && (in_b[i] || in_n[i])) {
        w.add_at(o_c7, 1);
        w.add_at(o_c7s + L.shift[hi.score], 1);
      }
      if (!both_b) return w;
      // Colour criteria (C10-C13).
      bool same_pref = hi.preference == lo.preference && hi.preference != Colour::none;
      if (!(hi.imbalance() > 1 && lo.imbalance() > 1 && same_pref)) w.add_at(o_c10, 1);
      {
        bool ok = !(hi.absolute && lo.absolute && same_pref);
        if (!ok) {
          if (hi.imbalance() == lo.imbalance())
            ok = hi.repeated == Colour::none || hi.repeated != lo.repeated;
          else {
            const Entrant& smaller = hi.imbalance() > lo.imbalance() ? lo : hi;
            ok = smaller.repeated != opposite(hi.preference);
          }
        }
        if (ok) w.add_at(o_c11, 1);
      }
      if (compatible_colours(hi.preference, lo.preference)) w.add_at(o_c12, 1);
      {
        bool hs = hi.strong || hi.absolute, ls = lo.strong || lo.absolute;
        if (!hs || !ls || (hi.absolute && lo.absolute) || !same_pref) w.add_at(o_c13, 1);
      }
      // Float criteria (C14-C21).
      bool hi_floats = hi.score > lo.score;
      if (round > 1) {
        w.add_at(o_c14, (lo.float1 == Float::down) + (!hi_floats && hi.float1 == Float::down));
        if (!(hi_floats && lo.float1 == Float::up)) w.add_at(o_c15, 1);
        w.add_at(o_c18 + L.shift[lo.score], lo.float1 == Float::down);
        w.add_at(o_c18 + L.shift[hi.score], hi.float1 == Float::down);
        if (!(hi_floats && lo.float1 == Float::up)) w.add_at(o_c19 + L.shift[hi.score], 1);
      }
      if (round > 2) {
        w.add_at(o_c16, (lo.float2 == Float::down) + (!hi_floats && hi.float2 == Float::down));
        if (!(hi_floats && lo.float2 == Float::up)) w.add_at(o_c17, 1);
        w.add_at(o_c20 + L.shift[lo.score], lo.float2 == Float::down);
        w.add_at(o_c20 + L.shift[hi.score], hi.float2 == Float::down);
        if (!(hi_floats && lo.float2 == Float::up)) w.add_at(o_c21 + L.shift[hi.score], 1);
      }
      // Ordering (Article 4), a tie-break: pair the higher-ranked players
      // (the lowest float), MDPs with the first residents, S1[k] with S2[k].
      int pi = pos[i], pj = pos[j];
      w.add_at(o_float_rank, static_cast<std::uint64_t>(2 * B - pi - pj));
      long long dev;
      if (pi < mdp_count) dev = pj - mdp_count;  // MDP with the highest resident
      else {
        int half = residents / 2;
        dev = std::llabs(static_cast<long long>(pj - pi) - half);
      }
      long long cap = static_cast<long long>(B) * B * 2;
      long long score = cap - dev * B - 0;
      (void)score;
      w.add_at(o_order, static_cast<std::uint64_t>(std::max(0LL, cap - dev * (B - pi + 1))));
      return w;
    };

    MaxWeightMatching m(V);
    for (size_t a = 0; a < rest.size(); ++a)
      for (size_t b = a + 1; b < rest.size(); ++b) {
        int i = rest[a], j = rest[b];
        if (!compat[i][j]) continue;
        m.set_weight(static_cast<int>(a), static_cast<int>(b), i < j ? weight(i, j) : weight(j, i));
      }
    if (odd)
      for (size_t a = 0; a < rest.size(); ++a) {
        int i = rest[a];
        if (!bye_candidate(i)) continue;
        Wide w;
        w.add_at(o_c4, 1);
        if (in_b[i] || last) w.add_at(o_c9, static_cast<std::uint64_t>(n - bye_rank[i]));
        m.set_weight(static_cast<int>(a), bye_v, w);
      }
    std::vector<int> mate = m.solve();
    for (int v = 0; v < V; ++v)
      if (mate[v] < 0) return fail("no pairing satisfies the absolute criteria (C1-C3) and completion (C4)");
    std::vector<std::pair<int, int>> pairs;
    for (int i : bracket) {
      int v = vid[i];
      int u = mate[v];
      if (u == bye_v) {
        if (last) pairs.push_back({i, -1});
        continue;
      }
      int j = rest[u];
      if (in_b[j] && i < j) pairs.push_back({i, j});
    }
    return pairs;
  }
};

}  // namespace

Result<RoundPairing> pair_dutch(const Tournament& t, int round, const DutchOptions& options) {
  if (options.baku) return fail("Dutch pairing: Baku acceleration is not supported yet");
  if (round < 1) return fail("Dutch pairing: round " + std::to_string(round) + " is not a round number");
  // Initial colour: declared, else inferred from round 1 (the first-ranked player paired had it), else white.
  Colour initial = t.initial_colour;
  if (initial == Colour::none) {
    initial = Colour::white;
    if (round > 1)
      for (const Player& p : t.players) {
        RoundEntry e = p.entry(1);
        if (e.opponent != 0 && e.colour != Colour::none) {
          initial = e.colour;
          break;
        }
        if (e.paired()) break;
      }
  }
  std::vector<const Player*> players;
  for (const Player& p : t.players) {
    RoundEntry e = p.entry(round);
    if (!e.empty()) continue;  // requested bye, absence, or already paired
    players.push_back(&p);
  }
  Pairer pr{t, round, initial, {}, {}, 0, false, -1, 0, {}};
  pr.setup(players);
  RoundPairing out;
  out.round = round;
  if (pr.n == 0) return out;
  auto pairs = pr.run();
  if (!pairs.ok()) return fail("Dutch pairing, round " + std::to_string(round) + ": " + pairs.error().message);
  std::vector<std::pair<int, int>> sorted = *pairs;
  for (auto& [a, b] : sorted) {
    if (b < 0) {
      out.bye = pr.es[a].number;
      continue;
    }
    Colour ca = allocate(pr.es[a], pr.es[b], a < b, initial);
    out.boards.push_back(ca == Colour::white ? Board{pr.es[a].number, pr.es[b].number}
                                             : Board{pr.es[b].number, pr.es[a].number});
  }
  // Board order (C.04.2): the higher of the pair's scores, then the sum, then the higher rank.
  std::map<int, const Entrant*> by_number;
  for (const Entrant& e : pr.es) by_number[e.number] = &e;
  std::stable_sort(out.boards.begin(), out.boards.end(), [&](const Board& x, const Board& y) {
    const Entrant *xw = by_number[x.white], *xb = by_number[x.black];
    const Entrant *yw = by_number[y.white], *yb = by_number[y.black];
    Points xm = std::max(xw->score, xb->score), ym = std::max(yw->score, yb->score);
    if (xm != ym) return xm > ym;
    Points xs = xw->score + xb->score, ys = yw->score + yb->score;
    if (xs != ys) return xs > ys;
    return std::min(xw->rank, xb->rank) < std::min(yw->rank, yb->rank);
  });
  return out;
}

Tournament cut_before_round(const Tournament& t, int round) {
  Tournament c = t;
  if (c.total_rounds == 0) c.total_rounds = t.rounds_with_entries();
  for (Player& p : c.players) {
    if (static_cast<int>(p.rounds.size()) >= round) {
      RoundEntry e = p.rounds[round - 1];
      p.rounds.resize(round - 1);
      if (e.absent()) p.rounds.push_back(e);
    }
    while (!p.rounds.empty() && p.rounds.back().empty()) p.rounds.pop_back();
    p.points = c.score_after(p, round - 1);
  }
  return c;
}

RoundPairing recorded_pairing(const Tournament& t, int round) {
  RoundPairing out;
  out.round = round;
  for (const Player& p : t.players) {
    RoundEntry e = p.entry(round);
    if (e.pairing_allocated_bye()) out.bye = p.number;
    if (e.opponent != 0 && e.colour == Colour::white) out.boards.push_back({p.number, e.opponent});
    if (e.opponent != 0 && e.colour == Colour::none && p.number < e.opponent) out.boards.push_back({p.number, e.opponent});
  }
  return out;
}

bool same_pairing(const RoundPairing& a, const RoundPairing& b) {
  if (a.bye != b.bye || a.boards.size() != b.boards.size()) return false;
  auto key = [](const RoundPairing& p) {
    std::set<std::pair<int, int>> s;
    for (const Board& x : p.boards) s.insert({x.white, x.black});
    return s;
  };
  return key(a) == key(b);
}

Result<std::vector<int>> check_pairings(const Tournament& t, const DutchOptions& options) {
  std::vector<int> differ;
  int rounds = t.rounds_paired();
  for (int r = 1; r <= rounds; ++r) {
    Tournament before = cut_before_round(t, r);
    auto p = pair_dutch(before, r, options);
    if (!p.ok()) return p.error();
    if (!same_pairing(*p, recorded_pairing(t, r))) differ.push_back(r);
  }
  return differ;
}

std::string write_javafo_pairing(const RoundPairing& p) {
  std::string out = std::to_string(p.boards.size() + (p.bye ? 1 : 0)) + "\n";
  for (const Board& b : p.boards) out += std::to_string(b.white) + " " + std::to_string(b.black) + "\n";
  if (p.bye) out += std::to_string(p.bye) + " 0\n";
  return out;
}

void apply_pairing(Tournament& t, const RoundPairing& p) {
  auto set = [&](int number, RoundEntry e) {
    Player* pl = t.player(number);
    if (!pl) return;
    if (static_cast<int>(pl->rounds.size()) < p.round) pl->rounds.resize(p.round);
    pl->rounds[p.round - 1] = e;
  };
  for (const Board& b : p.boards) {
    set(b.white, RoundEntry{b.black, Colour::white, ' '});
    set(b.black, RoundEntry{b.white, Colour::black, ' '});
  }
  if (p.bye) set(p.bye, RoundEntry{0, Colour::none, 'U'});
}

}  // namespace tabiya::tournament
