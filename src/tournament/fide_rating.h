// FIDE ratings: the FIDE Rating Regulations (Handbook B.02) effective from
// 1 March 2024, with the amendment applied from 1 October 2025 (the 400-point
// rule no longer applies to players rated 2650 or more).
//
//   8.1.1  the table of rating differences dp for a fractional score p
//   8.1.2  the table of expected scores PD for a rating difference D
//   8.3.1  the 400-point rule: a difference of more than 400 points counts as
//          400 (since 1 March 2024 for every game of an event, no longer for
//          one game per event only; since 1 October 2025 not for a player
//          rated 2650 or more, whose actual difference counts)
//   8.3.3  K = 40 for a player new to the list until he has completed events
//          with at least 30 games, and for every player under 18 while his
//          rating stays under 2300; K = 20 while a rating stays under 2400;
//          K = 10 once a published rating has reached 2400; and K x games in
//          the rating period never above 700
//   7.1    unrated players: a first rating from at least 5 games against
//          rated opponents, counting two hypothetical draws against players
//          rated 1800; a zero score is disregarded, below 1400 no rating is
//          published, and a first rating is at most 2200
//
// Checked against secondary sources quoting the 2024 text (the FIDE
// Handbook itself was not reachable): qc.fide.com's notice of 1 March 2024
// (floor 1400, new first-rating calculation, the 400-point rule for every
// game) and circlechess.com's summary of the 2024 regulations (two draws
// against 1800, zero score disregarded, "the maximum initial rating is
// 2200"). The K factors and the 2025 amendment are as written from the
// handbook by the first author and not re-verified.
//
// Expected scores and rating changes are kept in hundredths (integers), so a
// report adds up exactly and rounds only once.
#pragma once

#include <optional>
#include <vector>

namespace tabiya::tournament {

// 8.1.2: the expected score, in hundredths (0..100), of a player rated
// `rating` against one rated `opponent`. The difference is used as it is (up
// to 800 points); rating changes apply the 400-point rule first.
int expected_score_hundredths(int rating, int opponent);

// 8.1.1: dp for a fractional score p in hundredths (0..100): -800..800.
int rating_difference_for_score(int p_hundredths);

// 8.3.1 as amended: the opponent's rating as the rating change sees it.
int rating_for_change(int rating, int opponent);

struct KFactorInputs {
  int rating = 0;             // the player's published rating
  int games_before = 0;       // rated games he had completed before (30 or more: not new)
  bool under_18 = false;      // until the end of the year of his 18th birthday
  bool reached_2400 = false;  // a published rating of 2400 or more at any time
  int games_in_period = 0;    // rated games in the rating period (0: unknown, no 700 cap)
};

// 8.3.3.
int k_factor(const KFactorInputs& in);

struct RatedGame {
  int opponent_rating = 0;   // > 0
  int score_hundredths = 0;  // 100 win, 50 draw, 0 loss
};

// One player's change over the rated games of an event, in hundredths of a
// rating point: K x (score - expected), expected by 8.1.2 after 8.3.1.
struct RatingChange {
  int games = 0;
  int score_hundredths = 0;
  int expected_hundredths = 0;
  int k = 0;
  int change_hundredths = 0;  // K x (score - expected), exact
};
RatingChange rating_change(int rating, int k, const std::vector<RatedGame>& games);

// 7.1 (2024): the first rating of an unrated player from his games against
// rated opponents, at most 2200; nothing when he has fewer than 5 such games,
// scored nothing in them, or the result is under 1400.
std::optional<int> first_rating(const std::vector<RatedGame>& games);

// Tie-Break Regulations (C.07) 10.2, the tournament performance rating:
// ARO + dp(p), p = score / games rounded to hundredths. 0 without games.
int tournament_performance(const std::vector<int>& opponent_ratings, int score_hundredths);

// C.07 10.3, the perfect tournament performance: the lowest rating whose
// expected score (8.1.2, differences up to 800) against the opponents is at
// least the score; with no score the lowest opponent's rating minus 800.
int perfect_performance(const std::vector<int>& opponent_ratings, int score_hundredths);

// C.07 10.1: the average rating of the opponents, rounded (halves up).
int average_rating(const std::vector<int>& opponent_ratings);

}  // namespace tabiya::tournament
