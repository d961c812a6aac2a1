// A game being played: the Laws' Game and its Clock, who sits on each side
// (a person or the robot at a level), offers of draws and takebacks, claims,
// resignation, flag fall (Art. 6.9), correspondence deadlines and the clock
// presses with a lag allowance. The server and the terminal game both drive
// this one object; neither keeps its own copy of these rules.
//
// Time. The game reads a virtual, monotonic time of its own (GameTime): it
// stands still before the game starts (an invited player has not come yet)
// and while the game is being replayed, and it runs with the machine's time
// otherwise. Every action is logged with its virtual instant, so the log
// alone rebuilds the game exactly, clocks included: that is how a stored game
// comes back after a restart, with the downtime charged to nobody (Art. 6.12:
// the clocks were stopped). A takeback returns to the state kept for the
// position it goes back to (Game::rewind), which is what a replay of the kept
// moves at their logged instants gives.
//
// Lag. A move that arrives over a network is charged from the moment the
// opponent's move was sent to its arrival, less the allowance the caller
// measured for the connection's one-way delay, capped at 500 ms and at the
// time the move took. The allowance skips the virtual time back: nobody is
// charged for it, as if the clocks had been stopped that long.
//
// Not thread-safe: whoever drives it serialises calls (the server per game).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "core/result.h"
#include "engine/time_manager.h"
#include "laws/game.h"
#include "laws/time_source.h"
#include "play/fair_start.h"

namespace tabiya::play {

inline constexpr Millis MAX_LAG_ALLOWANCE{500};
inline constexpr int64_t DAY_MS = 24LL * 60 * 60 * 1000;

struct Seat {
  bool robot = false;
  int level = 0;  // robot only: 1..10 (engine/levels.h)
};

struct StartOptions {
  Position start = Position::startpos();  // Chess960 positions are marked so
  std::vector<Move> moves;                // played before the clocks start (a PGN continued)
  std::optional<int> chess960;            // the position's number, for the record
  RulesEdition rules = DEFAULT_RULES_EDITION;
  std::optional<TimeControl> time_control;  // nullopt: no chess clock
  std::optional<int> days;                  // correspondence: days per move (no chess clock)
  bool casual = true;                       // takebacks by agreement: see takeback_rule.h
  bool fair_start = false;                  // the server's online start rule (fair_start.h); off over the board
  bool tournament = false;                  // an event's game: no abort, a no-show loses (fair_start.h)
  Seat seats[COLOR_NB];
};

enum class ActionKind : uint8_t {
  START,  // both seats taken: the clocks start
  MOVE,
  DRAW_OFFER,
  DRAW_ACCEPT,
  DRAW_DECLINE,
  CLAIM,  // with ground and optional intended move
  TAKEBACK_OFFER,
  TAKEBACK_ACCEPT,
  TAKEBACK_DECLINE,
  RESIGN,
  FLAG,                // a flag fell (Art. 6.9), noticed by a timer or a request
  DEADLINE,            // a correspondence deadline passed
  ABORT,               // ended without a result before both sides moved (fair_start.h)
  FIRST_MOVE_TIMEOUT,  // the side to move let its first move's time limit pass (fair_start.h)
  OPPONENT_GONE,       // `by` claims the game of an opponent gone: uci "win" or "draw" (opponent_gone.h)
};

// One entry of the game's log: enough to replay it exactly.
struct Action {
  ActionKind kind = ActionKind::MOVE;
  Color by = WHITE;
  std::string uci;  // MOVE; CLAIM's intended move (may be empty)
  ClaimGround ground = ClaimGround::THREEFOLD_REPETITION;
  int64_t at = 0;  // the game's virtual instant, ms
};

// "m w 1234 e2e4", "c b 99 t g1f3", "r w 5000"...: one line per action for storage.
std::string action_text(const Action& action);
Result<Action> parse_action(std::string_view text);

// Why a request was refused, as a machine code plus data for the protocol.
struct Refusal {
  std::string code;    // protocol error code: illegal_move, not_your_turn, game_over, no_offer, not_allowed, stale
  std::string reason;  // illegal_move: not_a_move, no_piece, illegal, promotion_required; not_allowed: why
  std::string detail;  // English, for logs
};

template <class T>
using Answer = Result<T, Refusal>;

// What a request did, for the events the server sends.
struct Change {
  bool moved = false;      // one move or more was played (a rejected claim with a move, a robot reply...)
  bool rewritten = false;  // moves were taken back: send the whole state
  bool offer = false;      // an offer stands now
  bool declined = false;   // an offer was declined
  bool claim_rejected = false;
  Millis added{0};          // claim rejected: time given to the opponent (Art. 9.5)
  std::string explanation;  // a claim's verdict, in words
  bool ended = false;       // the game is over now
};

class GameTime final : public TimeSource {
 public:
  explicit GameTime(std::shared_ptr<const TimeSource> real);
  Millis now() const override;
  bool running() const { return running_; }
  // Stands still at `instant` (replaying, or before the start).
  void freeze(Millis instant);
  // Runs on from the frozen instant.
  void run();
  // Skips the running time back by `amount` (a lag allowance).
  void skip_back(Millis amount);

