#include "tournament/dutch.h"

#include <algorithm>
#include <map>
#include <set>

#include "tournament/baku.h"
#include "tournament/dutch_exchanges.h"
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
  int rank = 0;               // position in the pairing order (score, then start number)
  int order = 0;              // 5.2.5's pairing number parity: see parity_positions()
  int colour_difference = 0;  // white games minus black games (played games only)
  Colour preference = Colour::none;
  bool absolute = false;           // C.04.3 1.6.2 a: |CD| > 1 or the same colour twice running
  bool strong = false;             // |CD| == 1 and not absolute
  Colour repeated = Colour::none;  // colour of the last two played games when equal
  std::vector<Colour> colours;     // colours of played games, oldest first
  int played_games = 0;
  bool bye_eligible = true;                          // C2: no earlier PAB, no earlier unplayed win
  bool topscorer = false;                            // 1.7: final round, score above 50% of the maximum
  Float float1 = Float::none, float2 = Float::none;  // previous round, two rounds before
  int imbalance() const { return colour_difference < 0 ? -colour_difference : colour_difference; }
};

Float float_of(const Tournament& t, const Player& p, int round) {
  if (round < 1) return Float::none;
  RoundEntry e = p.entry(round);
  if (!e.played()) return t.entry_points(e) > t.points.loss ? Float::down : Float::none;
  const Player* o = t.player(e.opponent);
  if (!o) return Float::none;
  // Scores as that round was paired, with its acceleration.
  Points mine = t.score_after(p, round - 1) + t.acceleration(p.number, round);
  Points theirs = t.score_after(*o, round - 1) + t.acceleration(o->number, round);
  return mine > theirs ? Float::down : mine < theirs ? Float::up : Float::none;
}

Entrant make_entrant(const Tournament& t, const Player& p, int round) {
  Entrant e;
  e.number = p.number;
  // The pairing score: the score plus the round's acceleration (XXA, Baku).
  e.score = t.score_after(p, round - 1) + t.acceleration(p.number, round);
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
  Colour hi_colour;
  if (hi.preference != Colour::none) hi_colour = hi.preference;
  else hi_colour = hi.order % 2 == 0 ? initial : opposite(initial);
  return a_higher ? hi_colour : opposite(hi_colour);
}

// A player and the partners it would take, best first (matching vertices).
struct Preference {
  int x;
  std::vector<int> candidates;
};

// Whether criterion C9 counts in a bracket: no, yes, or as the bracket's own
// witness shows (the first bracket).
enum class C9 { no, yes, decide };

struct Pairer {
  const Tournament& t;
  int round;
  Colour initial;
  std::vector<Entrant> es;  // sorted by rank
  std::vector<std::vector<char>> compat;
  int n = 0;
  bool odd = false;
  int bye_vertex = -1;
  Points bye_score = 0;       // the lowest score at which the PAB can be given
  std::vector<int> bye_rank;  // C9: 0 for the candidate with most played games

  bool topscorer_threshold_applies() const { return t.total_rounds > 0 && round == t.total_rounds; }

  // Article 5.2.5 gives the initial colour by the parity of the higher
  // player's pairing number. Counted as bbpPairings counts it: among the
  // players to be paired now and those paired (game, forfeit or PAB) in an
  // earlier round, by start number; a player who has only been absent so far
  // and is absent again is not yet in the count.
  std::map<int, int> parity_positions() const {
    std::vector<const Player*> by_number;
    for (const Player& p : t.players) by_number.push_back(&p);
    std::stable_sort(by_number.begin(), by_number.end(),
                     [](const Player* a, const Player* b) { return a->number < b->number; });
    std::map<int, int> position;
    int next = 0;
    for (const Player* p : by_number) {
      bool counted = p->entry(round).empty();
      for (int r = 1; r < round && !counted; ++r) {
        RoundEntry e = p->entry(r);
        counted = e.opponent != 0 || e.pairing_allocated_bye();
      }
      if (counted) position[p->number] = next++;
    }
    return position;
  }

