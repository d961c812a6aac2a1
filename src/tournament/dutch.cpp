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
  int vertex;
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

  // Pairs one bracket. `next_closed` tells whether the final witness pairs
  // every player of the next bracket (this one's floaters and the next
  // scoregroup) within that bracket or gives him the PAB.
  Result<std::vector<std::pair<int, int>>> pair_bracket(const std::vector<int>& bracket,
                                                        const std::vector<int>& next_group,
                                                        const std::vector<int>& rest, bool last, C9 c9,
                                                        bool& next_closed) const;
};

// Where each criterion's field sits in an edge weight: bit offsets, from the
// most significant criterion (C4) down to the sequence order's guess. Each
// field is exactly as wide as its largest sum over a matching, so no field
// carries into the next and the weights stay in as few words as possible.
struct WeightFields {
  int count_width = 0;                 // counts pairs among all vertices (C4, C7): at most V/2
  int bracket_count_width = 0;         // counts the bracket's pairs or their players (C5, C10-C17): at most B
  std::map<Points, int> score_offset;  // a score field: the offset of each score level, higher scores higher
  int score_width = 0;                 // a score field counts players of that score, each at most once

  // Article 4's sequence order, a first guess: below every criterion.
  int sequence_float_rank = 0;
  int sequence_order = 0;
  // Which candidate a settled player takes, in the Article 4 search.
  int tie_break = 0;
  // Float criteria (Article 2.4: C14-C21).
  int c21_upfloat_two_back_scores = 0;
  int c20_downfloat_two_back_scores = 0;
  int c19_upfloat_again_scores = 0;
  int c18_downfloat_again_scores = 0;
  int c17_upfloat_two_back = 0;
  int c16_downfloat_two_back = 0;
  int c15_upfloat_again = 0;
  int c14_downfloat_again = 0;
  // Colour criteria (C10-C13).
  int c13_strong_preference = 0;
  int c12_colour_preference = 0;
  int c11_colour_run = 0;
  int c10_colour_difference = 0;
  int c9_bye_unplayed = 0;  // the PAB assignee's unplayed games
  int c7_next_scores = 0;
  int c7_next_pairs = 0;
  int c6_bracket_scores = 0;
  int c5_bracket_pairs = 0;
  int c4_completion = 0;
  int total = 0;  // every weight is below 2^total

  // The field offset of a score level (0 for a level the bracket does not have).
  int score_at(Points score) const {
    auto it = score_offset.find(score);
    return it == score_offset.end() ? 0 : it->second;
  }
};

// One bracket's pairing: the maximum-weight matching over every player still
// unpaired that meets the criteria best (Articles 2 and 3), then, among the
// pairings as good, the first in the sequence order of Article 4. Players are
// matching vertices; the PAB is one more vertex when the round is odd.
class BracketPairing {
 public:
  BracketPairing(const Pairer& pairer, const std::vector<int>& bracket, const std::vector<int>& next_group,
                 const std::vector<int>& rest, bool last);
  // Places every criterion's field in the edge weights; false when they do not fit.
  bool lay_out_fields();
  // The criteria graph and the first matching that meets them best (the
  // witness); false when not everybody can be paired (C1-C4).
  bool find_witness(C9 c9);
  // Article 4: the moved-down players, then the remainder, each settled with
  // the first candidate that keeps the optimum.
  void settle_moved_down_players();
  void settle_remainder();
  // The bracket's pairs (the PAB as -1, in the last bracket). `next_closed`:
  // whether the witness pairs every player of the next bracket within it or
  // gives him the PAB.
  std::vector<std::pair<int, int>> pairs(bool& next_closed) const;

 private:
  // A vertex's constraint in the search: a fixed partner vertex, or one of these.
  static constexpr int FREE = -2;
  static constexpr int FLOATS_OUT = -1;  // paired outside the bracket or given the PAB
  // The remainder's halves once chosen (Article 4.2).
  static constexpr char NO_SIDE = 0, S1 = 1, S2 = 2;

  // The tie-break fields of one search: one per preferring player.
  struct TieBreakLayout {
    int field_width = 0;
    int lift = 0;  // bits the criteria move up to make room for them
  };
  // The graph, duals and vertex numbering of the latest search that found the optimum.
  struct LastSolve {
    MatchingDuals duals;
    MaxWeightMatching graph;
    std::vector<int> vertex_index;  // bracket vertex -> that graph's vertex, -1 when left out
    int lift = 0;
  };

