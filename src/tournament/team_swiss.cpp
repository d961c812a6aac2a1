#include "tournament/team_swiss.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
#include <set>
#include <sstream>

#include "tournament/dutch_matching.h"

namespace tabiya::tournament {
namespace {

// A team as the pairing of one round sees it.
struct SwissTeam {
  int number = 0;
  Points score = 0;           // primary score
  std::set<int> met;          // teams met in a played match ([C1])
  bool barred = false;        // had the bye or won a match by forfeit ([C2])
  int matches_played = 0;     // 3.4.3
  bool floated_last = false;  // a floater in the previous round (1.5; [C7], [C10])
  TeamColourHistory colours;
};

bool match_played(const TeamMatch& m) {
  return !m.bye() && std::any_of(m.boards.begin(), m.boards.end(), [](const MatchBoard& b) { return b.played(); });
}

Points score_of(const TeamStanding& s, TeamScore which) {
  return which == TeamScore::match_points ? s.match_points : s.game_points;
}

// Every team's scores after `rounds` rounds (none: all zero).
std::vector<TeamStanding> scores_after(const TeamEvent& e, int rounds) {
  if (rounds > 0) return team_scores(e, rounds);
  std::vector<TeamStanding> zero;
  for (const Team& t : e.teams) {
    TeamStanding s;
    s.team = t.number;
    zero.push_back(s);
  }
  return zero;
}

std::vector<SwissTeam> team_states(const TeamEvent& e, const TeamSwissRules& rules, int round) {
  const TeamScore secondary =
      rules.primary == TeamScore::match_points ? TeamScore::game_points : TeamScore::match_points;
  const auto now = scores_after(e, round - 1);
  const auto before_last = scores_after(e, round - 2);
  std::vector<SwissTeam> teams(e.teams.size());
  for (size_t i = 0; i < teams.size(); ++i) {
    SwissTeam& t = teams[i];
    t.number = static_cast<int>(i) + 1;
    t.score = score_of(now[i], rules.primary);
    t.colours.number = t.number;
    t.colours.primary = t.score;
    t.colours.secondary = score_of(now[i], secondary);
    t.colours.by_round.assign(round - 1, Colour::none);
  }
  auto at = [&](int number) -> SwissTeam* {
    return number >= 1 && number <= static_cast<int>(teams.size()) ? &teams[number - 1] : nullptr;
  };
  for (int r = 1; r < round; ++r) {
    for (const TeamMatch& m : e.rounds[r - 1]) {
      SwissTeam *a = at(m.first), *b = at(m.second);
      if (!a) continue;
      if (m.bye()) {
        a->barred = true;
        continue;
      }
      if (!b) continue;
      const MatchScore s = score_match(e, m);
      if (!match_played(m)) {
        if (s.complete && s.first_match_points > s.second_match_points) a->barred = true;
        if (s.complete && s.second_match_points > s.first_match_points) b->barred = true;
        continue;
      }
      a->met.insert(b->number);
      b->met.insert(a->number);
      ++a->matches_played;
      ++b->matches_played;
      const Colour first = m.boards.empty() ? Colour::white : m.boards[0].first_colour;
      a->colours.by_round[r - 1] = first;
      b->colours.by_round[r - 1] = opposite(first);
      if (r == round - 1 &&
          score_of(before_last[a->number - 1], rules.primary) != score_of(before_last[b->number - 1], rules.primary))
        a->floated_last = b->floated_last = true;
    }
  }
  return teams;
}

// The round being paired: its place among the declared rounds.
struct RoundPlace {
  bool last = false;      // Type B's mild preferences lapse
  bool last_two = false;  // [C7] and [C10] lapse
};

class RoundPairer {
 public:
  RoundPairer(std::vector<SwissTeam> teams, const TeamSwissRules& rules, int round)
      : teams_(std::move(teams)), rules_(rules), round_(round) {
    place_.last = rules.total_rounds > 0 && round >= rules.total_rounds;
    place_.last_two = rules.total_rounds > 0 && round >= rules.total_rounds - 1;
    for (const SwissTeam& t : teams_)
      preference_.push_back(team_colour_preference(t.colours, rules.colours, place_.last));
  }

