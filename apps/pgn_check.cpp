#include "pgn_check.h"

#include <map>

#include "core/movegen.h"
#include "laws/dead_position.h"
#include "laws/game_record.h"
#include "notation/pgn.h"

namespace tabiya::cli {
namespace {

// What the Laws say the result must be, from the final position and the
// game's own account of how it ended. Empty when any result could be right
// (resignation, agreement, time, arbiter: not visible on the board).
std::string check_result(const PgnGame& pgn, const Game& game, RulesEdition rules) {
  std::string recorded(pgn.result());
  const Position& end = game.position();
  if (const auto& o = game.outcome()) {
    std::string expected(pgn_result(o->score));
    if (recorded != expected)
      return "result " + recorded + " contradicts the final position: " + describe(*o, rules);
    return "";
  }
  // The game did not end on the board. A time forfeit must respect Art. 6.9.
  auto termination = pgn.tags.get("Termination");
  if (termination && *termination == "time forfeit" && (recorded == "1-0" || recorded == "0-1")) {
    Color winner = recorded == "1-0" ? WHITE : BLACK;
    WinnabilityResult r = can_checkmate(end, winner);
    if (r.verdict == Winnability::UNWINNABLE)
      return "result " + recorded + " by time forfeit contradicts Art. 6.9: " +
             std::string(winner == WHITE ? "White" : "Black") +
             " cannot checkmate by any series of legal moves, so the game is drawn (1/2-1/2)";
  }
  return "";
}

}  // namespace

PgnCheckSummary check_pgn(std::istream& in, const std::string& source, RulesEdition default_rules, std::ostream& out) {
  PgnCheckSummary summary;
  PgnReadOptions options;
  options.source_name = source;
  PgnGameReader reader(in, options);
  std::map<int, bool> troubled;
  while (auto pgn = reader.next()) {
    int number = reader.games_read();
    ++summary.games;
    for (const PgnError& e : reader.errors()) {
      out << e.message << '\n';
      if (e.severity == PgnSeverity::ERROR) {
        ++summary.illegal_moves;
        troubled[e.game_number] = true;
      }
    }
    GameOptions opts;
    opts.rules = default_rules;
    if (auto tag = pgn->tags.get("Rules"))
      if (auto edition = parse_rules_edition(*tag)) opts.rules = *edition;
    auto game = game_from_pgn(*pgn, opts);
    std::string problem;
    if (!game) problem = game.error().message;
    else problem = check_result(*pgn, *game, opts.rules);
    if (!problem.empty()) {
      out << source << ": game " << number << ": " << problem << '\n';
      ++summary.contradicting_results;
      troubled[number] = true;
    }
  }
  summary.games_with_problems = int(troubled.size());
  out << summary.games << " games, " << summary.games - summary.games_with_problems << " ok, "
      << summary.illegal_moves << " illegal moves, " << summary.contradicting_results
      << " results contradicting the Laws" << std::endl;
  return summary;
}

}  // namespace tabiya::cli
