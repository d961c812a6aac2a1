// A `tabiya serve` process the tests start (the cluster tests: a node killed with SIGKILL or paused with
// SIGSTOP must be a process of its own). It listens on a port the OS picks; the port is read from the line the
// server prints. Its output goes to a log file the test may read. Stopped (SIGTERM, then SIGKILL) at the end.
#pragma once

#include <csignal>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "support/child_process.h"

namespace tabiya::testing {

class TabiyaNode {
 public:
  // `tabiya serve --port 0 --host 127.0.0.1 --data TEMP ARGS...`, the binary beside the test binary; returns once
  // it listens (at most 60 s).
  static Result<std::unique_ptr<TabiyaNode>> start(const std::vector<std::string>& args);
  ~TabiyaNode();
  int port() const { return port_; }
  pid_t pid() const { return process_.pid(); }
  // Sends a signal (SIGKILL, SIGSTOP, SIGCONT...) without waiting.
  void signal(int sig) const;
  // SIGTERM and wait for the exit (a drain); the exit status.
  std::optional<int> stop() { return process_.stop(SIGTERM, std::chrono::seconds(20)); }
  // Everything it printed so far.
  std::string log() const;

 private:
  TabiyaNode() = default;
  std::filesystem::path dir_;
  int port_ = 0;
  ChildProcess process_;
};

// The tabiya binary beside the running test binary.
std::string tabiya_binary();

}  // namespace tabiya::testing