  Result<std::vector<TeamMatch>> pair(std::vector<int> field) {
    std::vector<TeamMatch> matches;
    if (field.size() % 2 == 1) {
      auto bye = choose_bye(field);
      if (!bye) return fail(bye.error().message);
      field.erase(std::find(field.begin(), field.end(), *bye));
      TeamMatch m;
      m.first = teams_[*bye].number;
      matches.push_back(m);
    } else if (!pairable(field)) {
      return fail(round_label() + ": the teams cannot all be paired without a rematch ([C1]); the arbiter decides " +
                  "(C.04.6 3.3.3)");
    }
    while (!field.empty()) {
      Points top = 0;
      for (int i : field) top = std::max(top, teams_[i].score);
      std::vector<int> residents, candidates;
      for (int i : field) (teams_[i].score == top ? residents : candidates).push_back(i);
      auto floaters = choose_upfloaters(field, residents, candidates);
      if (!floaters) return fail(floaters.error().message);
      std::vector<int> bracket = residents;
      bracket.insert(bracket.end(), floaters->begin(), floaters->end());
      std::sort(bracket.begin(), bracket.end());
      auto pairs = pair_bracket(bracket);
      if (!pairs) return fail(pairs.error().message);
      for (auto [x, y] : *pairs) matches.push_back(make_match(x, y));
      std::vector<int> rest;
      for (int i : field)
        if (!std::binary_search(bracket.begin(), bracket.end(), i)) rest.push_back(i);
      field = std::move(rest);
    }
    return matches;
  }

 private:
  std::vector<SwissTeam> teams_;  // by index = TPN - 1
  TeamSwissRules rules_;
  int round_;
  RoundPlace place_;
  std::vector<TeamColourPreference> preference_;

  std::string round_label() const { return "round " + std::to_string(round_); }

  bool may_meet(int a, int b) const { return !teams_[a].met.count(teams_[b].number); }

  // A pairing of every team of `group` without a rematch exists ([C1], [C3]).
  bool pairable(const std::vector<int>& group) const {
    const int n = static_cast<int>(group.size());
    if (n % 2 == 1) return false;
    if (n == 0) return true;
    MaxWeightMatching m(n, 2);
    for (int i = 0; i < n; ++i) {
      bool any = false;
      for (int j = 0; j < n; ++j)
        if (i != j && may_meet(group[i], group[j])) {
          any = true;
          if (i < j) m.set_weight(i, j, Wide(1));
        }
      if (!any) return false;
    }
    const auto mate = m.solve();
    return std::none_of(mate.begin(), mate.end(), [](int v) { return v < 0; });
  }

  static std::vector<int> without(const std::vector<int>& all, const std::vector<int>& gone) {
    std::vector<int> rest;
    for (int i : all)
      if (std::find(gone.begin(), gone.end(), i) == gone.end()) rest.push_back(i);
    return rest;
  }

  // 3.4: of the teams [C2] allows, leaving the others pairable (3.4.1), the
  // lowest score, then the most matches played, then the largest TPN.
  Result<int> choose_bye(const std::vector<int>& field) const {
    std::vector<int> order = field;
    std::sort(order.begin(), order.end(), [&](int a, int b) {
      const SwissTeam &x = teams_[a], &y = teams_[b];
      if (x.score != y.score) return x.score < y.score;
      if (x.matches_played != y.matches_played) return x.matches_played > y.matches_played;
      return x.number > y.number;
    });
    for (int i : order)
      if (!teams_[i].barred && pairable(without(field, {i}))) return i;
    return fail(round_label() + ": no team may have the pairing-allocated bye and leave the others pairable ([C2], " +
                "C.04.6 3.4.1); the arbiter decides (3.3.3)");
  }

