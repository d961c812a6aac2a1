#include "play/live_game.h"

#include <algorithm>
#include <charconv>

#include "core/movegen.h"
#include "laws/dead_position.h"
#include "notation/uci_reader.h"
#include "play/opponent_gone.h"
#include "play/robot_clock.h"
#include "play/takeback_rule.h"

namespace tabiya::play {
namespace {

Refusal refuse(std::string code, std::string reason, std::string detail) {
  return Refusal{std::move(code), std::move(reason), std::move(detail)};
}

// The Laws (the Game) refused what the rules of play allowed.
Refusal laws_refusal(const Error& e) { return refuse("not_allowed", "laws", e.message); }

constexpr std::string_view KIND_LETTERS = "smodxctaerflung";  // one letter per ActionKind, in order

}  // namespace

// --- Log lines ---

std::string action_text(const Action& a) {
  std::string text(1, KIND_LETTERS[std::size_t(a.kind)]);
  text += a.by == WHITE ? " w " : " b ";
  text += std::to_string(a.at);
  if (a.kind == ActionKind::CLAIM) text += a.ground == ClaimGround::FIFTY_MOVES ? " f" : " t";
  if (!a.uci.empty()) text += " " + a.uci;
  return text;
}

Result<Action> parse_action(std::string_view text) {
  auto bad = [&](std::string why) { return fail("action \"" + std::string(text) + "\": " + why); };
  if (text.size() < 5 || text[1] != ' ' || text[3] != ' ') return bad("expected 'K C TIME ...'");
  Action a;
  std::size_t kind = KIND_LETTERS.find(text[0]);
  if (kind == std::string_view::npos) return bad("unknown kind '" + std::string(1, text[0]) + "'");
  a.kind = ActionKind(kind);
  if (text[2] != 'w' && text[2] != 'b') return bad("colour must be w or b (column 3)");
  a.by = text[2] == 'w' ? WHITE : BLACK;
  std::string_view rest = text.substr(4);
  auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), a.at);
  if (ec != std::errc() || a.at < 0) return bad("time must be a non-negative integer (column 5)");
  rest = rest.substr(std::size_t(end - rest.data()));
  auto word = [&]() {
    if (!rest.empty() && rest[0] == ' ') rest.remove_prefix(1);
    std::size_t space = rest.find(' ');
    std::string_view w = rest.substr(0, space);
    rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space);
    return w;
  };
  if (a.kind == ActionKind::CLAIM) {
    std::string_view g = word();
    if (g != "f" && g != "t") return bad("claim ground must be t or f");
    a.ground = g == "f" ? ClaimGround::FIFTY_MOVES : ClaimGround::THREEFOLD_REPETITION;
  }
  a.uci = std::string(word());
  if (a.kind == ActionKind::MOVE && a.uci.empty()) return bad("a move needs its UCI text");
  return a;
}

// --- Time ---

GameTime::GameTime(std::shared_ptr<const TimeSource> real) : real_(std::move(real)) {
  if (!real_) real_ = std::make_shared<SteadyTimeSource>();
}

Millis GameTime::now() const { return running_ ? real_->now() + offset_ : frozen_; }

void GameTime::freeze(Millis instant) {
  running_ = false;
  frozen_ = instant;
}

void GameTime::run() {
  if (running_) return;
  offset_ = frozen_ - real_->now();
  running_ = true;
}

void GameTime::skip_back(Millis amount) {
  if (running_) offset_ -= amount;
  else frozen_ -= amount;
}

// --- The game ---

LiveGame::LiveGame(StartOptions options, std::shared_ptr<const TimeSource> time)
    : options_(std::move(options)),
      time_(std::make_shared<GameTime>(std::move(time))),
      clock_time_(std::make_shared<ClockTime>(time_)),
      dead_positions_(std::make_shared<DeadPositionCache>()) {}

