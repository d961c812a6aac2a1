// An engine in a match, whatever protocol it speaks: started, handed the game
// so far and the clocks, asked for a move with a deadline. The protocol
// classes (uci_engine.h, cecp_engine.h) translate; the game runner judges.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/position.h"
#include "core/result.h"
#include "laws/time_control.h"
#include "match/child_process.h"
#include "match/engine_spec.h"

namespace tabiya {

// Scores are centipawns from the engine's point of view; a mate in n moves is
// MATE_SCORE - n (being mated: -(MATE_SCORE - n)).
inline constexpr int MATE_SCORE = 100000;
inline bool is_mate_score(int score) { return score > MATE_SCORE - 1000 || score < -(MATE_SCORE - 1000); }
// "+0.35", "-1.20", "+M3", "-M2" as in PGN comments of engine games.
std::string format_score(int score);

struct SearchRequest {
  Position start;                       // where the game began
  std::vector<Move> moves;              // every move since
  Position current;                     // the position after them
  Millis white_time{0}, black_time{0};  // clocks now (the mover's is running)
  Millis white_increment{0}, black_increment{0};
  std::optional<int> moves_to_go;  // moves to the next time control, if any
  SteadyTime deadline;             // answer by then or lose (flag fall + grace)
};

enum class ReplyKind {
  MOVE,            // `move` holds the engine's text (not yet checked)
  RESIGN,          // CECP resign
  TIMEOUT,         // no answer by the deadline
  CRASH,           // its output ended (died); `detail` says how
  PROTOCOL_ERROR,  // answered something that is not a move
};

struct EngineReply {
  ReplyKind kind = ReplyKind::PROTOCOL_ERROR;
  std::string move;
  std::optional<int> score;  // the last score it reported for this search
  std::optional<int> depth;
  std::vector<std::string> pv;  // the last principal variation it reported (UCI engines)
  std::string detail;
};

class Engine {
 public:
  virtual ~Engine() = default;
  // Spawns the engine and completes the handshake within the spec's timeout.
  static Result<std::unique_ptr<Engine>> start(const EngineSpec& spec);

  const EngineSpec& spec() const { return spec_; }
  const std::string& name() const { return spec_.name; }
  bool running() const { return process_.running(); }

  // Prepares a new game from `start` under `tc` (before any clock runs).
  virtual Result<bool> new_game(const Position& start, const TimeControl& tc) = 0;
  virtual EngineReply go(const SearchRequest& request) = 0;
  // Tells the engine how the game ended (CECP "result"); UCI has no such command.
  virtual void game_over(const std::string& /*result*/, const std::string& /*reason*/) {}
  // Asks it to quit ("quit" in both protocols), then kills it if it does not.
  void quit();
  // Kills it at once (hung or misbehaving); returns how it ended.
  std::string kill() { return process_.kill(); }

 protected:
  Engine(EngineSpec spec, ChildProcess process) : spec_(std::move(spec)), process_(std::move(process)) {}
  // Reads lines until `accept` returns true; false on timeout or EOF.
  template <class Accept>
  ReadStatus read_until(SteadyTime deadline, Accept accept) {
    for (;;) {
      ReadResult r = process_.read_line(deadline);
      if (r.status != ReadStatus::LINE) return r.status;
      if (accept(r.line)) return ReadStatus::LINE;
    }
  }
  // How the process ended, for a crash report (reaps it).
  std::string crash_detail() { return "engine " + name() + " " + process_.kill(); }
  // Turns a read that ended without the awaited line into a TIMEOUT or CRASH
  // reply; false if the line came.
  bool reply_to_failed_read(ReadStatus status, EngineReply& reply);

  EngineSpec spec_;
  ChildProcess process_;
};

// The words of a line, split at spaces and tabs.
std::vector<std::string> split_words(std::string_view line);

}  // namespace tabiya
