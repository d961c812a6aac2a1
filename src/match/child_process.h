// An engine as a child process: its standard input and output are pipes; its
// standard error goes to /dev/null. Lines are read with a deadline on the
// steady clock (poll()), so an engine that hangs is noticed, and the end of
// its output (EOF) says it has died.
//
// Writing to a dead engine must not kill the runner: the first spawn makes
// the process ignore SIGPIPE, so the write just fails.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace tabiya {

using SteadyTime = std::chrono::steady_clock::time_point;

enum class ReadStatus { LINE, TIMEOUT, END_OF_OUTPUT };

struct ReadResult {
  ReadStatus status;
  std::string line;  // without the line ending
};

class ChildProcess {
 public:
  ChildProcess() = default;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ChildProcess(ChildProcess&& other) noexcept;
  ChildProcess& operator=(ChildProcess&& other) noexcept;
  ~ChildProcess();

  // Starts argv[0] (searched in PATH when it has no '/') in `directory`
  // (empty: the current one). Fails, naming the command, if it cannot run.
  static Result<ChildProcess> spawn(const std::vector<std::string>& argv, const std::string& directory = "");

  bool running() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }
  // Sends one line; false if the engine no longer reads (it died).
  bool write_line(std::string_view line);
  // The next line, or TIMEOUT when `deadline` passes first, or END_OF_OUTPUT.
  ReadResult read_line(SteadyTime deadline);
  // Kills the process (SIGKILL) and reaps it; returns how it ended.
  std::string kill();
  // Waits up to `grace` for the process to exit by itself (after "quit"), then kills it.
  std::string stop(std::chrono::milliseconds grace);

 private:
  void close_pipes();
  std::string reap(bool block);

  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string buffer_;
  bool eof_ = false;
};

// "exited with status 3", "killed by signal 9 (Killed)".
std::string describe_wait_status(int status);

}  // namespace tabiya