Result<bool> LiveGame::setup() {
  time_->freeze(Millis{0});
  clock_time_->reset();
  GameOptions game_options;
  game_options.rules = options_.rules;
  game_options.dead_position_cache = dead_positions_;
  if (options_.time_control && options_.time_control->has_clock() && !options_.days)
    game_options.time_control = options_.time_control;
  // A game with takebacks keeps what rebuild() needs to return to an earlier move without replaying.
  game_options.rewindable = takebacks_allowed(options_);
  game_ = std::make_unique<Game>(options_.start, game_options, clock_time_);
  move_times_.clear();
  for (Move m : options_.moves) {
    if (auto r = game_->play(m); !r) return fail("start moves: " + r.error().message);
    move_times_.push_back(0);
  }
  follow_fair_start();
  turn_started_at_ = 0;
  return true;
}

Result<std::unique_ptr<LiveGame>> LiveGame::create(StartOptions options, std::shared_ptr<const TimeSource> time) {
  std::unique_ptr<LiveGame> live(new LiveGame(std::move(options), std::move(time)));
  if (auto r = live->setup(); !r) return r.error();
  return live;
}

Result<std::unique_ptr<LiveGame>> LiveGame::restore(StartOptions options, const std::vector<Action>& log,
                                                    std::shared_ptr<const TimeSource> time,
                                                    std::optional<Millis> checkpoint) {
  auto created = create(std::move(options), std::move(time));
  if (!created) return created.error();
  std::unique_ptr<LiveGame> live = std::move(*created);
  live->replaying_ = true;
  int64_t last = 0;
  for (std::size_t i = 0; i < log.size(); ++i) {
    const Action& a = log[i];
    if (a.at < last) return fail("log entry " + std::to_string(i + 1) + ": time goes back");
    last = a.at;
    live->time_->freeze(Millis{a.at});
    if (auto r = live->apply(a); !r)
      return fail("log entry " + std::to_string(i + 1) + " (" + action_text(a) + "): " + r.error().detail);
    live->log_.push_back(a);
  }
  live->replaying_ = false;
  live->time_->freeze(Millis{last});
  if (live->started_ && !live->over()) {
    if (checkpoint && checkpoint->count() > last) live->time_->freeze(*checkpoint);
    live->time_->run();
  }
  return live;
}

Answer<bool> LiveGame::ensure_running(Color) const {
  if (game_->is_over()) return refuse("game_over", "", "the game is over");
  if (!started_) return refuse("not_allowed", "waiting_for_opponent", "the game has not started");
  return true;
}

Move LiveGame::parse_uci(std::string_view uci, std::string* reason) const {
  Result<Move, UciError> move = move_from_uci(game_->position(), uci);
  if (move) return *move;
  if (reason) *reason = uci_error_code(move.error().kind);
  return Move::none();
}

Answer<Change> LiveGame::record(Action a) {
  // The action takes effect at the instant it is logged with, as it will when
  // the log is replayed: the game's time stands still while it is applied
  // (the machine's time moves on meanwhile, charged to nobody), so the clock
  // presses and readings of a replay are exact to the millisecond.
  const bool was_running = time_->running();
  a.at = time_->now().count();
  time_->freeze(Millis{a.at});
  Answer<Change> change = apply(a);
  if (was_running && !time_->running()) time_->run();
  if (change) log_.push_back(std::move(a));
  return change;
}

Answer<Change> LiveGame::apply(const Action& a) {
  switch (a.kind) {
    case ActionKind::START:
      return apply_start();
    case ActionKind::MOVE:
      return apply_move(a);
    case ActionKind::DRAW_OFFER:
      return apply_draw_offer(a.by);
    case ActionKind::DRAW_ACCEPT:
      return apply_draw_accept(a.by);
    case ActionKind::DRAW_DECLINE:
      return apply_draw_decline(a.by);
    case ActionKind::CLAIM:
      return apply_claim(a);
    case ActionKind::TAKEBACK_OFFER:
    case ActionKind::TAKEBACK_ACCEPT:
      return apply_takeback(a);
    case ActionKind::TAKEBACK_DECLINE:
      return apply_takeback_decline(a.by);
    case ActionKind::RESIGN:
      return apply_resign(a.by);
    case ActionKind::FLAG:
      return apply_flag();
    case ActionKind::ABORT:
      return apply_abort(a.by);
    case ActionKind::FIRST_MOVE_TIMEOUT:
      return apply_first_move_timeout();
    case ActionKind::OPPONENT_GONE:
      return apply_opponent_gone(a);
    case ActionKind::DEADLINE:
      return apply_deadline();
  }
  return refuse("not_allowed", "unknown", "unknown action");
}

