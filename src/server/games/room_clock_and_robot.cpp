// A room's clock timer and its robot's turns.
#include <algorithm>

#include "core/uci_move.h"
#include "play/robot_policy.h"
#include "server/games/game_room.h"

namespace tabiya::server {
namespace json = boost::json;

namespace {

constexpr int64_t MAX_LAG_MS = 500;

}  // namespace

void GameRoom::schedule() {
  if (services_.stopping) return;
  timer_.cancel();
  if (live_->over()) return;
  if (auto limit = live_->time_limit()) {
    int64_t grace = 0;  // a lagging mover's move may still arrive in time (see the lag allowance)
    for (const auto& s : sessions_)
      if (s->seats[live_->turn()]) grace = std::max(grace, std::min(s->lag_ms, MAX_LAG_MS));
    int64_t wait = (*limit - live_->now()).count() + grace + 1;
    if (auto checkpoint = next_checkpoint()) wait = std::min(wait, *checkpoint - live_->now().count());
    timer_.expires_after(std::chrono::milliseconds(std::max<int64_t>(wait, 0)));
    // The timer fires on the io thread, which only hands the check to the room's queue.
    timer_.async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
      if (ec) return;
      if (auto room = weak.lock()) room->check_time();
    });
  }
  if (live_->robot_to_move() && !robot_queued_ && !robot_thinking_) queue_robot();
}

void GameRoom::on_time() {
  if (writing_ || live_->over()) return;  // schedule() follows the commit
  if (live_->check_time()) {
    play::Change change;
    change.ended = true;
    commit_and_announce(change, live_->game().moves().size(), nullptr, std::nullopt);
  } else {
    checkpoint_if_due();
    schedule();
  }
}

std::optional<int64_t> GameRoom::next_checkpoint() const {
  const int64_t every = services_.options.clock_checkpoint_every.count();
  if (every <= 0 || !live_->options().time_control || !live_->started() || live_->over() || live_->log().empty() ||
      writing_ || stored_actions_ != live_->log().size())
    return std::nullopt;
  int64_t since = live_->log().back().at;
  if (checkpoint_actions_ == stored_actions_) since = std::max(since, checkpoint_at_);
  return since + every;
}

// Stores the game's virtual time now, beside its stored actions: a restart then charges the mover up to here.
// Not through store_then(): nothing waits for it, and a move submitted after it supersedes it in the store.
void GameRoom::checkpoint_if_due() {
  const auto due = next_checkpoint();
  const int64_t now = live_->now().count();
  if (!due || now < *due) return;
  checkpoint_at_ = now;
  checkpoint_actions_ = stored_actions_;
  services_.writer.submit(
      {StoreWrite{StoreWrite::Kind::CHECKPOINT, id_, {}, int64_t(stored_actions_), now, std::nullopt, epoch_}},
      [weak = weak_from_this()](const Result<bool>& r) {
        if (r) return;
        auto room = weak.lock();
        if (!room) return;
        room->post([detail = r.error().message](GameRoom& room) {
          ++room.services_.metrics.errors_total;
          room.services_.log(json::object{{"event", "store_error"}, {"game", room.id_}, {"detail", detail}});
        });
      });
}

void GameRoom::queue_robot() {
  robot_queued_ = true;
  const Color robot = live_->turn();
  const int ply = int(live_->game().moves().size());
  const int rewrites = live_->rewrites();
  const int ahead = services_.robots.submit(id_, [weak = weak_from_this(), robot, ply, rewrites](engine::Engine& e) {
    if (auto room = weak.lock()) room->robot_turn(e, robot, ply, rewrites);
  });
  if (ahead > 0) broadcast(robot_event());
}

// On a robot thread: read the game under the lock, think without it, then play on the room's queue.
void GameRoom::robot_turn(engine::Engine& engine, Color robot, int ply, int rewrites) {
  Position start;
  std::vector<Move> moves;
  engine::SearchLimits limits;
  engine::EngineOptions engine_options = engine.options();
  {
    std::lock_guard lock(mutex_);
    robot_queued_ = false;
    if (closed_ || writing_) return;  // a commit is in progress: schedule() after it queues the robot again
    if (services_.stopping || live_->over() || !live_->robot_to_move() || live_->turn() != robot ||
        int(live_->game().moves().size()) != ply || live_->rewrites() != rewrites)
      return schedule();
    robot_thinking_ = true;
    broadcast(robot_event());
    start = live_->game().start_position();
    moves = live_->move_list();
    limits = live_->robot_limits(services_.options.robot_movetime_ms);
    engine_options.level = live_->options().seats[robot].level;
    engine_options.seed = setup_.seed;
    engine_options.threads = 1;
  }
  engine.set_options(engine_options);
  engine.new_game();
  engine.set_position(start, moves);
  const engine::SearchResult result = engine.search(limits);
  post([robot, ply, rewrites, result](GameRoom& room) {
    // Something the person did is being committed: the robot's move comes after it.
    room.after_commit([&room, robot, ply, rewrites, result] { room.robot_play(robot, ply, rewrites, result); });
  });
}

void GameRoom::robot_play(Color robot, int ply, int rewrites, const engine::SearchResult& result) {
  robot_thinking_ = false;
  if (services_.stopping) return;
  if (live_->over() || live_->turn() != robot || int(live_->game().moves().size()) != ply ||
      live_->rewrites() != rewrites || !result.best.is_ok()) {
    broadcast(robot_event());
    return schedule();
  }
  robot_score_ = result.score;
  const std::size_t before = live_->game().moves().size();
  // What the robot plays and claims is play::robot_action's to decide (src/play/robot_policy.h), as everywhere.
  const play::RobotAction action = play::robot_action(*live_, result);
  const std::string uci = to_uci(action.move, live_->game().position());
  auto change = action.claim ? live_->claim(robot, *action.claim, uci) : live_->move(robot, uci, ply);
  if (!change) {
    if (live_->over()) {  // the robot's flag fell while it thought
      play::Change ended;
      ended.ended = true;
      return commit_and_announce(ended, before, nullptr, std::nullopt);
    }
    services_.log(json::object{{"event", "robot_error"}, {"game", id_}, {"detail", change.error().detail}});
    return;
  }
  ++services_.metrics.moves_total;
  commit_and_announce(*change, before, nullptr, std::nullopt, robot_event());
}

// The robot answers a draw offer at once.
void GameRoom::robot_answers_draw_offer(Color robot) {
  const std::size_t before = live_->game().moves().size();
  auto answer = play::robot_accepts_draw(robot_score_) ? live_->draw_accept(robot) : live_->draw_decline(robot);
  if (!answer) return;
  std::optional<json::object> event;
  if (answer->declined) event = json::object{{"type", "offer_declined"}, {"kind", "draw"}, {"by", color_text(robot)}};
  commit_and_announce(*answer, before, nullptr, std::nullopt, std::move(event));
}

}  // namespace tabiya::server
