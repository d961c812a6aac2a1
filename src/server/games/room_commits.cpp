// The order of a room's storage writes: a change is stored before anyone hears
// of it, and what arrives for the game meanwhile waits in order.
#include <algorithm>

#include "server/games/game_room.h"

namespace tabiya::server {
namespace json = boost::json;

// What the game did since its last commit: its new log entries and, once over, its result.
std::vector<StoreWrite> GameRoom::unstored_writes(int64_t seq_after) const {
  std::vector<StoreWrite> writes;
  const auto& log = live_->log();
  for (std::size_t i = stored_actions_; i < log.size(); ++i)
    writes.push_back({StoreWrite::Kind::APPEND, id_, play::action_text(log[i]), int64_t(i), seq_after});
  if (live_->over() && !stored_finish_)
    writes.push_back({StoreWrite::Kind::FINISH, id_, json::serialize(result_json(*live_)), 0, 0});
  return writes;
}

// Hands `writes` to the storage thread and runs `then` on the room's queue once the commit is reported;
// until then the room is `writing` and everything else for it waits. No writes: now.
// `light`: `then` only announces (a move's events): when the commit succeeded, nothing waits for the room and
// the room's queue is idle, the storage thread runs it itself (a hand-off to a worker and back cost more than
// the announcing). Anything else (a refused commit's rollback, waiting messages) goes to the workers.
void GameRoom::store_then(std::vector<StoreWrite> writes, AfterCommit then, bool light) {
  if (writes.empty()) return then(*this, true);
  for (StoreWrite& w : writes) w.epoch = epoch_;  // fencing: refused if another node took the game since
  writing_ = true;
  const std::size_t actions = live_->log().size();
  const bool finishing =
      std::any_of(writes.begin(), writes.end(), [](const StoreWrite& w) { return w.kind == StoreWrite::Kind::FINISH; });
  light = light && !finishing;
  services_.writer.submit(std::move(writes), [weak = weak_from_this(), actions, finishing, light,
                                              then = std::move(then)](const Result<bool>& r) mutable {
    auto room = weak.lock();
    if (!room) return;
    std::string failure = r ? std::string() : r.error().message;
    auto report = [actions, finishing, then = std::move(then), failure = std::move(failure),
                   reported = std::chrono::steady_clock::now()](GameRoom& room) {
      room.services_.metrics.commit_reported.record(
          std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - reported));
      room.committed(actions, finishing, failure, then);
    };
    if (!light || !failure.empty()) return room->post(std::move(report));
    room->run_or_post([report = std::move(report)](GameRoom& room) mutable {
      if (room.waiting_.empty()) return report(room);
      room.post(std::move(report));  // what waits may be heavy: the report and the drain go to a worker
    });
  });
}

// The storage thread's report, on the room's queue.
void GameRoom::committed(std::size_t actions, bool finishing, const std::string& failure, const AfterCommit& then) {
  writing_ = false;
  if (failure.empty()) {
    stored_actions_ = std::max(stored_actions_, actions);
    if (finishing && !stored_finish_) {
      finish_stored();
      if (services_.options.end_ratings) return ask_end_ratings(then);
    }
  } else if (is_fenced(failure)) {
    // Another node owns the game now: what this one did since is not the game's. Nobody hears of it.
    services_.log(json::object{{"event", "store_error"}, {"game", id_}, {"detail", failure}});
    waiting_.clear();
    return leave_service("a write was refused: another node owns the game");
  } else {
    ++services_.metrics.errors_total;
    services_.log(json::object{{"event", "store_error"}, {"game", id_}, {"detail", failure}});
    rollback();
  }
  then(*this, failure.empty());
  drain();
}

// Runs what waited for the game's commit, in order, until one of them starts another.
void GameRoom::drain() {
  while (!writing_ && !waiting_.empty()) {
    auto work = std::move(waiting_.front());
    waiting_.pop_front();
    work();
  }
}

// A refused commit: the game goes back to what is stored, rebuilt from its log as after a restart
// (the clocks stand still from its last stored action to now: the arbiter stopped them, Art. 6.12).
void GameRoom::rollback() {
  ++rollbacks_;
  if (live_->log().size() == stored_actions_ && (!live_->over() || stored_finish_)) return;
  auto opts = start_options(setup_);
  if (!opts) return;
  std::vector<play::Action> log(live_->log().begin(), live_->log().begin() + std::ptrdiff_t(stored_actions_));
  auto live = play::LiveGame::restore(*opts, log, services_.time);
  if (!live) {
    services_.log(
        json::object{{"event", "store_error"}, {"game", id_}, {"detail", "rollback: " + live.error().message}});
    return;
  }
  live_ = std::move(*live);
}

// The result is stored: the game is over for good.
void GameRoom::finish_stored() {
  stored_finish_ = true;
  stored_finish_flag_ = true;
  timer_.cancel();
  const Game& game = live_->game();
  json::object result = result_json(*live_);
  ++services_.metrics.games_finished;
  if (services_.options.on_game_end) services_.options.on_game_end(id_, game_ending_of(*live_));
  services_.log(json::object{{"event", "game_end"}, {"game", id_}, {"result", result}, {"plies", game.moves().size()}});
}

