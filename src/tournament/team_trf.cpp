#include "tournament/team_trf.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>

#include "files/durable_file.h"
#include "tournament/team_standings.h"
#include "tournament/trf.h"

namespace tabiya::tournament {
namespace {

const char* const kTeamCodes[] = {"013", "300", "310", "320", "330", "352", "362"};

bool team_code(const std::string& code) {
  return std::find(std::begin(kTeamCodes), std::end(kTeamCodes), code) != std::end(kTeamCodes);
}

struct LineError {
  int column;  // 1-based
  std::string message;
};

std::string_view field(std::string_view line, size_t from, size_t len) {
  if (from >= line.size()) return {};
  return line.substr(from, std::min(len, line.size() - from));
}

std::string trimmed(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.remove_suffix(1);
  return std::string(s);
}

// A number in columns [from, from + len) (0-based); blank gives `blank`.
std::optional<int> number_at(std::string_view line, size_t from, size_t len, int blank = 0) {
  const std::string s = trimmed(field(line, from, len));
  if (s.empty()) return blank;
  if (s.size() > 6 || s.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  return std::stoi(s);
}

// "2.0", "1", "0.5" into tenths.
std::optional<Points> points_at(std::string_view line, size_t from, size_t len) {
  const std::string s = trimmed(field(line, from, len));
  if (s.empty()) return std::nullopt;
  Points whole = 0, tenth = 0;
  size_t i = 0;
  for (; i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])); ++i) whole = whole * 10 + (s[i] - '0');
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) tenth = s[i++] - '0';
    while (i < s.size() && s[i] == '0') ++i;
  }
  if (i != s.size() || i == 0) return std::nullopt;
  return whole * 10 + tenth;
}

std::string right(const std::string& s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}
std::string left(const std::string& s, size_t width) {
  return s.size() >= width ? s.substr(0, width) : s + std::string(width - s.size(), ' ');
}

// The members' start numbers: four columns each from `from` (0-based), one column apart.
std::optional<LineError> read_members(std::string_view line, size_t from, const Tournament& players,
                                      std::map<int, int>& team_of, int team, std::vector<int>& members) {
  for (size_t col = from; col < line.size(); col += 5) {
    const auto n = number_at(line, col, 4);
    if (!n) return LineError{static_cast<int>(col) + 1, "'" + trimmed(field(line, col, 4)) + "' is not a start number"};
    if (*n == 0) continue;
    if (!players.player(*n))
      return LineError{static_cast<int>(col) + 1, "player " + std::to_string(*n) + " has no 001 line"};
    if (auto [it, fresh] = team_of.emplace(*n, team); !fresh)
      return LineError{static_cast<int>(col) + 1,
                       "player " + std::to_string(*n) + " already plays for team " + std::to_string(it->second)};
    members.push_back(*n);
  }
  return std::nullopt;
}

struct Sections {
  std::vector<std::pair<int, std::string>> lines;  // (line number, text) of the team records
};

Sections team_lines(std::string_view text) {
  Sections s;
  int number = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find_first_of("\r\n", pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    if (end < text.size() && text[end] == '\r' && pos < text.size() && text[pos] == '\n') ++pos;
    ++number;
    if (line.size() >= 3 && team_code(std::string(line.substr(0, 3)))) s.lines.emplace_back(number, std::string(line));
  }
  return s;
}

struct Forfeit {
  int round;
  int first;
  int second;
  char first_code;
  char second_code;
};

// A 300 record: a team's players board by board in one round (0: the board left empty).
struct BoardOrder {
  int other = 0;
  std::vector<int> players;
  int sequence = 0;  // the records' order in the file: the first team's comes first
};

