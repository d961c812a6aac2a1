#include "tournament/team_standings.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>

namespace tabiya::tournament {
namespace {

// One team's match in one round, from its side.
struct TeamRound {
  int opponent = 0;  // 0: the pairing-allocated bye
  Points match_points = 0;
  Points game_points = 0;
  bool forfeited = false;  // no board was played: the match was decided without play
};

// A match forfeited whole: no board was played over the board (a team fielded nobody, or every game was lost by
// forfeit).
bool forfeited_match(const TeamMatch& m) {
  return !m.bye() && std::none_of(m.boards.begin(), m.boards.end(), [](const MatchBoard& b) { return b.played(); });
}

int rounds_to_count(const TeamEvent& event, int round) {
  const int paired = static_cast<int>(event.rounds.size());
  return round <= 0 || round > paired ? paired : round;
}

// Every team's completed matches, rounds 1..round.
std::vector<std::vector<TeamRound>> team_rounds(const TeamEvent& event, int round) {
  std::vector<std::vector<TeamRound>> by_team(event.teams.size() + 1);
  for (int r = 1; r <= rounds_to_count(event, round); ++r) {
    for (const TeamMatch& m : event.rounds[r - 1]) {
      const MatchScore s = score_match(event, m);
      if (!s.complete) continue;
      if (m.first >= 1 && m.first < static_cast<int>(by_team.size()))
        by_team[m.first].push_back({m.second, s.first_match_points, s.first_game_points, forfeited_match(m)});
      if (!m.bye() && m.second < static_cast<int>(by_team.size()))
        by_team[m.second].push_back({m.first, s.second_match_points, s.second_game_points, forfeited_match(m)});
    }
  }
  return by_team;
}

double in_points(Points p) { return p / 10.0; }

}  // namespace

Result<TeamTieBreak> parse_team_tie_break(const std::string& text) {
  std::string code;
  for (char c : text) code += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  static const std::map<std::string, TeamTieBreakKind> kinds = {{"MP", TeamTieBreakKind::match_points},
                                                                {"GP", TeamTieBreakKind::game_points},
                                                                {"BH", TeamTieBreakKind::buchholz},
                                                                {"SB", TeamTieBreakKind::sonneborn_berger},
                                                                {"MW", TeamTieBreakKind::matches_won}};
  if (auto it = kinds.find(code); it != kinds.end()) return TeamTieBreak{it->second, code};
  auto score = [](char c) { return c == 'M' ? TeamScore::match_points : TeamScore::game_points; };
  if (code.size() == 5 && code[0] == 'E' && code.substr(3) == "SB" && (code[1] == 'M' || code[1] == 'G') &&
      (code[2] == 'M' || code[2] == 'G'))
    return TeamTieBreak{TeamTieBreakKind::extended_sb, code, score(code[1]), score(code[2])};
  return fail("team tie-break '" + text + "': expected MP, GP, BH, SB, EMMSB, EMGSB, EGMSB, EGGSB or MW");
}

std::vector<TeamStanding> team_scores(const TeamEvent& event, int round) {
  const auto by_team = team_rounds(event, round);
  std::vector<TeamStanding> scores;
  for (const Team& t : event.teams) {
    TeamStanding s;
    s.team = t.number;
    for (const TeamRound& tr : by_team[t.number]) {
      s.match_points += tr.match_points;
      s.game_points += tr.game_points;
    }
    scores.push_back(s);
  }
  return scores;
}

std::vector<TeamStanding> team_standings(const TeamEvent& event, TeamScore primary,
                                         const std::vector<TeamTieBreak>& tie_breaks, int round,
                                         const TeamTieBreakRules& rules) {
  const auto by_team = team_rounds(event, round);
  std::vector<TeamStanding> standings = team_scores(event, round);
  // The dummy opponent of a pairing-allocated bye (16.4), by the score asked for: the team's own score; in the
  // 2026 edition at most a draw in every round; nothing in a round robin (the bye round is left out).
  auto dummy_score = [&](int team, TeamScore score) -> Points {
    if (rules.round_robin) return 0;
    const TeamStanding& own = standings[team - 1];
    const Points value = score == TeamScore::match_points ? own.match_points : own.game_points;
    const Points draw =
        score == TeamScore::match_points ? event.match_points.draw : event.boards * event.players.points.draw;
    if (rules.edition == TieBreakEdition::fide2026) return std::min(value, draw * rounds_to_count(event, round));
    return value;
  };
  // A match forfeited whole is, in a Swiss event, an unplayed round for both teams (16.4): the dummy again, in the
  // 2026 edition at most the scheduled opponent's score. In a round robin it counts against the opponent.
  auto forfeit_score = [&](int team, int opponent, TeamScore score) -> Points {
    const TeamStanding& own = standings[team - 1];
    const TeamStanding& other = standings[opponent - 1];
    const Points mine = score == TeamScore::match_points ? own.match_points : own.game_points;
    const Points theirs = score == TeamScore::match_points ? other.match_points : other.game_points;
    return rules.edition == TieBreakEdition::fide2026 ? std::min(mine, theirs) : mine;
  };
  auto score_of = [&](int team, TeamScore score) -> Points {
    const TeamStanding& t = standings[team - 1];
    return score == TeamScore::match_points ? t.match_points : t.game_points;
  };
  auto result_of = [](const TeamRound& tr, TeamScore score) {
    return score == TeamScore::match_points ? tr.match_points : tr.game_points;
  };
  for (TeamStanding& s : standings) {
    // What one round's opponent counts with.
    auto opponent_value = [&](const TeamRound& tr, TeamScore score) -> Points {
      if (!tr.opponent) return dummy_score(s.team, score);
      if (tr.forfeited && !rules.round_robin) return forfeit_score(s.team, tr.opponent, score);
      return score_of(tr.opponent, score);
    };
    for (const TeamTieBreak& tb : tie_breaks) {
      double value = 0;
      for (const TeamRound& tr : by_team[s.team]) {
        switch (tb.kind) {
          case TeamTieBreakKind::match_points:
            value += in_points(tr.match_points);
            break;
          case TeamTieBreakKind::game_points:
            value += in_points(tr.game_points);
            break;
          case TeamTieBreakKind::buchholz:
            value += in_points(opponent_value(tr, primary));
            break;
          case TeamTieBreakKind::sonneborn_berger:
          case TeamTieBreakKind::extended_sb: {
            const bool extended = tb.kind == TeamTieBreakKind::extended_sb;
            const TeamScore opponent_score = extended ? tb.opponent_score : primary;
            const TeamScore own_result = extended ? tb.own_result : primary;
            const Points opponent = opponent_value(tr, opponent_score);
            value += in_points(opponent) * in_points(result_of(tr, own_result));
            break;
          }
          case TeamTieBreakKind::matches_won:
            if (tr.match_points == event.match_points.win && tr.opponent) value += 1;
            break;
        }
      }
      s.tie_breaks.push_back(value);
    }
  }
  auto key = [&](const TeamStanding& s) {
    std::vector<double> k{in_points(primary == TeamScore::match_points ? s.match_points : s.game_points)};
    k.insert(k.end(), s.tie_breaks.begin(), s.tie_breaks.end());
    return k;
  };
  std::stable_sort(standings.begin(), standings.end(),
                   [&](const TeamStanding& a, const TeamStanding& b) { return key(a) > key(b); });
  for (size_t i = 0; i < standings.size(); ++i)
    standings[i].rank =
        i > 0 && key(standings[i]) == key(standings[i - 1]) ? standings[i - 1].rank : static_cast<int>(i) + 1;
  return standings;
}

std::string format_team_standings(const TeamEvent& event, const std::vector<TeamStanding>& standings,
                                  const std::vector<TeamTieBreak>& tie_breaks) {
  size_t width = 4;
  for (const Team& t : event.teams) width = std::max(width, t.name.size());
  std::ostringstream out;
  auto pad = [](const std::string& s, size_t w, bool right) {
    if (s.size() >= w) return s;
    return right ? std::string(w - s.size(), ' ') + s : s + std::string(w - s.size(), ' ');
  };
  out << pad("Rk", 3, true) << "  " << pad("No", 3, true) << "  " << pad("Team", width, false) << "  "
      << pad("MP", 5, true) << "  " << pad("GP", 5, true);
  for (const TeamTieBreak& tb : tie_breaks) out << "  " << pad(tb.code, 6, true);
  out << '\n';
  for (const TeamStanding& s : standings) {
    out << pad(std::to_string(s.rank), 3, true) << "  " << pad(std::to_string(s.team), 3, true) << "  "
        << pad(event.team(s.team)->name, width, false) << "  " << pad(format_points(s.match_points), 5, true) << "  "
        << pad(format_points(s.game_points), 5, true);
    for (double v : s.tie_breaks) {
      std::ostringstream value;
      value.setf(std::ios::fixed);
      value.precision(v == static_cast<long long>(v) ? 0 : (v * 2 == static_cast<long long>(v * 2) ? 1 : 2));
      value << v;
      out << "  " << pad(value.str(), 6, true);
    }
    out << '\n';
  }
  return out.str();
}

std::string format_match_crosstable(const TeamEvent& event) {
  const int n = static_cast<int>(event.teams.size());
  // cells[a][b]: team a's game points against b, one entry per match, "+"/"-" for matches decided without play.
  std::vector<std::vector<std::string>> cells(n + 1, std::vector<std::string>(n + 1));
  for (const auto& round : event.rounds) {
    for (const TeamMatch& m : round) {
      if (m.bye()) continue;
      const MatchScore s = score_match(event, m);
      if (!s.complete) continue;
      const bool any_played =
          std::any_of(m.boards.begin(), m.boards.end(), [](const MatchBoard& b) { return b.played(); });
      auto add = [&](int a, int b, Points gp, Points mp) {
        std::string& cell = cells[a][b];
        if (!cell.empty()) cell += ' ';
        cell += any_played ? format_points(gp) : (mp == event.match_points.win ? "+" : "-");
      };
      add(m.first, m.second, s.first_game_points, s.first_match_points);
      add(m.second, m.first, s.second_game_points, s.second_match_points);
    }
  }
  size_t name_width = 4, cell_width = 3;
  for (const Team& t : event.teams) name_width = std::max(name_width, t.name.size());
  for (const auto& row : cells)
    for (const auto& c : row) cell_width = std::max(cell_width, c.size());
  auto pad = [](const std::string& s, size_t w) { return s.size() >= w ? s : std::string(w - s.size(), ' ') + s; };
  std::ostringstream out;
  out << pad("No", 3) << "  " << std::string(name_width, ' ');
  for (int b = 1; b <= n; ++b) out << "  " << pad(std::to_string(b), cell_width);
  out << "  " << pad("MP", 5) << "  " << pad("GP", 5) << '\n';
  const auto scores = team_scores(event);
  for (int a = 1; a <= n; ++a) {
    std::string name = event.team(a)->name;
    name += std::string(name_width - name.size(), ' ');
    out << pad(std::to_string(a), 3) << "  " << name;
    for (int b = 1; b <= n; ++b) out << "  " << pad(a == b ? "x" : cells[a][b], cell_width);
    out << "  " << pad(format_points(scores[a - 1].match_points), 5) << "  "
        << pad(format_points(scores[a - 1].game_points), 5) << '\n';
  }
  return out.str();
}

}  // namespace tabiya::tournament
