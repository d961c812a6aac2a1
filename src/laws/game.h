// The arbiter's game record: the start position, every move with its time,
// draw offers, claims and arbiter actions, and the result with its reason.
// Game enforces the Laws of the chosen edition (rules_profile.h): automatic
// endings after each move, claims by the player having the move, offers,
// illegal-move penalties in arbiter mode, flag fall and adjournment.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "core/result.h"
#include "laws/clock.h"
#include "laws/dead_position.h"
#include "laws/outcome.h"
#include "laws/position_history.h"
#include "laws/rules_profile.h"
#include "laws/time_control.h"

namespace tabiya {

struct GameOptions {
  RulesEdition rules = DEFAULT_RULES_EDITION;
  // The time control; nullopt plays without clocks. The game category
  // (standard, rapid, blitz) follows from it unless `category` says otherwise.
  std::optional<TimeControl> time_control;
  std::optional<GameCategory> category;
  // Rapid/blitz with full supervision (Appendix A.3/B.3) uses the standard
  // penalties; without it (A.4/B.4) the first completed illegal move loses.
  bool supervised = true;
  // Moves entered from an over-the-board game: completed illegal moves can be
  // recorded and are penalised (Art. 7) instead of simply refused.
  bool arbiter_mode = false;
  // Art. 9.1.a: regulations may forbid agreed draws before this many moves.
  int no_agreement_before_move = 0;
  // For replaying a finished record only: the caller has proven that a mate
  // can still be reached from the last position the game's moves lead to.
  // Every earlier position reaches that one, so none of them is dead (Art.
  // 5.2.b) and the per-move dead position test is skipped. Never set on a
  // game still being played.
  bool every_position_alive = false;
  // For replaying a finished record only, like every_position_alive: the
  // caller has decided Art. 5.2.b for every position of the record
  // (record_dead_positions.h) and the position after this many moves (0: the
  // start) is the first dead one. Negative: not decided, the game asks its
  // own per-move monitor.
  int first_dead_ply = -1;
  // Dead-position verdicts already proved, shared by the games that replay
  // the same moves (a takeback rebuilds the game; dead_position_cache.h).
  // Null: the game proves every position itself.
  std::shared_ptr<DeadPositionCache> dead_position_cache;
  // Keeps, for each move, what rewind() needs to return to the position before it (the dead-position monitor's
  // carried proof): a game that allows takebacks sets it. A few dozen bytes a move.
  bool rewindable = false;
};

enum class GameEventKind {
  DRAW_OFFER,  // 9.1.b
  DRAW_DECLINED,
  DRAW_ACCEPTED,
  CLAIM_UPHELD,     // 9.2 / 9.3 correct claim
  CLAIM_REJECTED,   // 9.5.b incorrect claim: opponent gets extra time
  ILLEGAL_MOVE,     // 7.5 completed illegal move (arbiter mode)
  TIME_ADDED,       // arbiter or penalty: time added to a player's clock
  CLOCK_SET,        // 6.10.b arbiter corrected a clock
  RESULT_DECLARED,  // arbiter declared a result
  RESIGNATION,
  FLAG_FALL,
  MOVE_SEALED,  // Appendix E
  GAME_RESUMED,
  QUICKPLAY_CLAIM,     // 2014 App. G.5 / 2001-2009 Art. 10.2: draw claim with < 2 min
  QUICKPLAY_DECISION,  // the arbiter's decision on it (detail: accepted/postponed/rejected/final)
  QUICKPLAY_REQUEST,   // 2014 App. G.4: request for a 5 s increment or delay
};

struct GameEvent {
  GameEventKind kind;
  std::optional<Color> player;
  int ply;  // number of moves played when it happened
  std::string detail;
};

struct MoveRecord {
  Move move;
  std::string san;
  Millis elapsed{0};                  // thinking time for this move
  std::optional<Millis> clock_after;  // the mover's clock after completing it
};

// The arbiter's answer to a quickplay finish claim (2014 App. G.5.a, 2001-2009 Art. 10.2.a).
enum class QuickplayDecision {
  ACCEPT,    // the opponent cannot win by normal means or makes no effort to: drawn
  POSTPONE,  // play on; the opponent may get two extra minutes; decided later
  REJECT,    // play on; the opponent gets two extra minutes
};

enum class ClaimGround { THREEFOLD_REPETITION, FIFTY_MOVES };

struct ClaimVerdict {
  bool upheld;
  std::string explanation;
};

class Game {
 public:
  explicit Game(Position start, GameOptions options = {}, std::shared_ptr<const TimeSource> time = nullptr);

