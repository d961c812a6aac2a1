// How a game ended: the score (including FIDE's exceptional scores) and the
// reason, each reason tied to the article of the Laws that decides it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/types.h"
#include "laws/rules_profile.h"

namespace tabiya {

// The score of a finished game as it is written on a crosstable.
enum class Score {
  WHITE_WINS,      // 1-0
  BLACK_WINS,      // 0-1
  DRAW,            // 1/2-1/2
  BOTH_LOSE,       // 0-0 (2014 Art. 11.8, 12.9: both players lose)
  WHITE_HALF,      // 1/2-0: White scores a draw, Black loses (e.g. 12.9 penalties)
  BLACK_HALF,      // 0-1/2
  WHITE_FORFEIT_WIN,  // +/- : Black did not play
  BLACK_FORFEIT_WIN,  // -/+
  DOUBLE_FORFEIT,     // -/-
  NO_RESULT,          // *: aborted before it began (an online server's rule, not the Laws'): no score
};

enum class Termination {
  CHECKMATE,              // 2014 Art. 5.1.1
  RESIGNATION,            // 5.1.2
  STALEMATE,              // 5.2.1
  DEAD_POSITION,          // 5.2.2 / 9.7
  AGREEMENT,              // 5.2.3 / 9.1
  THREEFOLD_REPETITION,   // 9.2 (claim)
  FIFTY_MOVES,            // 9.3 (claim)
  FIVEFOLD_REPETITION,    // 9.6.a (automatic)
  SEVENTY_FIVE_MOVES,     // 9.6.b (automatic)
  TIME_FORFEIT,           // 6.9: flag fell, opponent can mate
  TIMEOUT_DRAW,           // 6.9: flag fell, opponent cannot mate
  BOTH_FLAGS_FELL,        // 6.11: order unknown, last period
  ILLEGAL_MOVE_LOSS,      // 7.5.5 (or the edition's count): illegal moves lose
  ILLEGAL_MOVE_DRAW,      // same, but the opponent cannot mate
  ILLEGAL_POSITION_DRAW,  // rapid/blitz A.4.4: illegal position still on the board
  FORFEIT,                // 6.7: no-show / default time
  ADJOURNMENT_LOSS,       // Appendix E: ambiguous or illegal sealed move, late for resumption
  QUICKPLAY_DRAW,         // Appendix G: claim upheld
  ARBITER_DECISION,       // 12: any other decision by the arbiter
  ABORTED,                // none: ended without a result before both sides moved (an online server's rule)
};

struct Outcome {
  Score score;
  Termination termination;
  // The side the reason applies to (who resigned, whose flag fell, who made
  // the illegal moves), when there is one.
  std::optional<Color> culprit;
};

// "1-0", "0-1", "1/2-1/2"; exceptional scores as on a crosstable ("0-0",
// "1/2-0", "+/-"...). pgn_result() maps them onto the four PGN tokens.
std::string_view score_text(Score s);
std::string_view pgn_result(Score s);
std::optional<Score> parse_score(std::string_view text);
// A plain win for c.
constexpr Score win_for(Color c) { return c == WHITE ? Score::WHITE_WINS : Score::BLACK_WINS; }

enum class ScoringSystem { CLASSIC, THREE_ONE_ZERO };  // 1 / 1/2 / 0 or 3 / 1 / 0 (2014 Art. 10.1)
// Points for each player, in halves for CLASSIC (so 1/2 is exact): {white, black}.
struct Points {
  int white;
  int black;
  int scale;  // points are white/scale and black/scale
};
Points points(Score s, ScoringSystem system = ScoringSystem::CLASSIC);

std::string_view termination_name(Termination t);     // "checkmate", "threefold repetition"...
// The article that decides it in an edition, e.g. "Art. 5.1.a" (2014), "Art. 5.1.1" (2018).
std::string_view termination_article(Termination t, RulesEdition edition = DEFAULT_RULES_EDITION);
// One line for people: "Checkmate: White wins 1-0 (FIDE 2018 Art. 5.1.1)".
std::string describe(const Outcome& outcome, RulesEdition edition = DEFAULT_RULES_EDITION);

}  // namespace tabiya
