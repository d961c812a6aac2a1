// Team colours in the FIDE Swiss Team Pairing System (Handbook C.04.6,
// approved by the FIDE Council on 28 October 2025, applied from 1 February
// 2026; text at https://handbook.fide.com/chapter/SwissTeamPairingSystem202602).
//
// A team "had" a colour in a match only when the match was played, and it
// is the colour its board-1 player was scheduled to have (1.6.1); the colour
// difference is whites less blacks (1.6.2). Preferences (1.7) are never
// absolute: Type A (the default) has one strength, Type B strong and mild,
// and a competition may use none. Article 4 gives the pair's board-1 colours;
// colour sequences run over the played matches only (C.04.2 3.4).
#pragma once

#include <vector>

#include "tournament/team.h"

namespace tabiya::tournament {

enum class TeamColourPreferences { type_a, type_b, none };

enum class PreferenceStrength { none, mild, strong };

struct TeamColourPreference {
  Colour colour = Colour::none;
  PreferenceStrength strength = PreferenceStrength::none;
};

// What Article 4 needs to know of a team before the round is paired.
struct TeamColourHistory {
  int number = 0;                // TPN
  Points primary = 0;            // primary score (4.2.1)
  Points secondary = 0;          // secondary score (4.2.2)
  std::vector<Colour> by_round;  // per earlier round: the colour had, none when no match was played

  int colour_difference() const;  // 1.6.2
  bool played_any() const;
  Colour last_played() const;  // none when no match was played yet
};

// 1.7.1 (Type A) / 1.7.2 (Type B); `last_round` when the round being paired is the event's last.
TeamColourPreference team_colour_preference(const TeamColourHistory& team, TeamColourPreferences type, bool last_round);

struct TeamColourRules {
  TeamColourPreferences preferences = TeamColourPreferences::type_a;
  bool secondary_for_colours = true;      // 4.2.2 used
  Colour initial_colour = Colour::white;  // 4.1, drawn by lot before round 1
  bool last_round = false;
};

// Article 4: the board-1 colour of `a` against `b`.
Colour allocate_team_colours(const TeamColourHistory& a, const TeamColourHistory& b, const TeamColourRules& rules);

}  // namespace tabiya::tournament
