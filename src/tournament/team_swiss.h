// Team Swiss pairings by the FIDE Swiss Team Pairing System: FIDE Handbook
// C.04.6, "approved by the Council on 28/10/2025, applied from 1st February,
// 2026", as published at
// https://handbook.fide.com/chapter/SwissTeamPairingSystem202602 (it replaced
// the first edition, in force from 1 August 2024).
//
// The round is paired as Article 3 orders it: the pairing-allocated bye first
// (3.4: a team that may have it [C2], leaving the rest pairable, with the
// lowest score, the most matches played, the largest TPN), then bracket by
// bracket from the top: the top scoregroup with the upfloaters chosen by 3.5
// (fewest [C4], best scores [C5], the next scoregroup left pairable [C6],
// fewest previous floaters [C7] outside the last two rounds, then the order
// of 3.5.4), paired by 3.6 (the first pairing in the order of its identifier,
// the top members' TPNs then their opponents', with the fewest unfulfilled
// colour preferences [C8], strong ones [C9] and floaters met by upfloaters
// [C10]). Article 4 (team_swiss_colours.h) gives each match's board-1 colour.
//
// Readings the text leaves open, chosen as Gacrux reads them (Otto Milvang's
// pairing program, its C.04.6 module read, not run): [C8]-[C10] are minimised
// over the bracket's legal pairings and the first identifier among the best
// is taken (3.6.4 names minimisations as criteria to comply with); [C6] is met
// when what is left of the next scoregroup pairs with no more upfloaters than
// its parity asks; [C10] counts, in a pair of different scores, the higher
// team when it floated in the previous round; a "floater" (1.5) played a
// match against a team of another score, so a bye is no float; a match nobody
// played over the board is no meeting for [C1] (C.04.2 3.5) and, won, a
// forfeit win for [C2]; TPNs are the team numbers, kept when a team is absent
// (4.3.1's parity on them). Upfloater sets are tried in full while there are
// at most kUpfloaterSetLimit of a size, else among the best-scored candidates.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "tournament/team.h"
#include "tournament/team_standings.h"
#include "tournament/team_swiss_colours.h"

namespace tabiya::tournament {

constexpr int kUpfloaterSetLimit = 4000;

// The competition's choices (1.2, 1.7, 4.1) and the rounds it declared.
struct TeamSwissRules {
  TeamScore primary = TeamScore::match_points;  // the other score is the secondary
  bool secondary_for_colours = true;
  TeamColourPreferences colours = TeamColourPreferences::type_a;
  Colour initial_colour = Colour::white;
  int total_rounds = 0;  // 0: not declared ([C7], [C10] and Type B's last round then always apply)
  bool operator==(const TeamSwissRules&) const = default;
};

// TRF-2026 tournament type codes (record 192) for team Swiss:
// FIDE_TEAM_[TYPEA_|TYPEB_]{MP|GP}[_GP|_MP], e.g. FIDE_TEAM_TYPEA_MP_GP (Type A,
// match points primary, game points for colours); no TYPE: no preferences.
std::string team_swiss_type_code(const TeamSwissRules& rules);
Result<TeamSwissRules> parse_team_swiss_type_code(const std::string& code);

// Whether the event is a team Swiss (its 192 record names one), and its rules
// (the 192 code, XXR for the rounds, XXC for the initial colour).
bool is_team_swiss(const TeamEvent& event);
Result<TeamSwissRules> team_swiss_rules(const TeamEvent& event);
// Writes the rules into the event's headers (092, 192, XXR, XXC).
void set_team_swiss_rules(TeamEvent& event, const TeamSwissRules& rules);

// Pairs round `round` (1..rounds paired + 1) from the matches of the rounds
// before it: the matches, the white team of board 1 first, boards coloured
// alternately, no line-ups, the bye last. `absent`: teams not paired this
// round. Errors when no legal pairing exists (3.3.3: the arbiter decides).
Result<std::vector<TeamMatch>> pair_team_swiss_round(const TeamEvent& event, const TeamSwissRules& rules, int round,
                                                     const std::vector<int>& absent = {});

// Re-pairs every paired round from the rounds before it and lists how each
// differs from what the file holds ("round 3: ..."); empty when all agree.
// Teams without a match in a round count as absent in it.
Result<std::vector<std::string>> check_team_swiss_rounds(const TeamEvent& event, const TeamSwissRules& rules);

}  // namespace tabiya::tournament