 private:
  std::shared_ptr<const TimeSource> real_;
  bool running_ = false;
  Millis frozen_{0};
  Millis offset_{0};  // virtual = real + offset while running
};

class LiveGame {
 public:
  // A new game; the clocks start with start() (at once for robot and hot-seat games).
  static Result<std::unique_ptr<LiveGame>> create(StartOptions options, std::shared_ptr<const TimeSource> time);
  // A game rebuilt from its log; the time runs on from the last action if the game had started and is not over,
  // or from `checkpoint` (a virtual instant the game's time reached after it, stored while the clock ran) if later:
  // the mover is charged the time used up to the checkpoint, only what followed it is the interruption's.
  static Result<std::unique_ptr<LiveGame>> restore(StartOptions options, const std::vector<Action>& log,
                                                   std::shared_ptr<const TimeSource> time,
                                                   std::optional<Millis> checkpoint = std::nullopt);

  const Game& game() const { return *game_; }
  const StartOptions& options() const { return options_; }
  const std::vector<Action>& log() const { return log_; }
  bool started() const { return started_; }
  bool over() const { return game_->is_over(); }
  Color turn() const { return game_->side_to_move(); }
  bool robot_seat(Color c) const { return options_.seats[c].robot; }
  bool robot_to_move() const { return started_ && !over() && robot_seat(turn()); }
  std::optional<Color> takeback_offer() const { return takeback_offer_; }
  Millis now() const { return time_->now(); }
  // Grows each time moves are taken back: a robot reply computed before it is stale.
  int rewrites() const { return rewrites_; }
  // The dead-position verdicts this game has proved (Art. 5.2.2, FIDE Laws
  // 2018), kept across takebacks so a rebuild never proves a position again.
  const DeadPositionCache& dead_positions() const { return *dead_positions_; }

  // --- Requests; each returns what changed, or why it was refused ---
  Answer<Change> start();
  // For a caller that must not wait long (a server's network thread): true when move(by, uci) will
  // settle the new position's dead-position test (Art. 5.2.2) within `steps` search positions (the answer is
  // kept for it) or is refused or needs none; false when it would take more: nothing has changed, and the move
  // belongs to a thread that may take long. move() gives the same answer either way.
  bool prepare_move(std::string_view uci, uint64_t steps);
  // `ply`: moves the sender has seen (stale or duplicate moves are refused); `lag`: measured one-way delay.
  Answer<Change> move(Color by, std::string_view uci, std::optional<int> ply = std::nullopt, Millis lag = Millis{0});
  Answer<Change> draw_offer(Color by);
  Answer<Change> draw_accept(Color by);
  Answer<Change> draw_decline(Color by);
  Answer<Change> claim(Color by, ClaimGround ground, std::string_view intended_uci = {});
  Answer<Change> takeback_offer(Color by);
  Answer<Change> takeback_accept(Color by);
  Answer<Change> takeback_decline(Color by);
  Answer<Change> resign(Color by);
  // The fair start (fair_start.h): ends the game without a result.
  Answer<Change> abort(Color by);
  // `by`'s opponent has been away for `away` (the caller watches the connections): `by` takes the win or a draw.
  Answer<Change> claim_opponent_gone(Color by, bool win, Millis away);
  // Ends the game if a flag has fallen (Art. 6.9), a correspondence deadline or a first move's limit passed;
  // true if it did.
  bool check_time();

  // --- The fair start (fair_start.h) ---
  // Not every side has made its first move of this game yet: the clocks stand still.
  bool in_fair_start() const;
  // `by` may abort the game now.
  bool can_abort(Color by) const;
  // Virtual instant by which the side to move must make its first move; nullopt when none is due (the robot's).
  std::optional<Millis> first_move_deadline() const;
  // The action that ended the game (a move, a resignation, an abort...), once it is over.
  std::optional<ActionKind> ended_by() const;