  Wide& criteria(int a, int b) { return criteria_[static_cast<std::size_t>(a) * vertex_count_ + b]; }
  const Wide& criteria(int a, int b) const { return criteria_[static_cast<std::size_t>(a) * vertex_count_ + b]; }
  bool in_bracket_vertex(int v) const { return v != bye_vertex_ && in_bracket_[rest_[v]]; }
  bool free_player(int i) const { return constraint_[vertex_of_[i]] == FREE; }

  // Edge weights of players i and j, i ranked above j.
  Wide criteria_weight(int i, int j) const;
  void add_colour_criteria(Wide& w, const Entrant& higher, const Entrant& lower) const;
  void add_float_criteria(Wide& w, const Entrant& higher, const Entrant& lower) const;
  Wide sequence_guess(int i, int j) const;
  void build_graph();
  void set_bye_edges(bool with_c9);
  Wide criteria_sum(const std::vector<int>& matching) const;
  // Whether `matching` pairs each of `players` with another of them or the PAB.
  bool closed_among(const std::vector<int>& matching, const std::vector<int>& players) const;

  // --- The Article 4 search ---
  bool allowed(int x, int y) const;
  TieBreakLayout tie_break_layout(const std::vector<Preference>& prefer) const;
  // Pairs fixed both ways leave the search graph: their weight is a constant.
  Wide set_aside_fixed_pairs(std::vector<int>& live, std::vector<int>& index) const;
  Wide search_weight(int x, int y, const std::vector<Preference>& prefer, const std::vector<int>& preference_of,
                     const TieBreakLayout& layout) const;
  bool search_optimum(std::vector<int>& result, const std::vector<Preference>& prefer = {});
  bool proven_impossible(int vx, int vc) const;
  bool witness_decides(int x, const std::vector<int>& candidates, bool use_duals) const;
  Preference preference(int x, const std::vector<int>& candidates) const;
  void fix_as_witness(int x);
  void settle(int x, const std::vector<int>& candidates, bool use_duals);
  std::vector<int> moved_down_candidates(int k) const;

  // --- The remainder (Articles 4.2, 4.3) ---
  std::vector<char> witness_s1(const std::vector<int>& remainder, const std::vector<int>& remainder_position) const;
  std::vector<std::vector<char>> s1_sets_in_exchange_order(int s1_size, int remainder_size) const;
  void choose_s1(const std::vector<int>& remainder, int s1_size, const std::vector<char>& witness_top);
  void set_sides(const std::vector<int>& remainder, const std::vector<char>& top);
  void clear_sides(const std::vector<int>& remainder);
  std::vector<int> candidates_in_s2(int x, const std::vector<int>& s2) const;
  int batch_capacity(std::size_t s2_size) const;
  void settle_transpositions(const std::vector<int>& remainder);

  const Pairer& pairer_;
  const std::vector<Entrant>& es_;
  const std::vector<int>& bracket_;
  const std::vector<int>& next_group_;
  const std::vector<int>& rest_;  // the players still unpaired, one vertex each
  const bool last_;
  const int vertex_count_;
  const int bye_vertex_;
  const int bracket_size_;
  std::vector<int> vertex_of_;  // entrant -> vertex
  std::vector<char> in_bracket_, in_next_group_;
  std::vector<int> bracket_position_;
  int moved_down_count_ = 0;
  WeightFields fields_;
  std::vector<Wide> criteria_;  // the criteria weight of each pair of vertices
  // The sequence guess of each edge (the low fields, below the tie-break), so
  // every search's witness follows the sequence order as far as it can.
  bool order_fits_ = false;
  std::vector<std::uint64_t> order_guess_;
  Wide best_;                    // the criteria weight of the optimum
  std::vector<int> witness_;     // the current optimal matching: mate of each vertex
  std::vector<int> constraint_;  // FREE, FLOATS_OUT or the fixed partner vertex
  std::vector<char> side_;       // NO_SIDE, S1, S2
  LastSolve last_solve_;
  MaxWeightMatching scratch_graph_;  // each search's graph, its buffer reused
};

BracketPairing::BracketPairing(const Pairer& pairer, const std::vector<int>& bracket,
                               const std::vector<int>& next_group, const std::vector<int>& rest, bool last)
    : pairer_(pairer),
      es_(pairer.es),
      bracket_(bracket),
      next_group_(next_group),
      rest_(rest),
      last_(last),
      vertex_count_(static_cast<int>(rest.size()) + (pairer.odd ? 1 : 0)),
      bye_vertex_(pairer.odd ? static_cast<int>(rest.size()) : -1),
      bracket_size_(static_cast<int>(bracket.size())),
      vertex_of_(pairer.n + 1, -1),
      in_bracket_(pairer.n, 0),
      in_next_group_(pairer.n, 0),
      bracket_position_(pairer.n, -1) {
  for (size_t k = 0; k < rest.size(); ++k) vertex_of_[rest[k]] = static_cast<int>(k);
  for (int i : bracket) in_bracket_[i] = 1;
  for (int i : next_group) in_next_group_[i] = 1;
  for (size_t k = 0; k < bracket.size(); ++k) bracket_position_[bracket[k]] = static_cast<int>(k);
  for (int i : bracket)
    if (es_[i].score > es_[bracket.back()].score) ++moved_down_count_;
}

