// What an event needs beyond the TRF's players and rounds, kept in the TRF
// itself (the file is the single source of truth) as extension lines that
// other programs skip:
//   XXY round-robin | double-round-robin | swiss-dutch [baku]   the pairing
//       system; "baku": Baku acceleration (C.04.5.1), whose virtual points
//       `pair` writes as XXA lines before round 1 is paired
//   XXT BH-C1 BH SB DE ...                              the tie-break order
//   XXW N R [excluded]     player N withdrew (or was excluded) after round R
//   XXE 2026 | 2024 | 2022  the edition of the FIDE Tie-Break Regulations
//       whose unplayed-round rules (Art. 16) the tie-breaks follow; absent =
//       the newest
// Round-robin schedules are written into the round entries by `draw`.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "tournament/tournament.h"

namespace tabiya::tournament {

enum class PairingSystem { round_robin, double_round_robin, swiss_dutch };

// Editions of the FIDE Tie-Break Regulations that score unplayed rounds
// differently (tiebreaks.h):
//   fide2026  C.07 in force from 1 March 2026 (FIDE Council, 2 February
//             2026): as fide2024, but the dummy opponent of an unplayed
//             round scores no more than the scheduled opponent (forfeits,
//             Art. 16.4.1) or than draws in every round (byes, 16.4.2)
//   fide2024  C.07 approved 1 August 2023, in force for FIDE-rated events
//             from 1 April 2024: dummy opponent with the player's own score
//   fide2022  C.02 Art. 13 as it stood until 2023 (the 2009 Congress rule):
//             virtual opponent, every unplayed game a draw for the opponents
enum class TieBreakEdition { fide2026, fide2024, fide2022 };

std::string edition_name(TieBreakEdition e);  // "2026", ...
Result<TieBreakEdition> parse_edition(const std::string& text);

struct Withdrawal {
  int player = 0;
  int after_round = 0;    // the last round he was paired for; 0 = before round 1
  bool excluded = false;  // excluded by the arbiter (three forfeits), not withdrawn
  bool operator==(const Withdrawal&) const = default;
};

struct EventSettings {
  PairingSystem system = PairingSystem::swiss_dutch;
  bool system_declared = false;
  bool baku = false;                    // Swiss with Baku acceleration
  std::vector<std::string> tie_breaks;  // as written: "BH-C1", "SB", ...
  std::vector<Withdrawal> withdrawals;
  TieBreakEdition edition = TieBreakEdition::fide2026;
  bool edition_declared = false;  // an XXE line

  bool round_robin() const { return system != PairingSystem::swiss_dutch; }
  int cycles() const { return system == PairingSystem::double_round_robin ? 2 : 1; }
  const Withdrawal* withdrawal(int player) const;
};

std::string system_name(PairingSystem s);  // "round-robin", ...
Result<PairingSystem> parse_system(const std::string& text);

// Reads the extension lines; errors name the line's code and its text.
Result<EventSettings> read_event_settings(const Tournament& t);
// Replaces the extension lines by `settings`.
void write_event_settings(Tournament& t, const EventSettings& settings);

// Tie-breaks used when the event names none: for round robins DE, SB, WIN,
// KS; for Swiss events BH-C1, BH, SB, DE, WIN (the choices the FIDE
// Tie-Break Regulations recommend per kind of event).
std::vector<std::string> default_tie_breaks(PairingSystem s);

}  // namespace tabiya::tournament
