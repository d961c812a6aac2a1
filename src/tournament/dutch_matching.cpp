#include "tournament/dutch_matching.h"

#include <algorithm>

namespace tabiya::tournament {

namespace {

// Vertices are 1-based inside (0 = none); blossoms are numbered n+1..2n.
// Dual variables lab_ of vertices and blossoms; an edge is tight when
// lab[u] + lab[v] == 2 w. Weights are stored doubled so every dual update
// (which halves slacks) stays integral.

template <int kWords>
class Blossom {
 public:
  using W = WideN<kWords>;
  // Prepares for a graph of n vertices without edges, reusing the buffers.
  void reset(int n);
  void set_weight(int u, int v, const W& w);
  std::vector<int> solve();
  void export_duals(MatchingDuals& d);

 private:
  struct Edge {
    int u = 0, v = 0;  // 1-based original vertices; u == 0: no edge
  };
  int n_ = 0;
  int nx_ = 0;
  std::vector<W> weight4_;  // (n+1)^2, weights times 4 (as dist() uses them), 1-based
  std::vector<char> adj_;   // (n+1)^2, 1 where an edge exists
  // The edge standing for each pair of (possibly contracted) vertices; between
  // two original vertices always the pair itself, so only pairs with a
  // blossom are stored, each written when its blossom forms.
  std::vector<Edge> g_;  // (2n+1)^2, rows and columns above n only
  std::vector<W> lab_;
  // slack_dist_[x] == dist(g(slack_[x], x)) whenever slack_[x] != 0: kept
  // up to date through the dual updates, so a slack comparison computes one
  // distance instead of two and the dual step reads no edge.
  std::vector<W> slack_dist_;
  std::vector<W> best_dist_;  // add_blossom's scratch
  std::vector<char> best_have_;
  std::vector<int> match_, slack_, st_, pa_, s_, vis_;
  std::vector<int> flower_from_;  // (n+1) x (n+1): row b - n for blossom b
  std::vector<std::vector<int>> flower_;
  std::vector<int> queue_;
  std::size_t queue_head_ = 0;
  int vis_stamp_ = 0;

