// Maximum-weight matching on a general graph (Edmonds' blossom algorithm
// with dual variables, O(n^3) on a dense weight matrix), the engine under the
// Dutch system: each edge weight packs the pairing criteria in strict priority
// order, so the heaviest matching is the best pairing.
//
// Weights are fixed-width unsigned integers of kWideWords 64-bit words
// (wide enough for every criterion field of a 1000-player event), compared
// and added word by word; weight 0 means "no edge".
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace tabiya::tournament {

constexpr int kWideWords = 8;

template <int kWords>
struct WideN {
  std::array<std::uint64_t, kWords> w{};  // w[0] least significant

  WideN() = default;
  explicit WideN(std::uint64_t v) { w[0] = v; }
  // The low kWords words of a wider value.
  template <int kOther>
  static WideN from(const WideN<kOther>& o) {
    WideN r;
    for (int i = 0; i < kWords && i < kOther; ++i) r.w[i] = o.w[i];
    return r;
  }
  // Index of the highest non-zero word + 1.
  int words_used() const {
    for (int i = kWords - 1; i >= 0; --i)
      if (w[i]) return i + 1;
    return 0;
  }

  bool zero() const {
    std::uint64_t any = 0;
    for (auto x : w) any |= x;
    return any == 0;
  }
  // Carry chains on the processor's add-with-carry where there is one (the
  // matcher spends most of its time here); the same values either way.
  WideN& operator+=(const WideN& o) {
#if defined(__x86_64__)
    unsigned char carry = 0;
    for (int i = 0; i < kWords; ++i) {
      unsigned long long r;
      carry = _addcarry_u64(carry, w[i], o.w[i], &r);
      w[i] = r;
    }
#else
    unsigned __int128 carry = 0;
    for (int i = 0; i < kWords; ++i) {
      unsigned __int128 s = static_cast<unsigned __int128>(w[i]) + o.w[i] + carry;
      w[i] = static_cast<std::uint64_t>(s);
      carry = s >> 64;
    }
#endif
    return *this;
  }
  WideN& operator-=(const WideN& o) {
#if defined(__x86_64__)
    unsigned char borrow = 0;
    for (int i = 0; i < kWords; ++i) {
      unsigned long long r;
      borrow = _subborrow_u64(borrow, w[i], o.w[i], &r);
      w[i] = r;
    }
#else
    std::uint64_t borrow = 0;
    for (int i = 0; i < kWords; ++i) {
      std::uint64_t a = w[i], b = o.w[i];
      std::uint64_t d = a - b - borrow;
      borrow = (a < b || (a == b && borrow)) ? 1 : 0;
      w[i] = d;
    }
#endif
    return *this;
  }
  friend WideN operator+(WideN a, const WideN& b) { return a += b; }
  friend WideN operator-(WideN a, const WideN& b) { return a -= b; }
  WideN half() const {
    WideN r;
    for (int i = 0; i < kWords; ++i) {
      r.w[i] = w[i] >> 1;
      if (i + 1 < kWords) r.w[i] |= w[i + 1] << 63;
    }
    return r;
  }
  WideN twice() const { return *this + *this; }
  // The value times 2^bits (bits shifted out at the top are lost).
  WideN shifted_up(int bits) const {
    WideN r;
    int words = bits / 64, off = bits % 64;
    for (int i = kWords - 1; i >= words; --i) {
      r.w[i] = w[i - words] << off;
      if (off && i - words - 1 >= 0) r.w[i] |= w[i - words - 1] >> (64 - off);
    }
    return r;
  }
  // Adds `v` shifted left by `bit` positions.
  void add_at(int bit, std::uint64_t v) {
    if (v == 0) return;
    WideN x;
    int word = bit / 64, off = bit % 64;
    x.w[word] = v << off;
    if (off && word + 1 < kWords) x.w[word + 1] = v >> (64 - off);
    *this += x;
  }
  friend bool operator==(const WideN& a, const WideN& b) { return a.w == b.w; }
  friend bool operator<(const WideN& a, const WideN& b) {
    for (int i = kWords - 1; i >= 0; --i)
      if (a.w[i] != b.w[i]) return a.w[i] < b.w[i];
    return false;
  }
  friend bool operator<=(const WideN& a, const WideN& b) { return !(b < a); }
};

using Wide = WideN<kWideWords>;

// The dual solution that proves a matching optimal: per vertex its dual
// (scaled by 4) and the nested blossoms holding it (outermost first) with
// their duals. An edge's reduced cost bounds what any perfect matching using
// it loses against the optimum (weights as given, no scaling).
struct MatchingDuals {
  std::vector<Wide> vertex;                // 4 y_v
  std::vector<std::vector<int>> blossoms;  // per vertex, outermost first
  std::vector<Wide> blossom;               // 4 z_B by blossom id
  // 4 (y_u + y_v + sum of z_B over blossoms holding both) - 4 w: never negative.
  Wide reduced_cost4(int u, int v, const Wide& w) const {
    Wide s = vertex[u] + vertex[v];
    const auto &a = blossoms[u], &b = blossoms[v];
    for (std::size_t i = 0; i < a.size() && i < b.size() && a[i] == b[i]; ++i) s += blossom[a[i]];
    Wide w4 = w.twice().twice();
    return w4 <= s ? s - w4 : Wide();
  }
};

// Vertices 0..n-1; set_weight(u, v, w) with w > 0 adds an edge. solve()
// returns mate[v] (-1 when unmatched) of a maximum-weight matching. The
// solver runs on the narrowest word count that holds the weights. `bits`
// bounds the weights' width (every weight < 2^bits), so the matrix is stored
// in as few words as that allows; the solver's buffers are kept per thread
// and reused, since the Dutch pairing solves hundreds of graphs per round.
class MaxWeightMatching {
 public:
  MaxWeightMatching() = default;
  explicit MaxWeightMatching(int n, int bits = kWideWords * 64) { reset(n, bits); }
  // A graph of n vertices without edges, keeping the buffer's capacity.
  void reset(int n, int bits = kWideWords * 64) {
    n_ = n;
    words_ = std::clamp((bits + 63) / 64, 1, kWideWords);
    weight_.assign(static_cast<std::size_t>(n) * n * words_, 0);
  }
  void set_weight(int u, int v, const Wide& w) {
    std::uint64_t* a = &weight_[(static_cast<std::size_t>(u) * n_ + v) * words_];
    std::uint64_t* b = &weight_[(static_cast<std::size_t>(v) * n_ + u) * words_];
    for (int i = 0; i < words_; ++i) a[i] = b[i] = w.w[i];
  }
  Wide weight(int u, int v) const {
    Wide w;
    const std::uint64_t* a = &weight_[(static_cast<std::size_t>(u) * n_ + v) * words_];
    for (int i = 0; i < words_; ++i) w.w[i] = a[i];
    return w;
  }
  // With `duals`, also the optimal dual solution (for a perfect matching).
  std::vector<int> solve(MatchingDuals* duals = nullptr) const;

 private:
  int n_ = 0;
  int words_ = 1;
  std::vector<std::uint64_t> weight_;  // n x n weights of words_ words each
};

}  // namespace tabiya::tournament
