#include "tournament/trf.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "files/durable_file.h"
#include "tournament/trf25.h"
#include "tournament/trf_fields.h"

namespace tabiya::tournament {
namespace {

using namespace trf_fields;

std::optional<LineError> read_player(std::string_view line, Player& p) {
  if (!parse_uint(field(line, 4, 4), p.number) || p.number < 1)
    return LineError{5, "start number '" + std::string(trim(field(line, 4, 4))) + "' is not a positive number"};
  std::string_view sex = field(line, 9, 1);
  p.sex = sex.empty() ? ' ' : static_cast<char>(std::tolower(static_cast<unsigned char>(sex[0])));
  if (p.sex != ' ' && p.sex != 'm' && p.sex != 'w' && p.sex != 'f')
    return LineError{10, std::string("sex '") + p.sex + "' is not m, w or blank"};
  p.title = trim(field(line, 10, 3));
  p.name = trim(field(line, 14, 33));
  std::string_view rating = trim(field(line, 48, 4));
  p.rating = 0;
  if (!rating.empty() && !parse_uint(rating, p.rating))
    return LineError{49, "rating '" + std::string(rating) + "' is not a number"};
  p.federation = trim(field(line, 53, 3));
  p.fide_id = trim(field(line, 57, 11));
  p.birth_date = trim(field(line, 69, 10));
  std::string_view points = trim(field(line, 80, 4));
  p.points = 0;
  if (!points.empty() && !parse_points(points, p.points))
    return LineError{81, "points '" + std::string(points) + "' are not a score like 4.5"};
  std::string_view rank = trim(field(line, 85, 4));
  p.rank = 0;
  if (!rank.empty() && !parse_uint(rank, p.rank))
    return LineError{86, "rank '" + std::string(rank) + "' is not a number"};
  p.rounds.clear();
  for (size_t s = 91; s < line.size(); s += 10) {
    RoundEntry e;
    std::string_view opp = field(line, s, 4);
    if (!trim(opp).empty()) {
      if (!parse_uint(opp, e.opponent))
        return LineError{static_cast<int>(s) + 1, "opponent '" + std::string(trim(opp)) + "' is not a start number"};
      if (e.opponent == p.number)
        return LineError{static_cast<int>(s) + 1, "player " + std::to_string(p.number) + " paired against himself"};
    }
    std::string_view c = field(line, s + 5, 1);
    char colour = c.empty() ? ' ' : static_cast<char>(std::tolower(static_cast<unsigned char>(c[0])));
    if (colour == 'w') e.colour = Colour::white;
    else if (colour == 'b') e.colour = Colour::black;
    else if (colour != '-' && colour != ' ')
      return LineError{static_cast<int>(s) + 6, std::string("colour '") + colour + "' is not w, b or -"};
    std::string_view r = field(line, s + 7, 1);
    char result = r.empty() ? ' ' : static_cast<char>(std::toupper(static_cast<unsigned char>(r[0])));
    static const std::string_view codes = "10=+-WDLUHFZ ";
    if (codes.find(result) == std::string_view::npos)
      return LineError{static_cast<int>(s) + 8,
                       std::string("result '") + result + "' is not one of 1 0 = + - W D L U H F Z"};
    e.result = result;
    if (e.opponent == 0 && (e.colour != Colour::none) && result != ' ')
      return LineError{static_cast<int>(s) + 6, "a colour without an opponent"};
    if (e.opponent != 0 && (result == 'U' || result == 'H' || result == 'F' || result == 'Z'))
      return LineError{static_cast<int>(s) + 8, std::string("bye code '") + result + "' with an opponent"};
    for (size_t gap : {s + 4, s + 6, s + 8, s + 9})
      if (gap < line.size() && line[gap] != ' ')
        return LineError{static_cast<int>(gap) + 1, "expected a blank between the fields of a round"};
    // A bare "0000" with nothing else means "no opponent", as blank.
    p.rounds.push_back(e);
  }
  while (!p.rounds.empty() && p.rounds.back().empty()) p.rounds.pop_back();
  return std::nullopt;
}

std::optional<LineError> read_points_line(std::string_view code, std::string_view rest, Tournament& t) {
  Points v = 0;
  if (!parse_points(rest, v)) return LineError{5, "points '" + std::string(trim(rest)) + "' are not a score like 0.5"};
  if (code == "BBW") {
    t.points.win = v;
    if (!t.points.pairing_bye_explicit) t.points.pairing_bye = v;
  } else if (code == "BBD") t.points.draw = v;
  else if (code == "BBL") t.points.loss = v;
  else if (code == "BBZ") t.points.zero_bye = v;
  else if (code == "BBF") t.points.forfeit_loss = v;
  else if (code == "BBU") t.points.pairing_bye = v, t.points.pairing_bye_explicit = true;
  t.points_declared = true;
  return std::nullopt;
}

// 2026 revision: "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0", codes each followed by their points
// (read in free format: the columns of trf25.h, or any spacing).
std::optional<LineError> read_point_system_162(std::string_view line, Tournament& t) {
  size_t pos = 3;
  while (true) {
    while (pos < line.size() && line[pos] == ' ') ++pos;
    if (pos >= line.size()) break;
    size_t code_column = pos;
    char code = line[pos++];
    while (pos < line.size() && line[pos] == ' ') ++pos;
    size_t value_start = pos;
    while (pos < line.size() && line[pos] != ' ') ++pos;
    Points v = 0;
    if (!parse_points(line.substr(value_start, pos - value_start), v))
      return LineError{static_cast<int>(value_start) + 1,
                       "points '" + std::string(line.substr(value_start, pos - value_start)) + "' are not a score"};
    switch (code) {
      case 'W':
        t.points.win = v;
        if (!t.points.pairing_bye_explicit) t.points.pairing_bye = v;
        break;
      case 'D':
        t.points.draw = v;
        break;
      case 'L':
        t.points.loss = v;
        break;
      case 'Z':  // a draft's code for what the approved text calls A
      case 'A':
        t.points.zero_bye = v, t.points.forfeit_loss = v;
        break;
      case 'X':  // unknown result (an adjourned game): not part of this model
        break;
      case 'P':
        t.points.pairing_bye = v, t.points.pairing_bye_explicit = true;
        break;
      default:
        return LineError{static_cast<int>(code_column) + 1,
                         std::string("point code '") + code + "' is not W, D, L, A, P or X"};
    }
  }
  t.points_declared = true;
  return std::nullopt;
}

// "XXA NNNN pp.p pp.p ...": the player in columns 5-8, then one 4-column
// field per round from column 10, five columns apart (blank = 0).
std::optional<LineError> read_acceleration(std::string_view line, Tournament& t) {
  int number = 0;
  if (!parse_uint(field(line, 4, 4), number) || number < 1)
    return LineError{5, "player '" + std::string(trim(field(line, 4, 4))) + "' is not a start number"};
  std::vector<Points> points;
  for (size_t s = 9; s < line.size(); s += 5) {
    std::string_view f = field(line, s, 4);
    Points v = 0;
    if (!trim(f).empty() && !parse_points(f, v))
      return LineError{static_cast<int>(s) + 1, "acceleration '" + std::string(trim(f)) + "' is not a score like 1.0"};
    if (s > 0 && line[s - 1] != ' ')
      return LineError{static_cast<int>(s),
                       "expected a blank before the acceleration of round " + std::to_string(points.size() + 1)};
    points.push_back(v);
  }
  while (!points.empty() && points.back() == 0) points.pop_back();
  t.accelerations[number] = std::move(points);
  return std::nullopt;
}

// "XXP a b c ..." (free format) or "260 RRR RRR NNNN NNNN ...".
std::optional<LineError> read_forbidden(std::string_view code, std::string_view line, Tournament& t) {
  Tournament::ForbiddenGroup g;
  size_t pos = 3;
  auto next_word = [&](size_t& column) {
    while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t')) ++pos;
    column = pos;
    while (pos < line.size() && line[pos] != ' ' && line[pos] != '\t') ++pos;
    return line.substr(column, pos - column);
  };
  size_t column = 0;
  if (code == "260") {
    g.from_260 = true;
    std::string_view first = next_word(column);
    if (!parse_uint(first, g.first_round) || g.first_round < 1)
      return LineError{static_cast<int>(column) + 1, "first round '" + std::string(first) + "' is not a round"};
    std::string_view last = next_word(column);
    if (!parse_uint(last, g.last_round) || g.last_round < g.first_round)
      return LineError{static_cast<int>(column) + 1, "last round '" + std::string(last) + "' is not a round"};
  }
  while (true) {
    std::string_view w = next_word(column);
    if (w.empty()) break;
    int n = 0;
    if (!parse_uint(w, n) || n < 1)
      return LineError{static_cast<int>(column) + 1, "player '" + std::string(w) + "' is not a start number"};
    g.players.push_back(n);
  }
  if (g.players.size() < 2) return LineError{4, "a forbidden-pairs line needs two players or more"};
  t.forbidden.push_back(std::move(g));
  return std::nullopt;
}

std::optional<LineError> read_line(std::string_view line, Tournament& t, bool team_file) {
  std::string code(field(line, 0, 3));
  std::string_view rest = line.size() > 3 ? line.substr(3) : std::string_view{};
  if (code == "001") {
    Player p;
    if (auto err = read_player(line, p)) return err;
    if (t.player(p.number)) return LineError{5, "start number " + std::to_string(p.number) + " appears twice"};
    t.players.push_back(std::move(p));
    return std::nullopt;
  }
  if (code == "XXR" || code == "142") {
    int n = 0;
    if (!parse_uint(rest, n) || n < 1)
      return LineError{5, "number of rounds '" + std::string(trim(rest)) + "' is not a positive number"};
    t.total_rounds = n;
    return std::nullopt;
  }
  if (code == "XXC") {
    std::istringstream words{std::string(rest)};
    std::string w;
    while (words >> w) {
      if (w == "white1") t.initial_colour = Colour::white;
      else if (w == "black1") t.initial_colour = Colour::black;
      else if (w == "rank") t.rank_order = true;
      else return LineError{5, "XXC option '" + w + "' is not white1, black1 or rank"};
    }
    return std::nullopt;
  }
  if (code == "152") {
    std::string_view c = trim(rest);
    if (c == "W" || c == "w") t.initial_colour = Colour::white;
    else if (c == "B" || c == "b") t.initial_colour = Colour::black;
    else return LineError{5, "initial colour '" + std::string(c) + "' is not W or B"};
    return std::nullopt;
  }
  if (code == "BBW" || code == "BBD" || code == "BBL" || code == "BBZ" || code == "BBF" || code == "BBU")
    return read_points_line(code, rest, t);
  if (code == "162") return read_point_system_162(line, t);
  if (code == "XXA") return read_acceleration(line, t);
  if (code == "250" && !team_file) return trf25::read_acceleration(line, t);
  if (code == "XXP" || code == "260") return read_forbidden(code, line, t);
  HeaderLine h{code, std::string(rest.size() > 0 && rest[0] == ' ' ? rest.substr(1) : rest)};
  while (!h.text.empty() && h.text.back() == ' ') h.text.pop_back();
  t.headers.push_back(std::move(h));
  return std::nullopt;
}

}  // namespace

Result<Tournament> read_trf(std::string_view text, std::string_view source) {
  Tournament t;
  t.trf_version = detect_trf_version(text);
  const bool team_file = trf25::has_team_section(text);
  auto where = [&](int line_number, const LineError& err) {
    return std::string(source) + ": line " + std::to_string(line_number) + ", column " + std::to_string(err.column) +
           ": " + err.message;
  };
  std::vector<std::pair<int, std::string_view>> byes;  // 240 records, read once every 001 record is
  int line_number = 0;
  size_t pos = 0;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") pos = 3;  // UTF-8 byte order mark
  // Lines end with LF, CR LF or a lone CR (the TRF's own convention, which
  // bbpPairings writes).
  while (pos < text.size()) {
    size_t end = text.find_first_of("\r\n", pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    if (end < text.size() && text[end] == '\r' && pos < text.size() && text[pos] == '\n') ++pos;
    ++line_number;
    if (trim(line).empty()) continue;
    if (line.substr(0, 3) == "240" && !team_file) {
      byes.emplace_back(line_number, line);
      continue;
    }
    if (auto err = read_line(line, t, team_file)) return fail(where(line_number, *err));
  }
  std::sort(t.players.begin(), t.players.end(), [](const Player& a, const Player& b) { return a.number < b.number; });
  for (const auto& [number, line] : byes)
    if (auto err = trf25::read_bye(line, t)) return fail(where(number, *err));
  // Opponents must exist and agree with each other.
  for (const Player& p : t.players)
    for (size_t r = 0; r < p.rounds.size(); ++r) {
      const RoundEntry& e = p.rounds[r];
      if (e.opponent == 0) continue;
      const Player* o = t.player(e.opponent);
      std::string where =
          std::string(source) + ": player " + std::to_string(p.number) + ", round " + std::to_string(r + 1);
      if (!o) return fail(where + ": opponent " + std::to_string(e.opponent) + " has no 001 line");
      if (o->entry(static_cast<int>(r) + 1).opponent != p.number)
        return fail(where + ": opponent " + std::to_string(e.opponent) + " does not list " + std::to_string(p.number) +
                    " in that round");
    }
  return t;
}

Result<Tournament> read_trf_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(path + ": cannot open");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return read_trf(buffer.str(), path);
}

std::string format_player_line(const Player& p) {
  std::string line = "001 " + right(std::to_string(p.number), 4) + " ";
  line += p.sex == 'f' ? 'w' : p.sex;
  line += right(p.title, 3) + " " + left(p.name, 33) + " ";
  line += right(p.rating > 0 ? std::to_string(p.rating) : "", 4) + " ";
  line += left(p.federation, 3) + " " + right(p.fide_id, 11) + " " + left(p.birth_date, 10) + " ";
  line += right(format_points(p.points), 4) + " " + right(p.rank > 0 ? std::to_string(p.rank) : "", 4);
  for (const RoundEntry& e : p.rounds) {
    line += "  ";
    if (e.empty()) {
      line += std::string(8, ' ');
      continue;
    }
    line += right(e.opponent > 0 ? std::to_string(e.opponent) : "0000", 4) + " ";
    line += static_cast<char>(e.colour);
    line += ' ';
    line += e.result;
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

std::string write_trf(const Tournament& t) { return write_trf(t, t.trf_version); }

std::string write_trf(const Tournament& t, TrfVersion version, TrfRecords records) {
  std::string out;
  const HeaderLine marker{"###", std::string(kTrf25Comment).substr(4)};
  const bool marked = std::find(t.headers.begin(), t.headers.end(), marker) != t.headers.end();
  if (version == TrfVersion::trf25 && !marked) {
    out += kTrf25Comment;
    out += '\n';
  }
  for (const HeaderLine& h : t.headers) {
    if (version == TrfVersion::trf16 && h == marker) continue;
    out += h.code;
    if (!h.text.empty()) out += ' ';
    out += h.text;
    out += '\n';
  }
  if (version == TrfVersion::trf25) {
    out += trf25::tournament_records(t);
    for (const Player& p : t.players) out += format_player_line(p) + "\n";
    return out + trf25::trailing_records(t, records == TrfRecords::all);
  }
  for (const Player& p : t.players) out += format_player_line(p) + "\n";
  if (t.total_rounds > 0) out += "XXR " + std::to_string(t.total_rounds) + "\n";
  if (t.initial_colour != Colour::none || t.rank_order) {
    out += "XXC";
    if (t.rank_order) out += " rank";
    if (t.initial_colour == Colour::white) out += " white1";
    if (t.initial_colour == Colour::black) out += " black1";
    out += "\n";
  }
  for (const auto& [number, points] : t.accelerations) {
    if (points.empty()) continue;
    out += "XXA " + right(std::to_string(number), 4);
    for (Points v : points) {
      out += ' ';
      out += right(format_points(v), 4);
    }
    out += "\n";
  }
  for (const auto& g : t.forbidden) {
    // A 260 record for every round of the event says what XXP says (and
    // makes TRF-16 -> TRF-25 -> TRF-16 give the same file).
    const bool every_round = g.first_round == 1 && t.total_rounds > 0 && g.last_round >= t.total_rounds;
    if (g.from_260 && !every_round) {
      out += "260 ";
      out += right(std::to_string(g.first_round), 3);
      out += ' ';
      out += right(std::to_string(g.last_round), 3);
    } else {
      out += "XXP";
    }
    for (int n : g.players) {
      out += ' ';
      out += right(std::to_string(n), 4);
    }
    out += "\n";
  }
  PointSystem defaults;
  if (t.points_declared || t.points != defaults) {
    out += "BBW " + right(format_points(t.points.win), 4) + "\n";
    out += "BBD " + right(format_points(t.points.draw), 4) + "\n";
    out += "BBL " + right(format_points(t.points.loss), 4) + "\n";
    out += "BBZ " + right(format_points(t.points.zero_bye), 4) + "\n";
    out += "BBF " + right(format_points(t.points.forfeit_loss), 4) + "\n";
    if (t.points.pairing_bye_explicit || t.points.pairing_bye != t.points.win)
      out += "BBU " + right(format_points(t.points.pairing_bye), 4) + "\n";
  }
  return out;
}

Result<bool> write_trf_file(const Tournament& t, const std::string& path) {
  return write_file_durably(path, write_trf(t));
}

}  // namespace tabiya::tournament
