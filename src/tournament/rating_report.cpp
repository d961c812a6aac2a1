#include "tournament/rating_report.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace tabiya::tournament {
namespace {

// The year of a date written YYYY/MM/DD, YYYY-MM-DD, YYYY.MM.DD or YYYY; 0
// when there is none.
int year_of(const std::string& date) {
  if (date.size() < 4 || !std::all_of(date.begin(), date.begin() + 4, [](char c) { return c >= '0' && c <= '9'; }))
    return 0;
  return std::stoi(date.substr(0, 4));
}

bool listed(const std::vector<int>& v, int n) { return std::find(v.begin(), v.end(), n) != v.end(); }

int score_of(char result) { return result == '1' ? 100 : result == '=' ? 50 : 0; }

bool rated_result(const RoundEntry& e) {
  return e.opponent != 0 && (e.result == '1' || e.result == '=' || e.result == '0');
}

std::string hundredths(int v, bool sign) {
  char buf[32];
  std::snprintf(buf, sizeof buf, sign ? "%+.2f" : "%.2f", v / 100.0);
  return buf;
}

}  // namespace

Result<RatingReport> rating_report(const Tournament& t, const RatingReportOptions& o) {
  for (const auto* list : {&o.new_players, &o.reached_2400})
    for (int n : *list)
      if (!t.player(n)) return fail("rating-report: no player " + std::to_string(n));
  RatingReport report;
  const std::string date = o.date.empty() ? t.header("042") : o.date;
  report.year = year_of(date);
  if (!o.date.empty() && report.year == 0) return fail("rating-report: --date \"" + o.date + "\": expected YYYY-MM-DD");
  for (const Player& p : t.players) {
    RatingReportRow row;
    row.number = p.number;
    row.rating = p.rating;
    const int born = year_of(p.birth_date);
    // Under 18 until the end of the year of his 18th birthday (8.3.3).
    row.under_18 = report.year && born && report.year <= born + 18;
    std::vector<RatedGame> games;
    std::vector<int> rounds;
    for (size_t r = 0; r < p.rounds.size(); ++r) {
      const RoundEntry& e = p.rounds[r];
      if (!rated_result(e)) continue;
      const Player* o2 = t.player(e.opponent);
      if (!o2 || o2->rating <= 0) continue;
      games.push_back({o2->rating, score_of(e.result)});
      rounds.push_back(static_cast<int>(r) + 1);
    }
    if (p.rating > 0) {
      KFactorInputs k;
      k.rating = p.rating;
      k.games_before = listed(o.new_players, p.number) ? 0 : 30;
      k.under_18 = row.under_18;
      k.reached_2400 = listed(o.reached_2400, p.number) || p.rating >= 2400;
      row.change = rating_change(p.rating, k_factor(k), games);
      for (size_t i = 0; i < games.size(); ++i) {
        RatedGameLine line;
        line.round = rounds[i];
        line.opponent = p.rounds[static_cast<size_t>(rounds[i]) - 1].opponent;
        line.opponent_rating = games[i].opponent_rating;
        line.counted_rating = rating_for_change(p.rating, games[i].opponent_rating);
        line.score_hundredths = games[i].score_hundredths;
        line.expected_hundredths = expected_score_hundredths(p.rating, line.counted_rating);
        line.change_hundredths = row.change.k * (line.score_hundredths - line.expected_hundredths);
        row.games.push_back(line);
      }
    } else {
      row.change = rating_change(0, 0, {});
      row.change.games = static_cast<int>(games.size());
      for (const RatedGame& g : games) row.change.score_hundredths += g.score_hundredths;
      row.first_rating = first_rating(games);
    }
    report.rows.push_back(row);
  }
  return report;
}

std::string format_rating_report(const Tournament& t, const RatingReport& r, bool per_game) {
  size_t width = 4;
  for (const Player& p : t.players) width = std::max(width, p.name.size());
  auto pad = [](std::string s, size_t n, bool right) {
    if (s.size() >= n) return s;
    return right ? std::string(n - s.size(), ' ') + s : s + std::string(n - s.size(), ' ');
  };
  std::ostringstream out;
  out << "FIDE rating changes (Rating Regulations effective 1 March 2024, amended 1 October 2025)";
  if (r.year) out << ", event year " << r.year;
  out << "\n";
  out << pad("No", 4, true) << "  " << pad("Name", width, false) << "  Fed   Rtg   K  Games  Score      We   Change\n";
  for (const RatingReportRow& row : r.rows) {
    if (!row.rating) continue;
    const Player& p = *t.player(row.number);
    out << pad(std::to_string(row.number), 4, true) << "  " << pad(p.name, width, false) << "  "
        << pad(p.federation, 3, false) << pad(std::to_string(row.rating), 6, true)
        << pad(std::to_string(row.change.k), 4, true) << pad(std::to_string(row.change.games), 7, true)
        << pad(hundredths(row.change.score_hundredths, false), 7, true)
        << pad(hundredths(row.change.expected_hundredths, false), 8, true)
        << pad(hundredths(row.change.change_hundredths, true), 9, true) << (row.under_18 ? "  (under 18)" : "") << '\n';
    if (!per_game) continue;
    for (const RatedGameLine& g : row.games) {
      out << "        round " << g.round << " against " << g.opponent << " (" << g.opponent_rating;
      if (g.counted_rating != g.opponent_rating) out << ", counted as " << g.counted_rating;
      out << "): " << hundredths(g.score_hundredths, false) << ", We " << hundredths(g.expected_hundredths, false)
          << ", " << hundredths(g.change_hundredths, true) << '\n';
    }
  }
  bool header = false;
  for (const RatingReportRow& row : r.rows) {
    if (row.rating) continue;
    if (!header) {
      out << "Unrated players (first rating from at least 5 games against rated opponents, with two draws "
             "against 1800; none under 1400):\n";
      header = true;
    }
    const Player& p = *t.player(row.number);
    out << pad(std::to_string(row.number), 4, true) << "  " << pad(p.name, width, false) << "  "
        << pad(p.federation, 3, false) << "  " << row.change.games << " games against rated opponents, score "
        << hundredths(row.change.score_hundredths, false) << ": ";
    if (row.first_rating) out << "first rating " << *row.first_rating;
    else if (row.change.games < 5) out << "no rating (5 games needed)";
    else out << "no rating (under 1400)";
    out << '\n';
  }
  return out.str();
}

}  // namespace tabiya::tournament