std::optional<LineError> read_record(std::string_view line, TeamEvent& e, std::map<int, int>& team_of,
                                     std::vector<Forfeit>& forfeits, std::map<int, int>& byes,
                                     std::map<std::pair<int, int>, BoardOrder>& orders) {
  const std::string code(line.substr(0, 3));
  if (code == "013" || code == "310") {
    Team t;
    if (code == "013") {
      t.number = static_cast<int>(e.teams.size()) + 1;
      t.name = trimmed(field(line, 4, 32));
      if (auto err = read_members(line, 36, e.players, team_of, t.number, t.members)) return err;
    } else {
      const auto n = number_at(line, 4, 3);
      if (!n || *n != static_cast<int>(e.teams.size()) + 1)
        return LineError{5, "team number '" + trimmed(field(line, 4, 3)) + "' is not " +
                                std::to_string(e.teams.size() + 1) + " (teams are numbered in order)"};
      t.number = *n;
      t.name = trimmed(field(line, 8, 32));
      if (auto err = read_members(line, 73, e.players, team_of, t.number, t.members)) return err;
    }
    e.teams.push_back(std::move(t));
  } else if (code == "352") {
    const std::string seq = trimmed(field(line, 4, line.size()));
    for (size_t i = 0; i < seq.size(); ++i)
      if (seq[i] != 'W' && seq[i] != 'B' && seq[i] != 'w' && seq[i] != 'b')
        return LineError{static_cast<int>(i) + 5, std::string("board colour '") + seq[i] + "' is not W or B"};
    if (seq.empty()) return LineError{5, "no board colours"};
    e.boards = static_cast<int>(seq.size());
  } else if (code == "362") {
    for (size_t pos = 5; pos < line.size(); pos += 9) {
      const char sym = static_cast<char>(std::toupper(static_cast<unsigned char>(line[pos])));
      if (sym == ' ') {
        if (trimmed(field(line, pos, 9)).empty()) continue;
        return LineError{static_cast<int>(pos) + 1, "expected W, D or L in this column (nine columns apart from 6)"};
      }
      const auto pts = points_at(line, pos + 1, 4);
      if (!pts) return LineError{static_cast<int>(pos) + 2, "'" + trimmed(field(line, pos + 1, 4)) + "' is not points"};
      if (sym == 'W') e.match_points.win = *pts;
      else if (sym == 'D') e.match_points.draw = *pts;
      else if (sym == 'L') e.match_points.loss = *pts;
      else return LineError{static_cast<int>(pos) + 1, std::string("match result '") + sym + "' is not W, D or L"};
    }
  } else if (code == "320") {
    const auto mp = points_at(line, 4, 4);
    if (!mp) return LineError{5, "'" + trimmed(field(line, 4, 4)) + "' is not match points"};
    const auto gp = points_at(line, 9, 4);
    if (!gp) return LineError{10, "'" + trimmed(field(line, 9, 4)) + "' is not game points"};
    e.bye_match_points = *mp;
    e.bye_game_points = *gp;
    int round = 1;
    for (size_t col = 14; col < line.size(); col += 4, ++round) {
      const auto team = number_at(line, col, 3);
      if (!team) return LineError{static_cast<int>(col) + 1, "'" + trimmed(field(line, col, 3)) + "' is not a team"};
      if (*team) byes[round] = *team;
    }
  } else if (code == "300") {
    const auto round = number_at(line, 4, 3, -1), team = number_at(line, 8, 3, -1), other = number_at(line, 12, 3, -1);
    if (!round || *round < 1) return LineError{5, "'" + trimmed(field(line, 4, 3)) + "' is not a round"};
    if (!team || *team < 1) return LineError{9, "'" + trimmed(field(line, 8, 3)) + "' is not a team"};
    if (!other || *other < 1) return LineError{13, "'" + trimmed(field(line, 12, 3)) + "' is not a team"};
    BoardOrder order{*other, {}, static_cast<int>(orders.size())};
    for (size_t col = 16; col < line.size(); col += 5) {
      const auto n = number_at(line, col, 4);
      if (!n)
        return LineError{static_cast<int>(col) + 1, "'" + trimmed(field(line, col, 4)) + "' is not a start number"};
      if (*n && team_of.count(*n) && team_of[*n] != *team)
        return LineError{static_cast<int>(col) + 1,
                         "player " + std::to_string(*n) + " does not play for team " + std::to_string(*team)};
      order.players.push_back(*n);
    }
    orders[{*round, *team}] = std::move(order);
  } else if (code == "330") {
    const std::string kind(field(line, 4, 2));
    if (kind != "+-" && kind != "-+" && kind != "--") return LineError{5, "'" + kind + "' is not +-, -+ or --"};
    const auto round = number_at(line, 7, 3, -1), first = number_at(line, 11, 3, -1),
               second = number_at(line, 15, 3, -1);
    if (!round || *round < 1) return LineError{8, "'" + trimmed(field(line, 7, 3)) + "' is not a round"};
    if (!first || *first < 1) return LineError{12, "'" + trimmed(field(line, 11, 3)) + "' is not a team"};
    if (!second || *second < 1) return LineError{16, "'" + trimmed(field(line, 15, 3)) + "' is not a team"};
    forfeits.push_back({*round, *first, *second, kind[0], kind[1]});
  }
  return std::nullopt;
}

