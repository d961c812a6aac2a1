#include "tournament/dutch_matching.h"

#include <algorithm>

namespace tabiya::tournament {

// Vertices are 1-based inside (0 = none); blossoms are numbered n+1..2n.
// Dual variables lab_ of vertices and blossoms; an edge is tight when
// lab[u] + lab[v] == 2 w. Weights are stored doubled so every dual update
// (which halves slacks) stays integral.

MaxWeightMatching::MaxWeightMatching(int n)
    : n_(n),
      weight_(static_cast<size_t>(n + 1) * (n + 1)),
      g_(static_cast<size_t>(2 * n + 1) * (2 * n + 1)),
      lab_(2 * n + 1),
      match_(2 * n + 1),
      slack_(2 * n + 1),
      st_(2 * n + 1),
      pa_(2 * n + 1),
      s_(2 * n + 1),
      vis_(2 * n + 1),
      flower_from_(static_cast<size_t>(2 * n + 1) * (n + 1)),
      flower_(2 * n + 1) {}

void MaxWeightMatching::set_weight(int u, int v, const Wide& w) {
  Wide d = w.twice();
  weight_[(u + 1) * (n_ + 1) + (v + 1)] = d;
  weight_[(v + 1) * (n_ + 1) + (u + 1)] = d;
}

void MaxWeightMatching::update_slack(int u, int x) {
  if (!slack_[x] || dist(g(u, x)) < dist(g(slack_[x], x))) slack_[x] = u;
}

void MaxWeightMatching::set_slack(int x) {
  slack_[x] = 0;
  for (int u = 1; u <= n_; ++u)
    if (has(g(u, x)) && st_[u] != x && s_[st_[u]] == 0) update_slack(u, x);
}

void MaxWeightMatching::q_push(int x) {
  if (x <= n_) queue_.push_back(x);
  else
    for (int y : flower_[x]) q_push(y);
}

void MaxWeightMatching::set_st(int x, int b) {
  st_[x] = b;
  if (x > n_)
    for (int y : flower_[x]) set_st(y, b);
}

int MaxWeightMatching::get_pr(int b, int xr) {
  auto& f = flower_[b];
  int pr = static_cast<int>(std::find(f.begin(), f.end(), xr) - f.begin());
  if (pr % 2 == 1) {
    std::reverse(f.begin() + 1, f.end());
    return static_cast<int>(f.size()) - pr;
  }
  return pr;
}

void MaxWeightMatching::set_match(int u, int v) {
  Edge e = g(u, v);
  match_[u] = e.v;
  if (u > n_) {
    int xr = from(u, e.u), pr = get_pr(u, xr);
    for (int i = 0; i < pr; ++i) set_match(flower_[u][i], flower_[u][i ^ 1]);
    set_match(xr, v);
    std::rotate(flower_[u].begin(), flower_[u].begin() + pr, flower_[u].end());
  }
}

void MaxWeightMatching::augment(int u, int v) {
  for (;;) {
    int xnv = st_[match_[u]];
    set_match(u, v);
    if (!xnv) return;
    set_match(xnv, st_[pa_[xnv]]);
    u = st_[pa_[xnv]];
    v = xnv;
  }
}

int MaxWeightMatching::get_lca(int u, int v) {
  for (++vis_stamp_; u || v; std::swap(u, v)) {
    if (u == 0) continue;
    if (vis_[u] == vis_stamp_) return u;
    vis_[u] = vis_stamp_;
    u = st_[match_[u]];
    if (u) u = st_[pa_[u]];
  }
  return 0;
}

void MaxWeightMatching::add_blossom(int u, int lca, int v) {
  int b = n_ + 1;
  while (b <= nx_ && st_[b]) ++b;
  if (b > nx_) ++nx_;
  lab_[b] = Wide();
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
  for (int x = 1; x <= nx_; ++x) g(b, x) = g(x, b) = Edge{};
  for (int x = 1; x <= n_; ++x) from(b, x) = 0;
  for (int xs : flower_[b]) {
    for (int x = 1; x <= nx_; ++x)
      if (has(g(xs, x)) && (!has(g(b, x)) || dist(g(xs, x)) < dist(g(b, x)))) {
        g(b, x) = g(xs, x);
        g(x, b) = g(x, xs);
      }
    for (int x = 1; x <= n_; ++x)
      if (from(xs, x)) from(b, x) = xs;
  }
  set_slack(b);
}

void MaxWeightMatching::expand_blossom(int b) {
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

bool MaxWeightMatching::on_found_edge(const Edge& e) {
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

bool MaxWeightMatching::augment_once() {
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
      for (int v = 1; v <= n_; ++v)
        if (has(g(u, v)) && st_[u] != st_[v]) {
          if (dist(g(u, v)).zero()) {
            if (on_found_edge(g(u, v))) return true;
          } else {
            update_slack(u, st_[v]);
          }
        }
    }
    bool have_d = false;
    Wide d;
    auto lower = [&](const Wide& x) {
      if (!have_d || x < d) d = x, have_d = true;
    };
    for (int b = n_ + 1; b <= nx_; ++b)
      if (st_[b] == b && s_[b] == 1) lower(lab_[b].half());
    for (int x = 1; x <= nx_; ++x)
      if (st_[x] == x && slack_[x]) {
        if (s_[x] == -1) lower(dist(g(slack_[x], x)));
        else if (s_[x] == 0) lower(dist(g(slack_[x], x)).half());
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
      if (st_[x] == x && slack_[x] && st_[slack_[x]] != x && dist(g(slack_[x], x)).zero())
        if (on_found_edge(g(slack_[x], x))) return true;
    for (int b = n_ + 1; b <= nx_; ++b)
      if (st_[b] == b && s_[b] == 1 && lab_[b].zero()) expand_blossom(b);
  }
}

std::vector<int> MaxWeightMatching::solve() {
  nx_ = n_;
  std::fill(match_.begin(), match_.end(), 0);
  std::fill(lab_.begin(), lab_.end(), Wide());
  std::fill(st_.begin(), st_.end(), 0);
  std::fill(vis_.begin(), vis_.end(), 0);
  vis_stamp_ = 0;
  for (int u = 0; u <= 2 * n_; ++u) flower_[u].clear();
  for (int u = 0; u <= n_; ++u) st_[u] = u;
  std::fill(g_.begin(), g_.end(), Edge{});
  std::fill(flower_from_.begin(), flower_from_.end(), 0);
  Wide max_w;
  for (int u = 1; u <= n_; ++u)
    for (int v = 1; v <= n_; ++v) {
      if (u != v) g(u, v) = Edge{u, v};
      from(u, v) = u == v ? u : 0;
      const Wide& w = weight_[u * (n_ + 1) + v];
      if (max_w < w) max_w = w;
    }
  for (int u = 1; u <= n_; ++u) lab_[u] = max_w;
  while (augment_once()) {
  }
  std::vector<int> mate(n_, -1);
  for (int u = 1; u <= n_; ++u)
    if (match_[u]) mate[u - 1] = match_[u] - 1;
  return mate;
}

}  // namespace tabiya::tournament