  // A set of upfloaters is legal when the bracket it makes and the teams left can both be paired.
  bool legal(const std::vector<int>& field, const std::vector<int>& residents, const std::vector<int>& set) const {
    std::vector<int> bracket = residents;
    bracket.insert(bracket.end(), set.begin(), set.end());
    return pairable(bracket) && pairable(without(field, bracket));
  }

  // Every `k`-set of `candidates` (taken in their order), at most kUpfloaterSetLimit of them: beyond
  // that, from the first candidates only (the best-scored ones, [C5]).
  static std::vector<std::vector<int>> sets_of(std::vector<int> candidates, int k) {
    auto count = [](int n, int r) {
      double c = 1;
      for (int i = 0; i < r; ++i) c = c * (n - i) / (i + 1);
      return c;
    };
    while (static_cast<int>(candidates.size()) > k &&
           count(static_cast<int>(candidates.size()), k) > kUpfloaterSetLimit)
      candidates.pop_back();
    std::vector<std::vector<int>> sets;
    std::vector<int> pick(k);
    const int n = static_cast<int>(candidates.size());
    auto walk = [&](auto&& self, int from, int depth) -> void {
      if (depth == k) {
        std::vector<int> s;
        for (int p : pick) s.push_back(candidates[p]);
        sets.push_back(std::move(s));
        return;
      }
      for (int i = from; i <= n - (k - depth); ++i) {
        pick[depth] = i;
        self(self, i + 1, depth + 1);
      }
    };
    walk(walk, 0, 0);
    return sets;
  }

  // 3.5: the candidates are in descending score, then ascending TPN (3.5.3).
  Result<std::vector<int>> choose_upfloaters(const std::vector<int>& field, const std::vector<int>& residents,
                                             std::vector<int> candidates) const {
    std::sort(candidates.begin(), candidates.end(), [&](int a, int b) {
      return teams_[a].score != teams_[b].score ? teams_[a].score > teams_[b].score : a < b;
    });
    auto profile = [&](const std::vector<int>& s) {
      std::vector<Points> p;
      for (int i : s) p.push_back(teams_[i].score);
      std::sort(p.begin(), p.end());
      return p;
    };
    for (int k = static_cast<int>(residents.size()) % 2; k <= static_cast<int>(candidates.size()); k += 2) {
      auto sets = sets_of(candidates, k);
      // [C5]: the best scores in ascending order first; then 3.5.4's order of the TPNs.
      std::stable_sort(sets.begin(), sets.end(), [&](const std::vector<int>& a, const std::vector<int>& b) {
        const auto pa = profile(a), pb = profile(b);
        return pa != pb ? pa > pb : a < b;
      });
      std::vector<const std::vector<int>*> best;
      for (const auto& s : sets) {
        if (!best.empty() && profile(s) != profile(*best.front())) break;
        if (legal(field, residents, s)) best.push_back(&s);
      }
      if (best.empty()) continue;
      if (best.size() == 1) return *best.front();
      // [C6] then [C7]; the first in 3.5.4's order among the equal.
      const std::vector<int>* chosen = nullptr;
      std::pair<int, int> chosen_cost;
      for (const auto* s : best) {
        const std::pair<int, int> cost{next_scoregroup_pairable(field, residents, *s) ? 0 : 1, previous_floaters(*s)};
        if (!chosen || cost < chosen_cost) chosen = s, chosen_cost = cost;
      }
      return *chosen;
    }
    return fail(round_label() + ": no set of upfloaters makes the top scoregroup pairable ([C1], [C3])");
  }