bool BracketPairing::lay_out_fields() {
  const int bracket_size = bracket_size_;
  fields_.count_width = bits_for(vertex_count_ / 2);
  fields_.bracket_count_width = bits_for(static_cast<long long>(bracket_.size()));
  std::map<Points, int> players_at;
  for (int i : bracket_) players_at[es_[i].score]++;
  for (int i : next_group_) players_at[es_[i].score]++;
  int score_bits = 0;
  for (auto& [score, count] : players_at) {  // ascending scores: higher scores get higher bits
    fields_.score_offset[score] = score_bits;
    score_bits += bits_for(count);
  }
  fields_.score_width = score_bits;

  int next = 0;  // lowest first
  auto field = [&next](int width) {
    const int offset = next;
    next += width;
    return offset;
  };
  const int score_field = fields_.score_width, count_field = fields_.bracket_count_width;
  fields_.sequence_float_rank = field(bits_for(static_cast<long long>(bracket_size) * bracket_size));  // 2B per pair
  fields_.sequence_order = field(bits_for(static_cast<long long>(bracket_size) * bracket_size * bracket_size));
  fields_.tie_break = field(bits_for(static_cast<long long>(bracket_.size())));  // a candidate's rank, at most B
  fields_.c21_upfloat_two_back_scores = field(score_field);
  fields_.c20_downfloat_two_back_scores = field(score_field);
  fields_.c19_upfloat_again_scores = field(score_field);
  fields_.c18_downfloat_again_scores = field(score_field);
  fields_.c17_upfloat_two_back = field(count_field);
  fields_.c16_downfloat_two_back = field(count_field);
  fields_.c15_upfloat_again = field(count_field);
  fields_.c14_downfloat_again = field(count_field);
  fields_.c13_strong_preference = field(count_field);
  fields_.c12_colour_preference = field(count_field);
  fields_.c11_colour_run = field(count_field);
  fields_.c10_colour_difference = field(count_field);
  fields_.c9_bye_unplayed = field(bits_for(pairer_.n));  // one bye, its rank value at most n
  fields_.c7_next_scores = field(score_field);
  fields_.c7_next_pairs = field(fields_.count_width);
  fields_.c6_bracket_scores = field(score_field);
  fields_.c5_bracket_pairs = field(count_field);
  fields_.c4_completion = field(fields_.count_width);
  fields_.total = next;
  return next + 4 <= kWideWords * 64;
}

Wide BracketPairing::criteria_weight(int i, int j) const {
  Wide w;
  w.add_at(fields_.c4_completion, 1);
  const bool both_in_bracket = in_bracket_[i] && in_bracket_[j];
  const Entrant &higher = es_[i], &lower = es_[j];
  if (both_in_bracket) {
    w.add_at(fields_.c5_bracket_pairs, 1);
    w.add_at(fields_.c6_bracket_scores + fields_.score_at(higher.score), 1);
  }
  if (in_next_group_[j] && (in_bracket_[i] || in_next_group_[i])) {
    w.add_at(fields_.c7_next_pairs, 1);
    w.add_at(fields_.c7_next_scores + fields_.score_at(higher.score), 1);
  }
  if (!both_in_bracket) return w;
  add_colour_criteria(w, higher, lower);
  add_float_criteria(w, higher, lower);
  return w;
}

// C10-C13.
void BracketPairing::add_colour_criteria(Wide& w, const Entrant& higher, const Entrant& lower) const {
  const bool same_preference = higher.preference == lower.preference && higher.preference != Colour::none;
  if (!(higher.imbalance() > 1 && lower.imbalance() > 1 && same_preference)) w.add_at(fields_.c10_colour_difference, 1);
  bool no_colour_run = !(higher.absolute && lower.absolute && same_preference);
  if (!no_colour_run) {
    if (higher.imbalance() == lower.imbalance()) {
      no_colour_run = higher.repeated == Colour::none || higher.repeated != lower.repeated;
    } else {
      const Entrant& smaller = higher.imbalance() > lower.imbalance() ? lower : higher;
      no_colour_run = smaller.repeated != opposite(higher.preference);
    }
  }
  if (no_colour_run) w.add_at(fields_.c11_colour_run, 1);
  if (compatible_colours(higher.preference, lower.preference)) w.add_at(fields_.c12_colour_preference, 1);
  const bool higher_strong = higher.strong || higher.absolute, lower_strong = lower.strong || lower.absolute;
  if (!higher_strong || !lower_strong || (higher.absolute && lower.absolute) || !same_preference)
    w.add_at(fields_.c13_strong_preference, 1);
}

