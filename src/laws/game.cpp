#include "laws/game.h"

#include <algorithm>

#include "core/movegen.h"
#include "laws/dead_position.h"
#include "laws/game_category.h"
#include "notation/move_reader.h"
#include "core/uci_move.h"
#include "notation/san.h"

namespace tabiya {
namespace {

std::string color_name(Color c) { return c == WHITE ? "White" : "Black"; }

std::string minutes_text(Millis t) {
  auto s = std::chrono::duration_cast<std::chrono::seconds>(t).count();
  return s % 60 == 0 ? std::to_string(s / 60) + " min" : std::to_string(s) + " s";
}

}  // namespace

Game::Game(Position start, GameOptions options, std::shared_ptr<const TimeSource> time)
    : options_(std::move(options)), profile_(&rules_profile(options_.rules)), time_(std::move(time)) {
  positions_.push_back(std::move(start));
  category_ = GameCategory::STANDARD;
  if (options_.time_control) {
    if (auto c = classify_time_control(*options_.time_control, *profile_)) category_ = *c;
    if (options_.time_control->has_clock()) {
      if (!time_) time_ = std::make_shared<SteadyTimeSource>();
      if (auto clock = Clock::create(*options_.time_control, time_)) {
        clock_.emplace(std::move(*clock));
        (void)clock_->start(position().side_to_move());  // 2014 Art. 6.6
      }
    }
  }
  if (options_.category) category_ = *options_.category;
  // A game may start in a finished position (e.g. a FEN with mate on the board).
  check_automatic_endings();
}

Result<bool> Game::require_running() const {
  if (outcome_) return fail("the game is over: " + describe(*outcome_, options_.rules));
  return true;
}

void Game::record(GameEventKind kind, std::optional<Color> player, std::string detail) {
  events_.push_back({kind, player, int(moves_.size()), std::move(detail)});
}

void Game::finish(Outcome outcome) {
  outcome_ = outcome;
  draw_offer_.reset();
  if (clock_) clock_->stop();
}

void Game::apply_move(Move m) {
  const Position& before = position();
  MoveRecord rec{m, to_san(before, m), Millis{0}, std::nullopt};
  Position after = before;
  UndoInfo undo;
  after.do_move(m, undo);
  moves_.push_back(std::move(rec));
  positions_.push_back(std::move(after));
}

Result<bool> Game::play(Move m) {
  if (auto r = require_running(); !r) return r;
  const Position& pos = position();
  Color mover = pos.side_to_move();
  // The flag first: a player out of time has lost (6.9) whatever he tries to play.
  if (clock_ && clock_->flag_fallen(mover)) {
    check_flag();
    return fail(color_name(mover) + "'s flag fell before the move was made");
  }
  if (!pos.is_legal(m)) return fail("illegal move " + to_uci(m, pos) + " in this position");
  // Touching a piece to move rejects the opponent's offer (9.1.b.1).
  if (draw_offer_ == ~mover) {
    record(GameEventKind::DRAW_DECLINED, mover, "by moving");
    draw_offer_.reset();
  }
  apply_move(m);
  check_automatic_endings();
  // A move that ends the game is completed without pressing the clock (6.2.a).
  if (clock_ && !outcome_) {
    if (auto report = clock_->press()) {
      moves_.back().elapsed = report->time_used;
      moves_.back().clock_after = report->remaining;
    }
  } else if (clock_) {
    moves_.back().clock_after = clock_->remaining(mover);
  }
  return true;
}

Result<bool> Game::play(std::string_view text) {
  if (auto r = require_running(); !r) return r;
  auto m = parse_move(position(), text);
  if (!m) {
    // Out of time is out of time, whatever was typed (6.9).
    if (check_flag())
      return fail(color_name(outcome_->culprit.value_or(side_to_move())) + "'s flag fell before the move was made");
    return fail(m.error().message);
  }
  return play(*m);
}

Result<bool> Game::takeback() {
  if (options_.arbiter_mode) return fail("takeback is not possible in arbiter mode: the record is the scoresheet");
  if (clock_) return fail("takeback is not possible in a game with clocks");
  if (moves_.empty()) return fail("no move to take back");
  if (outcome_) {
    switch (outcome_->termination) {
      case Termination::CHECKMATE:
      case Termination::STALEMATE:
      case Termination::DEAD_POSITION:
      case Termination::FIVEFOLD_REPETITION:
      case Termination::SEVENTY_FIVE_MOVES: break;
      default: return fail("the game is over: " + describe(*outcome_, options_.rules));
    }
    outcome_.reset();
  }
  moves_.pop_back();
  positions_.pop_back();
  draw_offer_.reset();
  return true;
}

int Game::repetition_count() const {
  Key key = position().key();
  return int(std::count_if(positions_.begin(), positions_.end(), [key](const Position& p) { return p.key() == key; }));
}

bool Game::can_claim_threefold(std::optional<Move> intended) const {
  if (!intended) return repetition_count() >= 3;
  if (!position().is_legal(*intended)) return false;
  Position next = position();
  UndoInfo undo;
  next.do_move(*intended, undo);
  Key key = next.key();
  // The intended move adds one more occurrence (9.2.a "is about to appear").
  return 1 + std::count_if(positions_.begin(), positions_.end(), [key](const Position& p) { return p.key() == key; }) >= 3;
}

bool Game::can_claim_fifty_moves(std::optional<Move> intended) const {
  if (!intended) return position().halfmove_clock() >= 100;
  if (!position().is_legal(*intended)) return false;
  Position next = position();
  UndoInfo undo;
  next.do_move(*intended, undo);
  return next.halfmove_clock() >= 100;
}

bool Game::fivefold_repetition() const {
  Key key = position().key();
  switch (profile_->fivefold) {
    case FivefoldRule::NONE: return false;
    case FivefoldRule::FIVE_TIMES: return repetition_count() >= 5;
    case FivefoldRule::CONSECUTIVE_ALTERNATE: {
      // The position stood after each of the last five moves of the same
      // player, i.e. every fourth ply.
      std::size_t last = positions_.size() - 1;
      if (last < 16) return false;
      for (std::size_t k = 1; k <= 4; ++k)
        if (positions_[last - 4 * k].key() != key) return false;
      return true;
    }
  }
  return false;
}

void Game::check_automatic_endings() {
  const Position& pos = position();
  Color mover = ~pos.side_to_move();
  if (count_legal(pos) == 0) {
    if (pos.in_check()) finish({win_for(mover), Termination::CHECKMATE, std::nullopt});  // 5.1.a
    else finish({Score::DRAW, Termination::STALEMATE, std::nullopt});                    // 5.2.a
    return;
  }
  if (is_dead_position(pos)) return finish({Score::DRAW, Termination::DEAD_POSITION, std::nullopt});  // 5.2.b
  if (fivefold_repetition()) return finish({Score::DRAW, Termination::FIVEFOLD_REPETITION, std::nullopt});
  // 9.6.b: checkmate on the last move takes precedence (decided above).
  if (profile_->seventy_five_moves && pos.halfmove_clock() >= 150)
    return finish({Score::DRAW, Termination::SEVENTY_FIVE_MOVES, std::nullopt});
}

Outcome Game::loss_unless_opponent_cannot_mate(Color loser, Termination loss, Termination draw) const {
  WinnabilityResult r = can_checkmate(position(), ~loser);
  // Undetermined counts as "can mate": a draw needs proof that mate is impossible.
  if (r.verdict == Winnability::UNWINNABLE) return {Score::DRAW, draw, loser};
  return {win_for(~loser), loss, loser};
}

Millis Game::penalty(Millis standard, Millis blitz) const { return category_ == GameCategory::BLITZ ? blitz : standard; }

void Game::add_time(Color to, Millis amount, std::string detail) {
  if (clock_) clock_->add_time(to, amount);
  record(GameEventKind::TIME_ADDED, to, std::move(detail));
}

Result<bool> Game::offer_draw(Color by) {
  if (auto r = require_running(); !r) return r;
  if (draw_offer_ == ~by) return accept_draw(by);  // offering back is accepting
  if (draw_offer_ == by) return fail(color_name(by) + "'s draw offer already stands (Art. 9.1.b: it cannot be repeated or withdrawn)");
  int move_number = position().fullmove_number();
  if (move_number <= options_.no_agreement_before_move)
    return fail("the regulations forbid draw agreements before move " +
                std::to_string(options_.no_agreement_before_move + 1) + " (Art. 9.1.a)");
  draw_offer_ = by;
  record(GameEventKind::DRAW_OFFER, by, "(=)");
  return true;
}

Result<bool> Game::accept_draw(Color by) {
  if (auto r = require_running(); !r) return r;
  if (draw_offer_ != ~by) return fail("there is no draw offer from " + color_name(~by) + " to accept");
  record(GameEventKind::DRAW_ACCEPTED, by, "");
  finish({Score::DRAW, Termination::AGREEMENT, std::nullopt});
  return true;
}

Result<bool> Game::decline_draw(Color by) {
  if (auto r = require_running(); !r) return r;
  if (draw_offer_ != ~by) return fail("there is no draw offer from " + color_name(~by) + " to decline");
  draw_offer_.reset();
  record(GameEventKind::DRAW_DECLINED, by, "");
  return true;
}

Result<ClaimVerdict> Game::claim_draw(Color claimant, ClaimGround ground, std::optional<Move> intended) {
  if (auto r = require_running(); !r) return r.error();
  if (claimant != side_to_move())
    return fail("only the player having the move may claim a draw (Art. 9.2, 9.3); it is " +
                color_name(side_to_move()) + "'s move");
  if (intended && !position().is_legal(*intended))
    return fail("the intended move " + to_uci(*intended, position()) + " is not legal");
  bool threefold = ground == ClaimGround::THREEFOLD_REPETITION;
  bool upheld = threefold ? can_claim_threefold(intended) : can_claim_fifty_moves(intended);
  std::string what = threefold ? "threefold repetition (Art. 9.2)" : "fifty-move rule (Art. 9.3)";
  std::string on = intended ? " after " + to_san(position(), *intended) : "";

  if (upheld) {
    record(GameEventKind::CLAIM_UPHELD, claimant, what + on);
    if (intended) apply_move(*intended);
    finish({Score::DRAW, threefold ? Termination::THREEFOLD_REPETITION : Termination::FIFTY_MOVES, claimant});
    return ClaimVerdict{true, "draw by " + what + on};
  }

  // 9.5.b: the opponent gets extra time, the intended move must be played, and
  // the claim stands as a draw offer (9.1.b.3).
  Millis bonus = penalty(profile_->wrong_claim_bonus, profile_->wrong_claim_bonus_blitz);
  record(GameEventKind::CLAIM_REJECTED, claimant, what + on);
  add_time(~claimant, bonus, "incorrect draw claim: +" + minutes_text(bonus) + " (Art. 9.5.b)");
  if (profile_->wrong_claim_cuts_claimant_time && clock_) {
    // 2001 Art. 9.5.b: more than 2 min left: lose half of it, at most 3 min;
    // between 1 and 2 min: down to 1 min; less than 1 min: unchanged.
    Millis left = clock_->remaining(claimant);
    Millis cut{0};
    if (left > std::chrono::minutes(2)) cut = std::min<Millis>(left / 2, std::chrono::minutes(3));
    else if (left > std::chrono::minutes(1)) cut = left - std::chrono::minutes(1);
    if (cut > Millis{0}) add_time(claimant, -cut, "incorrect draw claim: claimant's time reduced (2001 Art. 9.5.b)");
  }
  // The claim is also a draw offer, unless the regulations forbid agreeing a
  // draw yet (9.1.a): the opponent must not be able to accept it then.
  if (position().fullmove_number() > options_.no_agreement_before_move) {
    draw_offer_ = claimant;
    record(GameEventKind::DRAW_OFFER, claimant, "a claim is a draw offer (Art. 9.1.b)");
  }
  if (intended) {
    if (auto played = play(*intended); !played) return played.error();
  }
  return ClaimVerdict{false, "incorrect claim of " + what + on + ": the game continues"};
}

Result<bool> Game::resign(Color by) {
  if (auto r = require_running(); !r) return r;
  record(GameEventKind::RESIGNATION, by, "");
  finish({win_for(~by), Termination::RESIGNATION, by});
  return true;
}

bool Game::check_flag() {
  if (outcome_ || !clock_) return false;
  // Only the running clock can fall; the waiting player's flag fell earlier
  // only if an arbiter adjustment says so, which ends the game the same way.
  for (Color c : {side_to_move(), ~side_to_move()}) {
    if (!clock_->flag_fallen(c)) continue;
    if (clock_->flag_fallen(~c)) return false;  // both: see both_flags_fallen()
    record(GameEventKind::FLAG_FALL, c, "");
    finish(loss_unless_opponent_cannot_mate(c, Termination::TIME_FORFEIT, Termination::TIMEOUT_DRAW));
    return true;
  }
  return false;
}

Result<bool> Game::both_flags_fallen() {
  if (auto r = require_running(); !r) return r;
  if (!clock_) return fail("the game has no clock");
  // Only a clock that shows both flags down can be ruled on under 6.11.
  std::optional<BothFlagsDecision> d = both_flags_decision(*profile_, *clock_);
  if (!d)
    return fail("both flags have not fallen: White's is " + std::string(clock_->flag_fallen(WHITE) ? "down" : "up") +
                ", Black's is " + (clock_->flag_fallen(BLACK) ? "down" : "up"));
  record(GameEventKind::FLAG_FALL, std::nullopt, "both flags fell, order unknown");
  if (*d == BothFlagsDecision::DRAW) finish({Score::DRAW, Termination::BOTH_FLAGS_FELL, std::nullopt});
  return true;
}

Result<bool> Game::record_illegal_move(Color by, std::string_view text, std::optional<Move> unpromoted) {
  if (auto r = require_running(); !r) return r;
  if (!options_.arbiter_mode) return fail("illegal moves are refused in normal play; record them in arbiter mode");
  if (by != side_to_move()) return fail("the illegal move must be by the player having the move, " + color_name(side_to_move()));
  std::optional<Move> queen;
  if (unpromoted) {
    Move q = Move::make(MoveKind::PROMOTION, unpromoted->from(), unpromoted->to(), QUEEN);
    if (!position().is_legal(q))
      return fail("the unpromoted pawn move " + square_name(unpromoted->from()) + "-" + square_name(unpromoted->to()) +
                  " would not be legal even as a promotion");
    queen = q;
  }
  int count = ++illegal_moves_[by];
  record(GameEventKind::ILLEGAL_MOVE, by, std::string(text));
  bool quick = category_ != GameCategory::STANDARD && !options_.supervised && profile_->unsupervised_illegal_move_loses;
  int limit = quick ? 1 : profile_->illegal_moves_to_lose;
  if (count >= limit) {
    finish(loss_unless_opponent_cannot_mate(by, Termination::ILLEGAL_MOVE_LOSS, Termination::ILLEGAL_MOVE_DRAW));
    return true;
  }
  Millis bonus = penalty(profile_->illegal_move_bonus, profile_->illegal_move_bonus_blitz);
  add_time(~by, bonus, "illegal move by " + color_name(by) + ": +" + minutes_text(bonus));
  // 2014 Art. 7.5.a: an unpromoted pawn on the last rank becomes a queen.
  // Earlier editions (2009 Art. 7.4.a) reinstate the position before it: the
  // player then moves the pawn again (touch move) and chooses the piece himself.
  if (queen && profile_->edition >= RulesEdition::FIDE_2014) return play(*queen);
  return true;
}

Result<bool> Game::arbiter_add_time(Color to, Millis amount, std::string_view reason) {
  if (auto r = require_running(); !r) return r;
  if (!clock_) return fail("the game has no clock");
  add_time(to, amount, std::string(reason));
  return true;
}

Result<bool> Game::arbiter_set_clock(Color player, Millis remaining, std::string_view reason) {
  if (auto r = require_running(); !r) return r;
  if (!clock_) return fail("the game has no clock");
  if (auto r = clock_->set_time(player, remaining); !r) return r;
  record(GameEventKind::CLOCK_SET, player, std::string(reason));
  return true;
}

Result<bool> Game::arbiter_declare(Outcome outcome, std::string_view reason) {
  if (auto r = require_running(); !r) return r;
  record(GameEventKind::RESULT_DECLARED, outcome.culprit, std::string(reason));
  finish(outcome);
  return true;
}

Result<bool> Game::forfeit(std::optional<Color> absent) {
  if (auto r = require_running(); !r) return r;
  if (!moves_.empty()) return fail("a game with moves played cannot be forfeited; use the arbiter's decision");
  Score s = !absent ? Score::DOUBLE_FORFEIT : *absent == WHITE ? Score::BLACK_FORFEIT_WIN : Score::WHITE_FORFEIT_WIN;
  finish({s, Termination::FORFEIT, absent});
  return true;
}

}  // namespace tabiya
