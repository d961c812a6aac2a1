#include "laws/game.h"

#include <algorithm>
#include <utility>

#include "core/movegen.h"
#include "core/uci_move.h"
#include "laws/dead_position.h"
#include "laws/game_category.h"
#include "laws/rules_profile.h"
#include "notation/move_reader.h"
#include "notation/plain_san.h"
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
    : options_(std::move(options)),
      profile_(&rules_profile(options_.rules)),
      time_(std::move(time)),
      history_(std::move(start), REWIND_POINTS),
      dead_monitor_(WinnabilityLimits{}, options_.dead_position_cache) {
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
  moves_.push_back(MoveRecord{m, to_san(position(), m), Millis{0}, std::nullopt});
  history_.play(m);
  if (options_.rewindable) {
    monitor_before_.push_back(dead_monitor_);
    if (clock_) clock_before_.push_back(clock_->reading());
    // Only the last moves' points are kept, as far back as history_ undoes moves (REWIND_POINTS to twice that): a
    // takeback goes back one or two plies, and a point costs some 200 bytes, which the whole game's would multiply
    // (memory per game: a server holds thousands of games).
    if (monitor_before_.size() > history_.undoable()) {
      const std::size_t dropped = monitor_before_.size() - history_.undoable();
      monitor_before_.erase(monitor_before_.begin(), monitor_before_.begin() + std::ptrdiff_t(dropped));
      if (clock_) clock_before_.erase(clock_before_.begin(), clock_before_.begin() + std::ptrdiff_t(dropped));
      first_rewind_point_ += dropped;
    }
  }
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
  if (!is_legal_move(pos, m)) return fail("illegal move " + to_uci(m, pos) + " in this position");
  if (quickplay_claimant_ && !quickplay_postponed_)
    return fail("the quickplay finish claim awaits the arbiter's decision; the game continues after it");
  quickplay_request_.reset();  // a G.4 request lapses once the requester moves
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

bool Game::prepare_move(Move m, uint64_t steps) {
  prepared_.reset();
  if (outcome_ || options_.every_position_alive || options_.first_dead_ply >= 0) return true;
  const Position& pos = position();
  if (!is_legal_move(pos, m)) return true;  // refused: no test
  Position after = pos;
  UndoInfo undo;
  after.do_move(m, undo);
  if (!has_legal_move(after)) return true;  // mate or stalemate ends the game first
  auto trial = dead_monitor_.try_after_move(pos, m, after, steps);
  if (!trial) return false;
  prepared_.emplace(PreparedMove{PositionIdentity::of(pos), m, std::move(*trial)});
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
      case Termination::SEVENTY_FIVE_MOVES:
        break;
      default:
        return fail("the game is over: " + describe(*outcome_, options_.rules));
    }
    outcome_.reset();
  }
  moves_.pop_back();
  history_.truncate(moves_.size());  // replays the moves when they are older than its undo records
  if (!monitor_before_.empty()) {
    dead_monitor_ = std::move(monitor_before_.back());
    monitor_before_.pop_back();
  }
  first_rewind_point_ = std::min(first_rewind_point_, moves_.size());
  prepared_.reset();
  draw_offer_.reset();
  return true;
}

bool Game::can_rewind(int plies) const {
  return options_.rewindable && !options_.arbiter_mode && !bonus_introduced_ && plies >= 0 &&
         std::size_t(plies) <= moves_.size() - first_rewind_point_;
}