// C14-C21: the floats of the previous round, then of the round before it.
void BracketPairing::add_float_criteria(Wide& w, const Entrant& higher, const Entrant& lower) const {
  const bool higher_floats = higher.score > lower.score;
  if (pairer_.round > 1) {
    w.add_at(fields_.c14_downfloat_again,
             (lower.float1 == Float::down) + (!higher_floats && higher.float1 == Float::down));
    if (!(higher_floats && lower.float1 == Float::up)) w.add_at(fields_.c15_upfloat_again, 1);
    w.add_at(fields_.c18_downfloat_again_scores + fields_.score_at(lower.score), lower.float1 == Float::down);
    w.add_at(fields_.c18_downfloat_again_scores + fields_.score_at(higher.score), higher.float1 == Float::down);
    if (!(higher_floats && lower.float1 == Float::up))
      w.add_at(fields_.c19_upfloat_again_scores + fields_.score_at(higher.score), 1);
  }
  if (pairer_.round > 2) {
    w.add_at(fields_.c16_downfloat_two_back,
             (lower.float2 == Float::down) + (!higher_floats && higher.float2 == Float::down));
    if (!(higher_floats && lower.float2 == Float::up)) w.add_at(fields_.c17_upfloat_two_back, 1);
    w.add_at(fields_.c20_downfloat_two_back_scores + fields_.score_at(lower.score), lower.float2 == Float::down);
    w.add_at(fields_.c20_downfloat_two_back_scores + fields_.score_at(higher.score), higher.float2 == Float::down);
    if (!(higher_floats && lower.float2 == Float::up))
      w.add_at(fields_.c21_upfloat_two_back_scores + fields_.score_at(higher.score), 1);
  }
}

// Ordering (Article 4), a first guess: MDPs with the first residents, S1[k]
// with S2[k]; below that, pair the higher-ranked players (the lowest float).
// In this order the sequence's own pairs are the heaviest edges, so the
// matcher finds them quickly.
Wide BracketPairing::sequence_guess(int i, int j) const {
  Wide w;
  if (!in_bracket_[i] || !in_bracket_[j]) return w;
  const int bracket_size = bracket_size_;
  const int pi = bracket_position_[i], pj = bracket_position_[j];
  w.add_at(fields_.sequence_float_rank, static_cast<std::uint64_t>(2 * bracket_size - pi - pj));
  long long deviation;
  if (pi < moved_down_count_) {
    deviation = pj - moved_down_count_;  // MDP with the highest resident
  } else {
    const int residents = bracket_size - moved_down_count_;
    deviation = std::llabs(static_cast<long long>(pj - pi) - residents / 2);
  }
  const long long cap = static_cast<long long>(bracket_size) * bracket_size * 2;
  w.add_at(fields_.sequence_order,
           static_cast<std::uint64_t>(std::max(0LL, cap - deviation * (bracket_size - pi + 1))));
  return w;
}

// The criteria weights without and with the sequence guess; the first
// witness's graph has both.
void BracketPairing::build_graph() {
  criteria_.assign(static_cast<size_t>(vertex_count_) * vertex_count_, Wide());
  order_fits_ = fields_.tie_break <= 64;
  order_guess_.assign(order_fits_ ? static_cast<size_t>(vertex_count_) * vertex_count_ : 0, 0);
  MaxWeightMatching& graph = last_solve_.graph;
  graph.reset(vertex_count_, fields_.total);
  for (size_t a = 0; a < rest_.size(); ++a)
    for (size_t b = a + 1; b < rest_.size(); ++b) {
      const int i = rest_[a], j = rest_[b];
      if (!pairer_.compat[i][j]) continue;
      const int higher = std::min(i, j), lower = std::max(i, j);
      criteria(a, b) = criteria(b, a) = criteria_weight(higher, lower);
      const Wide guess = sequence_guess(higher, lower);
      if (order_fits_) order_guess_[a * vertex_count_ + b] = order_guess_[b * vertex_count_ + a] = guess.w[0];
      graph.set_weight(static_cast<int>(a), static_cast<int>(b), criteria(a, b) + guess);
    }
}