void LiveGame::note_moves_played(std::size_t plies_before, Change& change) {
  for (std::size_t i = plies_before; i < game_->moves().size(); ++i) move_times_.push_back(time_->now().count());
  if (game_->moves().size() != plies_before) {
    change.moved = true;
    takeback_offer_.reset();
    turn_started_at_ = time_->now().count();
    follow_fair_start();
  }
  change.ended = game_->is_over();
}

Answer<Change> LiveGame::end_by_arbiter(Outcome outcome, std::string_view reason) {
  if (auto r = game_->arbiter_declare(outcome, reason); !r) return laws_refusal(r.error());
  Change change;
  change.ended = true;
  return change;
}

Answer<Change> LiveGame::apply_start() {
  if (started_) return refuse("not_allowed", "started", "the game has already started");
  started_ = true;
  turn_started_at_ = time_->now().count();
  if (!replaying_ && !game_->is_over()) time_->run();
  return Change{};
}

Answer<Change> LiveGame::apply_move(const Action& a) {
  if (auto r = ensure_running(a.by); !r) return r.error();
  if (a.by != turn()) return refuse("not_your_turn", "", "it is not this side's turn");
  std::string reason;
  Move m = parse_uci(a.uci, &reason);
  if (!m.is_ok()) return refuse("illegal_move", reason, "move " + a.uci + " refused: " + reason);
  Change change;
  const std::size_t plies_before = game_->moves().size();
  auto played_move = game_->play(m);
  note_moves_played(plies_before, change);
  // A move the Laws refuse is no refusal when the flag had fallen: the game ended instead (6.9).
  if (!played_move && !game_->is_over()) return laws_refusal(played_move.error());
  return change;
}

Answer<Change> LiveGame::apply_draw_offer(Color by) {
  if (auto r = ensure_running(by); !r) return r.error();
  if (game_->draw_offer() == by) return refuse("not_allowed", "offer_stands", "the offer stands already");
  if (auto r = game_->offer_draw(by); !r) return laws_refusal(r.error());
  Change change;
  change.offer = true;
  return change;
}

Answer<Change> LiveGame::apply_draw_accept(Color by) {
  if (auto r = ensure_running(by); !r) return r.error();
  if (game_->draw_offer() != ~by) return refuse("no_offer", "draw", "no draw offer by the opponent stands");
  if (auto r = game_->accept_draw(by); !r) return laws_refusal(r.error());
  Change change;
  change.ended = game_->is_over();
  return change;
}

Answer<Change> LiveGame::apply_draw_decline(Color by) {
  if (auto r = ensure_running(by); !r) return r.error();
  if (game_->draw_offer() != ~by) return refuse("no_offer", "draw", "no draw offer by the opponent stands");
  if (auto r = game_->decline_draw(by); !r) return laws_refusal(r.error());
  Change change;
  change.declined = true;
  return change;
}

Answer<Change> LiveGame::apply_claim(const Action& a) {
  if (auto r = ensure_running(a.by); !r) return r.error();
  if (a.by != turn()) return refuse("not_your_turn", "", "only the player having the move claims (Art. 9.2, 9.3)");
  std::optional<Move> intended;
  if (!a.uci.empty()) {
    std::string reason;
    Move m = parse_uci(a.uci, &reason);
    if (!m.is_ok()) return refuse("illegal_move", reason, "intended move " + a.uci + " refused: " + reason);
    intended = m;
  }
  Change change;
  const std::size_t plies_before = game_->moves().size();
  const Millis opponent_time_before = game_->clock() ? game_->clock()->remaining(~a.by) : Millis{0};
  auto verdict = game_->claim_draw(a.by, a.ground, intended);
  if (!verdict) return laws_refusal(verdict.error());
  change.explanation = verdict->explanation;
  if (!verdict->upheld) {
    change.claim_rejected = true;
    if (game_->clock()) change.added = game_->clock()->remaining(~a.by) - opponent_time_before;
  }
  note_moves_played(plies_before, change);
  return change;
}