// Rebuilds round `round`'s matches from the players' entries.
std::vector<TeamMatch> matches_of_round(const TeamEvent& e, int round) {
  std::vector<TeamMatch> matches;
  std::vector<bool> done(e.teams.size() + 1, false);
  for (const Team& t : e.teams) {
    if (done[t.number]) continue;
    int opponent_team = 0;
    for (int m : t.members) {
      const RoundEntry r = e.players.player(m)->entry(round);
      if (r.opponent) opponent_team = e.team_of(r.opponent);
      if (opponent_team) break;
    }
    if (!opponent_team) continue;
    done[t.number] = done[opponent_team] = true;
    TeamMatch match;
    match.first = t.number;
    match.second = opponent_team;
    const Team& o = *e.team(opponent_team);
    for (int m : t.members) {
      const RoundEntry r = e.players.player(m)->entry(round);
      if (r.opponent && e.team_of(r.opponent) == opponent_team)
        match.boards.push_back({m, r.opponent, r.colour, r.result, e.players.player(r.opponent)->entry(round).result});
    }
    // Players who won on an empty board, then the empty places of both.
    for (int m : t.members) {
      const RoundEntry r = e.players.player(m)->entry(round);
      if (!r.opponent && r.result == '+') match.boards.push_back({m, 0, r.colour, '+', '-'});
    }
    for (int m : o.members) {
      const RoundEntry r = e.players.player(m)->entry(round);
      if (!r.opponent && r.result == '+') match.boards.push_back({0, m, opposite(r.colour), '-', '+'});
    }
    // Boards won against an empty place have no colour in the TRF: they take the alternation by board.
    const Colour board_one = match.boards.empty() || match.boards.front().first_colour == Colour::none
                                 ? Colour::white
                                 : match.boards.front().first_colour;
    for (size_t b = 0; b < match.boards.size(); ++b)
      match.boards[b].first_colour = board_colour(board_one, static_cast<int>(b) + 1);
    // The team with White on board 1 is named first.
    if (!match.boards.empty() && match.boards.front().first_colour == Colour::black) {
      std::swap(match.first, match.second);
      for (MatchBoard& b : match.boards) {
        std::swap(b.first_player, b.second_player);
        std::swap(b.first_result, b.second_result);
        b.first_colour = opposite(b.first_colour);
      }
    }
    while (static_cast<int>(match.boards.size()) < e.boards) {
      const int b = static_cast<int>(match.boards.size()) + 1;
      match.boards.push_back({0, 0, board_colour(Colour::white, b), '-', '-'});
    }
    matches.push_back(std::move(match));
  }
  return matches;
}

std::string points_field(Points p, size_t width) {
  return right(std::to_string(p / 10) + "." + std::to_string(p % 10), width);
}

// The matches of round `round` that 300 records give board by board are
// rebuilt from them (empty places where the TRF-16 reading cannot put them).
Result<bool> apply_board_orders(const TeamEvent& e, int round, const std::map<std::pair<int, int>, BoardOrder>& orders,
                                std::vector<TeamMatch>& matches) {
  for (const auto& [key, order] : orders) {
    const auto& [r, team] = key;
    if (r != round || team > order.other) continue;
    auto other = orders.find({round, order.other});
    if (other == orders.end() || other->second.other != team)
      return fail("round " + std::to_string(round) + ": the 300 record of team " + std::to_string(team) +
                  " has no counterpart for team " + std::to_string(order.other));
    matches.erase(std::remove_if(matches.begin(), matches.end(),
                                 [&](const TeamMatch& m) {
                                   return m.first == team || m.second == team || m.first == order.other ||
                                          m.second == order.other;
                                 }),
                  matches.end());
    TeamMatch m;
    m.first = team;
    m.second = order.other;
    Colour board_one = Colour::none;
    for (int b = 1; b <= e.boards; ++b) {
      MatchBoard mb;
      mb.first_player = b <= static_cast<int>(order.players.size()) ? order.players[b - 1] : 0;
      mb.second_player = b <= static_cast<int>(other->second.players.size()) ? other->second.players[b - 1] : 0;
      const RoundEntry first = mb.first_player ? e.players.player(mb.first_player)->entry(round) : RoundEntry{};
      const RoundEntry second = mb.second_player ? e.players.player(mb.second_player)->entry(round) : RoundEntry{};
      mb.first_result = mb.first_player ? first.result : '-';
      mb.second_result = mb.second_player ? second.result : '-';
      if (board_one == Colour::none && mb.first_player && mb.second_player && first.colour != Colour::none)
        board_one = b % 2 == 1 ? first.colour : opposite(first.colour);
      m.boards.push_back(mb);
    }
    // No game on any board: the team whose record came first is the first team (White on board 1).
    if (board_one == Colour::none) board_one = order.sequence < other->second.sequence ? Colour::white : Colour::black;
    for (int b = 1; b <= e.boards; ++b) m.boards[b - 1].first_colour = board_colour(board_one, b);
    if (board_one == Colour::black) {
      std::swap(m.first, m.second);
      for (MatchBoard& b : m.boards) {
        std::swap(b.first_player, b.second_player);
        std::swap(b.first_result, b.second_result);
        b.first_colour = opposite(b.first_colour);
      }
    }
    matches.push_back(std::move(m));
  }
  return true;
}

