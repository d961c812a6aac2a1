// A cap on the search work of one dead-position answer (Art. 5.2.2, FIDE Laws
// 2018), for a caller that must not wait long: a server's network thread.
// The cap counts the positions the searches visit. Reaching it is
// not a verdict: the answer is dropped and whoever set the cap asks again
// without one, elsewhere. Below the cap the work and its answer are exactly
// those of the uncapped call: the cap only counts, it never steers a search.
#pragma once

#include <cstdint>

namespace tabiya {

struct WorkCap {
  uint64_t steps = 0;  // positions the searches may visit
  uint64_t spent = 0;

  // Counts `n` positions; false once more than `steps` have been counted.
  bool spend(uint64_t n = 1) {
    spent += n;
    return spent <= steps;
  }
  bool exceeded() const { return spent > steps; }
};

}  // namespace tabiya