Answer<Change> LiveGame::apply_takeback(const Action& a) {
  if (auto r = ensure_running(a.by); !r) return r.error();
  if (!takebacks_allowed(options_)) return refuse("not_allowed", "not_casual", "takebacks only in casual games");
  if (a.kind == ActionKind::TAKEBACK_ACCEPT) {
    if (takeback_offer_ != ~a.by) return refuse("no_offer", "takeback", "no takeback offer by the opponent");
    return take_back_moves_of(~a.by);
  }
  // The robot grants a takeback at once; a person is offered it.
  if (robot_seat(~a.by)) return take_back_moves_of(a.by);
  return stand_takeback_offer(a.by);
}

Answer<Change> LiveGame::stand_takeback_offer(Color by) {
  if (takeback_offer_ == by) return refuse("not_allowed", "offer_stands", "the offer stands already");
  if (game_->moves().size() <= options_.moves.size())
    return refuse("not_allowed", "no_move", "no move of this game to take back");
  takeback_offer_ = by;
  Change change;
  change.offer = true;
  return change;
}

int LiveGame::takeback_plies(Color asker) const {
  // The asker's last move goes, and the opponent's reply to it if there is one.
  int plies = turn() == asker ? 2 : 1;
  if (plies > played()) plies = played();
  if (turn() == asker && plies < 2) plies = 0;  // the asker has not moved yet
  return plies;
}

Answer<Change> LiveGame::take_back_moves_of(Color asker) {
  const int plies = takeback_plies(asker);
  if (plies == 0) return refuse("not_allowed", "no_move", "no move of this side to take back");
  if (auto r = rebuild(plies); !r) return laws_refusal(r.error());
  takeback_offer_.reset();
  Change change;
  change.rewritten = true;
  return change;
}

Answer<Change> LiveGame::apply_takeback_decline(Color by) {
  if (auto r = ensure_running(by); !r) return r.error();
  if (takeback_offer_ != ~by) return refuse("no_offer", "takeback", "no takeback offer by the opponent");
  takeback_offer_.reset();
  Change change;
  change.declined = true;
  return change;
}

Answer<Change> LiveGame::apply_resign(Color by) {
  if (game_->is_over()) return refuse("game_over", "", "the game is over");
  if (auto r = game_->resign(by); !r) return laws_refusal(r.error());
  Change change;
  change.ended = true;
  return change;
}

Answer<Change> LiveGame::apply_flag() {
  if (!game_->check_flag()) return refuse("not_allowed", "no_flag", "no flag has fallen");
  Change change;
  change.ended = true;
  return change;
}

Answer<Change> LiveGame::apply_abort(Color by) {
  if (game_->is_over()) return refuse("game_over", "", "the game is over");
  if (!can_abort(by)) {
    if (options_.tournament) return refuse("not_allowed", "tournament", "an event's game cannot be aborted");
    return refuse("not_allowed", "moved", "both sides have moved: the game can no longer be aborted");
  }
  return end_by_arbiter({Score::NO_RESULT, Termination::ABORTED, by}, "aborted");
}

Answer<Change> LiveGame::apply_first_move_timeout() {
  auto due = first_move_deadline();
  if (!due || time_->now() < *due) return refuse("not_allowed", "no_deadline", "no first move is overdue");
  const Color late = turn();
  // Casual: no game took place. An event's game: the absent player loses by default (Art. 6.7).
  Outcome outcome = options_.tournament ? Outcome{win_for(~late), Termination::FORFEIT, late}
                                        : Outcome{Score::NO_RESULT, Termination::ABORTED, late};
  return end_by_arbiter(outcome, "no first move within its time limit");
}

