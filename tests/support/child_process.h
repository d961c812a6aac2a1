// A program the tests start and must stop: a database or message server run
// from the Debian binaries. The child dies with the test binary (the kernel
// sends it SIGKILL when the thread that started it ends: PR_SET_PDEATHSIG), so
// a crashed or killed test run leaves nothing behind; the destructor stops it
// on every ordinary path.
#pragma once

#include <sys/types.h>

#include <csignal>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

namespace tabiya::testing {

// The account a child runs as. PostgreSQL refuses to run as root, so a test
// binary run as root starts it as this user (uid and gid; its files are chowned to it).
struct RunAs {
  uid_t uid = 0;
  gid_t gid = 0;
};

// When the tests run as root: the user `tabiya-test` if the machine has one, otherwise `nobody`.
// Not root: nullopt (the child runs as the test binary's own user).
std::optional<RunAs> unprivileged_user();

class ChildProcess {
 public:
  ChildProcess() = default;
  // Starts argv[0] (an absolute path) with its output appended to `log`.
  static Result<ChildProcess> start(const std::vector<std::string>& argv, const std::string& log,
                                    std::optional<RunAs> as = std::nullopt);
  ChildProcess(ChildProcess&& other) noexcept;
  ChildProcess& operator=(ChildProcess&& other) noexcept;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess();

  bool running();
  pid_t pid() const { return pid_; }
  // Sends `sig`, waits up to `grace` for the exit, then SIGKILL. Returns the exit status (waitpid's), if it exited.
  std::optional<int> stop(int sig = SIGTERM, std::chrono::milliseconds grace = std::chrono::seconds(10));
  // Waits for an exit on its own (a command that ends), up to `deadline`; nullopt: still running (then killed).
  std::optional<int> wait(std::chrono::milliseconds deadline);

 private:
  explicit ChildProcess(pid_t pid) : pid_(pid) {}
  pid_t pid_ = -1;
};

// A TCP port on 127.0.0.1 the OS just handed out (bound, read, closed). Another
// process may take it before the server does: the servers retry with a new one.
Result<int> free_loopback_port();

// Where the Debian PostgreSQL 15 binaries are (initdb, postgres).
std::string postgres_bin_dir();

}  // namespace tabiya::testing