void BracketPairing::set_bye_edges(bool with_c9) {
  for (size_t a = 0; a < rest_.size() && pairer_.odd; ++a) {
    const int i = rest_[a];
    if (!pairer_.bye_candidate(i)) continue;
    Wide w;
    w.add_at(fields_.c4_completion, 1);
    if (with_c9 && in_bracket_[i])
      w.add_at(fields_.c9_bye_unplayed, static_cast<std::uint64_t>(pairer_.n - pairer_.bye_rank[i]));
    criteria(a, bye_vertex_) = criteria(bye_vertex_, a) = w;
    last_solve_.graph.set_weight(static_cast<int>(a), bye_vertex_, w);
  }
}

Wide BracketPairing::criteria_sum(const std::vector<int>& matching) const {
  Wide sum;
  for (int v = 0; v < vertex_count_; ++v)
    if (matching[v] > v) sum += criteria(v, matching[v]);
  return sum;
}

bool BracketPairing::closed_among(const std::vector<int>& matching, const std::vector<int>& players) const {
  std::vector<char> among(vertex_count_, 0);
  for (int i : players) among[vertex_of_[i]] = 1;
  for (int i : players) {
    const int partner = matching[vertex_of_[i]];
    if (partner >= 0 && partner != bye_vertex_ && !among[partner]) return false;
  }
  return true;
}

bool BracketPairing::find_witness(C9 c9) {
  build_graph();
  set_bye_edges(c9 != C9::no);
  // The optimal duals of the latest solve that gave the witness, on that
  // solve's graph: they prove candidates impossible without solving again.
  witness_ = last_solve_.graph.solve(&last_solve_.duals);
  if (c9 == C9::decide && !closed_among(witness_, bracket_)) {
    // Some player of the bracket has to be paired lower: C9 does not count here.
    set_bye_edges(false);
    witness_ = last_solve_.graph.solve(&last_solve_.duals);
  }
  last_solve_.vertex_index.resize(vertex_count_);
  for (int v = 0; v < vertex_count_; ++v) last_solve_.vertex_index[v] = v;
  last_solve_.lift = 0;
  for (int v = 0; v < vertex_count_; ++v)
    if (witness_[v] < 0) return false;
  best_ = criteria_sum(witness_);
  constraint_.assign(vertex_count_, FREE);
  side_.assign(vertex_count_, NO_SIDE);
  return true;
}

bool BracketPairing::allowed(int x, int y) const {
  if (constraint_[x] >= 0) return constraint_[x] == y;
  if (constraint_[x] == FLOATS_OUT) return y == bye_vertex_ || !in_bracket_[rest_[y]];
  if (side_[x] == S1) return side_[y] == S2;
  if (side_[x] == S2) return side_[y] != S2;
  return true;
}

// `prefer`: tie-breaks below every criterion, each making its player take the
// earliest of its candidates (vertices) the optimum allows, the first
// player's choice before the second's and so on. One player's tie-break fits
// the layout's tie-break field; several get fields of their own, the criteria
// moved up by `lift` bits to make room.
BracketPairing::TieBreakLayout BracketPairing::tie_break_layout(const std::vector<Preference>& prefer) const {
  const int tie_break_width = fields_.c21_upfloat_two_back_scores - fields_.tie_break;
  TieBreakLayout layout{tie_break_width, 0};
  if (prefer.size() > 1) {
    std::size_t most = 0;
    for (const Preference& p : prefer) most = std::max(most, p.candidates.size());
    layout.field_width = bits_for(static_cast<long long>(most) + 1);
    layout.lift = std::max(0, layout.field_width * static_cast<int>(prefer.size()) - tie_break_width);
  }
  return layout;
}

Wide BracketPairing::set_aside_fixed_pairs(std::vector<int>& live, std::vector<int>& index) const {
  Wide fixed_sum;
  for (int v = 0; v < vertex_count_; ++v) {
    if (constraint_[v] >= 0 && constraint_[constraint_[v]] == v) {
      if (constraint_[v] > v) fixed_sum += criteria(v, constraint_[v]);
      continue;
    }
    index[v] = static_cast<int>(live.size());
    live.push_back(v);
  }
  return fixed_sum;
}

// The criteria (lifted), the sequence guess, and a preferring player's rank
// of this partner in its own field.
Wide BracketPairing::search_weight(int x, int y, const std::vector<Preference>& prefer,
                                   const std::vector<int>& preference_of, const TieBreakLayout& layout) const {
  Wide weight = criteria(x, y).shifted_up(layout.lift);
  if (order_fits_) weight.add_at(0, order_guess_[static_cast<size_t>(x) * vertex_count_ + y]);
  const int who = preference_of[x] >= 0 ? x : preference_of[y] >= 0 ? y : -1;
  if (who >= 0) {
    const Preference& p = prefer[preference_of[who]];
    auto it = std::find(p.candidates.begin(), p.candidates.end(), who == x ? y : x);
    const int place = static_cast<int>(prefer.size()) - 1 - preference_of[who];
    if (it != p.candidates.end())
      weight.add_at(fields_.tie_break + place * layout.field_width,
                    static_cast<std::uint64_t>(p.candidates.end() - it));
  }
  return weight;
}

