#include "tournament/crosstable.h"

#include <algorithm>
#include <map>
#include <sstream>

namespace tabiya::tournament {
namespace {

std::string pad(const std::string& s, size_t width, bool right) {
  // Width in characters: "½" is two bytes, one column.
  size_t shown = 0;
  for (unsigned char c : s) shown += (c & 0xC0) != 0x80;
  if (shown >= width) return s;
  return right ? std::string(width - shown, ' ') + s : s + std::string(width - shown, ' ');
}

std::string html_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::map<int, const StandingRow*> rows_by_number(const Standings& s) {
  std::map<int, const StandingRow*> m;
  for (const StandingRow& r : s.rows) m[r.number] = &r;
  return m;
}

// The cells of a round-robin grid: cells[player][opponent] = marks.
std::map<int, std::map<int, std::string>> round_robin_cells(const Tournament& t, const EventRecord& event) {
  std::map<int, std::map<int, std::string>> cells;
  for (const PlayerRecord& p : event.players)
    for (const RoundRecord& r : p.rounds)
      if (r.opponent != 0) cells[p.number][r.opponent] += result_mark(t, r);
  return cells;
}

std::string swiss_cell(const Tournament& t, const RoundRecord& r) {
  switch (r.kind) {
    case RoundKind::pairing_bye:
      return "U";
    case RoundKind::half_bye:
      return "H";
    case RoundKind::full_bye:
      return "F";
    case RoundKind::zero_bye:
      return "Z";
    case RoundKind::absent:
      return "-";
    case RoundKind::free_round:
      return "bye";
    default:
      break;
  }
  if (r.opponent == 0) return "";
  return std::to_string(r.opponent) +
         (r.colour == Colour::white   ? "w"
          : r.colour == Colour::black ? "b"
                                      : "-") +
         result_mark(t, r);
}

}  // namespace

std::string result_mark(const Tournament& t, const RoundRecord& r) {
  switch (r.kind) {
    case RoundKind::forfeit_win:
      return "+";
    case RoundKind::forfeit_loss:
      return "-";
    case RoundKind::double_forfeit:
      return "--";
    case RoundKind::pending:
      return ".";
    default:
      break;
  }
  if (r.points == t.points.win) return "1";
  if (r.points == t.points.draw) return "½";
  if (r.points == t.points.loss) return "0";
  return format_points(r.points);
}

std::string format_crosstable(const Tournament& t, const EventSettings& settings, const Standings& s) {
  const EventRecord event = build_event_record(t, settings);
  const auto by_number = rows_by_number(s);
  size_t name_width = 4;
  for (const Player& p : t.players) name_width = std::max(name_width, p.name.size());
  std::ostringstream out;
  if (settings.round_robin()) {
    auto cells = round_robin_cells(t, event);
    size_t width = 2;
    for (auto& [p, row] : cells)
      for (auto& [o, text] : row) width = std::max(width, pad(text, 0, false).size() + 1);
    out << pad("No", 3, true) << "  " << pad("Name", name_width, false) << "  Rtg ";
    for (const Player& p : t.players) out << pad(std::to_string(p.number), width, true);
    out << "   Pts  Rk\n";
    bool note = false;
    for (const Player& p : t.players) {
      out << pad(std::to_string(p.number), 3, true) << "  " << pad(p.name, name_width, false)
          << pad(p.rating ? std::to_string(p.rating) : "", 5, true);
      for (const Player& o : t.players) {
        std::string cell = o.number == p.number ? "X" : cells[p.number][o.number];
        out << pad(cell.empty() ? "." : cell, width, true);
      }
      const StandingRow* row = by_number.count(p.number) ? by_number.at(p.number) : nullptr;
      out << pad(row ? format_points(row->score) : "", 6, true)
          << pad(row && row->rank ? std::to_string(row->rank) : "*", 4, true) << '\n';
      note = note || (row && !row->rank);
    }
    if (note) {
      out << "* withdrew having played less than half of his games: his results are not counted "
             "(FIDE Tournament Rules 11(d))\n";
    }
    return out.str();
  }
  out << pad("Rk", 3, true) << pad("No", 5, true) << "  " << pad("Name", name_width, false) << "  Rtg ";
  for (int r = 1; r <= event.rounds; ++r) out << pad(std::to_string(r), 7, true);
  out << "   Pts\n";
  for (const StandingRow& row : s.rows) {
    const PlayerRecord* p = event.find(row.number);
    if (!p) continue;
    out << pad(row.rank ? std::to_string(row.rank) : "-", 3, true) << pad(std::to_string(row.number), 5, true) << "  "
        << pad(p->player->name, name_width, false)
        << pad(p->player->rating ? std::to_string(p->player->rating) : "", 5, true);
    for (int r = 1; r <= event.rounds; ++r) out << pad(swiss_cell(t, p->rounds[r - 1]), 7, true);
    out << pad(format_points(row.score), 6, true) << '\n';
  }
  return out.str();
}

std::string export_html(const Tournament& t, const EventSettings& settings, const Standings& s) {
  const EventRecord event = build_event_record(t, settings);
  const std::string title = t.name().empty() ? "Tournament" : t.name();
  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" << html_escape(title)
      << "</title>\n<style>\nbody{font-family:sans-serif}table{border-collapse:collapse;margin:1em 0}"
         "td,th{border:1px solid #999;padding:2px 6px;text-align:center}td.name{text-align:left}\n</style>\n"
         "</head>\n<body>\n<h1>"
      << html_escape(title) << "</h1>\n<p>" << html_escape(system_name(settings.system)) << ", " << event.rounds
      << " round" << (event.rounds == 1 ? "" : "s") << " played</p>\n";

  out << "<h2>Standings</h2>\n<table class=\"standings\">\n<tr><th>Rk</th><th>No</th><th>Name</th><th>Fed</th>"
         "<th>Rtg</th><th>Pts</th>";
  for (const TieBreak& tb : s.tie_breaks) out << "<th>" << html_escape(tb.code) << "</th>";
  out << "</tr>\n";
  for (const StandingRow& row : s.rows) {
    const Player* p = t.player(row.number);
    out << "<tr><td>" << (row.rank ? std::to_string(row.rank) : "*") << "</td><td>" << row.number
        << "</td><td class=\"name\">" << html_escape(p ? p->title + (p->title.empty() ? "" : " ") + p->name : "?")
        << "</td><td>" << html_escape(p ? p->federation : "") << "</td><td>"
        << (p && p->rating ? std::to_string(p->rating) : "") << "</td><td>" << format_points(row.score) << "</td>";
    for (double v : row.values) out << "<td>" << format_value(v) << "</td>";
    out << "</tr>\n";
  }
  out << "</table>\n";

  out << "<h2>Crosstable</h2>\n<table class=\"crosstable\">\n<tr><th>No</th><th>Name</th>";
  if (settings.round_robin()) {
    auto cells = round_robin_cells(t, event);
    for (const Player& p : t.players) out << "<th>" << p.number << "</th>";
    out << "<th>Pts</th></tr>\n";
    const auto by_number = rows_by_number(s);
    for (const Player& p : t.players) {
      out << "<tr><td>" << p.number << "</td><td class=\"name\">" << html_escape(p.name) << "</td>";
      for (const Player& o : t.players) {
        std::string cell = o.number == p.number ? "X" : cells[p.number][o.number];
        out << "<td>" << html_escape(cell) << "</td>";
      }
      const StandingRow* row = by_number.count(p.number) ? by_number.at(p.number) : nullptr;
      out << "<td>" << (row ? format_points(row->score) : "") << "</td></tr>\n";
    }
  } else {
    for (int r = 1; r <= event.rounds; ++r) out << "<th>" << r << "</th>";
    out << "<th>Pts</th></tr>\n";
    for (const StandingRow& row : s.rows) {
      const PlayerRecord* p = event.find(row.number);
      if (!p) continue;
      out << "<tr><td>" << p->number << "</td><td class=\"name\">" << html_escape(p->player->name) << "</td>";
      for (int r = 1; r <= event.rounds; ++r) out << "<td>" << html_escape(swiss_cell(t, p->rounds[r - 1])) << "</td>";
      out << "<td>" << format_points(row.score) << "</td></tr>\n";
    }
  }
  out << "</table>\n";
  if (settings.round_robin()) {
    out << "<p>+ won by forfeit, - lost by forfeit, -- neither player came. * results not counted (withdrew having "
           "played less than half of the games, FIDE Tournament Rules 11(d)).</p>\n";
  }
  out << "</body>\n</html>\n";
  return out.str();
}

}  // namespace tabiya::tournament
