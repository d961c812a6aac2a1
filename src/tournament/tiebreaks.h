// The tie-breaks of the FIDE Tie-Break Regulations (Handbook C.07, the 2023
// edition applied to all FIDE-rated events from 1 April 2024), named by
// their acronyms with optional modifiers: BH (Buchholz) and its cuts BH-C1,
// BH-C2 (least significant values cut) and medians BH-M1, BH-M2 (least and
// most significant cut); SB (Sonneborn-Berger); DE (direct encounter); WIN
// (rounds won, with or without play), WON (games won over the board); BPG
// (games played with Black), BWG (games won with Black); ARO (average rating
// of the opponents met over the board); KS (Koya: points against players
// with at least half the maximum score, for round robins); PS (progressive
// score; PS-C1 drops the first round).
//
// Unplayed rounds (Article 16 of the regulations) in Swiss events: a
// player's own unplayed round counts, for his Buchholz and Sonneborn-Berger,
// as a game against a dummy opponent with the player's own score; in his
// opponents' Buchholz his voluntary unplayed rounds (forfeit losses,
// requested byes, absences) count as draws; low cuts remove voluntary
// unplayed rounds first. In round robins a forfeit is counted as a result
// against the scheduled opponent, and the bye round of an odd number of
// players is left out.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace tabiya::tournament {

enum class TieBreakKind {
  direct_encounter,
  buchholz,
  sonneborn_berger,
  wins,
  games_won,
  black_games,
  black_wins,
  average_rating,
  koya,
  progressive,
};

struct TieBreak {
  TieBreakKind kind = TieBreakKind::buchholz;
  int cut_low = 0;   // least significant values removed
  int cut_high = 0;  // most significant values removed
  std::string code;  // canonical: "BH-C1"
};

// "BH", "bh-c1", "BH/M1", "SB", "DE", "WIN", "KS", "PS-C1", ...
Result<TieBreak> parse_tie_break(const std::string& text);

struct EventRecord;
struct PlayerRecord;

// The value of `tb` for `player`. `group` is the set of players tied with
// him at the point where the tie-break is applied (used by DE).
double tie_break_value(const EventRecord& event, const TieBreak& tb, const PlayerRecord& player,
                       const std::vector<int>& group);

}  // namespace tabiya::tournament
