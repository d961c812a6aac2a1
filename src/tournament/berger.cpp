#include "tournament/berger.h"

#include <algorithm>
#include <utility>

namespace tabiya::tournament {

int berger_table_size(int players) { return players % 2 == 0 ? players : players + 1; }

std::vector<TableRound> berger_table(int players) {
  std::vector<TableRound> table;
  if (players < 2) return table;
  const int n = berger_table_size(players);
  const int ring = n - 1;  // players 1..n-1 turn around the fixed player n
  auto wrap = [ring](int k) { return ((k - 1) % ring + ring) % ring + 1; };
  for (int round = 1; round <= ring; ++round) {
    // Player n meets (round + 1) / 2 in odd rounds, with Black, and
    // n / 2 + round / 2 in even rounds, with White (the published tables).
    const int fixed_opponent = round % 2 == 1 ? (round + 1) / 2 : n / 2 + round / 2;
    TableRound games;
    games.push_back(round % 2 == 1 ? TableGame{fixed_opponent, n} : TableGame{n, fixed_opponent});
    // The other boards pair the players either side of n's opponent on the
    // ring; the one after it has White.
    for (int board = 2; board <= n / 2; ++board) {
      games.push_back({wrap(fixed_opponent + board - 1), wrap(fixed_opponent - board + 1)});
    }
    table.push_back(std::move(games));
  }
  return table;
}

std::vector<TableRound> round_robin_schedule(int players, int cycles, bool swap_last_two_rounds) {
  std::vector<TableRound> cycle = berger_table(players);
  std::vector<TableRound> schedule;
  for (int c = 1; c <= cycles; ++c) {
    std::vector<TableRound> rounds = cycle;
    if (c % 2 == 0) {
      for (TableRound& r : rounds)
        for (TableGame& g : r) std::swap(g.white, g.black);
    } else if (swap_last_two_rounds && cycles > 1 && rounds.size() >= 2) {
      std::swap(rounds[rounds.size() - 1], rounds[rounds.size() - 2]);
    }
    schedule.insert(schedule.end(), rounds.begin(), rounds.end());
  }
  return schedule;
}

std::string format_table_round(const TableRound& round) {
  std::string line;
  for (const TableGame& g : round) {
    if (!line.empty()) line += ' ';
    line += std::to_string(g.white) + '-' + std::to_string(g.black);
  }
  return line;
}

}  // namespace tabiya::tournament
