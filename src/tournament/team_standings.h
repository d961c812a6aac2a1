// Team standings: match points and game points (team.h), ranked by a primary
// score (match points unless the regulations choose game points) and the team
// tie-breaks of the FIDE Tie-Break Regulations (C.07, applied to teams with
// the names FIDE's TieBreakServer gives them): MP and GP (the other score),
// BH (Buchholz: the opponents' primary scores), SB (Sonneborn-Berger: each
// opponent's primary score times the primary score won against him), the
// extended Sonneborn-Bergers EMMSB EMGSB EGMSB EGGSB (E, the opponent's score
// M or G, times the own result M or G; EMGSB is the Olympiad's), MW (matches
// won). A pairing-allocated bye counts, for Buchholz and the
// Sonneborn-Bergers, as a match against a dummy with the team's own score
// (16.4), capped in the 2026 edition at a draw in every round; in a round
// robin the bye round is left out. A match forfeited whole (no board played
// over the board) is, in a Swiss event, an unplayed round for both teams: the
// dummy with the team's own score (2026: at most the scheduled opponent's).
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "tournament/event.h"
#include "tournament/team.h"

namespace tabiya::tournament {

enum class TeamScore { match_points, game_points };

enum class TeamTieBreakKind { match_points, game_points, buchholz, sonneborn_berger, extended_sb, matches_won };

struct TeamTieBreak {
  TeamTieBreakKind kind = TeamTieBreakKind::game_points;
  std::string code;  // "MP", "GP", "BH", "SB", "EMGSB", "MW"
  // extended_sb: which score of the opponent (match points or game points) times which result against him.
  TeamScore opponent_score = TeamScore::match_points;
  TeamScore own_result = TeamScore::game_points;
};

// "MP", "GP", "BH", "SB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "MW" (any case).
Result<TeamTieBreak> parse_team_tie_break(const std::string& text);

// How unplayed rounds count (C.07 Art. 16, by edition; round robins leave the bye round out).
struct TeamTieBreakRules {
  TieBreakEdition edition = TieBreakEdition::fide2026;
  bool round_robin = false;
};

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
                                         const std::vector<TeamTieBreak>& tie_breaks, int round = 0,
                                         const TeamTieBreakRules& rules = {});

// The standings as a table: rank, team, MP, GP, tie-breaks.
std::string format_team_standings(const TeamEvent& event, const std::vector<TeamStanding>& standings,
                                  const std::vector<TeamTieBreak>& tie_breaks);

// The match crosstable: one row per team, the game points it scored against
// each opponent (both cycles of a double round robin side by side), "+" / "-"
// marking a match won or lost without play.
std::string format_match_crosstable(const TeamEvent& event);

}  // namespace tabiya::tournament