Result<bool> Game::rewind(int plies) {
  if (!options_.rewindable) return fail("rewind: the game keeps no rewind points");
  if (options_.arbiter_mode) return fail("rewind is not possible in arbiter mode: the record is the scoresheet");
  if (bonus_introduced_)
    return fail("rewind is not possible after a bonus was introduced: the clock's time control changed (G.4)");
  if (auto r = require_running(); !r) return r;
  if (plies < 0 || std::size_t(plies) > moves_.size())
    return fail("rewind: " + std::to_string(plies) + " plies asked, " + std::to_string(moves_.size()) + " played");
  if (plies == 0) return true;
  if (!can_rewind(plies))
    return fail("rewind: " + std::to_string(plies) + " plies asked, the points of the last " +
                std::to_string(moves_.size() - first_rewind_point_) + " are kept");
  const std::size_t kept = moves_.size() - std::size_t(plies);
  const std::size_t point = kept - first_rewind_point_;
  dead_monitor_ = std::move(monitor_before_[point]);
  if (clock_) clock_->restore(clock_before_[point]);
  moves_.erase(moves_.begin() + std::ptrdiff_t(kept), moves_.end());
  history_.truncate(kept);  // undone, not replayed: the rewind points reach no further back than its undo records
  monitor_before_.erase(monitor_before_.begin() + std::ptrdiff_t(point), monitor_before_.end());
  if (clock_) clock_before_.erase(clock_before_.begin() + std::ptrdiff_t(point), clock_before_.end());
  prepared_.reset();
  events_.clear();
  draw_offer_.reset();
  return true;
}

int Game::repetition_count() const { return history_.occurrences(position().key()); }

bool Game::can_claim_threefold(std::optional<Move> intended) const {
  if (!intended) return repetition_count() >= 3;
  if (!position().is_legal(*intended)) return false;
  Position next = position();
  UndoInfo undo;
  next.do_move(*intended, undo);
  // The intended move adds one more occurrence (9.2.a "is about to appear").
  return 1 + history_.occurrences(next.key()) >= 3;
}

bool Game::can_claim_fifty_moves(std::optional<Move> intended) const {
  if (!intended) return position().halfmove_clock() >= 100;
  if (!position().is_legal(*intended)) return false;
  Position next = position();
  UndoInfo undo;
  next.do_move(*intended, undo);
  return next.halfmove_clock() >= 100;
}

std::optional<ClaimGround> Game::claimable_draw(std::optional<Move> intended) const {
  if (can_claim_threefold(intended)) return ClaimGround::THREEFOLD_REPETITION;
  if (can_claim_fifty_moves(intended)) return ClaimGround::FIFTY_MOVES;
  return std::nullopt;
}

bool Game::fivefold_repetition() const {
  Key key = position().key();
  switch (profile_->fivefold) {
    case FivefoldRule::NONE:
      return false;
    case FivefoldRule::FIVE_TIMES:
      return repetition_count() >= 5;
    case FivefoldRule::CONSECUTIVE_ALTERNATE: {
      // The position stood after each of the last five moves of the same
      // player, i.e. every fourth ply.
      std::size_t last = history_.plies();
      if (last < 16) return false;
      for (std::size_t k = 1; k <= 4; ++k)
        if (history_.key(last - 4 * k) != key) return false;
      return true;
    }
  }
  return false;
}

void Game::check_automatic_endings() {
  // prepare_move()'s answer serves this move only, whatever ends it.
  std::optional<PreparedMove> prepared = std::exchange(prepared_, std::nullopt);
  const Position& pos = position();
  Color mover = ~pos.side_to_move();
  if (!has_legal_move(pos)) {
    // 5.1.a; the culprit is the side mated.
    if (pos.in_check()) finish({win_for(mover), Termination::CHECKMATE, pos.side_to_move()});
    else finish({Score::DRAW, Termination::STALEMATE, std::nullopt});  // 5.2.a
    return;
  }
  // The monitor answers most moves from the previous position's proof; a
  // position it cannot tell (UNDETERMINED) is alive, like is_dead_position().
  DeadPositionVerdict dead =
      options_.every_position_alive ? DeadPositionVerdict::ALIVE
      : options_.first_dead_ply >= 0
          ? (int(moves_.size()) == options_.first_dead_ply ? DeadPositionVerdict::DEAD : DeadPositionVerdict::ALIVE)
      : !moves_.empty() ? dead_after_last_move(std::move(prepared))
                        : dead_monitor_.check(pos);
  if (dead == DeadPositionVerdict::DEAD)
    return finish({Score::DRAW, Termination::DEAD_POSITION, std::nullopt});  // 5.2.b
  if (fivefold_repetition()) return finish({Score::DRAW, Termination::FIVEFOLD_REPETITION, std::nullopt});
  // 9.6.b: checkmate on the last move takes precedence (decided above).
  if (profile_->seventy_five_moves && pos.halfmove_clock() >= 150)
    return finish({Score::DRAW, Termination::SEVENTY_FIVE_MOVES, std::nullopt});
}