Answer<Change> LiveGame::apply_opponent_gone(const Action& a) {
  if (auto r = ensure_running(a.by); !r) return r.error();
  if (!opponent_gone_rule_applies(options_))
    return refuse("not_allowed", "not_invite", "only a casual game between two people");
  if (a.uci != "win" && a.uci != "draw") return refuse("not_allowed", "unknown", "claim the win or a draw");
  Outcome outcome{a.uci == "win" ? win_for(a.by) : Score::DRAW, Termination::ARBITER_DECISION, ~a.by};
  return end_by_arbiter(outcome, "the opponent left the game");
}

Answer<Change> LiveGame::apply_deadline() {
  auto due = deadline();
  if (!due || time_->now() < *due) return refuse("not_allowed", "no_deadline", "no deadline has passed");
  const Color late = turn();
  // As for a flag (Art. 6.9): lost, unless the opponent cannot checkmate by any series of legal moves.
  const bool can_mate = can_checkmate(game_->position(), ~late).verdict != Winnability::UNWINNABLE;
  Outcome outcome = can_mate ? Outcome{win_for(~late), Termination::TIME_FORFEIT, late}
                             : Outcome{Score::DRAW, Termination::TIMEOUT_DRAW, late};
  return end_by_arbiter(outcome, "correspondence deadline passed");
}

Result<bool> LiveGame::rebuild(int plies) {
  // The game is rewound in place, at a cost that does not grow with its length (a takeback costs a long game no
  // more than a short one): the kept moves and positions stay, the dead-position monitor and the clock return to
  // where they stood (Game::rewind), and the clock's time source to what a replay of the kept moves at their
  // instants would leave. The game keeps those points for its last moves only: further back (takebacks in a row),
  // it is replayed.
  if (!game_->can_rewind(plies)) return replay_without(plies);
  const TakebackMoment moment = takeback_moment();
  if (auto r = game_->rewind(plies); !r) return r;
  move_times_.resize(move_times_.size() - std::size_t(plies));
  if (game_->clock()) {
    // The clocks read as at the position returned to: the time stands at its move's press, as a replay leaves it.
    time_->freeze(Millis{move_times_.empty() ? 0 : move_times_.back()});
    restore_clock_time();
  } else {
    follow_fair_start();  // at the takeback's instant: the time was not moved
  }
  resume_after_takeback(moment);
  return true;
}

Result<bool> LiveGame::replay_without(int plies) {
  const TakebackMoment moment = takeback_moment();
  std::vector<Move> keep;
  std::vector<int64_t> times;
  const std::size_t kept = game_->moves().size() - std::size_t(plies);
  for (std::size_t i = options_.moves.size(); i < kept; ++i) {
    keep.push_back(game_->moves()[i].move);
    times.push_back(move_times_[i]);
  }
  if (auto r = setup(); !r) return r;
  for (std::size_t i = 0; i < keep.size(); ++i) {
    time_->freeze(Millis{times[i]});
    if (auto r = game_->play(keep[i]); !r) return fail("takeback replay: " + r.error().message);
    move_times_.push_back(times[i]);
    follow_fair_start();
  }
  resume_after_takeback(moment);
  return true;
}

LiveGame::TakebackMoment LiveGame::takeback_moment() const {
  TakebackMoment moment;
  if (const Clock* clock = game_->clock())
    for (Color c : {WHITE, BLACK}) moment.readings[c] = clock->remaining(c);
  moment.now = time_->now();
  moment.running = time_->running();
  return moment;
}

