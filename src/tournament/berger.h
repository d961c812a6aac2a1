// The FIDE Berger tables (Handbook C.05, Annex 1): the round-robin schedule
// for any number of players. For an odd number the table of the next even
// number is used and the highest number is the dummy: its opponent has the
// bye. A double round robin repeats the cycle with the colours reversed.
#pragma once

#include <string>
#include <vector>

namespace tabiya::tournament {

// One game of a table: pairing numbers of White and Black.
struct TableGame {
  int white = 0;
  int black = 0;
  bool operator==(const TableGame&) const = default;
};

// One round: the games in board order (board 1 first).
using TableRound = std::vector<TableGame>;

// The number of the table's players: `players` rounded up to even.
int berger_table_size(int players);

// The FIDE Berger table for `players` (>= 2) players: berger_table_size - 1
// rounds. For odd `players` the games against players + 1 are the byes.
std::vector<TableRound> berger_table(int players);

// A whole round-robin schedule of `cycles` cycles: cycle 2 (and every even
// cycle) repeats the table with the colours reversed. With
// `swap_last_two_rounds` the last two rounds of each odd cycle are exchanged,
// as C.05 Annex 1 recommends for double round robins so that no player gets
// the same colour three times running at the turn.
std::vector<TableRound> round_robin_schedule(int players, int cycles, bool swap_last_two_rounds = false);

// "1-10 2-9 3-8 4-7 5-6": one round as printed by `tabiya tournament berger`.
std::string format_table_round(const TableRound& round);

}  // namespace tabiya::tournament