DeadPositionVerdict Game::dead_after_last_move(std::optional<PreparedMove> prepared) {
  const Position before = history_.at(history_.plies() - 1);
  const Move move = moves_.back().move;
  if (prepared && prepared->move == move && prepared->before == PositionIdentity::of(before))
    return dead_monitor_.adopt(std::move(prepared->trial));
  return dead_monitor_.after_move(before, move, position());
}

Outcome Game::loss_unless_opponent_cannot_mate(Color loser, Termination loss, Termination draw) const {
  WinnabilityResult r = can_checkmate(position(), ~loser);
  // Undetermined counts as "can mate": a draw needs proof that mate is impossible.
  if (r.verdict == Winnability::UNWINNABLE) return {Score::DRAW, draw, loser};
  return {win_for(~loser), loss, loser};
}

Millis Game::penalty(Millis standard, Millis blitz) const {
  return category_ == GameCategory::BLITZ ? blitz : standard;
}

void Game::add_time(Color to, Millis amount, std::string detail) {
  if (clock_) clock_->add_time(to, amount);
  record(GameEventKind::TIME_ADDED, to, std::move(detail));
}

Result<bool> Game::offer_draw(Color by) {
  if (auto r = require_running(); !r) return r;
  if (draw_offer_ == ~by) return accept_draw(by);  // offering back is accepting
  if (draw_offer_ == by)
    return fail(color_name(by) + "'s draw offer already stands (Art. 9.1.b: it cannot be repeated or withdrawn)");
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

namespace {

// Where each edition puts the quickplay finish rules.
std::string quickplay_claim_article(RulesEdition e) {
  if (e >= RulesEdition::FIDE_2018) return "Guidelines III.5";
  if (e >= RulesEdition::FIDE_2014) return "Appendix G.5";
  return "Art. 10.2";
}

std::string quickplay_request_article(RulesEdition e) {
  return e >= RulesEdition::FIDE_2018 ? "Guidelines III.4" : "Appendix G.4";
}

}  // namespace

std::optional<std::string> Game::quickplay_refusal(Color player, std::string_view article) const {
  std::string where = " (" + std::string(article) + ", " + std::string(profile_->title) + ")";
  if (!clock_) return "a quickplay finish needs a clock" + where;
  if (!quickplay_finish_applies(category_, clock_->time_control(), *profile_))
    return std::string(category_ == GameCategory::BLITZ ? "there is no quickplay finish in blitz"
                                                        : "no quickplay finish here: only standard and rapid games "
                                                          "without increment or delay") +
           where;
  if (player != side_to_move())
    return "only the player having the move may do this; it is " + color_name(side_to_move()) + "'s move" + where;
  if (!clock_->in_last_period(player))
    return color_name(player) + " is not yet in the period in which all remaining moves must be completed" + where;
  if (!quickplay_claim_time_ok(*clock_, player, *profile_))
    return color_name(player) + " needs less than " + minutes_text(profile_->quickplay_claim_threshold) +
           " on the clock, flag not fallen" + where;
  return std::nullopt;
}

Result<bool> Game::claim_quickplay_draw(Color claimant) {
  if (auto r = require_running(); !r) return r;
  std::string article = quickplay_claim_article(profile_->edition);
  if (quickplay_claimant_)
    return fail("a quickplay finish claim by " + color_name(*quickplay_claimant_) + " is already before the arbiter");
  if (auto why = quickplay_refusal(claimant, article)) return fail(*why);
  quickplay_claimant_ = claimant;
  quickplay_postponed_ = false;
  record(GameEventKind::QUICKPLAY_CLAIM, claimant,
         "with " + std::to_string(clock_->remaining(claimant).count() / 1000) + " s left (" + article + ")");
  // A claim is also a draw offer (2009 Art. 9.1.b.3, 2014 Art. 9.1.b.3).
  if (draw_offer_ != claimant && position().fullmove_number() > options_.no_agreement_before_move) {
    draw_offer_ = claimant;
    record(GameEventKind::DRAW_OFFER, claimant, "a claim is a draw offer (Art. 9.1.b)");
  }
  return true;
}

Result<bool> Game::decide_quickplay_claim(QuickplayDecision decision, bool bonus_on_postpone) {
  if (auto r = require_running(); !r) return r;
  if (!quickplay_claimant_ || quickplay_postponed_)
    return fail("there is no quickplay finish claim awaiting a decision");
  Color claimant = *quickplay_claimant_;
  std::string article = quickplay_claim_article(profile_->edition);
  switch (decision) {
    case QuickplayDecision::ACCEPT:
      record(GameEventKind::QUICKPLAY_DECISION, claimant, "accepted: drawn (" + article + ".a)");
      quickplay_claimant_.reset();
      finish({Score::DRAW, Termination::QUICKPLAY_DRAW, claimant});
      return true;
    case QuickplayDecision::POSTPONE:
      record(GameEventKind::QUICKPLAY_DECISION, claimant, "postponed (" + article + ".b)");
      quickplay_postponed_ = true;
      if (bonus_on_postpone)
        add_time(~claimant, profile_->quickplay_bonus,
                 "quickplay claim postponed: +" + minutes_text(profile_->quickplay_bonus) + " (" + article + ".b)");
      return true;
    case QuickplayDecision::REJECT:
      record(GameEventKind::QUICKPLAY_DECISION, claimant, "rejected (" + article + ".c)");
      quickplay_claimant_.reset();
      add_time(~claimant, profile_->quickplay_bonus,
               "quickplay claim rejected: +" + minutes_text(profile_->quickplay_bonus) + " (" + article + ".c)");
      return true;
  }
  return fail("unknown quickplay decision");
}

Result<bool> Game::decide_postponed_quickplay_claim(bool draw) {
  if (!quickplay_claimant_ || !quickplay_postponed_) return fail("there is no postponed quickplay finish claim");
  Color claimant = *quickplay_claimant_;
  std::string article = quickplay_claim_article(profile_->edition) + ".b";
  if (outcome_) {
    // After a flag fall the arbiter still declares the final result (G.5.b):
    // only a loss on time can become the claimed draw.
    bool flag = (outcome_->termination == Termination::TIME_FORFEIT && outcome_->culprit == claimant) ||
                outcome_->termination == Termination::TIMEOUT_DRAW;
    if (!flag) return fail("the game is over: " + describe(*outcome_, options_.rules));
  }
  quickplay_claimant_.reset();
  quickplay_postponed_ = false;
  if (!draw) {
    record(GameEventKind::QUICKPLAY_DECISION, claimant, "final decision: claim not upheld (" + article + ")");
    return true;
  }
  record(GameEventKind::QUICKPLAY_DECISION, claimant, "final decision: drawn (" + article + ")");
  outcome_.reset();
  finish({Score::DRAW, Termination::QUICKPLAY_DRAW, claimant});
  return true;
}

Result<bool> Game::request_quickplay_increment(Color requester, BonusMode mode) {
  if (auto r = require_running(); !r) return r;
  std::string article = quickplay_request_article(profile_->edition);
  if (profile_->quickplay_added_increment <= Millis{0})
    return fail(std::string(profile_->title) + " has no request for an increment or delay in a quickplay finish");
  if (mode == BonusMode::NONE) return fail("the request is for an increment or a delay (" + article + ")");
  if (auto why = quickplay_refusal(requester, article)) return fail(*why);
  quickplay_request_ = QuickplayRequest{requester, mode};
  record(GameEventKind::QUICKPLAY_REQUEST, requester,
         std::to_string(profile_->quickplay_added_increment.count() / 1000) + " s " +
             std::string(bonus_mode_name(mode)) + " for both (" + article + ")");
  // The request is a draw offer (G.4).
  if (draw_offer_ != requester) {
    draw_offer_ = requester;
    record(GameEventKind::DRAW_OFFER, requester, "the request is a draw offer (" + article + ")");
  }
  return true;
}

Result<bool> Game::grant_quickplay_increment() {
  if (auto r = require_running(); !r) return r;
  if (!quickplay_request_) return fail("there is no request for an increment or delay");
  QuickplayRequest request = *quickplay_request_;
  std::string article = quickplay_request_article(profile_->edition);
  // Granted only once the opponent has refused the implied draw offer.
  if (draw_offer_ == request.requester)
    return fail("the opponent has not yet refused the draw offer (" + article + ")");
  if (auto r = grant_quickplay_bonus(*clock_, request.requester, request.mode, category_, *profile_); !r) return r;
  quickplay_request_.reset();
  bonus_introduced_ = true;
  record(GameEventKind::QUICKPLAY_DECISION, request.requester,
         "increment granted; opponent +" + minutes_text(profile_->quickplay_bonus) + " (" + article + ")");
  return true;
}

Result<bool> Game::record_illegal_move(Color by, std::string_view text, std::optional<Move> unpromoted) {
  if (auto r = require_running(); !r) return r;
  if (!options_.arbiter_mode) return fail("illegal moves are refused in normal play; record them in arbiter mode");
  if (by != side_to_move())
    return fail("the illegal move must be by the player having the move, " + color_name(side_to_move()));
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
  bool quick =
      (category_ != GameCategory::STANDARD && !options_.supervised && profile_->unsupervised_illegal_move_loses) ||
      (category_ == GameCategory::BLITZ && profile_->blitz_first_illegal_move_loses);  // 2001 C3
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

namespace {

std::string time_claim_article(RulesEdition e) {
  if (e >= RulesEdition::FIDE_2018) return "Appendix A.4.3";
  if (e >= RulesEdition::FIDE_2009) return "Appendix A.4.c";
  return "Appendix B7";
}

}  // namespace

Result<ClaimVerdict> Game::claim_win_on_time(Color claimant) {
  if (auto r = require_running(); !r) return r.error();
  std::string article = time_claim_article(profile_->edition);
  if (!clock_) return fail("the game has no clock");
  if (category_ == GameCategory::STANDARD || options_.supervised)
    return fail("a claim of a win on time is for rapid and blitz games without full supervision (" + article +
                "); here the arbiter calls flag falls (Art. 6.9)");
  Color flagged = ~claimant;
  // The clocks are stopped at the claim: only what they show now counts.
  if (clock_->flag_fallen(claimant)) {
    record(GameEventKind::CLAIM_REJECTED, claimant,
           "win on time: the claimant has no time left on his own clock (" + article + ")");
    return ClaimVerdict{false,
                        "claim rejected: " + color_name(claimant) + " has no time left either (" + article + ")"};
  }
  if (!clock_->flag_fallen(flagged)) {
    record(GameEventKind::CLAIM_REJECTED, claimant,
           "win on time: " + color_name(flagged) + "'s flag has not fallen (" + article + ")");
    return ClaimVerdict{false, "claim rejected: " + color_name(flagged) + " still has time (" + article + ")"};
  }
  record(GameEventKind::CLAIM_UPHELD, claimant, "win on time (" + article + ")");
  record(GameEventKind::FLAG_FALL, flagged, "");
  // Drawn if the claimant cannot checkmate by any series of legal moves.
  finish(loss_unless_opponent_cannot_mate(flagged, Termination::TIME_FORFEIT, Termination::TIMEOUT_DRAW));
  bool won = outcome_->termination == Termination::TIME_FORFEIT;
  return ClaimVerdict{true, won ? color_name(claimant) + " wins on time (" + article + ")"
                                : "drawn: " + color_name(claimant) + " cannot checkmate (" + article + ")"};
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
