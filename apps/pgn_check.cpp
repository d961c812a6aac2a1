#include "pgn_check.h"

#include <map>
#include <optional>
#include <vector>

#include "core/movegen.h"
#include "laws/dead_position.h"
#include "laws/game_record.h"
#include "laws/record_dead_positions.h"
#include "laws/time_control.h"
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
    if (recorded != expected) return "result " + recorded + " contradicts the final position: " + describe(*o, rules);
    return "";
  }
  // The game did not end on the board. A time forfeit must respect Art. 6.9.
  auto termination = pgn.tags.get("Termination");
  if (termination && *termination == "time forfeit" && (recorded == "1-0" || recorded == "0-1")) {
    Color winner = recorded == "1-0" ? WHITE : BLACK;
    WinnabilityResult r = can_checkmate(end, winner);
    if (r.verdict == Winnability::UNWINNABLE)
      return "result " + recorded +
             " by time forfeit contradicts Art. 6.9: " + std::string(winner == WHITE ? "White" : "Black") +
             " cannot checkmate by any series of legal moves, so the game is drawn (1/2-1/2)";
  }
  return "";
}

std::string clock_text(int64_t ms) { return format_clock(ms); }

std::string side_name(Color c) { return c == WHITE ? "White" : "Black"; }

// Readings are written to the second (some servers round): a rise of up to
// this much is not counted.
constexpr int64_t READING_TOLERANCE_MS = 1000;

// Clocks that rose after a move by more than the time control can add: the
// move's increment (or delay, which never adds more) and, when the move
// reached a time control, the next period's time (FIDE 2014 Art. 6.3.b).
// The first reading is compared with the first period's time plus one bonus
// (FIDE clocks credit move 1's increment when they are set).
std::vector<std::string> clock_rises(const PgnGame& pgn, const TimeControl& tc) {
  std::vector<std::string> found;
  if (!tc.has_clock()) return found;
  std::optional<int64_t> last[COLOR_NB];
  int moves_done[COLOR_NB] = {0, 0};
  const TimePeriod& first = tc.periods().front();
  for (Color c : {WHITE, BLACK}) last[c] = int64_t(first.base.count()) + int64_t(first.bonus.count());
  Position pos = pgn.start;
  for (const PgnNode& node : pgn.mainline.moves) {
    Color mover = pos.side_to_move();
    int move = ++moves_done[mover];
    const TimePeriod& period = tc.periods()[tc.period_of_move(move)];
    int64_t allowed = int64_t(period.bonus.count());
    if (tc.control_reached_after(move)) allowed += int64_t(tc.periods()[tc.period_of_move(move + 1)].base.count());
    if (node.clock_ms && last[mover] && *node.clock_ms > *last[mover] + allowed + READING_TOLERANCE_MS)
      found.push_back(side_name(mover) + "'s clock rose from " + clock_text(*last[mover]) + " to " +
                      clock_text(*node.clock_ms) + " with move " + std::to_string(move) +
                      ", more than the time control adds (" + clock_text(allowed) +
                      "), unless time was added by the arbiter or the opponent");
    last[mover] = node.clock_ms;  // a missing reading leaves nothing to compare the next one with
    UndoInfo undo;
    pos.do_move(node.move, undo);
  }
  return found;
}

// A loss on time by a player who is not to move in the final position, whose
// clock was stopped after his last move with time left: his flag cannot have
// fallen (FIDE 2014 Art. 6.9 - only the running clock runs out).
std::string time_forfeit_against_clock(const PgnGame& pgn, const Game& game) {
  auto termination = pgn.tags.get("Termination");
  std::string recorded(pgn.result());
  if (!termination || *termination != "time forfeit" || (recorded != "1-0" && recorded != "0-1")) return "";
  Color loser = recorded == "1-0" ? BLACK : WHITE;
  if (game.position().side_to_move() == loser) return "";
  const auto& moves = pgn.mainline.moves;
  if (moves.empty() || !moves.back().clock_ms || *moves.back().clock_ms <= 0) return "";
  return "result " + recorded + " by time forfeit contradicts the clock: " + side_name(loser) +
         " completed the last move with " + clock_text(*moves.back().clock_ms) +
         " left and his clock was stopped, so his flag cannot have fallen (Art. 6.9)";
}

}  // namespace

PgnCheckSummary check_pgn(std::istream& in, const std::string& source, RulesEdition default_rules, std::ostream& out) {
  PgnCheckSummary summary;
  PgnReadOptions options;
  options.source_name = source;
  PgnGameReader reader(in, options);
  std::map<int, bool> troubled;
  std::vector<Move> mainline;  // the game's moves, reused from game to game
  while (auto pgn = reader.next()) {
    int number = reader.games_read();
    ++summary.games;
    bool other_variant = false;
    for (const PgnError& e : reader.errors()) {
      out << e.message << '\n';
      if (e.severity != PgnSeverity::ERROR) continue;
      troubled[e.game_number] = true;
      if (e.problem == PgnProblem::UNSUPPORTED_VARIANT) {
        ++summary.unsupported_variants;
        other_variant = true;
      } else {
        ++summary.illegal_moves;
      }
    }
    if (other_variant) continue;  // its moves were not read: nothing to replay
    GameOptions opts;
    opts.rules = default_rules;
    if (auto tag = pgn->tags.get("Rules"))
      if (auto edition = parse_rules_edition(*tag)) opts.rules = *edition;
    // Dead positions (Art. 5.2.b) form a suffix of a game: decided from the
    // last position backwards up to the first one proven alive, mostly one
    // decision per game instead of one per move (record_dead_positions.h).
    mainline.clear();
    for (const PgnNode& node : pgn->mainline.moves) mainline.push_back(node.move);
    RecordDeadPositions dead = decide_record_dead_positions(pgn->start, mainline);
    // None called dead (the last proven alive, or none after the last one
    // proven alive called dead): the per-move test would find nothing.
    opts.every_position_alive = !dead.first_dead_ply;
    opts.first_dead_ply = dead.first_dead_ply.value_or(-1);
    auto game = game_from_pgn(*pgn, opts);
    std::string problem;
    if (!game) problem = game.error().message;
    else problem = check_result(*pgn, *game, opts.rules);
    if (problem.empty() && game) problem = time_forfeit_against_clock(*pgn, *game);
    if (game) {
      if (auto tag = pgn->tags.get("TimeControl"))
        if (auto tc = parse_pgn_time_control(*tag))
          for (const std::string& rise : clock_rises(*pgn, *tc)) {
            out << source << ": game " << number << ": warning: " << rise << '\n';
            ++summary.clock_warnings;
          }
    }
    if (!problem.empty()) {
      out << source << ": game " << number << ": " << problem << '\n';
      ++summary.contradicting_results;
      troubled[number] = true;
    }
  }
  summary.games_with_problems = int(troubled.size());
  out << summary.games << " games, " << summary.games - summary.games_with_problems << " ok, " << summary.illegal_moves
      << " illegal moves, " << summary.contradicting_results << " results contradicting the Laws";
  if (summary.unsupported_variants > 0)
    out << ", " << summary.unsupported_variants << " games of unsupported variants not checked";
  if (summary.clock_warnings > 0) out << ", " << summary.clock_warnings << " clock warnings";
  out << std::endl;
  return summary;
}

}  // namespace tabiya::cli