// The best matching under the constraints, into `result` when it still meets
// the criteria as well as the optimum.
bool BracketPairing::search_optimum(std::vector<int>& result, const std::vector<Preference>& prefer) {
  const TieBreakLayout layout = tie_break_layout(prefer);
  std::vector<int> preference_of(vertex_count_, -1);  // index into prefer
  for (std::size_t i = 0; i < prefer.size(); ++i) preference_of[prefer[i].vertex] = static_cast<int>(i);
  std::vector<int> live, index(vertex_count_, -1);
  const Wide fixed_sum = set_aside_fixed_pairs(live, index);
  MaxWeightMatching& graph = scratch_graph_;
  graph.reset(static_cast<int>(live.size()), fields_.total + layout.lift);
  for (size_t a = 0; a < live.size(); ++a)
    for (size_t b = a + 1; b < live.size(); ++b) {
      const int x = live[a], y = live[b];
      if (criteria(x, y).zero() || !allowed(x, y) || !allowed(y, x)) continue;
      graph.set_weight(static_cast<int>(a), static_cast<int>(b), search_weight(x, y, prefer, preference_of, layout));
    }
  MatchingDuals duals;
  const std::vector<int> matching = graph.solve(&duals);
  std::vector<int> full(vertex_count_, -1);
  Wide sum = fixed_sum;
  for (int v = 0; v < vertex_count_; ++v) {
    if (index[v] < 0) {
      full[v] = constraint_[v];
      continue;
    }
    const int u = matching[index[v]];
    if (u < 0) return false;
    full[v] = live[u];
    if (live[u] > v) sum += criteria(v, live[u]);
  }
  if (!(sum == best_)) return false;
  result = std::move(full);
  last_solve_.duals = std::move(duals);
  std::swap(last_solve_.graph, graph);
  last_solve_.vertex_index = std::move(index);
  last_solve_.lift = layout.lift;
  return true;
}

// Reduced costs at or above this bound (4x scaled, as MatchingDuals gives
// them) exceed everything below the criteria fields: such a pair loses a
// criterion in every pairing, and the constraints only grow.
bool BracketPairing::proven_impossible(int vx, int vc) const {
  const int a = last_solve_.vertex_index[vx], b = last_solve_.vertex_index[vc];
  if (a < 0 || b < 0) return false;
  const Wide w = last_solve_.graph.weight(a, b);
  if (w.zero()) return true;  // no edge under constraints that still hold
  Wide criteria_unit4;
  criteria_unit4.add_at(fields_.c21_upfloat_two_back_scores + last_solve_.lift + 2, 1);
  return criteria_unit4 <= last_solve_.duals.reduced_cost4(a, b, w);
}

// Whether the witness's partner for x is already known to be the first of
// the candidates the optimum allows.
bool BracketPairing::witness_decides(int x, const std::vector<int>& candidates, bool use_duals) const {
  const int vx = vertex_of_[x];
  const int current = witness_[vx];
  // The witness already has the first candidate: nothing to search.
  bool first_is_witness =
      !candidates.empty() && (candidates[0] < 0 ? !in_bracket_vertex(current) : current == vertex_of_[candidates[0]]);
  bool witness_listed = false;
  for (int c : candidates)
    if (c >= 0 && vertex_of_[c] == current) witness_listed = true;
  // The witness's partner stands when the duals rule out every candidate before it.
  if (!first_is_witness && witness_listed && use_duals) {
    bool all_ruled_out = true;
    for (int c : candidates) {
      if (c < 0 || vertex_of_[c] == current) break;
      if (!proven_impossible(vx, vertex_of_[c])) {
        all_ruled_out = false;
        break;
      }
    }
    if (all_ruled_out) first_is_witness = true;
  }
  // A witness that floats x (or pairs it outside the list) decides only
  // when no listed player is possible at all: the search says.
  return first_is_witness;
}

Preference BracketPairing::preference(int x, const std::vector<int>& candidates) const {
  Preference p{vertex_of_[x], {}};
  for (int c : candidates)
    if (c >= 0) p.candidates.push_back(vertex_of_[c]);
    else break;  // "float" comes last; it gets no tie-break
  return p;
}