// Without a 320 record: the team that met nobody in round r and whose players have the pairing-allocated bye
// ("0000 - U"), as other programs write a team's bye; 0 when there is none.
int bye_of_entries(const TeamEvent& e, int r, const std::vector<TeamMatch>& matches) {
  for (const Team& t : e.teams) {
    if (std::any_of(matches.begin(), matches.end(),
                    [&](const TeamMatch& m) { return m.first == t.number || m.second == t.number; }))
      continue;
    bool bye = false, other = false;
    for (int p : t.members) {
      const RoundEntry x = e.players.player(p)->entry(r);
      if (x.opponent == 0 && x.result == 'U') bye = true;
      else if (!x.empty()) other = true;
    }
    if (bye && !other) return t.number;
  }
  return 0;
}

}  // namespace

Result<TeamEvent> read_team_trf(std::string_view text, std::string_view source) {
  auto players = read_trf(text, source);
  if (!players) return players.error();
  TeamEvent e;
  e.players = std::move(players.value());
  auto& headers = e.players.headers;
  headers.erase(std::remove_if(headers.begin(), headers.end(), [](const HeaderLine& h) { return team_code(h.code); }),
                headers.end());
  std::map<int, int> team_of;
  std::vector<Forfeit> forfeits;
  std::map<int, int> byes;
  std::map<std::pair<int, int>, BoardOrder> orders;
  bool boards_declared = false;
  const Sections sections = team_lines(text);
  for (const auto& [number, line] : sections.lines) {
    if (auto err = read_record(line, e, team_of, forfeits, byes, orders))
      return fail(std::string(source) + ": line " + std::to_string(number) + ", column " + std::to_string(err->column) +
                  ": " + err->message);
    boards_declared = boards_declared || line.substr(0, 3) == "352";
  }
  // A new event has its 352/362 records before any team is entered.
  if (sections.lines.empty()) return fail(std::string(source) + ": no team lines (013 or 310)");
  const int rounds = std::max(e.players.rounds_with_entries(), byes.empty() ? 0 : byes.rbegin()->first);
  if (!boards_declared) {
    // TRF-16 does not say: the most players a team fielded in a round.
    e.boards = 1;
    for (int r = 1; r <= rounds; ++r)
      for (const Team& t : e.teams) {
        int n = 0;
        for (int m : t.members) n += !e.players.player(m)->entry(r).empty();
        e.boards = std::max(e.boards, n);
      }
  }
  for (int r = 1; r <= rounds; ++r) {
    std::vector<TeamMatch> matches = matches_of_round(e, r);
    for (const Forfeit& f : forfeits) {
      if (f.round != r) continue;
      if (!e.team(f.first) || !e.team(f.second))
        return fail(std::string(source) + ": forfeited match of round " + std::to_string(r) + ": no team " +
                    std::to_string(e.team(f.first) ? f.second : f.first));
      // The players of a team that came won on empty boards ("0000 w +"); the absent team's places are empty.
      std::vector<int> first_present, second_present;
      for (int m : e.team(f.first)->members)
        if (e.players.player(m)->entry(r).result == '+') first_present.push_back(m);
      for (int m : e.team(f.second)->members)
        if (e.players.player(m)->entry(r).result == '+') second_present.push_back(m);
      TeamMatch m;
      m.first = f.first;
      m.second = f.second;
      for (int b = 1; b <= e.boards; ++b) {
        const int first = b <= static_cast<int>(first_present.size()) ? first_present[b - 1] : 0;
        const int second = b <= static_cast<int>(second_present.size()) ? second_present[b - 1] : 0;
        m.boards.push_back({first, second, board_colour(Colour::white, b), first ? '+' : '-', second ? '+' : '-'});
      }
      matches.push_back(std::move(m));
    }
    if (auto it = byes.find(r); it != byes.end()) matches.push_back(TeamMatch{it->second, 0, {}});
    else if (const int team = bye_of_entries(e, r, matches)) matches.push_back(TeamMatch{team, 0, {}});
    if (auto ok = apply_board_orders(e, r, orders, matches); !ok)
      return fail(std::string(source) + ": " + ok.error().message);
    number_matches(matches);
    e.rounds.push_back(std::move(matches));
  }
  return e;
}

