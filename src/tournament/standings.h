// Standings of an event: each player's rounds classified (game, forfeit,
// bye, ...), the scores that count, and the ranking by score and the event's
// tie-breaks (tiebreaks.h).
//
// Round robins follow the FIDE Tournament Rules 11(c)-(e): a player who
// withdrew (or was excluded) after playing fewer than half of his games has
// his results annulled for the final table: the points he scored and the
// points scored against him are not counted; he stays in the crosstable
// unranked. One who played at least half keeps them. Swiss events
// (11(f)) keep every withdrawn player's points.
#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "tournament/event.h"
#include "tournament/tiebreaks.h"
#include "tournament/tournament.h"

namespace tabiya::tournament {

enum class RoundKind {
  game,            // played over the board
  forfeit_win,     // + against an opponent who did not come
  forfeit_loss,    // - against an opponent who came
  double_forfeit,  // - against an opponent who has - too
  pairing_bye,     // pairing-allocated bye (U)
  half_bye,        // requested half-point bye (H)
  full_bye,        // full-point bye (F)
  zero_bye,        // zero-point bye (Z)
  absent,          // not paired: absent or withdrawn (0000 -)
  free_round,      // a round robin's bye round (odd number of players)
  pending,         // paired (or scheduled), no result yet; or nothing entered
};

// A "voluntary unplayed round" (VUR) of the FIDE Tie-Break Regulations
// (C.07, Art. 16.2): an unplayed round that did not give the player a win:
// forfeit losses (double forfeits included), requested half- and zero-point
// byes, absences and the rounds after a withdrawal. Forfeit wins,
// pairing-allocated byes and full-point byes are not voluntary.
bool voluntary_unplayed(RoundKind k);

struct RoundRecord {
  int round = 0;
  int opponent = 0;
  Colour colour = Colour::none;
  Points points = 0;
  RoundKind kind = RoundKind::pending;
  bool annulled = false;  // against a player whose results are annulled (TR 11(d))

  bool counts() const { return !annulled && kind != RoundKind::pending && kind != RoundKind::free_round; }
};

struct PlayerRecord {
  const Player* player = nullptr;
  int number = 0;
  Points score = 0;  // the points that count
  std::vector<RoundRecord> rounds;
  bool withdrawn = false;
  bool excluded = false;
  bool annulled = false;  // round robin, withdrew having played under 50%
  int games_played = 0;   // over the board
  int games_due = 0;      // round robin: games in the schedule
  int forfeit_losses = 0;
};

struct EventRecord {
  const Tournament* tournament = nullptr;
  bool round_robin = false;
  TieBreakEdition edition = TieBreakEdition::fide2026;
  int rounds = 0;        // rounds with results
  Points max_score = 0;  // the most one player can score (for Koya)
  std::vector<PlayerRecord> players;

  const PlayerRecord* find(int number) const;
};

EventRecord build_event_record(const Tournament& t, const EventSettings& settings);

struct StandingRow {
  int rank = 0;  // 0 = not ranked (results annulled)
  int number = 0;
  Points score = 0;
  std::vector<double> values;  // one per tie-break
};

struct Standings {
  std::vector<TieBreak> tie_breaks;
  std::vector<StandingRow> rows;  // ranked rows first, then the unranked
  int rounds = 0;
};

// Ranks the players by score, then by each tie-break in turn (a tie-break
// that depends on the tied group, like direct encounter, is computed within
// the group still tied at that point). Players still tied share the rank.
Result<Standings> compute_standings(const Tournament& t, const EventSettings& settings);

// The standings as text: rank, number, name, federation, rating, points and
// one column per tie-break.
std::string format_standings(const Tournament& t, const Standings& s);

// "6.5", "13.75", "2": a tie-break or score value for print.
std::string format_value(double v);

}  // namespace tabiya::tournament
