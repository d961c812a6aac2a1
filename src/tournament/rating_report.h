// The rating report of an event: what a federation's rating officer uploads
// and checks, per player, by the FIDE Rating Regulations (fide_rating.h):
// his rated games, score, expected score, K and rating change; for an
// unrated player his games against rated opponents and, from five of them,
// his first rating.
//
// Rated games are the games played over the board with a rated result code
// (1 = 0; W D L are "not rated" in the TRF, forfeits and byes are not
// games) between two players who both have a rating; a rated player's games
// against unrated opponents do not change his rating. What the TRF does not
// say is an option: which players are new to the rating list (K 40 until 30
// games), who has ever reached 2400, and the event's date for the under-18
// rule (else the 042 start date; without either no one counts as under 18).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "tournament/fide_rating.h"
#include "tournament/tournament.h"

namespace tabiya::tournament {

struct RatingReportOptions {
  std::vector<int> new_players;   // fewer than 30 rated games before the event: K 40
  std::vector<int> reached_2400;  // a published rating of 2400 or more at some time: K 10
  std::string date;               // YYYY/MM/DD or YYYY-MM-DD; empty: the 042 line
};

// One rated game of a rated player: the opponent's rating as 8.3.1 counts
// it, the expected score and the change K x (score - expected).
struct RatedGameLine {
  int round = 0;
  int opponent = 0;
  int opponent_rating = 0;
  int counted_rating = 0;  // after the 400-point rule
  int score_hundredths = 0;
  int expected_hundredths = 0;
  int change_hundredths = 0;
};

struct RatingReportRow {
  int number = 0;
  int rating = 0;  // 0: unrated
  RatingChange change;
  // Unrated players: games against rated opponents, and the first rating
  // they give (none under 5 games or under 1400).
  std::optional<int> first_rating;
  bool under_18 = false;
  std::vector<RatedGameLine> games;  // rated players' rated games, by round
};

struct RatingReport {
  int year = 0;  // of the event, 0 unknown
  std::vector<RatingReportRow> rows;
};

// Errors name the option or the TRF line at fault.
Result<RatingReport> rating_report(const Tournament& t, const RatingReportOptions& options);

// The report as a table an arbiter reads (one line per player, the unrated
// after the rated); with `per_game`, each rated game under its player.
std::string format_rating_report(const Tournament& t, const RatingReport& r, bool per_game = false);

}  // namespace tabiya::tournament