  // [C6]: what is left of the next scoregroup can be paired with no more upfloaters than its parity asks ([C1],
  // [C3], [C4] there); met when the upfloaters emptied it.
  bool next_scoregroup_pairable(const std::vector<int>& field, const std::vector<int>& residents,
                                const std::vector<int>& set) const {
    std::vector<int> bracket = residents;
    bracket.insert(bracket.end(), set.begin(), set.end());
    const std::vector<int> rest = without(field, bracket);
    std::optional<Points> next;
    for (int i : without(field, residents))
      if (!next || teams_[i].score > *next) next = teams_[i].score;
    if (!next) return true;
    std::vector<int> group, lower;
    for (int i : rest) {
      if (teams_[i].score == *next) group.push_back(i);
      else if (teams_[i].score < *next) lower.push_back(i);
    }
    if (group.empty()) return true;
    for (const auto& s : sets_of(lower, static_cast<int>(group.size()) % 2))
      if (legal(rest, group, s)) return true;
    return false;
  }

  // [C7]: upfloaters that were floaters in the previous round (not counted in the last two rounds).
  int previous_floaters(const std::vector<int>& set) const {
    if (place_.last_two) return 0;
    return static_cast<int>(std::count_if(set.begin(), set.end(), [&](int i) { return teams_[i].floated_last; }));
  }

  // What pairing a with b costs against [C8], [C9] and [C10].
  std::uint64_t pair_cost(int a, int b, std::uint64_t base) const {
    const TeamColourPreference &pa = preference_[a], &pb = preference_[b];
    const std::uint64_t c8 = pa.colour != Colour::none && pa.colour == pb.colour ? 1 : 0;
    const std::uint64_t c9 = c8 && rules_.colours == TeamColourPreferences::type_b &&
                                     pa.strength == PreferenceStrength::strong &&
                                     pb.strength == PreferenceStrength::strong
                                 ? 1
                                 : 0;
    // [C10]: in a pair of different scores (an upfloater's), the higher team floated in the previous round.
    std::uint64_t c10 = 0;
    if (!place_.last_two && teams_[a].score != teams_[b].score)
      c10 = teams_[teams_[a].score > teams_[b].score ? a : b].floated_last ? 1 : 0;
    return (c8 * base + c9) * base + c10;
  }

  // 3.6: the bracket's pairing with the fewest [C8], then [C9], then [C10]
  // failures, and among those the first by its identifier (the top members'
  // TPNs ascending, then their bottom members'), found top member by top
  // member and then bottom member by bottom member, each time the smallest
  // TPN that still lets a best pairing be completed.
  Result<std::vector<std::pair<int, int>>> pair_bracket(const std::vector<int>& bracket) const {
    const int n = static_cast<int>(bracket.size());
    const std::uint64_t base = static_cast<std::uint64_t>(n) + 3;
    const std::uint64_t big = (static_cast<std::uint64_t>(n) / 2 + 1) * base * base * base + 1;
    std::vector<std::vector<std::uint64_t>> weight(n, std::vector<std::uint64_t>(n, 0));
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        if (may_meet(bracket[i], bracket[j])) weight[i][j] = big - pair_cost(bracket[i], bracket[j], base);
    enum class Role { open, top, bottom };
    std::vector<Role> role(n, Role::open);
    std::vector<int> fixed(n, -1);
    // The weight of the best pairing keeping to the roles and fixed pairs; none when there is no whole pairing.
    auto best = [&](const std::vector<Role>& roles, const std::vector<int>& pinned) -> std::optional<std::uint64_t> {
      MaxWeightMatching m(n, 64);
      for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
          if (!weight[i][j] || roles[i] == Role::bottom || roles[j] == Role::top) continue;
          if ((pinned[i] >= 0 && pinned[i] != j) || (pinned[j] >= 0 && pinned[j] != i)) continue;
          m.set_weight(i, j, Wide(weight[i][j]));
        }
      const auto mate = m.solve();
      std::uint64_t total = 0;
      for (int i = 0; i < n; ++i) {
        if (mate[i] < 0) return std::nullopt;
        if (i < mate[i]) total += weight[i][mate[i]];
      }
      return total;
    };
    const auto optimum = best(role, fixed);
    if (!optimum) return fail(round_label() + ": a bracket cannot be paired without a rematch ([C1])");
    int previous = -1;
    for (int k = 0; k < n / 2; ++k) {
      for (int t = previous + 1; t < n; ++t) {
        std::vector<Role> trial = role;
        for (int b = previous + 1; b < t; ++b) trial[b] = Role::bottom;
        trial[t] = Role::top;
        if (best(trial, fixed) == optimum) {
          role = std::move(trial);
          previous = t;
          break;
        }
      }
    }
    for (int i = previous + 1; i < n; ++i) role[i] = Role::bottom;
    std::vector<std::pair<int, int>> pairs;
    for (int t = 0; t < n; ++t) {
      if (role[t] != Role::top) continue;
      for (int b = t + 1; b < n; ++b) {
        if (role[b] != Role::bottom || fixed[b] >= 0 || !weight[t][b]) continue;
        std::vector<int> trial = fixed;
        trial[t] = b;
        trial[b] = t;
        if (best(role, trial) == optimum) {
          fixed = std::move(trial);
          pairs.emplace_back(bracket[t], bracket[b]);
          break;
        }
      }
    }
    if (static_cast<int>(pairs.size()) * 2 != n) return fail(round_label() + ": the bracket's pairing failed");
    return pairs;
  }

