// Drawing of lots that can be replayed: a small generator (SplitMix64) whose
// sequence is fixed by its seed on every platform, unlike the standard
// library's distributions.
#pragma once

#include <cstdint>
#include <vector>

namespace tabiya::tournament {

class Lot {
 public:
  explicit Lot(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  // Uniform in [0, n), n >= 1 (rejection sampling, no modulo bias).
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    std::uint64_t x;
    do x = next();
    while (x >= limit);
    return x % n;
  }

  // A random order of 1..n (Fisher-Yates).
  std::vector<int> permutation(int n) {
    std::vector<int> v(n);
    for (int i = 0; i < n; ++i) v[i] = i + 1;
    for (int i = n - 1; i > 0; --i) std::swap(v[i], v[below(static_cast<std::uint64_t>(i) + 1)]);
    return v;
  }

 private:
  std::uint64_t state_;
};

}  // namespace tabiya::tournament
