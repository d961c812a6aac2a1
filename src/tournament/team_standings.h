// Team standings: match points and game points (team.h), ranked by a primary
// score (match points unless the regulations choose game points) and the team
// tie-breaks of the FIDE Tie-Break Regulations (C.07, 2024 text, Art. 5.2 and
// 8 applied to teams): the other score (MP or GP), BH (Buchholz: the
// opponents' primary scores), SB (Sonneborn-Berger for teams: each
// opponent's match points times the game points scored against him; the
// Olympiad's "EMGSB"), MW (matches won). A pairing-allocated bye counts, for
// Buchholz, as a match against a dummy with the team's own score (16.4).
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "tournament/team.h"

namespace tabiya::tournament {

enum class TeamScore { match_points, game_points };

enum class TeamTieBreakKind { match_points, game_points, buchholz, sonneborn_berger, matches_won };

struct TeamTieBreak {
  TeamTieBreakKind kind = TeamTieBreakKind::game_points;
  std::string code;  // "MP", "GP", "BH", "SB", "MW"
};

// "MP", "GP", "BH", "SB", "MW" (any case).
Result<TeamTieBreak> parse_team_tie_break(const std::string& text);

struct TeamStanding {
  int team = 0;
  int rank = 0;  // equal ranks for teams equal on everything
  Points match_points = 0;
  Points game_points = 0;
  std::vector<double> tie_breaks;  // in the order asked for, in points (not tenths)
};

// Match and game points of every team after `round` (0: every round with a complete match).
std::vector<TeamStanding> team_scores(const TeamEvent& event, int round = 0);

// The standings after `round`, by the primary score then the tie-breaks.
std::vector<TeamStanding> team_standings(const TeamEvent& event, TeamScore primary,
                                         const std::vector<TeamTieBreak>& tie_breaks, int round = 0);

// The standings as a table: rank, team, MP, GP, tie-breaks.
std::string format_team_standings(const TeamEvent& event, const std::vector<TeamStanding>& standings,
                                  const std::vector<TeamTieBreak>& tie_breaks);

// The match crosstable: one row per team, the game points it scored against
// each opponent (both cycles of a double round robin side by side), "+" / "-"
// marking a match won or lost without play.
std::string format_match_crosstable(const TeamEvent& event);

}  // namespace tabiya::tournament