// Fixes x with its partner in the witness.
void BracketPairing::fix_as_witness(int x) {
  const int vx = vertex_of_[x];
  const int partner = witness_[vx];
  if (in_bracket_vertex(partner)) {
    constraint_[vx] = partner;
    constraint_[partner] = vx;
  } else {
    constraint_[vx] = FLOATS_OUT;
  }
}

void BracketPairing::settle(int x, const std::vector<int>& candidates, bool use_duals) {
  if (!witness_decides(x, candidates, use_duals)) {
    std::vector<int> matching;
    if (search_optimum(matching, {preference(x, candidates)})) witness_ = std::move(matching);
  }
  fix_as_witness(x);
}

// The k-th MDP's candidates: the first resident possible, then the MDPs after
// it, then floating out of the bracket.
std::vector<int> BracketPairing::moved_down_candidates(int k) const {
  const int x = bracket_[k];
  std::vector<int> candidates;
  for (int r = moved_down_count_; r < bracket_size_; ++r)
    if (free_player(bracket_[r]) && pairer_.compat[x][bracket_[r]]) candidates.push_back(bracket_[r]);
  for (int r = k + 1; r < moved_down_count_; ++r)
    if (free_player(bracket_[r]) && pairer_.compat[x][bracket_[r]]) candidates.push_back(bracket_[r]);
  candidates.push_back(-1);
  return candidates;
}

// MDPs, highest first.
void BracketPairing::settle_moved_down_players() {
  for (int k = 0; k < moved_down_count_; ++k) {
    const int x = bracket_[k];
    if (!free_player(x)) continue;
    settle(x, moved_down_candidates(k), false);
  }
}

// The remainder: S1 = its first k players (k = its pairs), S2 the others
// (Article 4.2). If no transposition of S2 attains the optimum, exchanges
// between S1 and S2 in the order of Article 4.3: fewest players, then the
// smallest difference of the exchanged BSN sums, then the highest BSNs
// leaving S1, then the lowest BSNs entering it.
void BracketPairing::settle_remainder() {
  std::vector<int> remainder;
  for (int r = moved_down_count_; r < bracket_size_; ++r)
    if (free_player(bracket_[r])) remainder.push_back(bracket_[r]);
  const int remainder_size = static_cast<int>(remainder.size());
  std::vector<int> remainder_position(pairer_.n, -1);
  for (int a = 0; a < remainder_size; ++a) remainder_position[remainder[a]] = a;
  int paired_in_remainder = 0;
  for (int i : remainder) {
    const int partner = witness_[vertex_of_[i]];
    if (in_bracket_vertex(partner) && remainder_position[rest_[partner]] >= 0) ++paired_in_remainder;
  }
  const int s1_size = paired_in_remainder / 2;
  if (s1_size == 0) return;
  choose_s1(remainder, s1_size, witness_s1(remainder, remainder_position));
  settle_transpositions(remainder);
  clear_sides(remainder);
}

// The witness's own S1: the higher player of each remainder pair.
std::vector<char> BracketPairing::witness_s1(const std::vector<int>& remainder,
                                             const std::vector<int>& remainder_position) const {
  std::vector<char> top(remainder.size(), 0);
  for (std::size_t a = 0; a < remainder.size(); ++a) {
    const int partner = witness_[vertex_of_[remainder[a]]];
    if (in_bracket_vertex(partner) && remainder_position[rest_[partner]] > static_cast<int>(a)) top[a] = 1;
  }
  return top;
}

// Candidate S1 sets: the natural one, then the resident exchanges of one or
// two players in the order of Article 4.3.
std::vector<std::vector<char>> BracketPairing::s1_sets_in_exchange_order(int s1_size, int remainder_size) const {
  std::vector<char> natural(remainder_size, 0);
  for (int a = 0; a < s1_size; ++a) natural[a] = 1;
  std::vector<std::vector<char>> sets;
  sets.push_back(natural);
  int max_exchanged = std::min(2, std::min(s1_size, remainder_size - s1_size));
  // The witness stands in for rarer deep exchanges.
  if (static_cast<long long>(s1_size) * (remainder_size - s1_size) > 300) max_exchanged = 1;
  for (const ResidentExchange& e : resident_exchanges(s1_size, remainder_size, max_exchanged)) {
    std::vector<char> top = natural;
    for (int a : e.out) top[a] = 0;
    for (int b : e.in) top[b] = 1;
    sets.push_back(top);
  }
  return sets;
}