  // --- Time ---
  // The instant (virtual) at which the side to move runs out of time: flag or deadline; nullopt if none.
  std::optional<Millis> time_limit() const;
  // Correspondence: virtual instant by which the side to move must move.
  std::optional<Millis> deadline() const;
  // What the engine needs to think for the side to move under this game's clock,
  // at the robot's pace (play/robot_clock.h), or `movetime` ms without one.
  engine::SearchLimits robot_limits(int64_t movetime = 1000) const;
  // The moves played, for an engine's set_position().
  std::vector<Move> move_list() const;
  // Legal moves by UCI text, for the side to move.
  Move parse_uci(std::string_view uci, std::string* reason) const;
  // The instant of each move's press (virtual), aligned with game().moves().
  const std::vector<int64_t>& move_times() const { return move_times_; }

 private:
  LiveGame(StartOptions options, std::shared_ptr<const TimeSource> time);
  Result<bool> setup();                   // a fresh Game with the initial moves
  Answer<Change> apply(const Action& a);  // the rules for one action at the current virtual time
  Answer<Change> record(Action a);        // stamps, applies and logs a live action
  // --- The rules of each kind of action, at the current virtual time ---
  Answer<Change> apply_start();
  Answer<Change> apply_move(const Action& a);
  Answer<Change> apply_draw_offer(Color by);
  Answer<Change> apply_draw_accept(Color by);
  Answer<Change> apply_draw_decline(Color by);
  Answer<Change> apply_claim(const Action& a);
  Answer<Change> apply_takeback(const Action& a);  // an offer (granted at once by the robot) or its acceptance
  Answer<Change> apply_takeback_decline(Color by);
  Answer<Change> apply_resign(Color by);
  Answer<Change> apply_flag();
  Answer<Change> apply_abort(Color by);
  Answer<Change> apply_first_move_timeout();
  Answer<Change> apply_opponent_gone(const Action& a);
  Answer<Change> apply_deadline();
  // `by` offers a takeback to a person; it stands until answered or a move is played.
  Answer<Change> stand_takeback_offer(Color by);
  // How many plies a takeback asked by `asker` removes: 0 when the asker has no move of this game to take back.
  int takeback_plies(Color asker) const;
  Answer<Change> take_back_moves_of(Color asker);
  // Ends the game with the arbiter's `outcome`.
  Answer<Change> end_by_arbiter(Outcome outcome, std::string_view reason);
  // After the Laws handled an action from `plies_before` plies: the instants of the moves it played, the turn
  // they start, and whether the game is over.
  void note_moves_played(std::size_t plies_before, Change& change);
  // The game without its last moves, clocks kept (never above their reading
  // at the position returned to): rewound in place (Game::rewind), at a cost
  // that does not grow with the game's length.
  Result<bool> rebuild(int plies);
  Result<bool> replay_without(int plies);  // rebuild() by replaying the kept moves
  // Where a takeback found the game: each clock's reading (none without a chess clock) and the game's time.
  struct TakebackMoment {
    std::optional<Millis> readings[COLOR_NB];
    Millis now{0};
    bool running = false;
  };
  TakebackMoment takeback_moment() const;
  // Ends both ways of a takeback once the kept moves are back, the game's time standing at the last kept move's
  // press (the clocks reading as a replay of those moves leaves them) or not moved at all: each clock keeps its
  // reading from `moment`, never above what it shows now; the time returns to the moment's instant, and the side
  // to move's turn starts there.
  void resume_after_takeback(TakebackMoment moment);
  // The chess clock's time source as a replay of the kept moves leaves it (the fair start excluded).
  void restore_clock_time();
  Answer<bool> ensure_running(Color by) const;
  int played() const { return int(game_->moves().size() - options_.moves.size()); }
  // The chess clock stands still until the fair start is over, and runs from the instant it ends.
  void follow_fair_start();

  StartOptions options_;
  std::shared_ptr<GameTime> time_;
  std::shared_ptr<ClockTime> clock_time_;  // what the chess clock reads: time_ less the fair start
  std::shared_ptr<DeadPositionCache> dead_positions_;
  std::unique_ptr<Game> game_;
  std::vector<Action> log_;
  std::vector<int64_t> move_times_;
  bool started_ = false;
  bool replaying_ = false;
  std::optional<Color> takeback_offer_;
  int64_t turn_started_at_ = 0;  // virtual instant the side to move's turn began
  int rewrites_ = 0;
};

}  // namespace tabiya::play