void LiveGame::resume_after_takeback(TakebackMoment moment) {
  // The clocks keep their time, but never more than they show at the position returned to: the increments earned
  // by the moves taken back go with them, so no clock of the record rises (`tabiya pgn check`), and the time spent
  // since stays charged once, where it was. The correction has no reason text: the PGN's clock readings show it,
  // with no arbiter's comment.
  if (const Clock* clock = game_->clock())
    for (Color c : {WHITE, BLACK})
      if (moment.readings[c]) moment.readings[c] = std::min(*moment.readings[c], clock->remaining(c));
  // A time the takeback moved stands at its instant again; a running one was never moved.
  if (!time_->running()) time_->freeze(moment.now);
  for (Color c : {WHITE, BLACK})
    if (moment.readings[c]) (void)game_->arbiter_set_clock(c, *moment.readings[c], "");
  turn_started_at_ = time_->now().count();
  ++rewrites_;
  if (moment.running) time_->run();
}

void LiveGame::restore_clock_time() {
  clock_time_->reset();
  if (!options_.fair_start) return clock_time_->run_excluding(Millis{0});
  // Paused at zero through the fair start; from the move that ended it, running less the time it took.
  const std::size_t ended = options_.moves.size() + std::size_t(FAIR_START_PLIES) - 1;
  if (played() >= FAIR_START_PLIES) clock_time_->run_excluding(Millis{move_times_[ended]});
}

bool LiveGame::prepare_move(std::string_view uci, uint64_t steps) {
  if (!started_ || over()) return true;  // refused without a proof
  Move m = parse_uci(uci, nullptr);
  return !m.is_ok() || game_->prepare_move(m, steps);
}

Answer<Change> LiveGame::start() { return record({ActionKind::START, WHITE, {}, {}, 0}); }

Answer<Change> LiveGame::move(Color by, std::string_view uci, std::optional<int> ply, Millis lag) {
  if (auto r = ensure_running(by); !r) return r.error();
  if (ply && *ply != int(game_->moves().size()))
    return refuse("stale", "", "the move was sent for ply " + std::to_string(*ply));
  if (by != turn()) return refuse("not_your_turn", "", "it is not this side's turn");
  std::string reason;
  if (!parse_uci(uci, &reason).is_ok()) return refuse("illegal_move", reason, "move refused: " + reason);
  // The lag allowance: never more than 500 ms, nor than the move took since the last logged instant.
  int64_t since = time_->now().count() - std::max(turn_started_at_, log_.empty() ? int64_t{0} : log_.back().at);
  int64_t allowance = std::min({lag.count(), MAX_LAG_ALLOWANCE.count(), since});
  if (allowance > 0) time_->skip_back(Millis{allowance});
  // A flag that fell before the move arrived ends the game first (Art. 6.9).
  if (check_time()) return refuse("game_over", "", "the flag fell before the move arrived");
  return record({ActionKind::MOVE, by, std::string(uci), {}, 0});
}

Answer<Change> LiveGame::draw_offer(Color by) { return record({ActionKind::DRAW_OFFER, by, {}, {}, 0}); }
Answer<Change> LiveGame::draw_accept(Color by) { return record({ActionKind::DRAW_ACCEPT, by, {}, {}, 0}); }
Answer<Change> LiveGame::draw_decline(Color by) { return record({ActionKind::DRAW_DECLINE, by, {}, {}, 0}); }
Answer<Change> LiveGame::claim(Color by, ClaimGround ground, std::string_view intended) {
  if (check_time()) return refuse("game_over", "", "the flag fell before the claim");
  return record({ActionKind::CLAIM, by, std::string(intended), ground, 0});
}
Answer<Change> LiveGame::takeback_offer(Color by) { return record({ActionKind::TAKEBACK_OFFER, by, {}, {}, 0}); }
Answer<Change> LiveGame::takeback_accept(Color by) { return record({ActionKind::TAKEBACK_ACCEPT, by, {}, {}, 0}); }
Answer<Change> LiveGame::takeback_decline(Color by) { return record({ActionKind::TAKEBACK_DECLINE, by, {}, {}, 0}); }
Answer<Change> LiveGame::resign(Color by) {
  if (check_time()) return refuse("game_over", "", "the flag fell before the resignation");
  return record({ActionKind::RESIGN, by, {}, {}, 0});
}

