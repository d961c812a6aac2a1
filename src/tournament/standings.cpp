#include "tournament/standings.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>

namespace tabiya::tournament {

bool voluntary_unplayed(RoundKind k) {
  switch (k) {
    case RoundKind::forfeit_loss:
    case RoundKind::double_forfeit:
    case RoundKind::half_bye:
    case RoundKind::zero_bye:
    case RoundKind::absent:
      return true;
    default:
      return false;
  }
}

const PlayerRecord* EventRecord::find(int number) const {
  for (const PlayerRecord& p : players)
    if (p.number == number) return &p;
  return nullptr;
}

namespace {

RoundKind classify(const Tournament& t, bool round_robin, const Player& p, int round) {
  const RoundEntry e = p.entry(round);
  if (e.played()) return RoundKind::game;
  if (e.opponent != 0) {
    if (e.result == '+') return RoundKind::forfeit_win;
    if (e.result == '-') {
      const Player* o = t.player(e.opponent);
      return o && o->entry(round).result == '-' ? RoundKind::double_forfeit : RoundKind::forfeit_loss;
    }
    return RoundKind::pending;
  }
  if (e.empty()) return RoundKind::pending;
  if (round_robin) return RoundKind::free_round;
  switch (e.result) {
    case 'U':
    case '+':
      return RoundKind::pairing_bye;
    case 'H':
      return RoundKind::half_bye;
    case 'F':
      return RoundKind::full_bye;
    case 'Z':
      return RoundKind::zero_bye;
    case ' ':
      return RoundKind::pending;
    default:
      return RoundKind::absent;
  }
}

}  // namespace

EventRecord build_event_record(const Tournament& t, const EventSettings& settings) {
  EventRecord event;
  event.tournament = &t;
  event.round_robin = settings.round_robin();
  event.edition = settings.edition;
  const int rounds = t.rounds_with_entries();
  const int n = static_cast<int>(t.players.size());
  for (const Player& p : t.players) {
    PlayerRecord rec;
    rec.player = &p;
    rec.number = p.number;
    if (const Withdrawal* w = settings.withdrawal(p.number)) {
      rec.withdrawn = !w->excluded;
      rec.excluded = w->excluded;
    }
    for (int r = 1; r <= rounds; ++r) {
      RoundRecord rr;
      rr.round = r;
      const RoundEntry e = p.entry(r);
      rr.opponent = e.opponent;
      rr.colour = e.colour;
      rr.kind = classify(t, event.round_robin, p, r);
      rr.points = rr.kind == RoundKind::pending || rr.kind == RoundKind::free_round ? 0 : t.entry_points(e);
      if (rr.kind != RoundKind::pending) event.rounds = std::max(event.rounds, r);
      rec.games_played += rr.kind == RoundKind::game;
      rec.forfeit_losses += rr.kind == RoundKind::forfeit_loss || rr.kind == RoundKind::double_forfeit;
      rec.rounds.push_back(rr);
    }
    rec.games_due = event.round_robin ? (n - 1) * settings.cycles() : 0;
    event.players.push_back(std::move(rec));
  }
  // A Swiss player who withdrew is absent from every later round that has
  // results, whether or not the file says so: those rounds are his
  // voluntary unplayed rounds (Tie-Break Regulations Art. 16.2).
  if (!event.round_robin) {
    for (PlayerRecord& p : event.players) {
      const Withdrawal* w = settings.withdrawal(p.number);
      if (!w) continue;
      for (RoundRecord& r : p.rounds) {
        if (r.round > w->after_round && r.round <= event.rounds && r.kind == RoundKind::pending && r.opponent == 0) {
          r.kind = RoundKind::absent;
          r.points = t.points.zero_bye;
        }
      }
    }
  }
  // Tournament Rules 11(d): a round-robin player who left having played
  // less than half of his games has his results annulled.
  std::vector<int> annulled;
  if (event.round_robin) {
    for (PlayerRecord& p : event.players) {
      if ((p.withdrawn || p.excluded) && 2 * p.games_played < p.games_due) {
        p.annulled = true;
        annulled.push_back(p.number);
      }
    }
    for (PlayerRecord& p : event.players)
      for (RoundRecord& r : p.rounds)
        if (r.opponent != 0 && std::count(annulled.begin(), annulled.end(), r.opponent)) r.annulled = true;
  }
  for (PlayerRecord& p : event.players)
    for (const RoundRecord& r : p.rounds)
      if (r.counts() || (p.annulled && r.kind != RoundKind::pending && r.kind != RoundKind::free_round))
        p.score += r.points;
  const int counted = n - static_cast<int>(annulled.size());
  const int games = event.round_robin ? (counted - 1) * settings.cycles() : std::max(t.total_rounds, event.rounds);
  event.max_score = std::max(0, games) * t.points.win;
  return event;
}

Result<Standings> compute_standings(const Tournament& t, const EventSettings& settings) {
  Standings s;
  std::vector<std::string> codes =
      settings.tie_breaks.empty() ? default_tie_breaks(settings.system) : settings.tie_breaks;
  for (size_t i = 0; i < codes.size(); ++i) {
    auto tb = parse_tie_break(codes[i]);
    if (!tb) return fail("XXT tie-break " + std::to_string(i + 1) + ": " + tb.error().message);
    s.tie_breaks.push_back(*tb);
  }
  const EventRecord event = build_event_record(t, settings);
  s.rounds = event.rounds;
  const size_t k = s.tie_breaks.size();

  std::vector<StandingRow> ranked, unranked;
  for (const PlayerRecord& p : event.players) {
    StandingRow row;
    row.number = p.number;
    row.score = p.score;
    row.values.assign(k, 0);
    (p.annulled ? unranked : ranked).push_back(row);
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const StandingRow& a, const StandingRow& b) { return a.score > b.score; });

