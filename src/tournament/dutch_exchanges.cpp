#include "tournament/dutch_exchanges.h"

#include <algorithm>
#include <numeric>

namespace tabiya::tournament {

std::vector<ResidentExchange> resident_exchanges(int s1, int size, int max_players) {
  std::vector<ResidentExchange> exs;
  for (int a = 0; a < s1; ++a)
    for (int b = s1; b < size; ++b) exs.push_back({{a}, {b}});
  if (max_players >= 2)
    for (int a1 = 0; a1 < s1; ++a1)
      for (int a2 = a1 + 1; a2 < s1; ++a2)
        for (int b1 = s1; b1 < size; ++b1)
          for (int b2 = b1 + 1; b2 < size; ++b2) exs.push_back({{a2, a1}, {b1, b2}});
  auto difference = [](const ResidentExchange& e) {
    return std::accumulate(e.in.begin(), e.in.end(), 0) - std::accumulate(e.out.begin(), e.out.end(), 0);
  };
  std::stable_sort(exs.begin(), exs.end(), [&](const ResidentExchange& x, const ResidentExchange& y) {
    if (x.out.size() != y.out.size()) return x.out.size() < y.out.size();
    if (difference(x) != difference(y)) return difference(x) < difference(y);
    if (x.out != y.out) return x.out > y.out;  // the highest different BSN leaving S1
    return x.in < y.in;                        // the lowest different BSN entering S1
  });
  return exs;
}

}  // namespace tabiya::tournament
