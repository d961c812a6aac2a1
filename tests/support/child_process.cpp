#include "support/child_process.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <grp.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <thread>

namespace tabiya::testing {

std::optional<RunAs> unprivileged_user() {
  if (::geteuid() != 0) return std::nullopt;
  for (const char* name : {"tabiya-test", "nobody"}) {
    if (const passwd* p = ::getpwnam(name)) return RunAs{p->pw_uid, p->pw_gid};
  }
  return RunAs{65534, 65534};
}

Result<ChildProcess> ChildProcess::start(const std::vector<std::string>& argv, const std::string& log,
                                         std::optional<RunAs> as) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) return fail("fork for " + argv.front() + " failed");
  if (pid == 0) {
    // Only async-signal-safe calls from here to exec.
    const int out = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (out >= 0) {
      ::dup2(out, 1);
      ::dup2(out, 2);
    }
    const int in = ::open("/dev/null", O_RDONLY);
    if (in >= 0) ::dup2(in, 0);
    ::setpgid(0, 0);  // its own group: a terminal's Ctrl-C reaches the test binary, which stops it in order
    if (as) {
      if (::setgroups(0, nullptr) != 0 || ::setgid(as->gid) != 0 || ::setuid(as->uid) != 0) ::_exit(126);
    }
    // After setuid: a change of credentials clears the death signal.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(125);  // the test binary died before the line above
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  return ChildProcess(pid);
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept : pid_(std::exchange(other.pid_, -1)) {}

ChildProcess& ChildProcess::operator=(ChildProcess&& other) noexcept {
  if (this != &other) {
    stop(SIGKILL);
    pid_ = std::exchange(other.pid_, -1);
  }
  return *this;
}

ChildProcess::~ChildProcess() { stop(SIGTERM, std::chrono::seconds(5)); }

bool ChildProcess::running() {
  if (pid_ <= 0) return false;
  int status = 0;
  if (::waitpid(pid_, &status, WNOHANG) == pid_) {
    pid_ = -1;
    return false;
  }
  return true;
}

std::optional<int> ChildProcess::wait(std::chrono::milliseconds deadline) {
  if (pid_ <= 0) return std::nullopt;
  const auto end = std::chrono::steady_clock::now() + deadline;
  while (true) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return status;
    }
    if (std::chrono::steady_clock::now() >= end) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  stop(SIGKILL);
  return std::nullopt;
}

std::optional<int> ChildProcess::stop(int sig, std::chrono::milliseconds grace) {
  if (pid_ <= 0) return std::nullopt;
  ::kill(pid_, sig);
  const auto end = std::chrono::steady_clock::now() + grace;
  int status = 0;
  while (std::chrono::steady_clock::now() < end) {
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return status;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ::kill(pid_, SIGKILL);
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
  return std::nullopt;
}

Result<int> free_loopback_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return fail("socket for a free port failed");
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t length = sizeof address;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    ::close(fd);
    return fail("no free loopback port");
  }
  ::close(fd);
  return int(ntohs(address.sin_port));
}

std::string postgres_bin_dir() {
  if (const char* dir = std::getenv("TABIYA_PG_BIN")) return dir;
  return "/usr/lib/postgresql/15/bin";
}

}  // namespace tabiya::testing
