#include "match/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>
#include <thread>

extern char** environ;

namespace tabiya {

namespace {

void ignore_sigpipe_once() {
  static std::once_flag once;
  std::call_once(once, [] { std::signal(SIGPIPE, SIG_IGN); });
}

}  // namespace

std::string describe_wait_status(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status))
    return "killed by signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")";
  return "ended with wait status " + std::to_string(status);
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept { *this = std::move(other); }

ChildProcess& ChildProcess::operator=(ChildProcess&& other) noexcept {
  if (this != &other) {
    if (running()) kill();
    close_pipes();
    pid_ = std::exchange(other.pid_, -1);
    to_child_ = std::exchange(other.to_child_, -1);
    from_child_ = std::exchange(other.from_child_, -1);
    buffer_ = std::move(other.buffer_);
    eof_ = other.eof_;
  }
  return *this;
}

ChildProcess::~ChildProcess() {
  if (running()) kill();
  close_pipes();
}

void ChildProcess::close_pipes() {
  if (to_child_ >= 0) ::close(to_child_);
  if (from_child_ >= 0) ::close(from_child_);
  to_child_ = from_child_ = -1;
}

Result<ChildProcess> ChildProcess::spawn(const std::vector<std::string>& argv, const std::string& directory) {
  if (argv.empty() || argv[0].empty()) return fail("engine command is empty");
  ignore_sigpipe_once();
  // O_CLOEXEC: engines started by other threads must not inherit these ends,
  // or a crashed engine's output would never reach EOF.
  int in_pipe[2], out_pipe[2];
  if (pipe2(in_pipe, O_CLOEXEC) != 0) return fail("cannot create a pipe: " + std::string(strerror(errno)));
  if (pipe2(out_pipe, O_CLOEXEC) != 0) {
    ::close(in_pipe[0]);
    ::close(in_pipe[1]);
    return fail("cannot create a pipe: " + std::string(strerror(errno)));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in_pipe[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  if (!directory.empty()) posix_spawn_file_actions_addchdir_np(&actions, directory.c_str());
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  int rc = posix_spawnp(&pid, argv[0].c_str(), &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  if (rc != 0) {
    ::close(in_pipe[1]);
    ::close(out_pipe[0]);
    return fail("cannot run engine command \"" + argv[0] + "\"" + (directory.empty() ? "" : " in " + directory) + ": " +
                strerror(rc));
  }
  ChildProcess child;
  child.pid_ = pid;
  child.to_child_ = in_pipe[1];
  child.from_child_ = out_pipe[0];
  return child;
}

bool ChildProcess::write_line(std::string_view line) {
  if (to_child_ < 0) return false;
  std::string text(line);
  text += '\n';
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(to_child_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += std::size_t(n);
  }
  return true;
}

ReadResult ChildProcess::read_line(SteadyTime deadline) {
  for (;;) {
    if (std::size_t nl = buffer_.find('\n'); nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return {ReadStatus::LINE, std::move(line)};
    }
    if (eof_ || from_child_ < 0) {
      if (!buffer_.empty()) return {ReadStatus::LINE, std::exchange(buffer_, "")};
      return {ReadStatus::END_OF_OUTPUT, ""};
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() < 0) return {ReadStatus::TIMEOUT, ""};
    pollfd fd{from_child_, POLLIN, 0};
    int ready = ::poll(&fd, 1, int(std::min<long long>(left.count() + 1, 1 << 30)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) continue;  // the loop re-checks the deadline
    char chunk[4096];
    ssize_t n = ::read(from_child_, chunk, sizeof chunk);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) {
      eof_ = true;
      continue;
    }
    buffer_.append(chunk, std::size_t(n));
  }
}

std::string ChildProcess::reap(bool block) {
  int status = 0;
  pid_t r;
  do r = ::waitpid(pid_, &status, block ? 0 : WNOHANG);
  while (r < 0 && errno == EINTR);
  if (r == 0) return "";
  pid_ = -1;
  return r < 0 ? "already reaped" : describe_wait_status(status);
}

std::string ChildProcess::kill() {
  if (!running()) return "not running";
  ::kill(pid_, SIGKILL);
  std::string how = reap(true);
  close_pipes();
  return how;
}

std::string ChildProcess::stop(std::chrono::milliseconds grace) {
  if (!running()) return "not running";
  if (to_child_ >= 0) {
    ::close(to_child_);  // EOF on its input also tells it to go
    to_child_ = -1;
  }
  auto until = std::chrono::steady_clock::now() + grace;
  while (std::chrono::steady_clock::now() < until) {
    if (std::string how = reap(false); !how.empty()) {
      close_pipes();
      return how;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return kill();
}

}  // namespace tabiya
