// A random tournament generator, the tool FIDE's endorsement procedure for
// pairing programs asks for beside a free pairings checker (Handbook C.04.A):
// a Swiss event of random players, paired round by round by tabiya's own
// FIDE Dutch system (dutch.h), with random results, forfeits, requested byes
// and withdrawals. The same options and seed give the same file on every
// platform (the draws come from Lot, not from the standard distributions).
#pragma once

#include <cstdint>
#include <string>

#include "core/result.h"
#include "tournament/event.h"
#include "tournament/tournament.h"

namespace tabiya::tournament {

struct GeneratorOptions {
  std::uint64_t seed = 1;
  int players = 100;
  int rounds = 9;
  int rating_low = 1400;  // ratings drawn uniformly in [low, high]
  int rating_high = 2700;
  double unrated_rate = 0.05;  // share of unrated players
  double draw_rate = 0.30;     // of the games played
  double forfeit_rate = 0.02;  // of the games paired: one side did not come
  double double_forfeit_rate = 0.005;
  double half_bye_rate = 0.02;    // per player and round: a requested half-point bye (H)
  double zero_bye_rate = 0.01;    // ... a requested zero-point bye (Z)
  double full_bye_rate = 0.0;     // ... a full-point bye (F)
  double withdrawal_rate = 0.01;  // per player and round after the first: he leaves
  bool baku = false;              // Baku acceleration (C.04.5.1), written as XXA lines
  TieBreakEdition edition = TieBreakEdition::fide2026;
};

struct GeneratedEvent {
  Tournament tournament;
  EventSettings settings;  // already written into the tournament's extension lines
};

// Checks the options (counts and rates in range); errors name the option.
Result<bool> validate(const GeneratorOptions& options);

// Generates one event. Fails when an option is out of range or a round cannot
// be paired (tiny events with many rounds), naming the seed and the round.
Result<GeneratedEvent> generate_tournament(const GeneratorOptions& options);

}  // namespace tabiya::tournament