Result<TeamEvent> read_team_trf_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(path + ": cannot open");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return read_team_trf(buffer.str(), path);
}

std::string write_team_trf(const TeamEvent& e, TrfVersion version) {
  std::string out = write_trf(e.players, version, TrfRecords::without_player_byes);
  const auto standings = team_standings(e, TeamScore::match_points, {});
  std::map<int, TeamStanding> by_team;
  for (const TeamStanding& s : standings) by_team[s.team] = s;
  for (const Team& t : e.teams) {
    std::string line;
    if (version == TrfVersion::trf16) {
      line = "013 " + left(t.name, 32);
      for (size_t i = 0; i < t.members.size(); ++i) line += (i ? " " : "") + right(std::to_string(t.members[i]), 4);
    } else {
      const TeamStanding& s = by_team[t.number];
      line = "310 " + right(std::to_string(t.number), 3) + " " + left(t.name, 32) + " " + std::string(5, ' ') + " " +
             std::string(6, ' ') + " " + points_field(s.match_points, 6) + " " + points_field(s.game_points, 6) + " " +
             right(std::to_string(s.rank), 3) + "  ";
      for (size_t i = 0; i < t.members.size(); ++i) line += (i ? " " : "") + right(std::to_string(t.members[i]), 4);
    }
    out += line + "\n";
  }
  std::string colours = "352 ";
  for (int b = 1; b <= e.boards; ++b) colours += board_colour(Colour::white, b) == Colour::white ? 'W' : 'B';
  out += colours + "\n";
  out += "362  W" + points_field(e.match_points.win, 4) + "    D" + points_field(e.match_points.draw, 4) + "    L" +
         points_field(e.match_points.loss, 4) + "\n";
  std::map<int, int> byes;
  for (size_t r = 0; r < e.rounds.size(); ++r)
    for (const TeamMatch& m : e.rounds[r]) {
      if (m.bye()) byes[static_cast<int>(r) + 1] = m.first;
      // A match a team did not come to (no player on any board) is a 330 record: "+-", "-+", or "--" for both.
      auto absent = [&](bool first) {
        return std::all_of(m.boards.begin(), m.boards.end(),
                           [&](const MatchBoard& b) { return (first ? b.first_player : b.second_player) == 0; });
      };
      // A match with an empty place: both teams' boards as 300 records, so that readers put everyone where he sat.
      const bool empty_place = std::any_of(m.boards.begin(), m.boards.end(), [](const MatchBoard& b) {
        return b.first_player == 0 || b.second_player == 0;
      });
      if (!m.bye() && empty_place) {
        for (bool first : {true, false}) {
          out += "300 " + right(std::to_string(r + 1), 3) + " " + right(std::to_string(first ? m.first : m.second), 3) +
                 " " + right(std::to_string(first ? m.second : m.first), 3);
          for (const MatchBoard& b : m.boards) {
            out += ' ';
            out += right(std::to_string(first ? b.first_player : b.second_player), 4);
          }
          out += "\n";
        }
      }
      if (!m.bye() && !m.boards.empty() && (absent(true) || absent(false))) {
        const char first_code = absent(true) ? '-' : '+', second_code = absent(false) ? '-' : '+';
        out += "330 " + std::string(1, first_code) + second_code + " " + right(std::to_string(r + 1), 3) + " " +
               right(std::to_string(m.first), 3) + " " + right(std::to_string(m.second), 3) + "\n";
      }
    }
  if (!byes.empty()) {
    std::string line = "320 " + points_field(e.bye_match_points, 4) + " " + points_field(e.bye_game_points_value(), 4);
    for (int r = 1; r <= byes.rbegin()->first; ++r)
      line += " " + right(byes.count(r) ? std::to_string(byes[r]) : "", 3);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

Result<bool> write_team_trf_file(const TeamEvent& e, TrfVersion version, const std::string& path) {
  return write_file_durably(path, write_team_trf(e, version));
}

}  // namespace tabiya::tournament
