// Resident exchanges of the FIDE (Dutch) System, Handbook C.04.3 Article 4.3:
// when no transposition of S2 pairs a homogeneous bracket (or a remainder)
// well enough, players of the original S1 and S2 swap places, in the order
// the article fixes.
#pragma once

#include <vector>

namespace tabiya::tournament {

// One exchange, by bracket sequence numbers counted from 0 (BSN - 1).
struct ResidentExchange {
  std::vector<int> out;  // leaving S1 for S2, highest first
  std::vector<int> in;   // leaving S2 for S1, lowest first
};

// The exchanges of one and (with max_players 2) two players between S1 =
// BSNs 0..s1-1 and S2 = BSNs s1..size-1, in the order of Article 4.3.2:
// fewer players first; then the smaller difference between the sums moved
// into and out of S1; then the highest BSN leaving S1; then the lowest BSN
// entering it.
std::vector<ResidentExchange> resident_exchanges(int s1, int size, int max_players);

}  // namespace tabiya::tournament