  Edge g(int a, int b) const {
    if (a <= n_ && b <= n_) return a == b ? Edge{} : Edge{a, b};
    return g_[a * (2 * n_ + 1) + b];
  }
  Edge& g_blossom(int a, int b) { return g_[a * (2 * n_ + 1) + b]; }  // a or b a blossom
  // The original vertex x's outermost sub-blossom in b (x itself for x <= n).
  int from(int b, int x) const { return b <= n_ ? (b == x ? b : 0) : flower_from_[(b - n_) * (n_ + 1) + x]; }
  int& from_blossom(int b, int x) { return flower_from_[(b - n_) * (n_ + 1) + x]; }
  bool has(const Edge& e) const { return e.u != 0 && adj_[e.u * (n_ + 1) + e.v]; }
  [[gnu::always_inline]] W dist(const Edge& e) const {
    W d = lab_[e.u];
    d += lab_[e.v];
    d -= weight4_[e.u * (n_ + 1) + e.v];
    return d;
  }
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

template <int kWords>
void Blossom<kWords>::reset(int n) {
  n_ = n;
  // assign() and resize() keep the capacity: after the first solve no buffer
  // is allocated again. The weights and blossom edges are read only where
  // written (edges with adj_ set, blossoms formed), so they are not cleared.
  weight4_.resize(static_cast<size_t>(n + 1) * (n + 1));
  adj_.assign(static_cast<size_t>(n + 1) * (n + 1), 0);
  g_.resize(static_cast<size_t>(2 * n + 1) * (2 * n + 1));
  lab_.assign(2 * n + 1, W());
  slack_dist_.assign(2 * n + 1, W());
  match_.assign(2 * n + 1, 0);
  slack_.assign(2 * n + 1, 0);
  st_.assign(2 * n + 1, 0);
  pa_.assign(2 * n + 1, 0);
  s_.assign(2 * n + 1, 0);
  vis_.assign(2 * n + 1, 0);
  flower_from_.resize(static_cast<size_t>(n + 1) * (n + 1));
  if (flower_.size() < static_cast<size_t>(2 * n + 1)) flower_.resize(2 * n + 1);
}

template <int kWords>
void Blossom<kWords>::set_weight(int u, int v, const W& w) {
  W d = w.twice().twice();
  weight4_[(u + 1) * (n_ + 1) + (v + 1)] = d;
  weight4_[(v + 1) * (n_ + 1) + (u + 1)] = d;
  adj_[(u + 1) * (n_ + 1) + (v + 1)] = adj_[(v + 1) * (n_ + 1) + (u + 1)] = 1;
}

template <int kWords>
void Blossom<kWords>::update_slack(int u, int x) {
  W d = dist(g(u, x));
  if (!slack_[x] || d < slack_dist_[x]) {
    slack_[x] = u;
    slack_dist_[x] = d;
  }
}

template <int kWords>
void Blossom<kWords>::set_slack(int x) {
  slack_[x] = 0;
  for (int u = 1; u <= n_; ++u)
    if (has(g(u, x)) && st_[u] != x && s_[st_[u]] == 0) update_slack(u, x);
}

template <int kWords>
void Blossom<kWords>::q_push(int x) {
  if (x <= n_) queue_.push_back(x);
  else
    for (int y : flower_[x]) q_push(y);
}

template <int kWords>
void Blossom<kWords>::set_st(int x, int b) {
  st_[x] = b;
  if (x > n_)
    for (int y : flower_[x]) set_st(y, b);
}

template <int kWords>
int Blossom<kWords>::get_pr(int b, int xr) {
  auto& f = flower_[b];
  int pr = static_cast<int>(std::find(f.begin(), f.end(), xr) - f.begin());
  if (pr % 2 == 1) {
    std::reverse(f.begin() + 1, f.end());
    return static_cast<int>(f.size()) - pr;
  }
  return pr;
}

template <int kWords>
void Blossom<kWords>::set_match(int u, int v) {
  Edge e = g(u, v);
  match_[u] = e.v;
  if (u > n_) {
    int xr = from(u, e.u), pr = get_pr(u, xr);
    for (int i = 0; i < pr; ++i) set_match(flower_[u][i], flower_[u][i ^ 1]);
    set_match(xr, v);
    std::rotate(flower_[u].begin(), flower_[u].begin() + pr, flower_[u].end());
  }
}

template <int kWords>
void Blossom<kWords>::augment(int u, int v) {
  for (;;) {
    int xnv = st_[match_[u]];
    set_match(u, v);
    if (!xnv) return;
    set_match(xnv, st_[pa_[xnv]]);
    u = st_[pa_[xnv]];
    v = xnv;
  }
}

template <int kWords>
int Blossom<kWords>::get_lca(int u, int v) {
  for (++vis_stamp_; u || v; std::swap(u, v)) {
    if (u == 0) continue;
    if (vis_[u] == vis_stamp_) return u;
    vis_[u] = vis_stamp_;
    u = st_[match_[u]];
    if (u) u = st_[pa_[u]];
  }
  return 0;
}

template <int kWords>
void Blossom<kWords>::add_blossom(int u, int lca, int v) {
  int b = n_ + 1;
  while (b <= nx_ && st_[b]) ++b;
  if (b > nx_) ++nx_;
  lab_[b] = W();
  s_[b] = 0;
  match_[b] = match_[lca];
  auto& f = flower_[b];
  f.clear();
  f.push_back(lca);
  for (int x = u, y; x != lca; x = st_[pa_[y]]) {
    f.push_back(x);
    f.push_back(y = st_[match_[x]]);
    q_push(y);
  }
  std::reverse(f.begin() + 1, f.end());
  for (int x = v, y; x != lca; x = st_[pa_[y]]) {
    f.push_back(x);
    f.push_back(y = st_[match_[x]]);
    q_push(y);
  }
  set_st(b, b);
  for (int x = 1; x <= nx_; ++x) g_blossom(b, x) = g_blossom(x, b) = Edge{};
  for (int x = 1; x <= n_; ++x) from_blossom(b, x) = 0;
  // The best edge to each x so far, with its distance at hand (row b is
  // written only here; its entry for b itself is also written through the
  // column, so that one is compared as stored).
  best_have_.assign(nx_ + 1, 0);
  if (best_dist_.size() < static_cast<std::size_t>(nx_ + 1)) best_dist_.resize(nx_ + 1);
  for (int xs : flower_[b]) {
    for (int x = 1; x <= nx_; ++x) {
      const Edge e = g(xs, x);
      if (!has(e)) continue;
      if (x == b) {
        if (!has(g(b, x)) || dist(e) < dist(g(b, x))) {
          g_blossom(b, x) = e;
          g_blossom(x, b) = g(x, xs);
        }
        continue;
      }
      W d = dist(e);
      if (!best_have_[x] || d < best_dist_[x]) {
        best_have_[x] = 1;
        best_dist_[x] = d;
        g_blossom(b, x) = e;
        g_blossom(x, b) = g(x, xs);
      }
    }
    for (int x = 1; x <= n_; ++x)
      if (from(xs, x)) from_blossom(b, x) = xs;
  }
  set_slack(b);
}

template <int kWords>
void Blossom<kWords>::expand_blossom(int b) {
  for (int x : flower_[b]) set_st(x, x);
  int xr = from(b, g(b, pa_[b]).u), pr = get_pr(b, xr);
  for (int i = 0; i < pr; i += 2) {
    int xs = flower_[b][i], xns = flower_[b][i + 1];
    pa_[xs] = g(xns, xs).u;
    s_[xs] = 1;
    s_[xns] = 0;
    slack_[xs] = 0;
    set_slack(xns);
    q_push(xns);
  }
  s_[xr] = 1;
  pa_[xr] = pa_[b];
  for (size_t i = pr + 1; i < flower_[b].size(); ++i) {
    int xs = flower_[b][i];
    s_[xs] = -1;
    set_slack(xs);
  }
  st_[b] = 0;
}

template <int kWords>
bool Blossom<kWords>::on_found_edge(const Edge& e) {
  int u = st_[e.u], v = st_[e.v];
  if (s_[v] == -1) {
    pa_[v] = e.u;
    s_[v] = 1;
    int nu = st_[match_[v]];
    slack_[v] = slack_[nu] = 0;
    s_[nu] = 0;
    q_push(nu);
  } else if (s_[v] == 0) {
    int lca = get_lca(u, v);
    if (!lca) {
      augment(u, v);
      augment(v, u);
      return true;
    }
    add_blossom(u, lca, v);
  }
  return false;
}

template <int kWords>
bool Blossom<kWords>::augment_once() {
  std::fill(s_.begin() + 1, s_.begin() + nx_ + 1, -1);
  std::fill(slack_.begin() + 1, slack_.begin() + nx_ + 1, 0);
  queue_.clear();
  queue_head_ = 0;
  for (int x = 1; x <= nx_; ++x)
    if (st_[x] == x && !match_[x]) {
      pa_[x] = 0;
      s_[x] = 0;
      q_push(x);
    }
  if (queue_.empty()) return false;
  for (;;) {
    while (queue_head_ < queue_.size()) {
      int u = queue_[queue_head_++];
      if (s_[st_[u]] == 1) continue;
      // Between two original vertices g(u, v) is always the edge {u, v}
      // (only blossom rows change), so the row is read directly.
      const char* adj = &adj_[static_cast<std::size_t>(u) * (n_ + 1)];
      const W* w4 = &weight4_[static_cast<std::size_t>(u) * (n_ + 1)];
      for (int v = 1; v <= n_; ++v)
        if (adj[v] && st_[u] != st_[v]) {
          W slack = lab_[u];
          slack += lab_[v];
          slack -= w4[v];
          if (slack.zero()) {
            if (on_found_edge(g(u, v))) return true;
          } else if (st_[v] == v) {
            if (!slack_[v] || slack < slack_dist_[v]) {  // update_slack(u, v) with the distance at hand
              slack_[v] = u;
              slack_dist_[v] = slack;
            }
          } else {
            update_slack(u, st_[v]);
          }
        }
    }
    bool have_d = false;
    W d;
    auto lower = [&](const W& x) {
      if (!have_d || x < d) d = x, have_d = true;
    };
    for (int b = n_ + 1; b <= nx_; ++b)
      if (st_[b] == b && s_[b] == 1) lower(lab_[b].half());
    for (int x = 1; x <= nx_; ++x)
      if (st_[x] == x && slack_[x]) {
        if (s_[x] == -1) lower(slack_dist_[x]);
        else if (s_[x] == 0) lower(slack_dist_[x].half());
      }
    // Every stored slack follows its edge's two ends: an outer end loses d,
    // an inner end gains d (the same change as the labels below; if that
    // loop stops early the search ends and the slacks are not read again).
    for (int x = 1; x <= nx_; ++x)
      if (slack_[x]) {
        const Edge e = g(slack_[x], x);
        int su = s_[st_[e.u]], sv = s_[st_[e.v]];
        int change = (su == 1) - (su == 0) + (sv == 1) - (sv == 0);
        if (change == -2) slack_dist_[x] -= d.twice();
        else if (change == -1) slack_dist_[x] -= d;
        else if (change == 1) slack_dist_[x] += d;
        else if (change == 2) slack_dist_[x] += d.twice();
      }
    for (int u = 1; u <= n_; ++u) {
      if (s_[st_[u]] == 0) {
        if (have_d && lab_[u] <= d) return false;
        if (!have_d) return false;
        lab_[u] -= d;
      } else if (s_[st_[u]] == 1) {
        lab_[u] += d;
      }
    }
    for (int b = n_ + 1; b <= nx_; ++b)
      if (st_[b] == b) {
        if (s_[b] == 0) lab_[b] += d.twice();
        else if (s_[b] == 1) lab_[b] -= d.twice();
      }
    queue_.clear();
    queue_head_ = 0;
    for (int x = 1; x <= nx_; ++x)
      if (st_[x] == x && slack_[x] && st_[slack_[x]] != x && slack_dist_[x].zero())
        if (on_found_edge(g(slack_[x], x))) return true;
    for (int b = n_ + 1; b <= nx_; ++b)
      if (st_[b] == b && s_[b] == 1 && lab_[b].zero()) expand_blossom(b);
  }
}

template <int kWords>
std::vector<int> Blossom<kWords>::solve() {
  nx_ = n_;
  std::fill(match_.begin(), match_.end(), 0);
  std::fill(lab_.begin(), lab_.end(), W());
  std::fill(st_.begin(), st_.end(), 0);
  std::fill(vis_.begin(), vis_.end(), 0);
  vis_stamp_ = 0;
  for (int u = 0; u <= 2 * n_; ++u) flower_[u].clear();
  for (int u = 0; u <= n_; ++u) st_[u] = u;
  queue_.clear();
  W max_w;
  for (int u = 1; u <= n_; ++u)
    for (int v = 1; v <= n_; ++v)
      if (adj_[u * (n_ + 1) + v]) {
        const W& w = weight4_[u * (n_ + 1) + v];
        if (max_w < w) max_w = w;
      }
  for (int u = 1; u <= n_; ++u) lab_[u] = max_w.half();  // twice the largest weight
  while (augment_once()) {
  }
  std::vector<int> mate(n_, -1);
  for (int u = 1; u <= n_; ++u)
    if (match_[u]) mate[u - 1] = match_[u] - 1;
  return mate;
}

template <int kWords>
void Blossom<kWords>::export_duals(MatchingDuals& d) {
  d.vertex.assign(n_, Wide());
  d.blossoms.assign(n_, {});
  d.blossom.assign(nx_ + 1, Wide());
  for (int u = 1; u <= n_; ++u) d.vertex[u - 1] = Wide::from(lab_[u]);
  std::vector<int> path;
  auto walk = [&](auto&& self, int b) -> void {
    if (b <= n_) {
      d.blossoms[b - 1] = path;
      return;
    }
    d.blossom[b] = Wide::from(lab_[b]);
    path.push_back(b);
    for (int c : flower_[b]) self(self, c);
    path.pop_back();
  };
  for (int b = n_ + 1; b <= nx_; ++b)
    if (st_[b] == b) walk(walk, b);
}

template <int kWords>
std::vector<int> solve_with(int n, int words, const std::vector<std::uint64_t>& weights, MatchingDuals* duals) {
  static thread_local Blossom<kWords> b;
  b.reset(n);
  for (int u = 0; u < n; ++u)
    for (int v = u + 1; v < n; ++v) {
      const std::uint64_t* p = &weights[(static_cast<std::size_t>(u) * n + v) * words];
      WideN<kWords> w;
      bool any = false;
      for (int i = 0; i < words && i < kWords; ++i) w.w[i] = p[i], any |= p[i] != 0;
      if (any) b.set_weight(u, v, w);
    }
  std::vector<int> mate = b.solve();
  if (duals) b.export_duals(*duals);
  return mate;
}

}  // namespace

std::vector<int> MaxWeightMatching::solve(MatchingDuals* duals) const {
  int words = 0;
  bool spare = true;  // doubled weights and dual sums need two spare bits at the top
  std::size_t cells = static_cast<std::size_t>(n_) * n_;
  for (std::size_t c = 0; c < cells; ++c)
    for (int i = words_ - 1; i >= 0; --i)
      if (weight_[c * words_ + i]) {
        words = std::max(words, i + 1);
        break;
      }
  for (std::size_t c = 0; c < cells && words > 0; ++c)
    if ((weight_[c * words_ + words - 1] >> 60) != 0) spare = false;
  int need = words + (spare ? 0 : 1);
  if (need <= 1) return solve_with<1>(n_, words_, weight_, duals);
  if (need <= 2) return solve_with<2>(n_, words_, weight_, duals);
  if (need <= 3) return solve_with<3>(n_, words_, weight_, duals);
  if (need <= 4) return solve_with<4>(n_, words_, weight_, duals);
  if (need <= 5) return solve_with<5>(n_, words_, weight_, duals);
  if (need <= 6) return solve_with<6>(n_, words_, weight_, duals);
  return solve_with<8>(n_, words_, weight_, duals);
}

}  // namespace tabiya::tournament