  TeamMatch make_match(int a, int b) const {
    TeamColourRules colour_rules;
    colour_rules.preferences = rules_.colours;
    colour_rules.secondary_for_colours = rules_.secondary_for_colours;
    colour_rules.initial_colour = rules_.initial_colour;
    colour_rules.last_round = place_.last;
    const Colour a_colour = allocate_team_colours(teams_[a].colours, teams_[b].colours, colour_rules);
    TeamMatch m;
    m.first = a_colour == Colour::white ? teams_[a].number : teams_[b].number;
    m.second = a_colour == Colour::white ? teams_[b].number : teams_[a].number;
    return m;
  }
};

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// The white team of board 1 and its opponent (0 for the bye).
std::pair<int, int> board_one(const TeamMatch& m) {
  if (m.bye() || m.boards.empty() || m.boards[0].first_colour != Colour::black) return {m.first, m.second};
  return {m.second, m.first};
}

std::string describe(const TeamEvent& e, const std::pair<int, int>& p) {
  auto name = [&](int n) {
    const Team* t = e.team(n);
    std::string s = std::to_string(n);
    if (t) s += " " + t->name;
    return s;
  };
  if (p.second == 0) return "the bye to " + name(p.first);
  return name(p.first) + " (White on board 1) - " + name(p.second);
}

}  // namespace

std::string team_swiss_type_code(const TeamSwissRules& rules) {
  std::string code = "FIDE_TEAM";
  if (rules.colours == TeamColourPreferences::type_a) code += "_TYPEA";
  if (rules.colours == TeamColourPreferences::type_b) code += "_TYPEB";
  const bool mp = rules.primary == TeamScore::match_points;
  code += mp ? "_MP" : "_GP";
  if (rules.secondary_for_colours) code += mp ? "_GP" : "_MP";
  return code;
}

Result<TeamSwissRules> parse_team_swiss_type_code(const std::string& text) {
  const std::string code = upper(text);
  const std::string prefix = "FIDE_TEAM";
  auto bad = [&] {
    return fail("tournament type \"" + text + "\": expected FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP]");
  };
  if (code.rfind(prefix, 0) != 0) return bad();
  TeamSwissRules rules;
  std::vector<std::string> parts;
  std::istringstream in(code.substr(prefix.size()));
  for (std::string part; std::getline(in, part, '_');)
    if (!part.empty()) parts.push_back(part);
  if (code == prefix) return rules;  // the plain code: Type A, match points, game points for colours
  size_t i = 0;
  rules.colours = TeamColourPreferences::none;
  if (i < parts.size() && (parts[i] == "TYPEA" || parts[i] == "TYPEB"))
    rules.colours = parts[i++] == "TYPEA" ? TeamColourPreferences::type_a : TeamColourPreferences::type_b;
  if (i >= parts.size() || (parts[i] != "MP" && parts[i] != "GP")) return bad();
  rules.primary = parts[i++] == "MP" ? TeamScore::match_points : TeamScore::game_points;
  rules.secondary_for_colours = false;
  if (i < parts.size()) {
    const std::string other = rules.primary == TeamScore::match_points ? "GP" : "MP";
    if (parts[i++] != other) return bad();
    rules.secondary_for_colours = true;
  }
  if (i != parts.size()) return bad();
  return rules;
}

