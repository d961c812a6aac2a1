#include "tournament/team_generator.h"

#include <algorithm>
#include <string>

#include "tournament/lot.h"
#include "tournament/team_round_robin.h"

namespace tabiya::tournament {
namespace {

bool chance(Lot& lot, double rate) { return rate > 0 && static_cast<double>(lot.below(1000000)) < rate * 1e6; }

// Pairs `left` (in its random order) so that no two teams meet again: the
// first team with each possible opponent in turn, the rest recursively.
bool pair_rest(std::vector<int>& left, const std::vector<std::vector<bool>>& met,
               std::vector<std::pair<int, int>>& out) {
  if (left.empty()) return true;
  const int a = left.front();
  for (size_t j = 1; j < left.size(); ++j) {
    const int b = left[j];
    if (met[a][b]) continue;
    std::vector<int> rest;
    for (size_t k = 1; k < left.size(); ++k)
      if (k != j) rest.push_back(left[k]);
    out.emplace_back(a, b);
    if (pair_rest(rest, met, out)) return true;
    out.pop_back();
  }
  return false;
}

// Random pairings of the teams for one round, no two teams meeting again; a
// team that has not rested yet gets the bye of an odd number.
bool random_round(Lot& lot, int teams, const std::vector<std::vector<bool>>& met, const std::vector<bool>& rested,
                  std::vector<TeamMatch>& matches) {
  for (int attempt = 0; attempt < 20; ++attempt) {
    std::vector<int> order = lot.permutation(teams);
    matches.clear();
    int bye = 0;
    if (teams % 2 == 1) {
      auto it = std::find_if(order.begin(), order.end(), [&](int t) { return !rested[t]; });
      if (it == order.end()) it = order.begin();
      bye = *it;
      order.erase(it);
    }
    std::vector<std::pair<int, int>> pairs;
    if (!pair_rest(order, met, pairs)) continue;
    for (const auto& [a, b] : pairs) {
      const bool swap = lot.below(2) == 1;
      matches.push_back(TeamMatch{swap ? b : a, swap ? a : b, {}});
    }
    if (bye) matches.push_back(TeamMatch{bye, 0, {}});
    return true;
  }
  return false;
}

}  // namespace

Result<TeamEvent> generate_team_event(const TeamGeneratorOptions& o) {
  if (o.teams < 2 || o.teams > 200) return fail("--teams: 2..200");
  if (o.boards < 1 || o.boards > 12) return fail("--boards: 1..12");
  if (o.reserves < 0 || o.reserves > 6) return fail("--reserves: 0..6");
  for (double rate : {o.draw_rate, o.empty_board_rate, o.forfeit_rate, o.double_forfeit_rate, o.absent_team_rate})
    if (rate < 0 || rate > 1) return fail("rates are between 0 and 1");
  Lot lot(o.seed);
  TeamEvent e;
  e.boards = o.boards;
  e.match_points = o.match_points;
  e.bye_match_points = o.match_points.win;
  e.players.set_header("012", "Random team event " + std::to_string(o.seed));
  for (int t = 1; t <= o.teams; ++t) {
    Team team;
    team.number = t;
    team.name = "Team " + std::to_string(t);
    // Team strength falls with the number; players within a team by rating.
    const int base = 2500 - static_cast<int>(lot.below(400)) - 10 * t;
    for (int m = 1; m <= o.boards + o.reserves; ++m) {
      Player p;
      p.number = static_cast<int>(e.players.players.size()) + 1;
      p.name = "Player " + std::to_string(t) + "." + std::to_string(m);
      p.rating = std::max(1001, base - 30 * m - static_cast<int>(lot.below(30)));
      e.players.players.push_back(p);
      team.members.push_back(p.number);
    }
    e.teams.push_back(team);
  }
  std::vector<std::vector<TeamMatch>> schedule;
  if (!o.random_pairings) {
    schedule = team_round_robin(o.teams, o.boards, 1);
    if (o.rounds > 0 && o.rounds < static_cast<int>(schedule.size())) schedule.resize(o.rounds);
  }
  const int rounds =
      o.random_pairings ? (o.rounds > 0 ? o.rounds : std::min(o.teams - 1, 9)) : static_cast<int>(schedule.size());
  if (o.random_pairings && rounds > o.teams - 1) return fail("--rounds: at most teams - 1 with random pairings");
  std::vector<std::vector<bool>> met(o.teams + 1, std::vector<bool>(o.teams + 1, false));
  std::vector<bool> rested(o.teams + 1, false);
  e.players.total_rounds = rounds;
  e.players.set_header("092", o.random_pairings ? "Team Swiss (random pairings)" : "Team round robin");
  for (int r = 1; r <= rounds; ++r) {
    std::vector<TeamMatch> matches;
    if (o.random_pairings) {
      if (!random_round(lot, o.teams, met, rested, matches))
        return fail("seed " + std::to_string(o.seed) + ": round " + std::to_string(r) + " could not be paired");
    } else {
      matches = schedule[r - 1];
    }
    for (TeamMatch& m : matches) {
      if (m.bye()) {
        rested[m.first] = true;
        continue;
      }
      met[m.first][m.second] = met[m.second][m.first] = true;
      m.boards.assign(o.boards, {});
      for (int b = 1; b <= o.boards; ++b) m.boards[b - 1].first_colour = board_colour(Colour::white, b);
    }
    number_matches(matches);
    e.rounds.push_back(matches);
    for (size_t i = 0; i < e.rounds.back().size(); ++i) {
      const TeamMatch m = e.rounds.back()[i];
      if (m.bye()) continue;
      // A line-up: `boards` players of the team in registered order (reserves standing in at random), some
      // places left empty; or nobody when the team stays away.
      auto lineup = [&](int team) {
        const Team& t = *e.team(team);
        std::vector<int> members = t.members;
        while (static_cast<int>(members.size()) > o.boards) members.erase(members.begin() + lot.below(members.size()));
        if (chance(lot, o.absent_team_rate)) return std::vector<int>{};
        for (int& p : members)
          if (chance(lot, o.empty_board_rate)) p = 0;
        return members;
      };
      const std::vector<int> first = lineup(m.first), second = lineup(m.second);
      if (auto ok = set_lineups(e, r, static_cast<int>(i), first, second); !ok) return ok.error();
      for (int b = 1; b <= o.boards; ++b) {
        const MatchBoard& mb = e.rounds[r - 1][i].boards[b - 1];
        if (mb.has_result()) continue;  // an empty place
        char f = '=', s = '=';
        if (chance(lot, o.double_forfeit_rate)) {
          f = s = '-';
        } else if (chance(lot, o.forfeit_rate)) {
          const bool first_wins = lot.below(2) == 0;
          f = first_wins ? '+' : '-';
          s = first_wins ? '-' : '+';
        } else if (!chance(lot, o.draw_rate)) {
          const bool first_wins = lot.below(2) == 0;
          f = first_wins ? '1' : '0';
          s = first_wins ? '0' : '1';
        }
        if (auto ok = enter_board_result(e, r, static_cast<int>(i), b, f, s); !ok) return ok.error();
      }
    }
  }
  for (Player& p : e.players.players) p.points = e.players.score_after(p, rounds);
  return e;
}

}  // namespace tabiya::tournament