  const Position& start_position() const { return history_.start(); }
  const Position& position() const { return history_.current(); }
  const std::vector<MoveRecord>& moves() const { return moves_; }
  const std::vector<GameEvent>& events() const { return events_; }
  const GameOptions& options() const { return options_; }
  const RulesProfile& profile() const { return *profile_; }
  GameCategory category() const { return category_; }
  const std::optional<Outcome>& outcome() const { return outcome_; }
  bool is_over() const { return outcome_.has_value(); }
  Color side_to_move() const { return position().side_to_move(); }
  // nullptr when the game has no clock.
  const Clock* clock() const { return clock_ ? &*clock_ : nullptr; }

  // --- Moves ---
  // Plays a legal move and applies every automatic ending (checkmate,
  // stalemate, dead position, fivefold repetition, 75 moves). With a clock,
  // the move is refused and the game lost on time if the mover's flag fell first.
  Result<bool> play(Move m);
  // Reads the move in any notation tabiya accepts (notation/move_reader.h).
  Result<bool> play(std::string_view text);
  // For a caller that must not wait long (a server's network thread): true when play(m) will settle the
  // dead-position test of the new position (Art. 5.2.2) within `steps` search positions - the answer is kept for
  // play(m), which then does not search - or needs no such test (a refused move, mate, stalemate); false when it
  // would take more: nothing has changed, and play(m) belongs where it may take long. Either way play(m) then
  // gives the same verdict, events and record as without this call.
  bool prepare_move(Move m, uint64_t steps);
  // Takes back the last move (casual play only; not in arbiter mode).
  Result<bool> takeback();
  // The game as a fresh Game replaying its first moves().size() - plies moves would be, without replaying them:
  // the kept moves and positions stay, the events and offers go (a replay has none), and the dead-position
  // monitor carries on from where it stood. With a clock, the clock returns to its state when the first move
  // taken back began (its reading then, running for the side to move since that instant): what replaying the kept
  // moves at their instants gives, save that the time an arbiter added on the way (a rejected claim's) stays.
  // Its cost does not grow with the game's length. Only in a rewindable game, not over and not in arbiter mode,
  // and not after a G.4 bonus was introduced (the clock's time control changed).
  Result<bool> rewind(int plies);
  // Whether rewind(plies) has the points it needs: a rewindable game keeps them for its last REWIND_POINTS plies
  // at least (a caller going back further replays the game).
  bool can_rewind(int plies) const;
  static constexpr std::size_t REWIND_POINTS = 8;

  // --- Repetition and the move counters (Art. 9.2, 9.3, 9.6) ---
  // How many times the current position has occurred (FIDE 9.2 identity).
  int repetition_count() const;
  bool can_claim_threefold(std::optional<Move> intended = std::nullopt) const;
  bool can_claim_fifty_moves(std::optional<Move> intended = std::nullopt) const;
  // The draw the player having the move may claim now (or on the intended
  // move): repetition first (9.2), then the fifty-move rule (9.3); nullopt if neither.
  std::optional<ClaimGround> claimable_draw(std::optional<Move> intended = std::nullopt) const;

  // --- Offers, claims, resignation (Art. 5.1.b, 9.1-9.5) ---
  Result<bool> offer_draw(Color by);
  Result<bool> accept_draw(Color by);
  Result<bool> decline_draw(Color by);
  // The player whose draw offer stands, if any.
  std::optional<Color> draw_offer() const { return draw_offer_; }
  // A claim by the player having the move, on the current position or on an
  // intended move. Upheld: the game is drawn. Rejected: the opponent gets the
  // edition's extra time and the intended move is played. Either way the claim
  // also stands as a draw offer (9.1.b.3).
  Result<ClaimVerdict> claim_draw(Color claimant, ClaimGround ground, std::optional<Move> intended = std::nullopt);
  Result<bool> resign(Color by);

  // --- Clock (Art. 6) ---
  // Ends the game if the side to move has run out of time at the time source's
  // current instant: lost, or drawn when the opponent cannot mate (6.9).
  bool check_flag();
  // Rapid/blitz without full supervision (2014 Appendix A.4.c, B.4; 2018
  // A.4.3; 2001 Appendix B7): the claimant stops the clocks and claims a win
  // on time. Upheld if his own clock still shows time and the opponent's flag
  // has fallen; then drawn instead if the claimant cannot checkmate by any
  // series of legal moves. Rejected otherwise (the game goes on).
  Result<ClaimVerdict> claim_win_on_time(Color claimant);
  // Both flags fell and the order is unknown (6.11): the edition decides.
  Result<bool> both_flags_fallen();