bool is_team_swiss(const TeamEvent& event) { return upper(event.players.header("192")).rfind("FIDE_TEAM", 0) == 0; }

Result<TeamSwissRules> team_swiss_rules(const TeamEvent& event) {
  auto rules = parse_team_swiss_type_code(event.players.header("192"));
  if (!rules) return fail("192 record: " + rules.error().message);
  rules->total_rounds = event.players.total_rounds;
  if (event.players.initial_colour != Colour::none) rules->initial_colour = event.players.initial_colour;
  return rules;
}

void set_team_swiss_rules(TeamEvent& event, const TeamSwissRules& rules) {
  event.players.set_header("092", "Team Swiss");
  event.players.set_header("192", team_swiss_type_code(rules));
  event.players.total_rounds = rules.total_rounds;
  event.players.initial_colour = rules.initial_colour;
}

Result<std::vector<TeamMatch>> pair_team_swiss_round(const TeamEvent& event, const TeamSwissRules& rules, int round,
                                                     const std::vector<int>& absent) {
  const int paired = static_cast<int>(event.rounds.size());
  if (round < 1 || round > paired + 1)
    return fail("round " + std::to_string(round) + ": rounds 1 to " + std::to_string(paired + 1) + " can be paired");
  if (rules.total_rounds > 0 && round > rules.total_rounds)
    return fail("round " + std::to_string(round) + ": the event has " + std::to_string(rules.total_rounds) + " rounds");
  std::vector<int> field;
  for (const Team& t : event.teams)
    if (std::find(absent.begin(), absent.end(), t.number) == absent.end()) field.push_back(t.number - 1);
  if (field.size() < 2) return fail("round " + std::to_string(round) + ": fewer than two teams to pair");
  RoundPairer pairer(team_states(event, rules, round), rules, round);
  auto matches = pairer.pair(field);
  if (!matches) return matches;
  for (TeamMatch& m : *matches) {
    if (m.bye()) continue;
    m.boards.resize(event.boards);
    for (int b = 1; b <= event.boards; ++b) m.boards[b - 1].first_colour = board_colour(Colour::white, b);
  }
  number_matches(*matches);
  return matches;
}

Result<std::vector<std::string>> check_team_swiss_rounds(const TeamEvent& event, const TeamSwissRules& rules) {
  std::vector<std::string> differences;
  for (int r = 1; r <= static_cast<int>(event.rounds.size()); ++r) {
    std::set<std::pair<int, int>> held;
    std::vector<int> absent;
    for (const TeamMatch& m : event.rounds[r - 1]) held.insert(board_one(m));
    for (const Team& t : event.teams) {
      bool in = false;
      for (const auto& [w, b] : held) in = in || w == t.number || b == t.number;
      if (!in) absent.push_back(t.number);
    }
    auto paired = pair_team_swiss_round(event, rules, r, absent);
    if (!paired) {
      differences.push_back(paired.error().message);
      continue;
    }
    std::set<std::pair<int, int>> expected;
    for (const TeamMatch& m : *paired) expected.insert(board_one(m));
    for (const auto& p : held)
      if (!expected.count(p))
        differences.push_back("round " + std::to_string(r) + ": the file has " + describe(event, p));
    for (const auto& p : expected)
      if (!held.count(p))
        differences.push_back("round " + std::to_string(r) + ": the rules give " + describe(event, p));
  }
  return differences;
}

}  // namespace tabiya::tournament