  void setup(const std::vector<const Player*>& players) {
    for (const Player* p : players) es.push_back(make_entrant(t, *p, round));
    std::map<int, int> position = parity_positions();
    for (Entrant& e : es) e.order = position[e.number];
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
        // Forbidden pairs (XXP / 260), kept apart like a rematch.
        if (ok && t.forbidden_pair(a.number, b.number, round)) ok = false;
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
    bool closed = false;    // the previous bracket's witness pairs this bracket within itself (or the PAB)
    while (true) {
      std::vector<int> bracket = mdps;
      // C9 (the PAB assignee's unplayed games) counts in a bracket only when
      // the PAB is given at its score or above and its one player left over
      // is the PAB assignee: nobody in it is paired with a lower player. For
      // the first bracket its own witness says so; for the others, the
      // witness the bracket before left.
      C9 c9 = C9::no;
      if (next < n) {
        Points s = es[next].score;
        if (odd && bye_score >= s) c9 = next == 0 ? C9::decide : closed ? C9::yes : C9::no;
        while (next < n && es[next].score == s) bracket.push_back(next++);
      }
      std::vector<int> next_group;
      for (int k = next; k < n && es[k].score == es[next].score; ++k) next_group.push_back(k);
      bool last = next >= n;
      if (bracket.empty()) break;
      std::vector<int> rest;
      for (int i = 0; i < n; ++i)
        if (!done[i]) rest.push_back(i);
      auto pairs = pair_bracket(bracket, next_group, rest, last, c9, closed);
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
    int cw = 0;                   // width of a count field
    std::map<Points, int> shift;  // score field: offset of each score level
    int sw = 0;                   // width of a score field
  };

  // Pairs one bracket. `next_closed` tells whether the final witness pairs
  // every player of the next bracket (this one's floaters and the next
  // scoregroup) within that bracket or gives him the PAB.
  Result<std::vector<std::pair<int, int>>> pair_bracket(const std::vector<int>& bracket,
                                                        const std::vector<int>& next_group,
                                                        const std::vector<int>& rest, bool last, C9 c9,
                                                        bool& next_closed) {
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
    for (int i : bracket)
      if (es[i].score > es[bracket.back()].score) ++mdp_count;

    Layout L;
    // Each field is exactly as wide as its largest sum over a matching (so no
    // field carries into the next, and the weights stay in as few words as
    // possible): C4 and C7 count pairs among all V vertices (at most V/2);
    // C5 and C10-C17 count the bracket's pairs or their players (at most B);
    // a score field counts players of that score, each at most once (c).
    L.cw = bits_for(V / 2);
    const int cwb = bits_for(static_cast<long long>(bracket.size()));
    std::map<Points, int> counts;
    for (int i : bracket) counts[es[i].score]++;
    for (int i : next_group) counts[es[i].score]++;
    int off = 0;
    for (auto& [score, c] : counts) {  // ascending scores: higher scores get higher bits
      L.shift[score] = off;
      off += bits_for(c);
    }
    L.sw = off;
    int B = static_cast<int>(bracket.size());

    // Field offsets, lowest first.
    int o = 0;
    int o_float_rank = o;
    o += bits_for(static_cast<long long>(B) * B);  // at most 2B per pair, B/2 pairs
    int o_order = o;
    o += bits_for(static_cast<long long>(B) * B * B);  // at most 2B^2 per pair
    // The Article 4 search's tie-break (which candidate a settled player
    // takes) sits above the ordering guess, below every criterion.
    int o_bonus = o;
    o += bits_for(static_cast<long long>(bracket.size()));  // a candidate's rank, at most B
    int o_c21 = o;
    o += L.sw;
    int o_c20 = o;
    o += L.sw;
    int o_c19 = o;
    o += L.sw;
    int o_c18 = o;
    o += L.sw;
    int o_c17 = o;
    o += cwb;
    int o_c16 = o;
    o += cwb;
    int o_c15 = o;
    o += cwb;
    int o_c14 = o;
    o += cwb;
    int o_c13 = o;
    o += cwb;
    int o_c12 = o;
    o += cwb;
    int o_c11 = o;
    o += cwb;
    int o_c10 = o;
    o += cwb;
    int o_c9 = o;
    o += bits_for(n);  // one bye, its rank value at most n
    int o_c7s = o;
    o += L.sw;
    int o_c7 = o;
    o += L.cw;
    int o_c6 = o;
    o += L.sw;
    int o_c5 = o;
    o += cwb;
    int o_c4 = o;
    o += L.cw;
    if (o + 4 > kWideWords * 64) return fail("bracket too large for the weight width");

    // The bracket's pairs count for the ordering heuristic: MDPs paired with the
    // first residents, the remaining residents S1 against S2.
    int residents = B - mdp_count;
    auto weight = [&](int i, int j, bool with_order) -> Wide {
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
          if (hi.imbalance() == lo.imbalance()) ok = hi.repeated == Colour::none || hi.repeated != lo.repeated;
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
      // Ordering (Article 4), a first guess: MDPs with the first residents,
      // S1[k] with S2[k]; below that, pair the higher-ranked players (the
      // lowest float). In this order the sequence's own pairs are the
      // heaviest edges, so the matcher finds them quickly.
      if (!with_order) return w;
      int pi = pos[i], pj = pos[j];
      w.add_at(o_float_rank, static_cast<std::uint64_t>(2 * B - pi - pj));
      long long dev;
      if (pi < mdp_count) dev = pj - mdp_count;  // MDP with the highest resident
      else {
        int half = residents / 2;
        dev = std::llabs(static_cast<long long>(pj - pi) - half);
      }
      long long cap = static_cast<long long>(B) * B * 2;
      w.add_at(o_order, static_cast<std::uint64_t>(std::max(0LL, cap - dev * (B - pi + 1))));
      return w;
    };

    // Base weights, with and without the ordering guess.
    std::vector<Wide> crit(static_cast<size_t>(V) * V);
    auto at = [&](int a, int b) -> Wide& { return crit[static_cast<size_t>(a) * V + b]; };
    // The ordering guess of each edge (the low fields, below the bonus), so
    // every search's witness follows the sequence order as far as it can.
    const bool order_fits = o_bonus <= 64;
    std::vector<std::uint64_t> guess(order_fits ? static_cast<size_t>(V) * V : 0, 0);
    MaxWeightMatching m(V, o);
    for (size_t a = 0; a < rest.size(); ++a)
      for (size_t b = a + 1; b < rest.size(); ++b) {
        int i = rest[a], j = rest[b];
        if (!compat[i][j]) continue;
        int hi = std::min(i, j), lo = std::max(i, j);
        at(a, b) = at(b, a) = weight(hi, lo, false);
        Wide full = weight(hi, lo, true);
        if (order_fits) guess[a * V + b] = guess[b * V + a] = (full - at(a, b)).w[0];
        m.set_weight(static_cast<int>(a), static_cast<int>(b), full);
      }
    auto set_bye_edges = [&](bool with_c9) {
      for (size_t a = 0; a < rest.size() && odd; ++a) {
        int i = rest[a];
        if (!bye_candidate(i)) continue;
        Wide w;
        w.add_at(o_c4, 1);
        if (with_c9 && in_b[i]) w.add_at(o_c9, static_cast<std::uint64_t>(n - bye_rank[i]));
        at(a, bye_v) = at(bye_v, a) = w;
        m.set_weight(static_cast<int>(a), bye_v, w);
      }
    };
    set_bye_edges(c9 != C9::no);
    // The optimal duals of the latest solve that gave `mate`, on that solve's
    // graph: they prove candidates impossible without solving again.
    MatchingDuals last_duals;
    std::vector<int> mate = m.solve(&last_duals);
    // Whether `mt` pairs each of `players` with another of them or the PAB.
    auto closed_among = [&](const std::vector<int>& mt, const std::vector<int>& players) {
      std::vector<char> among(V, 0);
      for (int i : players) among[vid[i]] = 1;
      for (int i : players) {
        int u = mt[vid[i]];
        if (u >= 0 && u != bye_v && !among[u]) return false;
      }
      return true;
    };
    if (c9 == C9::decide && !closed_among(mate, bracket)) {
      // Some player of the bracket has to be paired lower: C9 does not count here.
      set_bye_edges(false);
      mate = m.solve(&last_duals);
    }
    std::vector<int> last_index(V);
    for (int v = 0; v < V; ++v) last_index[v] = v;
    MaxWeightMatching last_graph = std::move(m);
    for (int v = 0; v < V; ++v)
      if (mate[v] < 0) return fail("no pairing satisfies the absolute criteria (C1-C3) and completion (C4)");
    auto crit_sum = [&](const std::vector<int>& mt) {
      Wide s;
      for (int v = 0; v < V; ++v)
        if (mt[v] > v) s += at(v, mt[v]);
      return s;
    };
    const Wide best = crit_sum(mate);

    // Article 4: among the pairings that satisfy the criteria best, the first
    // in the sequence order. Players are settled one by one (MDPs, then S1 of
    // the remainder, then the rest), each with the first candidate that keeps
    // the optimum; the current matching witnesses its own partner, so only the
    // candidates before it are tried.
    std::vector<int> forced(V, -2);  // -2 free; >=0 fixed partner vertex; -1 floats out of the bracket
    std::vector<char> side(V, 0);    // remainder sides once chosen: 1 = S1, 2 = S2
    auto allowed = [&](int x, int y) {
      if (forced[x] >= 0) return forced[x] == y;
      if (forced[x] == -1) return y == bye_v || !in_b[rest[y]];
      if (side[x] == 1) return side[y] == 2;
      if (side[x] == 2) return side[y] != 2;
      return true;
    };
    // The best criteria weight with the constraints above; pairs fixed both
    // ways are left out of the graph and counted as constants.
    // `prefer`: tie-breaks below every criterion, each making its player take
    // the earliest of its candidates (vertices) the optimum allows, the first
    // player's choice before the second's and so on. One player's tie-break
    // fits the layout's bonus field; several get fields of their own, the
    // criteria moved up by `lift` bits to make room.
    const int bonus_width = o_c21 - o_bonus;
    int last_lift = 0;                // the lift of last_graph
    MaxWeightMatching scratch_graph;  // each search's graph, its buffer reused
    auto try_with = [&](std::vector<int>& result, const std::vector<Preference>& prefer = {}) -> bool {
      int field = bonus_width, lift = 0;
      if (prefer.size() > 1) {
        std::size_t most = 0;
        for (const Preference& p : prefer) most = std::max(most, p.candidates.size());
        field = bits_for(static_cast<long long>(most) + 1);
        lift = std::max(0, field * static_cast<int>(prefer.size()) - bonus_width);
      }
      std::vector<int> bonus_of(V, -1);  // index into prefer
      for (std::size_t i = 0; i < prefer.size(); ++i) bonus_of[prefer[i].x] = static_cast<int>(i);
      std::vector<int> live, index(V, -1);
      Wide fixed_sum;
      for (int v = 0; v < V; ++v) {
        if (forced[v] >= 0 && forced[forced[v]] == v) {
          if (forced[v] > v) fixed_sum += at(v, forced[v]);
          continue;
        }
        index[v] = static_cast<int>(live.size());
        live.push_back(v);
      }
      MaxWeightMatching& t2 = scratch_graph;
      t2.reset(static_cast<int>(live.size()), o + lift);
      for (size_t a = 0; a < live.size(); ++a)
        for (size_t b = a + 1; b < live.size(); ++b) {
          int x = live[a], y = live[b];
          const Wide& w = at(x, y);
          if (w.zero() || !allowed(x, y) || !allowed(y, x)) continue;
          // The criteria (lifted), the ordering guess, and a preferring
          // player's rank of this partner in its own field.
          Wide weight = w.shifted_up(lift);
          if (order_fits) weight.add_at(0, guess[static_cast<size_t>(x) * V + y]);
          int who = bonus_of[x] >= 0 ? x : bonus_of[y] >= 0 ? y : -1;
          if (who >= 0) {
            const Preference& p = prefer[bonus_of[who]];
            auto it = std::find(p.candidates.begin(), p.candidates.end(), who == x ? y : x);
            int place = static_cast<int>(prefer.size()) - 1 - bonus_of[who];
            if (it != p.candidates.end())
              weight.add_at(o_bonus + place * field, static_cast<std::uint64_t>(p.candidates.end() - it));
          }
          t2.set_weight(static_cast<int>(a), static_cast<int>(b), weight);
        }
      MatchingDuals duals;
      std::vector<int> mt = t2.solve(&duals);
      std::vector<int> full(V, -1);
      Wide sum = fixed_sum;
      for (int v = 0; v < V; ++v) {
        if (index[v] < 0) {
          full[v] = forced[v];
          continue;
        }
        int u = mt[index[v]];
        if (u < 0) return false;
        full[v] = live[u];
        if (live[u] > v) sum += at(v, live[u]);
      }
      if (!(sum == best)) return false;
      result = std::move(full);
      last_duals = std::move(duals);
      std::swap(last_graph, t2);
      last_index = std::move(index);
      last_lift = lift;
      return true;
    };
    auto in_bracket_vertex = [&](int v) { return v != bye_v && in_b[rest[v]]; };
    // Reduced costs at or above this bound (4x scaled, as MatchingDuals gives
    // them) exceed everything below the criteria fields: such a pair loses a
    // criterion in every pairing, and the constraints only grow.
    auto proven_impossible = [&](int vx, int vc) {
      int a = last_index[vx], b = last_index[vc];
      if (a < 0 || b < 0) return false;
      Wide w = last_graph.weight(a, b);
      if (w.zero()) return true;  // no edge under constraints that still hold
      Wide criteria_unit4;
      criteria_unit4.add_at(o_c21 + last_lift + 2, 1);
      return criteria_unit4 <= last_duals.reduced_cost4(a, b, w);
    };
    // Whether the witness's partner for x is already known to be the first of
    // the candidates the optimum allows.
    auto witness_decides = [&](int x, const std::vector<int>& candidates, bool use_duals) {
      int vx = vid[x];
      int current = mate[vx];
      // The witness already has the first candidate: nothing to search.
      bool first_is_witness =
          !candidates.empty() && (candidates[0] < 0 ? !in_bracket_vertex(current) : current == vid[candidates[0]]);
      bool witness_listed = false;
      for (int c : candidates)
        if (c >= 0 && vid[c] == current) witness_listed = true;
      // The witness's partner stands when the duals rule out every candidate before it.
      if (!first_is_witness && witness_listed && use_duals) {
        bool all_ruled_out = true;
        for (int c : candidates) {
          if (c < 0 || vid[c] == current) break;
          if (!proven_impossible(vx, vid[c])) {
            all_ruled_out = false;
            break;
          }
        }
        if (all_ruled_out) first_is_witness = true;
      }
      // A witness that floats x (or pairs it outside the list) decides only
      // when no listed player is possible at all: the search says.
      return first_is_witness;
    };
    auto preference = [&](int x, const std::vector<int>& candidates) {
      Preference p{vid[x], {}};
      for (int c : candidates)
        if (c >= 0) p.candidates.push_back(vid[c]);
        else break;  // "float" comes last; it gets no bonus
      return p;
    };
    // Fixes x with its partner in the witness.
    auto fix_as_witness = [&](int x) {
      int vx = vid[x];
      int p = mate[vx];
      if (in_bracket_vertex(p)) {
        forced[vx] = p;
        forced[p] = vx;
      } else {
        forced[vx] = -1;
      }
    };
    auto settle = [&](int x, const std::vector<int>& candidates, bool use_duals) {
      if (!witness_decides(x, candidates, use_duals)) {
        std::vector<int> mt;
        if (try_with(mt, {preference(x, candidates)})) mate = std::move(mt);
      }
      fix_as_witness(x);
    };
    auto free_player = [&](int i) { return forced[vid[i]] == -2; };
    // MDPs, highest first: the first resident possible.
    for (int k = 0; k < mdp_count; ++k) {
      int x = bracket[k];
      if (!free_player(x)) continue;
      std::vector<int> cands;
      for (int r = mdp_count; r < B; ++r)
        if (free_player(bracket[r]) && compat[x][bracket[r]]) cands.push_back(bracket[r]);
      for (int r = k + 1; r < mdp_count; ++r)
        if (free_player(bracket[r]) && compat[x][bracket[r]]) cands.push_back(bracket[r]);
      cands.push_back(-1);
      settle(x, cands, false);
    }
    // The remainder: S1 = its first k players (k = its pairs), S2 the others
    // (Article 4.2). If no transposition of S2 attains the optimum, exchanges
    // between S1 and S2 in the order of Article 4.3: fewest players, then the
    // smallest difference of the exchanged BSN sums, then the highest BSNs
    // leaving S1, then the lowest BSNs entering it.
    std::vector<int> remainder;
    for (int r = mdp_count; r < B; ++r)
      if (free_player(bracket[r])) remainder.push_back(bracket[r]);
    int R = static_cast<int>(remainder.size());
    std::vector<int> rpos(n, -1);
    for (int a = 0; a < R; ++a) rpos[remainder[a]] = a;
    int k = 0;
    for (int i : remainder) {
      int u = mate[vid[i]];
      if (in_bracket_vertex(u) && rpos[rest[u]] >= 0) ++k;
    }
    k /= 2;
    if (k > 0) {
      // The witness's own S1: the higher player of each remainder pair.
      std::vector<char> witness_top(R, 0);
      for (int a = 0; a < R; ++a) {
        int u = mate[vid[remainder[a]]];
        if (in_bracket_vertex(u) && rpos[rest[u]] > a) witness_top[a] = 1;
      }
      auto set_sides = [&](const std::vector<char>& top) {
        for (int a = 0; a < R; ++a) side[vid[remainder[a]]] = top[a] ? 1 : 2;
      };
      auto clear_sides = [&]() {
        for (int a = 0; a < R; ++a) side[vid[remainder[a]]] = 0;
      };
      std::vector<char> natural(R, 0);
      for (int a = 0; a < k; ++a) natural[a] = 1;
      // Candidate S1 sets in exchange order; the witness's set ends the search.
      std::vector<std::vector<char>> order;
      order.push_back(natural);
      int max_e = std::min(2, std::min(k, R - k));
      if (static_cast<long long>(k) * (R - k) > 300) max_e = 1;  // the witness stands in for rarer deep exchanges
      for (const ResidentExchange& e : resident_exchanges(k, R, max_e)) {
        std::vector<char> top = natural;
        for (int a : e.out) top[a] = 0;
        for (int b : e.in) top[b] = 1;
        order.push_back(top);
      }
      // Deeper exchanges (three or more players, or two in a large bracket)
      // and searches beyond 60 candidate sets fall back on the witness, which
      // already meets every criterion; only its place in the Article 4.3
      // order is then not verified.
      bool chosen = false;
      int tests = 0;
      for (const auto& top : order) {
        if (top == witness_top) {
          set_sides(top);
          chosen = true;
          break;
        }
        if (++tests > 60) break;
        set_sides(top);
        std::vector<int> mt;
        if (try_with(mt)) {
          mate = std::move(mt);
          chosen = true;
          break;
        }
        clear_sides();
      }
      if (!chosen) set_sides(witness_top);
      // Transpositions: each S1 player, in order, with the first S2 player possible.
      std::vector<int> s1, s2;
      for (int a = 0; a < R; ++a) (side[vid[remainder[a]]] == 1 ? s1 : s2).push_back(remainder[a]);
      // A player the witness does not decide starts a batch with the free S1
      // players after him, settled by one search whose tie-breaks rank the
      // batch lexicographically: the same choices as one search each, since
      // each player's choice outweighs all later ones. The batch grows while
      // the tie-break fields fit the weights' spare bits and one more word.
      auto candidates_in_s2 = [&](int x) {
        std::vector<int> cands;
        for (int y : s2)
          if (free_player(y) && compat[x][y]) cands.push_back(y);
        return cands;
      };
      const int spare_bits = (o_c4 + 1 + 4 + 63) / 64 * 64 - (o_c4 + 1 + 4);
      for (std::size_t a = 0; a < s1.size(); ++a) {
        int x = s1[a];
        if (!free_player(x)) continue;
        std::vector<int> cands = candidates_in_s2(x);
        if (witness_decides(x, cands, true)) {
          fix_as_witness(x);
          continue;
        }
        std::vector<int> batch{x};
        std::vector<Preference> prefer{preference(x, cands)};
        int field = bits_for(static_cast<long long>(s2.size()) + 1);
        // A word more than the criteria need costs less than the searches it saves.
        int lift_room = spare_bits + (o_c4 + 5 + spare_bits + 64 <= kWideWords * 64 ? 64 : 0);
        int room = std::max(1, (lift_room + bonus_width) / field);
        for (std::size_t b = a + 1; b < s1.size() && static_cast<int>(batch.size()) < room; ++b)
          if (free_player(s1[b])) {
            batch.push_back(s1[b]);
            prefer.push_back(preference(s1[b], candidates_in_s2(s1[b])));
          }
        std::vector<int> mt;
        if (try_with(mt, prefer)) mate = std::move(mt);
        for (int y : batch) fix_as_witness(y);
      }
      clear_sides();
    }
    std::vector<std::pair<int, int>> pairs;
    std::vector<int> next_bracket = next_group;
    for (int i : bracket) {
      int v = vid[i];
      int u = mate[v];
      if (u == bye_v) {
        if (last) pairs.push_back({i, -1});
        else next_bracket.push_back(i);
        continue;
      }
      int j = rest[u];
      if (in_b[j] && i < j) pairs.push_back({i, j});
      if (!in_b[j]) next_bracket.push_back(i);
    }
    next_closed = closed_among(mate, next_bracket);
    return pairs;
  }
};

}  // namespace

Colour initial_colour(const Tournament& t) {
  if (t.initial_colour != Colour::none) return t.initial_colour;
  // The first-ranked player with a game in round 1 had the initial colour
  // (Article 5.2.5: the first of the players paired, counted from 1, is odd).
  for (const Player& p : t.players) {
    RoundEntry e = p.entry(1);
    if (e.opponent != 0 && e.colour != Colour::none) return e.colour;
  }
  return Colour::white;
}

Result<RoundPairing> pair_dutch(const Tournament& t, int round, const DutchOptions& options) {
  if (round < 1) return fail("Dutch pairing: round " + std::to_string(round) + " is not a round number");
  if (options.baku && t.accelerations.empty()) {
    auto acc = baku_accelerations(t);
    if (!acc.ok()) return fail("Dutch pairing: " + acc.error().message);
    Tournament accelerated = t;
    accelerated.accelerations = *acc;
    return pair_dutch(accelerated, round, DutchOptions{});
  }
  Colour initial = initial_colour(t);
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
  c.initial_colour = initial_colour(t);
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
    if (e.opponent != 0 && e.colour == Colour::none && p.number < e.opponent)
      out.boards.push_back({p.number, e.opponent});
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