  // --- Quickplay finish (2014 Appendix G, 2001-2009 Art. 10) ---
  // The player having the move, in the period in which all remaining moves
  // must be made, with less than two minutes left and his flag up, claims a
  // draw (G.5 / 10.2). Never in blitz (G.3, 2001 C4), never with an
  // increment or delay (G.3), never in an edition or event without the rule.
  // The claim is also a draw offer (2009 Art. 9.1.b.3). The arbiter answers
  // with decide_quickplay_claim().
  Result<bool> claim_quickplay_draw(Color claimant);
  // The player whose quickplay claim awaits a decision, or was postponed.
  std::optional<Color> quickplay_claim() const { return quickplay_claimant_; }
  bool quickplay_claim_postponed() const { return quickplay_postponed_; }
  // The arbiter's decision on the pending claim. ACCEPT draws the game;
  // REJECT gives the opponent the edition's two minutes (G.5.c / 10.2.c);
  // POSTPONE gives them only when `bonus_on_postpone` (G.5.b / 10.2.b "may").
  Result<bool> decide_quickplay_claim(QuickplayDecision decision, bool bonus_on_postpone = false);
  // The final decision on a postponed claim, later in the game or after a
  // flag has fallen (G.5.b): `draw` replaces a loss on time by the claimant
  // (or the running game) with a draw; otherwise the result stands / play goes on.
  Result<bool> decide_postponed_quickplay_claim(bool draw);
  // 2014 Appendix G.4: the player having the move with less than two minutes
  // asks for a 5 s increment or delay (`mode`) for both players; the request
  // is a draw offer. If the opponent accepts it (accept_draw), the game is
  // drawn; if he declines and the arbiter agrees, grant_quickplay_increment()
  // sets the clocks and gives the opponent two extra minutes.
  Result<bool> request_quickplay_increment(Color requester, BonusMode mode);
  Result<bool> grant_quickplay_increment();

  // --- Arbiter (Art. 7, 12) ---
  // A completed illegal move by `by` (arbiter mode). The position before it
  // stands; the edition's penalty applies. If the move put a pawn on the last
  // rank without promoting, pass it as `unpromoted`: it is replaced by a
  // queen and played (2014 Art. 7.5.a); before 2014 the position before it
  // stands and the player moves again (2009 Art. 7.4.a).
  Result<bool> record_illegal_move(Color by, std::string_view text, std::optional<Move> unpromoted = std::nullopt);
  Result<bool> arbiter_add_time(Color to, Millis amount, std::string_view reason);
  Result<bool> arbiter_set_clock(Color player, Millis remaining, std::string_view reason);
  Result<bool> arbiter_declare(Outcome outcome, std::string_view reason);
  // Ends a game that was not played (6.7 default time, forfeits).
  Result<bool> forfeit(std::optional<Color> absent);

 private:
  Result<bool> require_running() const;
  void record(GameEventKind kind, std::optional<Color> player, std::string detail);
  void finish(Outcome outcome);
  void apply_move(Move m);
  void check_automatic_endings();
  bool fivefold_repetition() const;
  // Lost by `loser`, or drawn if the opponent cannot mate (6.9, 7.5.b).
  Outcome loss_unless_opponent_cannot_mate(Color loser, Termination loss, Termination draw) const;
  void add_time(Color to, Millis amount, std::string detail);
  Millis penalty(Millis standard, Millis blitz) const;
  // Why a quickplay claim or request by `player` is not allowed now, if it is not.
  std::optional<std::string> quickplay_refusal(Color player, std::string_view article) const;

  GameOptions options_;
  const RulesProfile* profile_;
  GameCategory category_;
  std::shared_ptr<const TimeSource> time_;
  std::optional<Clock> clock_;
  // The start and current positions, every position's key, and what undoes the last moves (kept small: not every
  // position whole); aligned with moves_.
  PositionHistory history_;
  std::vector<MoveRecord> moves_;
  std::vector<GameEvent> events_;
  std::optional<Color> draw_offer_;
  int illegal_moves_[COLOR_NB] = {0, 0};
  std::optional<Color> quickplay_claimant_;  // a claim awaiting (or postponed for) a decision
  bool quickplay_postponed_ = false;
  struct QuickplayRequest {
    Color requester;
    BonusMode mode;
  };
  std::optional<QuickplayRequest> quickplay_request_;  // G.4 request not yet settled
  // Art. 5.2.b after every move, carrying the last proof forward (see dead_position.h).
  DeadPositionMonitor dead_monitor_;
  // With options_.rewindable: the monitor as it stood before each of the last moves, aligned with the end of moves_;
  // never further back than history_ undoes moves (a rewind does not replay).
  std::vector<DeadPositionMonitor> monitor_before_;
  // With options_.rewindable and a clock: the clock as it stood before each of the same moves as monitor_before_.
  std::vector<Clock::Reading> clock_before_;
  std::size_t first_rewind_point_ = 0;  // the ply whose point is monitor_before_[0] (older points are dropped)
  bool bonus_introduced_ = false;       // G.4 changed the clock's time control: its kept readings no longer apply
  // prepare_move()'s answer for the move it was asked about, used by the next move played if it is that one.
  struct PreparedMove {
    PositionIdentity before;
    Move move;
    DeadPositionMonitor::Trial trial;
  };
  std::optional<PreparedMove> prepared_;
  DeadPositionVerdict dead_after_last_move(std::optional<PreparedMove> prepared);
  std::optional<Outcome> outcome_;
};

}  // namespace tabiya
