// Title norms: whether a player's result in an event is a GM, IM, WGM or WIM
// norm by the FIDE Title Regulations (Handbook B.01, the edition effective
// from 1 January 2022, with unrated opponents counted as 1400 as that
// edition has it). The articles applied, by their numbers in that edition:
//
//   1.41   the games: played over the board (forfeits, byes and games that
//          did not last a move - TRF codes + - W D L - are left out)
//   1.42   at least 9 games (7 for the events the article lists, e.g. the
//          World Team and Club Championships: an option)
//   1.43   federations: at least two federations other than the player's;
//          at most 3/5 of the opponents from his federation and at most 2/3
//          from any one federation (national championships and the other
//          events the article exempts: an option)
//   1.44   at least 50% of the opponents title holders (GM IM WGM WIM FM
//          WFM; not CM or WCM)
//   1.45   at least 1/3, and at least 3, of the opponents holding the norm's
//          title or a higher one (GM: GM; IM: GM IM; WGM: GM IM WGM; WIM: GM
//          IM WGM WIM)
//   1.46   the opponents' ratings: unrated opponents count as 1400, at most
//          20% of them unrated; the rating floor (GM 2200, IM 2050, WGM 2000,
//          WIM 1850) raises the lowest rated opponent, one only, to it; the
//          average Ra (rounded, halves up) at least GM 2380, IM 2230, WGM
//          2180, WIM 2030
//   1.47   the performance Ra + dp (dp of the Rating Regulations' table
//          8.1.1 for p = score / games in hundredths) at least GM 2600, IM
//          2450, WGM 2400, WIM 2250, with a score of at least 35%
//
// Verification: the numbers 1.41-1.47 are those of the edition
// effective from 1 July 2017 (docslib.org/doc/6769121); the 2022 edition
// renumbered the norm articles 1.4.1, 1.4.2, ... (qc.fide.com, 1 May 2023,
// cites 1.4.1.c-e for games and 1.4.3.d for federations). The figures
// applied here (9 games, at least 2 other federations, at most 3/5 from
// the player's and 2/3 from one, 50% title holders without CM/WCM, 1/3 and
// 3 with the title, at most 20% unrated, the averages and performances)
// agree with the summaries of the current rules found (chess.jorel.dev
// /titles.html, chessarbitersassociation.co.uk, chessbio.com); the rating
// floors, 1400 for the unrated, and the exemptions were not found in a
// primary text. Not applied: 1.4.3.d (no federation requirement in an event
// with 20 rated players of at least 3 other federations, 10 of them GM, IM,
// WGM or WIM) and a norm from 8 games with an unrequested bye.
//
// What the TRF cannot say (the event's own conditions: rate of play,
// arbiters, rounds per day, the 1.2 exceptions) is for the arbiter to judge.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "tournament/tournament.h"

namespace tabiya::tournament {

enum class NormTitle { gm, im, wgm, wim };

std::string norm_title_name(NormTitle t);  // "GM"
Result<NormTitle> parse_norm_title(const std::string& name);

struct NormOptions {
  int min_games = 9;                // 1.42 (7 for the events it lists)
  bool federations_exempt = false;  // 1.43's exempted events
};

// One opponent as the norm counts him.
struct NormOpponent {
  int round = 0;
  int number = 0;
  std::string title;  // as in the TRF, upper case
  std::string federation;
  int rating = 0;   // 0: unrated
  int counted = 0;  // after 1400 for the unrated and the rating floor
  int score_hundredths = 0;
};

// One requirement, as the report prints it.
struct NormCheck {
  std::string article;  // "1.45"
  bool met = false;
  std::string text;
};

struct NormAssessment {
  int player = 0;
  NormTitle title = NormTitle::gm;
  std::vector<NormOpponent> opponents;
  int score_hundredths = 0;
  int average = 0;      // Ra after the floor
  int performance = 0;  // Ra + dp
  // The lowest score (in halves, as hundredths) that reaches the performance
  // with these opponents; nothing when even a full score does not.
  std::optional<int> score_needed;
  std::vector<NormCheck> checks;
  bool norm = false;  // every check met
};

// Errors: no such player.
Result<NormAssessment> assess_norm(const Tournament& t, int player, NormTitle title, const NormOptions& options = {});

// The titles worth checking for a player: GM and IM, and WGM and WIM for a
// woman; none he already holds or is above.
std::vector<NormTitle> titles_to_check(const Player& p);

// For an arbiter: one player's opponents and every check per title.
std::string format_norm_report(const Tournament& t, const std::vector<NormAssessment>& per_title);
// For an arbiter: one line per player, the norms made.
std::string format_norm_summary(const Tournament& t, const std::vector<std::vector<NormAssessment>>& per_player);

}  // namespace tabiya::tournament
