// Several load-generator processes for one `tabiya loadtest`: a process may
// hold only so many sockets (the open-files limit), so `--generators K` runs K
// children (`tabiya loadtest --generator-child`), each with its share of the
// games. A child connects its clients, writes "ready" and waits for a line on
// its standard input; the parent starts every child's moves together, probes
// the server over the same window and merges the children's reports.
#pragma once

#include <sys/types.h>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "loadtest/load_test.h"

namespace tabiya::cli {

// The child's side: its report as lines of text on `out`.
void write_report(std::FILE* out, const loadtest::LoadReport& report);
std::optional<loadtest::LoadReport> read_report(std::FILE* in);

// The sum of the counters and every round trip (sorted).
loadtest::LoadReport merge_reports(const std::vector<loadtest::LoadReport>& reports);

// The parent's side: one child process and the pipes to it.
class GeneratorProcess {
 public:
  GeneratorProcess() = default;
  GeneratorProcess(const GeneratorProcess&) = delete;
  GeneratorProcess& operator=(const GeneratorProcess&) = delete;
  ~GeneratorProcess();

  // Runs this executable with `args` (after argv[0]); false if it could not start.
  bool start(const std::vector<std::string>& args);
  // Waits for "ready" (false: the child failed or ended first).
  bool wait_ready();
  // Its moves start now.
  void go();
  // Its report once its run is over, and the child's exit.
  std::optional<loadtest::LoadReport> finish();
  pid_t pid() const { return pid_; }

 private:
  pid_t pid_ = 0;
  std::FILE* to_ = nullptr;
  std::FILE* from_ = nullptr;
};

}  // namespace tabiya::cli
