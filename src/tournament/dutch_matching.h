// Maximum-weight matching on a general graph (Edmonds' blossom algorithm
// with dual variables, O(n^3) on a dense weight matrix), the engine under the
// Dutch system: each edge weight packs the pairing criteria in strict priority
// order, so the heaviest matching is the best pairing.
//
// Weights are fixed-width unsigned integers of kWideWords 64-bit words
// (wide enough for every criterion field of a 1000-player event), compared
// and added word by word; weight 0 means "no edge".
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tabiya::tournament {

constexpr int kWideWords = 8;

struct Wide {
  std::array<std::uint64_t, kWideWords> w{};  // w[0] least significant

  Wide() = default;
  explicit Wide(std::uint64_t v) { w[0] = v; }

  bool zero() const {
    for (auto x : w)
      if (x) return false;
    return true;
  }
  Wide& operator+=(const Wide& o) {
    unsigned __int128 carry = 0;
    for (int i = 0; i < kWideWords; ++i) {
      unsigned __int128 s = static_cast<unsigned __int128>(w[i]) + o.w[i] + carry;
      w[i] = static_cast<std::uint64_t>(s);
      carry = s >> 64;
    }
    return *this;
  }
  Wide& operator-=(const Wide& o) {
    std::uint64_t borrow = 0;
    for (int i = 0; i < kWideWords; ++i) {
      std::uint64_t a = w[i], b = o.w[i];
      std::uint64_t d = a - b - borrow;
      borrow = (a < b || (a == b && borrow)) ? 1 : 0;
      w[i] = d;
    }
    return *this;
  }
  friend Wide operator+(Wide a, const Wide& b) { return a += b; }
  friend Wide operator-(Wide a, const Wide& b) { return a -= b; }
  Wide half() const {
    Wide r;
    for (int i = 0; i < kWideWords; ++i) {
      r.w[i] = w[i] >> 1;
      if (i + 1 < kWideWords) r.w[i] |= w[i + 1] << 63;
    }
    return r;
  }
  Wide twice() const { return *this + *this; }
  // Adds `v` shifted left by `bit` positions.
  void add_at(int bit, std::uint64_t v) {
    if (v == 0) return;
    Wide x;
    int word = bit / 64, off = bit % 64;
    x.w[word] = v << off;
    if (off && word + 1 < kWideWords) x.w[word + 1] = v >> (64 - off);
    *this += x;
  }
  friend bool operator==(const Wide& a, const Wide& b) { return a.w == b.w; }
  friend bool operator<(const Wide& a, const Wide& b) {
    for (int i = kWideWords - 1; i >= 0; --i)
      if (a.w[i] != b.w[i]) return a.w[i] < b.w[i];
    return false;
  }
  friend bool operator<=(const Wide& a, const Wide& b) { return !(b < a); }
};

// Vertices 0..n-1; set_weight(u, v, w) with w > 0 adds an edge. solve()
// returns mate[v] (-1 when unmatched) of a maximum-weight matching.
class MaxWeightMatching {
 public:
  explicit MaxWeightMatching(int n);
  void set_weight(int u, int v, const Wide& w);
  const Wide& weight(int u, int v) const { return weight_[(u + 1) * (n_ + 1) + (v + 1)]; }
  std::vector<int> solve();

 private:
  struct Edge {
    int u = 0, v = 0;  // 1-based original vertices; u == 0: no edge
  };
  int n_;
  int nx_ = 0;
  std::vector<Wide> weight_;  // (n+1)^2, doubled weights, 1-based
  std::vector<Edge> g_;       // (2n+1)^2
  std::vector<Wide> lab_;
  std::vector<int> match_, slack_, st_, pa_, s_, vis_;
  std::vector<int> flower_from_;  // (2n+1) x (n+1)
  std::vector<std::vector<int>> flower_;
  std::vector<int> queue_;
  std::size_t queue_head_ = 0;
  int vis_stamp_ = 0;

  Edge& g(int a, int b) { return g_[a * (2 * n_ + 1) + b]; }
  int& from(int b, int x) { return flower_from_[b * (n_ + 1) + x]; }
  const Wide& w2(const Edge& e) const { return weight_[e.u * (n_ + 1) + e.v]; }
  bool has(const Edge& e) const { return e.u != 0 && !w2(e).zero(); }
  Wide dist(const Edge& e) const { return lab_[e.u] + lab_[e.v] - w2(e).twice(); }
  void update_slack(int u, int x);
  void set_slack(int x);
  void q_push(int x);
  void set_st(int x, int b);
  int get_pr(int b, int xr);
  void set_match(int u, int v);
  void augment(int u, int v);
  int get_lca(int u, int v);
  void add_blossom(int u, int lca, int v);
  void expand_blossom(int b);
  bool on_found_edge(const Edge& e);
  bool augment_once();
};

}  // namespace tabiya::tournament
