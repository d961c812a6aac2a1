// The Universal Chess Interface front end: a thin text layer over Engine
// (search.h). One line in, zero or more lines out; the search runs on its
// own threads, so `stop`, `ponderhit` and `isready` are answered while it
// thinks, and info/bestmove lines are written from the search thread.
//
// Malformed or unknown input never stops the session: it is answered with
// `info string error: ...` and otherwise ignored.
#pragma once

#include <iosfwd>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "engine/search.h"

namespace tabiya::engine {

class UciSession {
 public:
  explicit UciSession(std::ostream& out);
  ~UciSession();

  // Handles one command line; false after `quit`.
  bool handle(std::string_view line);
  // Stops a running search and waits until its bestmove has been written.
  void finish();

  const Engine& engine() const { return engine_; }

 private:
  void send(const std::string& line);
  void error(const std::string& message) { send("info string error: " + message); }
  void uci();
  void set_option(const std::vector<std::string>& words);
  void position(const std::vector<std::string>& words);
  void go(const std::vector<std::string>& words);
  void apply_options();
  void write_info(const SearchInfo& info);
  std::string move_text(Move m) const { return to_uci_text(m); }
  std::string to_uci_text(Move m) const;

  std::ostream& out_;
  std::mutex out_mutex_;
  Engine engine_;
  EngineOptions options_;
  bool chess960_ = false;
  bool limit_strength_ = false;
  bool show_wdl_ = true;
  int elo_ = MAX_ELO;
  int skill_level_ = MAX_LEVEL;
  Position start_ = Position::startpos();
  std::vector<Move> moves_;
};

// Reads commands from `in` until `quit` or end of input.
void run_uci(std::istream& in, std::ostream& out);

}  // namespace tabiya::engine
