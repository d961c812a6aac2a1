#include "tournament/varma.h"

#include <algorithm>
#include <map>

#include "tournament/lot.h"

namespace tabiya::tournament {
namespace {

// Tournament Rules 9(h): the published table, rows for 9/10 .. 23/24.
struct VarmaRow {
  int players;
  std::array<std::vector<int>, 4> groups;
};
const VarmaRow kVarma[] = {
    {10, {{{3, 4, 8}, {5, 7, 9}, {1, 6}, {2, 10}}}},
    {12, {{{4, 5, 9, 10}, {1, 2, 7}, {6, 8, 12}, {3, 11}}}},
    {14, {{{4, 5, 6, 11, 12}, {1, 2, 8, 9}, {7, 10, 13}, {3, 14}}}},
    {16, {{{5, 6, 7, 12, 13, 14}, {1, 2, 3, 9, 10}, {8, 11, 15}, {4, 16}}}},
    {18, {{{5, 6, 7, 8, 14, 15, 16}, {1, 2, 3, 10, 11, 12}, {9, 13, 17}, {4, 18}}}},
    {20, {{{6, 7, 8, 9, 15, 16, 17, 18}, {1, 2, 3, 11, 12, 13, 14}, {5, 10, 19}, {4, 20}}}},
    {22, {{{6, 7, 8, 9, 10, 17, 18, 19, 20}, {1, 2, 3, 4, 12, 13, 14, 15}, {11, 16, 21}, {5, 22}}}},
    {24, {{{6, 7, 8, 9, 10, 11, 19, 20, 21, 22}, {1, 2, 3, 4, 13, 14, 15, 16, 17}, {12, 18, 23}, {5, 24}}}},
};

const char kGroupNames[] = "ABCD";

std::string surname(const std::string& name) {
  auto comma = name.find(',');
  return comma == std::string::npos ? name : name.substr(0, comma);
}

}  // namespace

Result<std::array<std::vector<int>, 4>> varma_groups(int players) {
  if (players < 9 || players > 24) {
    return fail("Varma tables: they cover 9 to 24 players (got " + std::to_string(players) + ")");
  }
  const int even = players % 2 == 0 ? players : players + 1;
  for (const VarmaRow& row : kVarma) {
    if (row.players != even) continue;
    std::array<std::vector<int>, 4> groups = row.groups;
    for (auto& g : groups) std::erase_if(g, [players](int n) { return n > players; });
    return groups;
  }
  return fail("Varma tables: no row for " + std::to_string(players) + " players");
}

Result<VarmaDraw> varma_draw(const std::vector<VarmaEntrant>& entrants, std::uint64_t seed) {
  auto table = varma_groups(static_cast<int>(entrants.size()));
  if (!table) return table.error();
  std::array<std::vector<int>, 4> envelopes = *table;

  // Drawing order: federations by size (largest first), then by code;
  // players without a federation each draw alone, after them, by name.
  std::map<std::string, std::vector<int>> by_federation;
  std::vector<std::vector<int>> groups;
  for (size_t i = 0; i < entrants.size(); ++i) {
    if (entrants[i].federation.empty()) {
      groups.push_back({static_cast<int>(i)});
    } else {
      by_federation[entrants[i].federation].push_back(static_cast<int>(i));
    }
  }
  for (auto& [code, members] : by_federation) groups.push_back(members);
  auto name_of = [&](int i) { return surname(entrants[i].name) + '\x01' + entrants[i].name; };
  for (auto& g : groups) std::stable_sort(g.begin(), g.end(), [&](int a, int b) { return name_of(a) < name_of(b); });
  std::stable_sort(groups.begin(), groups.end(), [&](const std::vector<int>& a, const std::vector<int>& b) {
    if (a.size() != b.size()) return a.size() > b.size();
    const std::string& fa = entrants[a.front()].federation;
    const std::string& fb = entrants[b.front()].federation;
    if (fa != fb) return !fa.empty() && (fb.empty() || fa < fb);
    return name_of(a.front()) < name_of(b.front());
  });

  Lot lot(seed);
  VarmaDraw draw;
  draw.numbers.assign(entrants.size(), 0);
  for (const std::vector<int>& group : groups) {
    size_t next = 0;
    while (next < group.size()) {
      const size_t needed = group.size() - next;
      // The envelopes holding numbers for the whole rest of the group; if
      // none does (a federation larger than any group), the fullest ones.
      std::vector<int> choice;
      for (int e = 0; e < 4; ++e)
        if (envelopes[e].size() >= needed) choice.push_back(e);
      if (choice.empty()) {
        size_t most = 0;
        for (const auto& env : envelopes) most = std::max(most, env.size());
        for (int e = 0; e < 4; ++e)
          if (envelopes[e].size() == most) choice.push_back(e);
      }
      const int e = choice[lot.below(choice.size())];
      const std::string& fed = entrants[group[next]].federation;
      draw.steps.push_back(entrants[group[next]].name + (fed.empty() ? "" : " (" + fed + ")") + " picks group " +
                           kGroupNames[e]);
      while (next < group.size() && !envelopes[e].empty()) {
        const size_t k = lot.below(envelopes[e].size());
        const int number = envelopes[e][k];
        envelopes[e].erase(envelopes[e].begin() + static_cast<std::ptrdiff_t>(k));
        draw.numbers[group[next]] = number;
        draw.steps.push_back("  " + entrants[group[next]].name + " draws " + std::to_string(number));
        ++next;
      }
    }
  }
  return draw;
}

}  // namespace tabiya::tournament