  // Splits [begin, end) (tied so far) by tie-break `level`, recursively.
  auto same = [](double a, double b) { return std::fabs(a - b) < 1e-9; };
  std::function<void(size_t, size_t, size_t)> split = [&](size_t begin, size_t end, size_t level) {
    if (level >= k) return;
    std::vector<int> group;
    for (size_t i = begin; i < end; ++i) group.push_back(ranked[i].number);
    for (size_t i = begin; i < end; ++i)
      ranked[i].values[level] = tie_break_value(event, s.tie_breaks[level], *event.find(ranked[i].number), group);
    std::stable_sort(ranked.begin() + static_cast<std::ptrdiff_t>(begin),
                     ranked.begin() + static_cast<std::ptrdiff_t>(end),
                     [&](const StandingRow& a, const StandingRow& b) {
                       return !same(a.values[level], b.values[level]) && a.values[level] > b.values[level];
                     });
    for (size_t i = begin; i < end;) {
      size_t j = i + 1;
      while (j < end && same(ranked[j].values[level], ranked[i].values[level])) ++j;
      split(i, j, level + 1);
      i = j;
    }
  };
  for (size_t i = 0; i < ranked.size();) {
    size_t j = i + 1;
    while (j < ranked.size() && ranked[j].score == ranked[i].score) ++j;
    split(i, j, 0);
    i = j;
  }
  for (size_t i = 0; i < ranked.size(); ++i) {
    const bool tied = i > 0 && ranked[i].score == ranked[i - 1].score &&
                      std::equal(ranked[i].values.begin(), ranked[i].values.end(), ranked[i - 1].values.begin(), same);
    ranked[i].rank = tied ? ranked[i - 1].rank : static_cast<int>(i) + 1;
  }
  // The annulled players' values, for the record (they are not ranked).
  for (StandingRow& row : unranked)
    for (size_t level = 0; level < k; ++level)
      row.values[level] = tie_break_value(event, s.tie_breaks[level], *event.find(row.number), {row.number});
  s.rows = std::move(ranked);
  s.rows.insert(s.rows.end(), unranked.begin(), unranked.end());
  return s;
}

std::string format_value(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

namespace {

std::string pad(const std::string& s, size_t width, bool right) {
  if (s.size() >= width) return s;
  return right ? std::string(width - s.size(), ' ') + s : s + std::string(width - s.size(), ' ');
}

}  // namespace

std::string format_standings(const Tournament& t, const Standings& s) {
  size_t name_width = 4;
  for (const Player& p : t.players) name_width = std::max(name_width, p.name.size());
  std::ostringstream out;
  out << pad("Rk", 4, true) << pad("No", 5, true) << "  " << pad("Name", name_width, false) << "  Fed   Rtg   Pts";
  for (const TieBreak& tb : s.tie_breaks) out << pad(tb.code, 8, true);
  out << '\n';
  bool note = false;
  for (const StandingRow& row : s.rows) {
    const Player* p = t.player(row.number);
    out << pad(row.rank ? std::to_string(row.rank) : "-", 4, true) << pad(std::to_string(row.number), 5, true) << "  "
        << pad(p ? p->name : "?", name_width, false) << "  " << pad(p ? p->federation : "", 3, false)
        << pad(p && p->rating ? std::to_string(p->rating) : "", 6, true) << pad(format_points(row.score), 6, true);
    for (double v : row.values) out << pad(format_value(v), 8, true);
    if (!row.rank) {
      out << "  *";
      note = true;
    }
    out << '\n';
  }
  if (note) {
    out << "* withdrew having played less than half of his games: his results are not counted "
           "(FIDE Tournament Rules 11(d))\n";
  }
  return out.str();
}

}  // namespace tabiya::tournament