Answer<Change> LiveGame::abort(Color by) {
  if (check_time()) return refuse("game_over", "", "the time ran out before the abort");
  return record({ActionKind::ABORT, by, {}, {}, 0});
}

Answer<Change> LiveGame::claim_opponent_gone(Color by, bool win, Millis away) {
  if (check_time()) return refuse("game_over", "", "the flag fell before the claim");
  if (away < OPPONENT_GONE_AFTER)
    return refuse("not_allowed", "opponent_present", "the opponent has not been away long enough");
  return record({ActionKind::OPPONENT_GONE, by, win ? "win" : "draw", {}, 0});
}

bool LiveGame::in_fair_start() const { return options_.fair_start && !game_->is_over() && played() < FAIR_START_PLIES; }

bool LiveGame::can_abort(Color by) const { return in_fair_start() && !options_.tournament && !robot_seat(by); }

std::optional<Millis> LiveGame::first_move_deadline() const {
  if (!started_ || !in_fair_start() || robot_seat(turn())) return std::nullopt;
  auto limit = first_move_limit(options_);
  if (!limit) return std::nullopt;
  return Millis{turn_started_at_} + *limit;
}

std::optional<ActionKind> LiveGame::ended_by() const {
  if (!game_->is_over() || log_.empty()) return std::nullopt;
  return log_.back().kind;
}

void LiveGame::follow_fair_start() {
  if (!options_.fair_start || played() >= FAIR_START_PLIES) clock_time_->resume();
  else clock_time_->pause();
}

bool LiveGame::check_time() {
  if (!started_ || game_->is_over()) return false;
  if (in_fair_start()) {
    auto due = first_move_deadline();
    return due && time_->now() >= *due && record({ActionKind::FIRST_MOVE_TIMEOUT, turn(), {}, {}, 0}).ok();
  }
  if (const Clock* clock = game_->clock(); clock && (clock->flag_fallen(WHITE) || clock->flag_fallen(BLACK)))
    return record({ActionKind::FLAG, turn(), {}, {}, 0}).ok();
  if (auto due = deadline(); due && time_->now() >= *due) return record({ActionKind::DEADLINE, turn(), {}, {}, 0}).ok();
  return false;
}

std::optional<Millis> LiveGame::deadline() const {
  if (!options_.days || !started_ || game_->is_over()) return std::nullopt;
  if (in_fair_start()) return first_move_deadline();  // the same instant, but its passing aborts instead
  return Millis{turn_started_at_ + *options_.days * DAY_MS};
}

std::optional<Millis> LiveGame::time_limit() const {
  if (!started_ || game_->is_over()) return std::nullopt;
  if (in_fair_start()) return first_move_deadline();
  if (const Clock* clock = game_->clock()) {
    auto flag = clock->flag_time(turn());
    if (!flag) return std::nullopt;
    return clock_time_->base_instant(*flag);  // the clock reads the game's time less the fair start
  }
  return deadline();
}

engine::SearchLimits LiveGame::robot_limits(int64_t movetime) const {
  engine::SearchLimits limits;
  const Color us = turn();
  if (const Clock* clock = game_->clock()) {
    for (Color c : {WHITE, BLACK}) {
      limits.time[c] = clock->remaining(c).count();
      limits.increment[c] = clock->increment_for_next_move(c).count();
    }
    limits.delay = clock->delay_for_next_move(us).count();
    limits.movestogo = clock->moves_to_control(us).value_or(0);
    // The robot's pace (play/robot_clock.h); the engine still keeps inside the clock itself.
    limits.movetime = robot_move_time({limits.time[us], limits.increment[us], limits.delay, limits.movestogo});
  } else {
    limits.movetime = movetime;
  }
  return limits;
}

std::vector<Move> LiveGame::move_list() const {
  std::vector<Move> moves;
  for (const MoveRecord& record : game_->moves()) moves.push_back(record.move);
  return moves;
}

}  // namespace tabiya::play
