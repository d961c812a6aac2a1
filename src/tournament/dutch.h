// The FIDE (Dutch) System, Handbook C.04.3 as applied from 1 July 2025 (in
// force for events from 2026), with the Basic Rules for Swiss systems
// (C.04.1) and the General Handling Rules (C.04.2).
//
// Method: the pairing is built bracket by bracket (scoregroups from the top,
// moved-down players joining the next bracket). For each bracket one
// maximum-weight matching over all players still unpaired chooses the pairs;
// each edge weight packs, from the most significant bits down, the absolute
// criteria (incompatible pairs get no edge: C1 no rematch, C3 no two
// non-topscorers with the same absolute colour preference), completion (C4:
// everybody else can still be paired, the pairing-allocated bye only to an
// eligible player, C2), then the quality criteria in the order of Article 2.4
// (pairs and scores in this bracket, then in the next, the bye assignee's
// unplayed games, colour criteria, float criteria), and lowest the sequence
// order of Article 4 (transpositions and exchanges) as a tie-break. Colours
// are then allocated by Article 5.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "tournament/tournament.h"

namespace tabiya::tournament {

struct Board {
  int white = 0;
  int black = 0;
  bool operator==(const Board&) const = default;
};

struct RoundPairing {
  int round = 0;
  std::vector<Board> boards;  // board order: highest score (then rank) first
  int bye = 0;                // pairing-allocated bye, 0 = none
};

struct DutchOptions {
  // Baku acceleration (C.04.5.1) when the event has no XXA lines of its own:
  // the virtual points of baku_accelerations(). With XXA lines, those apply.
  bool baku = false;
};

// Pairs round `round` (1-based). Rounds before it are read from the entries;
// entries already present for `round` that are not pairings (H F Z U-less
// absences, "0000 -") keep those players out of the pairing.
Result<RoundPairing> pair_dutch(const Tournament& t, int round, const DutchOptions& options = {});

// The event as it stood before round `round` was paired: rounds 1..round-1,
// and of round `round` only the entries that are not pairings (requested byes,
// absences). total_rounds is kept (or set to the rounds in the file).
Tournament cut_before_round(const Tournament& t, int round);

// The initial colour (Article 5.2.5): declared (XXC), else inferred from
// round 1, else white.
Colour initial_colour(const Tournament& t);

// The pairing recorded in the file for a round.
RoundPairing recorded_pairing(const Tournament& t, int round);

// Same pairs with the same colours and the same bye (board order ignored).
bool same_pairing(const RoundPairing& a, const RoundPairing& b);

// Re-pairs every paired round from the state before it; returns the rounds
// whose recorded pairing differs (an error if a round cannot be paired).
Result<std::vector<int>> check_pairings(const Tournament& t, const DutchOptions& options = {});

// JaVaFo / bbpPairings output: the number of pairs, then "WHITE BLACK" per
// board, the pairing-allocated bye as "PLAYER 0".
std::string write_javafo_pairing(const RoundPairing& p);

// Enters a pairing into the tournament as round `round` (results blank, the
// bye as U with the pairing-allocated bye's points).
void apply_pairing(Tournament& t, const RoundPairing& p);

}  // namespace tabiya::tournament
