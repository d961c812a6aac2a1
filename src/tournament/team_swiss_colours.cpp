#include "tournament/team_swiss_colours.h"

#include <algorithm>

namespace tabiya::tournament {
namespace {

// The colours of the last two played matches, both `c`.
bool last_two_played(const TeamColourHistory& t, Colour c) {
  int seen = 0;
  for (auto it = t.by_round.rbegin(); it != t.by_round.rend() && seen < 2; ++it) {
    if (*it == Colour::none) continue;
    if (*it != c) return false;
    ++seen;
  }
  return seen == 2;
}

// The colours of the played matches, in order.
std::vector<Colour> played_colours(const TeamColourHistory& t) {
  std::vector<Colour> c;
  for (Colour x : t.by_round)
    if (x != Colour::none) c.push_back(x);
  return c;
}

// 4.2: the higher primary score, the higher secondary, the smaller TPN.
bool is_first_team(const TeamColourHistory& a, const TeamColourHistory& b, const TeamColourRules& rules) {
  if (a.primary != b.primary) return a.primary > b.primary;
  if (rules.secondary_for_colours && a.secondary != b.secondary) return a.secondary > b.secondary;
  return a.number < b.number;
}

}  // namespace

int TeamColourHistory::colour_difference() const {
  int cd = 0;
  for (Colour c : by_round) cd += c == Colour::white ? 1 : c == Colour::black ? -1 : 0;
  return cd;
}

bool TeamColourHistory::played_any() const { return last_played() != Colour::none; }

Colour TeamColourHistory::last_played() const {
  for (auto it = by_round.rbegin(); it != by_round.rend(); ++it)
    if (*it != Colour::none) return *it;
  return Colour::none;
}

TeamColourPreference team_colour_preference(const TeamColourHistory& team, TeamColourPreferences type,
                                            bool last_round) {
  if (type == TeamColourPreferences::none || !team.played_any()) return {};
  const int cd = team.colour_difference();
  const PreferenceStrength high =
      type == TeamColourPreferences::type_b ? PreferenceStrength::strong : PreferenceStrength::mild;
  if (cd < -1 || ((cd == 0 || cd == -1) && last_two_played(team, Colour::black))) return {Colour::white, high};
  if (cd > 1 || ((cd == 0 || cd == 1) && last_two_played(team, Colour::white))) return {Colour::black, high};
  if (type == TeamColourPreferences::type_a) return {};
  // Type B's mild preferences (1.7.2): an odd difference, or alternation outside the last round.
  if (cd == -1) return {Colour::white, PreferenceStrength::mild};
  if (cd == 1) return {Colour::black, PreferenceStrength::mild};
  if (last_round) return {};
  return {opposite(team.last_played()), PreferenceStrength::mild};
}

Colour allocate_team_colours(const TeamColourHistory& a, const TeamColourHistory& b, const TeamColourRules& rules) {
  const bool a_first = is_first_team(a, b, rules);
  const TeamColourHistory& first = a_first ? a : b;
  const TeamColourHistory& other = a_first ? b : a;
  // The colour of the first team, returned as a's.
  auto result = [&](Colour first_colour) { return a_first ? first_colour : opposite(first_colour); };

  // 4.3.1: neither has played; an odd TPN takes the initial colour.
  if (!first.played_any() && !other.played_any())
    return result(first.number % 2 == 1 ? rules.initial_colour : opposite(rules.initial_colour));
  const TeamColourPreference pf = team_colour_preference(first, rules.preferences, rules.last_round);
  const TeamColourPreference po = team_colour_preference(other, rules.preferences, rules.last_round);
  // 4.3.2: only one preference; 4.3.3: opposite preferences.
  if (pf.colour != Colour::none && po.colour == Colour::none) return result(pf.colour);
  if (pf.colour == Colour::none && po.colour != Colour::none) return result(opposite(po.colour));
  if (pf.colour != Colour::none && po.colour == opposite(pf.colour)) return result(pf.colour);
  // 4.3.4 (Type B): only one strong preference.
  if (rules.preferences == TeamColourPreferences::type_b) {
    const bool fs = pf.strength == PreferenceStrength::strong, os = po.strength == PreferenceStrength::strong;
    if (fs && !os) return result(pf.colour);
    if (os && !fs) return result(opposite(po.colour));
  }
  // 4.3.5: the lower colour difference gets White.
  const int cf = first.colour_difference(), co = other.colour_difference();
  if (cf != co) return result(cf < co ? Colour::white : Colour::black);
  // 4.3.6: alternate from the latest time one had White and the other Black, the colour sequences taken over the
  // played matches only (C.04.2 3.4: unplayed rounds do not count) and compared from their ends.
  const std::vector<Colour> fs = played_colours(first), os = played_colours(other);
  for (size_t i = 1; i <= std::min(fs.size(), os.size()); ++i) {
    const Colour f = fs[fs.size() - i], o = os[os.size() - i];
    if (f != o) return result(opposite(f));
  }
  // 4.3.7: the first team's preference; 4.3.8 and 4.3.9: alternate from the last played round.
  if (pf.colour != Colour::none) return result(pf.colour);
  if (first.played_any()) return result(opposite(first.last_played()));
  if (other.played_any()) return result(other.last_played());
  return result(rules.initial_colour);
}

}  // namespace tabiya::tournament
