#include "server/review/review.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "notation/san.h"
#include "server/review/review_labels.h"

namespace tabiya::server {

namespace {

AnalystOptions analyst_options(const ReviewOptions& o, int64_t movetime_ms) {
  return {o.engine, movetime_ms, o.depth, o.lowest_priority};
}

void lower_this_threads_priority() {
  // The lowest priority for this thread only (Linux: a thread is a task with its own nice value).
  ::setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)), 19);
}

// A line of moves from `from` in UCI and SAN, as far as its moves are legal.
void write_line(Position from, const std::vector<Move>& line, std::vector<std::string>* uci,
                std::vector<std::string>* san) {
  UndoInfo undo;
  for (Move m : line) {
    if (!legal_moves(from).contains(m)) break;
    if (uci) uci->push_back(to_uci(m, from));
    if (san) san->push_back(to_san(from, m));
    from.do_move(m, undo);
  }
}

}  // namespace

Reviewer::Reviewer(ReviewOptions options)
    : options_(std::move(options)), thread_([this] { run(); }), explorer_([this] { run_explorer(); }) {}

Reviewer::~Reviewer() { stop(); }

void Reviewer::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && !thread_.joinable()) return;
    stopping_ = true;
    queue_.clear();
    explore_queue_.clear();
  }
  wake_.notify_all();
  explore_wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  if (explorer_.joinable()) explorer_.join();
}

ReviewState Reviewer::request(const std::string& id, const Position& start, const std::vector<Move>& moves) {
  std::lock_guard lock(mutex_);
  ReviewState& s = states_[id];
  if (s.status == "none" || s.status == "failed") {
    s = ReviewState{};
    s.status = "queued";
    queue_.push_back({id, start, moves});
    wake_.notify_one();
  }
  return s;
}

ReviewState Reviewer::state(const std::string& id) const {
  std::lock_guard lock(mutex_);
  auto it = states_.find(id);
  return it == states_.end() ? ReviewState{} : it->second;
}

void Reviewer::run() {
  if (options_.lowest_priority) lower_this_threads_priority();
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = std::move(queue_.front());
      queue_.pop_front();
      states_[job.id].status = "running";
    }
    review(job);
  }
}

void Reviewer::review(const Job& job) {
  auto analyst = make_analyst(analyst_options(options_, options_.movetime_ms), job.start);
  ReviewState result;
  result.status = "done";
  result.engine = analyst->name();
  Position p = job.start;
  std::vector<Move> played;
  Verdict before;  // the verdict on the position before the current ply
  for (std::size_t ply = 0; ply <= job.moves.size(); ++ply) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
    }
    PlyReview r;
    r.ply = int(ply);
    const Color mover = p.side_to_move();
    Verdict v;
    if (legal_moves(p).size() == 0) {
      if (p.in_check()) v.mate = 0;
      else v.cp = 0;
    } else {
      v = analyst->analyse(job.start, played, p);
    }
    // White's point of view.
    const int sign = mover == WHITE ? 1 : -1;
    if (v.cp) r.cp = sign * *v.cp;
    if (v.mate) r.mate = sign * *v.mate;
    if (ply > 0 && before.best.is_ok()) {
      Position q = job.start;
      UndoInfo undo;
      for (std::size_t i = 0; i + 1 < ply; ++i) q.do_move(job.moves[i], undo);
      r.best = to_uci(before.best, q);
      r.best_san = to_san(q, before.best);
      write_line(q, before.line, &r.line, &r.line_san);
    }
    r.fen = to_fen(p);
    if (ply > 0) {
      const PlyReview& last = result.plies.back();
      const int from = capped_cp(last.cp, last.mate, ~mover);
      const int to = capped_cp(r.cp, r.mate, mover);
      r.label = std::string(label_name(label_move(from, to, ~mover)));
      r.loss = centipawn_loss(from, to, ~mover);
      r.mover = ~mover;
    }
    result.plies.push_back(std::move(r));
    if (ply < job.moves.size()) {
      UndoInfo undo;
      p.do_move(job.moves[ply], undo);
      played.push_back(job.moves[ply]);
    }
    before = v;
    std::lock_guard lock(mutex_);
    states_[job.id].plies = result.plies;  // the review so far
    states_[job.id].engine = result.engine;
  }
  std::lock_guard lock(mutex_);
  states_[job.id] = std::move(result);
}

Exploration Reviewer::explore(const std::string& client, const Position& position) {
  const std::string fen = to_fen(position);
  std::lock_guard lock(mutex_);
  auto it = explored_.find(client);
  if (it != explored_.end() && it->second.state.fen == fen) return it->second.state;
  const bool waiting = std::find(explore_queue_.begin(), explore_queue_.end(), client) != explore_queue_.end();
  if (!waiting && explore_queue_.size() >= options_.explore_clients) {
    Exploration busy;
    busy.status = "busy";
    busy.fen = fen;
    return busy;
  }
  // Forget finished explorations of other clients once there are many (each is small).
  if (explored_.size() >= 16 * options_.explore_clients)
    std::erase_if(explored_, [&](const auto& e) { return e.first != client && e.second.state.status == "done"; });
  Explored& e = explored_.insert_or_assign(client, Explored{position, {}}).first->second;
  e.state.status = "queued";
  e.state.fen = fen;
  if (!waiting) explore_queue_.push_back(client);
  explore_wake_.notify_one();
  return e.state;
}

void Reviewer::run_explorer() {
  if (options_.lowest_priority) lower_this_threads_priority();
  std::unique_ptr<Analyst> analyst;
  for (;;) {
    std::string client;
    Position position;
    {
      std::unique_lock lock(mutex_);
      explore_wake_.wait(lock, [&] { return stopping_ || !explore_queue_.empty(); });
      if (stopping_) return;
      client = std::move(explore_queue_.front());
      explore_queue_.pop_front();
      auto it = explored_.find(client);
      if (it == explored_.end()) continue;
      it->second.state.status = "running";
      position = it->second.position;
    }
    if (!analyst) analyst = make_analyst(analyst_options(options_, options_.explore_movetime_ms), position);
    Exploration done;
    done.status = "done";
    done.fen = to_fen(position);
    done.engine = analyst->name();
    Verdict v;
    if (legal_moves(position).size() == 0) {
      if (position.in_check()) v.mate = 0;
      else v.cp = 0;
    } else {
      v = analyst->analyse(position, {}, position);
    }
    const int sign = position.side_to_move() == WHITE ? 1 : -1;
    if (v.cp) done.cp = sign * *v.cp;
    if (v.mate) done.mate = sign * *v.mate;
    if (v.best.is_ok() && legal_moves(position).contains(v.best)) {
      done.best = to_uci(v.best, position);
      done.best_san = to_san(position, v.best);
      write_line(position, v.line, nullptr, &done.line_san);
    }
    std::lock_guard lock(mutex_);
    auto it = explored_.find(client);
    // The client asked about another position meanwhile: this answer is for nobody.
    if (it != explored_.end() && it->second.state.fen == done.fen) it->second.state = std::move(done);
  }
}

}  // namespace tabiya::server
