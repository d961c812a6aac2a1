#include "tournament/trf25.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <vector>

namespace tabiya::tournament {

using namespace trf_fields;

TrfVersion detect_trf_version(std::string_view text) {
  static const std::set<std::string_view> revision_only = {"142", "152", "162", "172", "192", "202", "212", "222",
                                                           "240", "250", "299", "310", "801", "802", "###"};
  static const std::set<std::string_view> extension = {"XXR", "XXA", "XXP", "BBW", "BBD", "BBL", "BBZ", "BBU"};
  bool revision = false;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find_first_of("\r\n", pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view code = text.substr(pos, std::min<size_t>(3, end - pos));
    if (extension.count(code)) return TrfVersion::trf16;
    if (revision_only.count(code)) revision = true;
    pos = end + 1;
  }
  return revision ? TrfVersion::trf25 : TrfVersion::trf16;
}

namespace trf25 {

bool has_team_section(std::string_view text) {
  size_t pos = 0;
  while (pos < text.size()) {
    const std::string_view code = text.substr(pos, 3);
    if (code == "013" || code == "310") return true;
    const size_t end = text.find_first_of("\r\n", pos);
    if (end == std::string_view::npos) break;
    pos = end + 1;
  }
  return false;
}

namespace {

// A number field that may be blank (0), with its column for messages.
std::optional<LineError> number_at(std::string_view line, size_t from, size_t len, const char* what, int& out) {
  out = 0;
  std::string_view f = field(line, from, len);
  if (!trim(f).empty() && !parse_uint(f, out))
    return LineError{static_cast<int>(from) + 1, std::string(what) + " '" + std::string(trim(f)) + "' is not a number"};
  return std::nullopt;
}

}  // namespace

std::optional<LineError> read_acceleration(std::string_view line, Tournament& t) {
  Points match = 0, game = 0;
  std::string_view m = trim(field(line, 4, 4));
  if (!m.empty() && !parse_points(m, match))
    return LineError{5, "match points '" + std::string(m) + "' are not a score like 1.0"};
  std::string_view g = trim(field(line, 9, 4));
  if (!parse_points(g, game)) return LineError{10, "game points '" + std::string(g) + "' are not a score like 1.0"};
  int first_round = 0, last_round = 0, first = 0, last = 0;
  if (auto e = number_at(line, 14, 3, "first round", first_round)) return e;
  if (first_round < 1) return LineError{15, "a 250 record needs its first round"};
  if (auto e = number_at(line, 18, 3, "last round", last_round)) return e;
  if (last_round == 0) last_round = first_round;
  if (last_round < first_round) return LineError{19, "last round before the first"};
  if (auto e = number_at(line, 22, 4, "first player", first)) return e;
  if (first < 1) return LineError{23, "a 250 record needs its first player"};
  if (auto e = number_at(line, 27, 4, "last player", last)) return e;
  if (last == 0) last = first;
  if (last < first) return LineError{28, "last player before the first"};
  if (last_round > 999 || last - first > 9999) return LineError{15, "range too large"};
  for (int p = first; p <= last; ++p) {
    std::vector<Points>& points = t.accelerations[p];
    if (points.size() < static_cast<size_t>(last_round)) points.resize(last_round, 0);
    for (int r = first_round; r <= last_round; ++r) points[r - 1] += game;
    while (!points.empty() && points.back() == 0) points.pop_back();
  }
  return std::nullopt;
}

std::optional<LineError> read_bye(std::string_view line, Tournament& t) {
  std::string_view type_field = field(line, 4, 1);
  char type = type_field.empty() || type_field[0] == ' ' ? 'Z' : static_cast<char>(std::toupper(type_field[0]));
  if (type != 'F' && type != 'H' && type != 'Z')
    return LineError{5, std::string("bye type '") + type + "' is not F, H or Z"};
  int round = 0;
  if (auto e = number_at(line, 6, 3, "round", round)) return e;
  if (round < 1) return LineError{7, "a 240 record needs its round"};
  for (size_t s = 10; s < line.size(); s += 5) {
    int number = 0;
    if (auto e = number_at(line, s, 4, "player", number)) return e;
    if (number == 0) continue;
    Player* p = t.player(number);
    if (!p) return LineError{static_cast<int>(s) + 1, "player " + std::to_string(number) + " has no 001 record"};
    if (p->rounds.size() < static_cast<size_t>(round)) p->rounds.resize(round);
    RoundEntry& e = p->rounds[round - 1];
    if (e.empty()) {
      e.result = type;
    } else if (e.opponent != 0 || e.result != type) {
      return LineError{static_cast<int>(s) + 1, "player " + std::to_string(number) + " has '" + e.result +
                                                    "' in round " + std::to_string(round) + " on his 001 record, not " +
                                                    "the " + type + " bye of this record"};
    }
  }
  return std::nullopt;
}

std::string tournament_records(const Tournament& t) {
  std::string out;
  if (t.total_rounds > 0) out += "142 " + std::to_string(t.total_rounds) + "\n";
  if (t.initial_colour != Colour::none) out += t.initial_colour == Colour::white ? "152 W\n" : "152 B\n";
  const PointSystem defaults;
  if (t.points_declared || t.points != defaults) {
    std::string line = "162";
    auto add = [&](char code, Points v) {
      line += std::string(line.size() == 3 ? 2 : 4, ' ');
      line += code;
      line += right(format_points(v), 4);
    };
    add('W', t.points.win);
    add('D', t.points.draw);
    add('L', t.points.loss);
    add('A', t.points.zero_bye);
    if (t.points.pairing_bye_explicit || t.points.pairing_bye != t.points.win) add('P', t.points.pairing_bye);
    out += line + "\n";
  }
  return out;
}

namespace {

// The accelerations as 250 records: each player's runs of rounds with the
// same points, consecutive players with the same runs on one record.
std::string acceleration_records(const Tournament& t) {
  std::map<std::tuple<int, int, Points>, std::vector<int>> players_by_run;  // (first, last round, points)
  for (const auto& [number, points] : t.accelerations)
    for (size_t r = 0; r < points.size();) {
      size_t end = r;
      while (end + 1 < points.size() && points[end + 1] == points[r]) ++end;
      if (points[r] != 0)
        players_by_run[{static_cast<int>(r) + 1, static_cast<int>(end) + 1, points[r]}].push_back(number);
      r = end + 1;
    }
  std::string out;
  for (const auto& [run, players] : players_by_run) {
    for (size_t i = 0; i < players.size();) {
      size_t j = i;
      while (j + 1 < players.size() && players[j + 1] == players[j] + 1) ++j;
      out += "250      ";
      out += right(format_points(std::get<2>(run)), 4);
      for (const std::string& f : {zero_padded(std::get<0>(run), 3), zero_padded(std::get<1>(run), 3),
                                   zero_padded(players[i], 4), zero_padded(players[j], 4)}) {
        out += ' ';
        out += f;
      }
      out += '\n';
      i = j + 1;
    }
  }
  return out;
}

std::string prohibited_records(const Tournament& t) {
  std::string out;
  for (const auto& g : t.forbidden) {
    // TRF(x)'s XXP holds for every round; 260 names its last.
    const int last = g.last_round > 0 ? g.last_round : t.total_rounds > 0 ? t.total_rounds : 999;
    out += "260 ";
    out += right(std::to_string(g.first_round), 3);
    out += ' ';
    out += right(std::to_string(last), 3);
    for (int n : g.players) {
      out += ' ';
      out += right(std::to_string(n), 4);
    }
    out += '\n';
  }
  return out;
}

std::string bye_records(const Tournament& t) {
  constexpr size_t per_record = 20;
  std::string out;
  const int rounds = t.rounds_with_entries();
  for (int r = 1; r <= rounds; ++r)
    for (char type : {'F', 'H', 'Z'}) {
      std::vector<int> players;
      for (const Player& p : t.players) {
        const RoundEntry e = p.entry(r);
        if (e.opponent == 0 && e.result == type) players.push_back(p.number);
      }
      for (size_t i = 0; i < players.size(); i += per_record) {
        out += "240 ";
        out += type;
        out += ' ';
        out += zero_padded(r, 3);
        for (size_t j = i; j < players.size() && j < i + per_record; ++j) {
          out += ' ';
          out += right(std::to_string(players[j]), 4);
        }
        out += '\n';
      }
    }
  return out;
}

}  // namespace

std::string trailing_records(const Tournament& t, bool player_byes) {
  std::string out = acceleration_records(t) + prohibited_records(t);
  if (player_byes) out += bye_records(t);
  if (t.rank_order) out += "XXC rank\n";
  const PointSystem defaults;
  if ((t.points_declared || t.points != defaults) && t.points.forfeit_loss != t.points.zero_bye)
    out += "BBF " + right(format_points(t.points.forfeit_loss), 4) + "\n";
  return out;
}

}  // namespace trf25
}  // namespace tabiya::tournament