// The end is stored: the rating figures are asked for (the lobby rates the game once, off this thread), and the
// end event and everything after it wait for them as they wait for a commit.
void GameRoom::ask_end_ratings(const AfterCommit& then) {
  writing_ = true;
  const std::string score(result_json(*live_).at("score").as_string());
  services_.options.end_ratings(
      id_, score, [weak = weak_from_this(), then](std::optional<json::object> figures) mutable {
        auto room = weak.lock();
        if (!room) return;
        room->post([figures = std::move(figures), then = std::move(then)](GameRoom& room) mutable {
          room.writing_ = false;
          room.end_ratings_ = std::move(figures);
          then(room, true);
          room.drain();
        });
      });
}

// After any change: store it, then tell everyone, then set the timers and the robot going. If the store
// refuses, the game goes back to its stored state and the requester gets a server_error (reason storage).
void GameRoom::commit_and_announce(const play::Change& change, std::size_t plies_before, GameSession* requester,
                                   std::optional<int64_t> req, std::optional<json::object> extra_event,
                                   std::optional<ArrivalTime> arrived) {
  std::shared_ptr<GameSession> mover = requester ? requester->shared_from_this() : nullptr;
  if (writing_) {
    // A second change made while the first is being committed (the robot answering an offer at once):
    // it follows the first, unless that one was refused and the game went back.
    waiting_.push_back([this, change, plies_before, mover, req, extra_event, arrived, rollbacks = rollbacks_] {
      if (rollbacks_ == rollbacks) commit_and_announce(change, plies_before, mover.get(), req, extra_event, arrived);
    });
    return;
  }
  // The events this change causes (their JSON text, made now, while the room has the game at hand), numbered
  // after the commit.
  std::vector<std::string> events;
  const Game& game = live_->game();
  if (!change.rewritten) {  // a rewritten game gets a state instead
    if (extra_event) events.push_back(json::serialize(*extra_event));
    // A rejected claim with an intended move plays it: one event per move played.
    if (change.moved || game.moves().size() != plies_before)
      events.push_back(move_event_text(*live_, services_.wall_now()));
  }
  std::optional<json::object> end;
  if (change.ended) {
    end.emplace();
    (*end)["type"] = "end";
    (*end)["result"] = result_json(*live_);
  }
  const int64_t seq_after = seq_ + (change.rewritten ? 1 : 0) + int64_t(events.size()) + (end ? 1 : 0);
  const bool rewritten = change.rewritten;
  const bool light = !change.rewritten && !change.ended;
  if (arrived)
    services_.metrics.move_handled.record(
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - *arrived));
  store_then(
      unstored_writes(seq_after),
      [mover, req, arrived, rewritten, events = std::move(events), end = std::move(end)](GameRoom& room,
                                                                                         bool committed) mutable {
        if (!committed) {
          if (mover) {
            ProtocolError e{"server_error", {}, "storage failed"};
            e.data["reason"] = "storage";
            room.send_error(*mover, req, e);
          }
          return room.schedule();
        }
        if (rewritten) room.broadcast_state();
        bool first = true;
        for (const std::string& e : events) {
          room.broadcast_text(e, first ? mover.get() : nullptr, first ? req : std::nullopt);
          first = false;
        }
        if (end) {  // last, and built here: a rated game's figures arrive after the commit (ask_end_ratings)
          if (room.end_ratings_) (*end)["ratings"] = *room.end_ratings_;
          room.broadcast(*end, first ? mover.get() : nullptr, first ? req : std::nullopt);
        }
        if (events.empty() && !end && !rewritten && mover) room.send_ok(*mover, req);
        room.schedule();
        if (arrived) room.services_.metrics.record_latency(*arrived);
      },
      light);
}

void GameRoom::refuse(GameSession& s, std::optional<int64_t> req, const play::Refusal& r, std::size_t plies_before,
                      json::object move_data) {
  ProtocolError e{r.code, {}, r.detail};
  if (r.code == "illegal_move") {
    e.data = std::move(move_data);
    if (e.data.empty()) e.data["uci"] = "";
    e.data["reason"] = r.reason;
  } else if (r.code == "not_allowed" || r.code == "no_offer") {
    e.data[r.code == "no_offer" ? "kind" : "reason"] = r.reason;
  } else if (r.code == "not_your_turn") {
    e.data["turn"] = color_text(live_->turn());
  } else if (r.code == "stale") {
    e.data["ply"] = live_->game().moves().size();
  } else if (r.code == "game_over" && live_->game().outcome()) {
    e.data["result"] = result_json(*live_);
  }
  ++services_.metrics.errors_total;
  send_error(s, req, e);
  // A request that found the flag fallen ended the game: everyone hears of it.
  if (live_->over() && !stored_finish_) {
    play::Change ended;
    ended.ended = true;
    commit_and_announce(ended, plies_before, nullptr, std::nullopt);
  }
}

void GameRoom::done(GameSession& s, std::optional<int64_t> req, const play::Answer<play::Change>& change,
                    std::size_t plies_before, ArrivalTime arrived, std::optional<json::object> event) {
  if (!change) return refuse(s, req, change.error(), plies_before);
  if (change->moved) ++services_.metrics.moves_total;
  commit_and_announce(*change, plies_before, &s, req, std::move(event), arrived);
}

}  // namespace tabiya::server