// The first S1 set in exchange order that attains the optimum; the witness's
// set ends the search. Deeper exchanges (three or more players, or two in a
// large bracket) and searches beyond 60 candidate sets fall back on the
// witness, which already meets every criterion; only its place in the
// Article 4.3 order is then not verified.
void BracketPairing::choose_s1(const std::vector<int>& remainder, int s1_size, const std::vector<char>& witness_top) {
  int tests = 0;
  for (const auto& top : s1_sets_in_exchange_order(s1_size, static_cast<int>(remainder.size()))) {
    if (top == witness_top) break;
    if (++tests > 60) break;
    set_sides(remainder, top);
    std::vector<int> matching;
    if (search_optimum(matching)) {
      witness_ = std::move(matching);
      return;
    }
    clear_sides(remainder);
  }
  set_sides(remainder, witness_top);
}

void BracketPairing::set_sides(const std::vector<int>& remainder, const std::vector<char>& top) {
  for (std::size_t a = 0; a < remainder.size(); ++a) side_[vertex_of_[remainder[a]]] = top[a] ? S1 : S2;
}

void BracketPairing::clear_sides(const std::vector<int>& remainder) {
  for (int i : remainder) side_[vertex_of_[i]] = NO_SIDE;
}

std::vector<int> BracketPairing::candidates_in_s2(int x, const std::vector<int>& s2) const {
  std::vector<int> candidates;
  for (int y : s2)
    if (free_player(y) && pairer_.compat[x][y]) candidates.push_back(y);
  return candidates;
}

// How many S1 players one search settles: the tie-break fields fit the
// weights' spare bits and one more word, since a word more than the criteria
// need costs less than the searches it saves.
int BracketPairing::batch_capacity(std::size_t s2_size) const {
  const int c4_top = fields_.c4_completion + 1 + 4;
  const int spare_bits = (c4_top + 63) / 64 * 64 - c4_top;
  const int tie_break_width = fields_.c21_upfloat_two_back_scores - fields_.tie_break;
  const int field = bits_for(static_cast<long long>(s2_size) + 1);
  const int lift_room = spare_bits + (fields_.c4_completion + 5 + spare_bits + 64 <= kWideWords * 64 ? 64 : 0);
  return std::max(1, (lift_room + tie_break_width) / field);
}

// Transpositions: each S1 player, in order, with the first S2 player
// possible. A player the witness does not decide starts a batch with the
// free S1 players after him, settled by one search whose tie-breaks rank the
// batch lexicographically: the same choices as one search each, since each
// player's choice outweighs all later ones.
void BracketPairing::settle_transpositions(const std::vector<int>& remainder) {
  std::vector<int> s1, s2;
  for (int i : remainder) (side_[vertex_of_[i]] == S1 ? s1 : s2).push_back(i);
  const int room = batch_capacity(s2.size());
  for (std::size_t a = 0; a < s1.size(); ++a) {
    const int x = s1[a];
    if (!free_player(x)) continue;
    const std::vector<int> candidates = candidates_in_s2(x, s2);
    if (witness_decides(x, candidates, true)) {
      fix_as_witness(x);
      continue;
    }
    std::vector<int> batch{x};
    std::vector<Preference> prefer{preference(x, candidates)};
    for (std::size_t b = a + 1; b < s1.size() && static_cast<int>(batch.size()) < room; ++b)
      if (free_player(s1[b])) {
        batch.push_back(s1[b]);
        prefer.push_back(preference(s1[b], candidates_in_s2(s1[b], s2)));
      }
    std::vector<int> matching;
    if (search_optimum(matching, prefer)) witness_ = std::move(matching);
    for (int y : batch) fix_as_witness(y);
  }
}

std::vector<std::pair<int, int>> BracketPairing::pairs(bool& next_closed) const {
  std::vector<std::pair<int, int>> pairs;
  std::vector<int> next_bracket = next_group_;
  for (int i : bracket_) {
    const int partner = witness_[vertex_of_[i]];
    if (partner == bye_vertex_) {
      if (last_) pairs.push_back({i, -1});
      else next_bracket.push_back(i);
      continue;
    }
    const int j = rest_[partner];
    if (in_bracket_[j] && i < j) pairs.push_back({i, j});
    if (!in_bracket_[j]) next_bracket.push_back(i);
  }
  next_closed = closed_among(witness_, next_bracket);
  return pairs;
}

Result<std::vector<std::pair<int, int>>> Pairer::pair_bracket(const std::vector<int>& bracket,
                                                              const std::vector<int>& next_group,
                                                              const std::vector<int>& rest, bool last, C9 c9,
                                                              bool& next_closed) const {
  BracketPairing pairing(*this, bracket, next_group, rest, last);
  if (!pairing.lay_out_fields()) return fail("bracket too large for the weight width");
  if (!pairing.find_witness(c9)) return fail("no pairing satisfies the absolute criteria (C1-C3) and completion (C4)");
  pairing.settle_moved_down_players();
  pairing.settle_remainder();
  return pairing.pairs(next_closed);
}

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
