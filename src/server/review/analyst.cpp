#include "server/review/analyst.h"

#include <unistd.h>

#include <chrono>
#include <filesystem>

#include "core/uci_move.h"
#include "engine/search.h"
#include "match/engine.h"
#include "notation/uci_reader.h"

namespace tabiya::server {

std::string find_stockfish() {
  for (const char* path : {"/usr/games/stockfish", "/usr/bin/stockfish", "/usr/local/bin/stockfish"})
    if (::access(path, X_OK) == 0) return path;
  return {};
}

namespace {

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
    if (!v.best.is_ok()) return v;
    // The engine's line when it starts with its move (the review checks each move again), else the move alone.
    if (reply.pv.empty() || reply.pv.front() != reply.move) v.line.push_back(v.best);
    else {
      Position p = current;
      UndoInfo undo;
      for (const std::string& text : reply.pv) {
        auto m = move_from_uci(p, text);
        if (!m) break;
        v.line.push_back(*m);
        p.do_move(*m, undo);
      }
    }
    return v;
  }

 private:
  std::unique_ptr<Engine> engine_;
  int64_t movetime_;
};

}  // namespace

std::unique_ptr<Analyst> make_analyst(const AnalystOptions& options, const Position& start) {
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

}  // namespace tabiya::server
