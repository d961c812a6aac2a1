#include "server/review.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <filesystem>

#include "core/movegen.h"
#include "core/uci_move.h"
#include "engine/search.h"
#include "match/engine.h"
#include "notation/san.h"
#include "notation/uci_reader.h"

namespace tabiya::server {

std::string find_stockfish() {
  for (const char* path : {"/usr/games/stockfish", "/usr/bin/stockfish", "/usr/local/bin/stockfish"})
    if (::access(path, X_OK) == 0) return path;
  return {};
}

Reviewer::Reviewer(ReviewOptions options) : options_(std::move(options)), thread_([this] { run(); }) {}

Reviewer::~Reviewer() { stop(); }

void Reviewer::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && !thread_.joinable()) return;
    stopping_ = true;
    queue_.clear();
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
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
  // The lowest priority for this thread only (Linux: a thread is a task with its own nice value).
  if (options_.lowest_priority) ::setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)), 19);
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

namespace {

// An engine's view of one position: score for the side to move, best move and line.
struct Verdict {
  std::optional<int> cp, mate;  // side to move's view
  Move best = Move::none();
  std::vector<Move> line;
};

class Analyst {
 public:
  virtual ~Analyst() = default;
  virtual std::string name() const = 0;
  virtual Verdict analyse(const Position& start, const std::vector<Move>& moves, const Position& current) = 0;
};

class OwnAnalyst final : public Analyst {
 public:
  explicit OwnAnalyst(int depth) : depth_(depth) {
    engine::EngineOptions o;
    o.threads = 1;
    o.hash_mb = 16;
    engine_ = std::make_unique<engine::Engine>(o);
  }
  std::string name() const override { return "tabiya"; }
  Verdict analyse(const Position& start, const std::vector<Move>& moves, const Position&) override {
    engine_->set_position(start, moves);
    engine::SearchLimits limits;
    limits.depth = depth_;
    engine::SearchResult r = engine_->search(limits);
    Verdict v;
    if (engine::is_mate_score(r.score)) v.mate = engine::mate_in_moves(r.score);
    else v.cp = r.score;
    v.best = r.best;
    v.line = r.pv;
    return v;
  }

 private:
  int depth_;
  std::unique_ptr<engine::Engine> engine_;
};

class UciAnalyst final : public Analyst {
 public:
  UciAnalyst(std::unique_ptr<Engine> engine, int64_t movetime) : engine_(std::move(engine)), movetime_(movetime) {}
  ~UciAnalyst() override { engine_->quit(); }
  std::string name() const override { return engine_->name(); }
  Verdict analyse(const Position& start, const std::vector<Move>& moves, const Position& current) override {
    SearchRequest request;
    request.start = start;
    request.moves = moves;
    request.current = current;
    // A clock that makes the engine spend about movetime on the move.
    request.moves_to_go = 1;
    request.white_time = request.black_time = Millis{movetime_};
    request.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(movetime_ * 10 + 2000);
    EngineReply reply = engine_->go(request);
    Verdict v;
    if (reply.kind != ReplyKind::MOVE) return v;
    if (reply.score) {
      if (tabiya::is_mate_score(*reply.score))
        v.mate = *reply.score > 0 ? MATE_SCORE - *reply.score : -(MATE_SCORE + *reply.score);
      else v.cp = *reply.score;
    }
    if (Result<Move, UciError> best = move_from_uci(current, reply.move)) v.best = *best;
    if (v.best.is_ok()) v.line.push_back(v.best);
    return v;
  }

 private:
  std::unique_ptr<Engine> engine_;
  int64_t movetime_;
};

std::unique_ptr<Analyst> make_analyst(const ReviewOptions& options, const Position& start) {
  std::string path = options.engine.empty() ? find_stockfish() : options.engine == "tabiya" ? "" : options.engine;
  if (!path.empty()) {
    EngineSpec spec;
    spec.name = std::filesystem::path(path).filename().string();
    spec.argv = {path};
    if (options.lowest_priority) spec.argv = {"nice", "-n", "19", path};
    if (auto started = Engine::start(spec)) {
      TimeControl tc = *parse_human_time_control("1+0");
      if ((*started)->new_game(start, tc))
        return std::make_unique<UciAnalyst>(std::move(*started), options.movetime_ms);
    }
  }
  return std::make_unique<OwnAnalyst>(options.depth);
}

}  // namespace

void Reviewer::review(const Job& job) {
  auto analyst = make_analyst(options_, job.start);
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
      for (Move m : before.line) {
        if (!legal_moves(q).contains(m)) break;
        r.line.push_back(to_uci(m, q));
        q.do_move(m, undo);
      }
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

}  // namespace tabiya::server
