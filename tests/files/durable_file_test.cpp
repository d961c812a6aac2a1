// The durable atomic write (files/durable_file.h): whatever step fails, and wherever the writer is killed, the
// target holds its old content or its new one, never a torn mix; a failed write leaves no temporary file behind.
#include "files/durable_file.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace tabiya {
namespace {

namespace fs = std::filesystem;

// The steps of a durable write, in order.
enum class Step { make_temporary, write, sync_file, close_file, rename, open_directory, sync_directory };

const std::vector<Step> all_steps = {Step::make_temporary, Step::write,          Step::sync_file,     Step::close_file,
                                     Step::rename,         Step::open_directory, Step::sync_directory};

// The real calls, except that one step fails with `error` (a write writes half its text first) or, with `kill`,
// the process is killed as it reaches that step.
class FaultyCalls : public FileSystemCalls {
 public:
  FaultyCalls(Step step, int error, bool kill = false) : step_(step), error_(error), kill_(kill) {}

  int make_temporary(std::string& name) override {
    if (reached(Step::make_temporary)) return -1;
    return FileSystemCalls::make_temporary(name);
  }
  ssize_t write(int fd, const char* data, size_t size) override {
    if (step_ == Step::write && !written_half_) {
      written_half_ = true;  // a short write first: the torn text exists, in the temporary file only
      return FileSystemCalls::write(fd, data, size / 2);
    }
    if (reached(Step::write)) return -1;
    return FileSystemCalls::write(fd, data, size);
  }
  int sync(int fd) override {
    if (reached(directory_open_ ? Step::sync_directory : Step::sync_file)) return -1;
    return FileSystemCalls::sync(fd);
  }
  int close(int fd) override {
    if (!directory_open_ && reached(Step::close_file)) {
      FileSystemCalls::close(fd);
      errno = error_;
      return -1;
    }
    return FileSystemCalls::close(fd);
  }
  int rename(const std::string& from, const std::string& to) override {
    if (reached(Step::rename)) return -1;
    return FileSystemCalls::rename(from, to);
  }
  int open_directory(const std::string& path) override {
    if (reached(Step::open_directory)) return -1;
    directory_open_ = true;
    return FileSystemCalls::open_directory(path);
  }

 private:
  bool reached(Step s) {
    if (s != step_) return false;
    if (kill_) ::raise(SIGKILL);
    errno = error_;
    return true;
  }
  Step step_;
  int error_;
  bool kill_;
  bool written_half_ = false;
  bool directory_open_ = false;
};

class DurableFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tabiya-durable-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    target_ = (dir_ / "event.trf").string();
  }
  void TearDown() override { fs::remove_all(dir_); }

  static std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& item : fs::directory_iterator(dir_)) out.push_back(item.path().filename().string());
    return out;
  }

  fs::path dir_;
  std::string target_;
  // Long enough that half of it is clearly neither version.
  const std::string old_text_ = std::string(5000, 'o') + "\nold\n";
  const std::string new_text_ = std::string(7000, 'n') + "\nnew\n";
};

TEST_F(DurableFile, ReplacesTheFileAndLeavesNothingElse) {
  ASSERT_TRUE(write_file_durably(target_, old_text_));
  ASSERT_TRUE(write_file_durably(target_, new_text_));
  EXPECT_EQ(read(target_), new_text_);
  EXPECT_EQ(names(), std::vector<std::string>{"event.trf"});
  struct stat st {};
  ASSERT_EQ(::stat(target_.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0644u);
}

TEST_F(DurableFile, AFailingStepBeforeTheRenameKeepsTheOldFileAndNoTemporary) {
  const std::vector<std::pair<Step, std::string>> steps = {{Step::make_temporary, "creating a temporary file"},
                                                           {Step::write, "writing the temporary file"},
                                                           {Step::sync_file, "flushing the temporary file to disk"},
                                                           {Step::close_file, "closing the temporary file"},
                                                           {Step::rename, "replacing the file"}};
  for (const auto& [step, words] : steps) {
    ASSERT_TRUE(write_file_durably(target_, old_text_));
    FaultyCalls calls(step, ENOSPC);
    auto r = write_file_durably(target_, new_text_, calls);
    ASSERT_FALSE(r) << words;
    // The message names the file, the step and the system's reason.
    EXPECT_EQ(r.error().message.find(target_ + ": " + words), 0u) << r.error().message;
    EXPECT_NE(r.error().message.find(std::strerror(ENOSPC)), std::string::npos) << r.error().message;
    EXPECT_EQ(read(target_), old_text_) << words;
    EXPECT_EQ(names(), std::vector<std::string>{"event.trf"}) << words;
  }
}

TEST_F(DurableFile, AFailingDirectoryFlushIsReportedWithTheNewFileInPlace) {
  for (Step step : {Step::open_directory, Step::sync_directory}) {
    ASSERT_TRUE(write_file_durably(target_, old_text_));
    FaultyCalls calls(step, EIO);
    auto r = write_file_durably(target_, new_text_, calls);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().message.find("directory"), std::string::npos) << r.error().message;
    EXPECT_EQ(read(target_), new_text_);
    EXPECT_EQ(names(), std::vector<std::string>{"event.trf"});
  }
}

TEST_F(DurableFile, ANewFileIsNotCreatedWhenTheWriteFails) {
  FaultyCalls calls(Step::sync_file, EIO);
  ASSERT_FALSE(write_file_durably(target_, new_text_, calls));
  EXPECT_TRUE(names().empty());
}

// A writer killed at any step (a crash, a power cut after the steps it reached): the target is the old file or the
// new one. Before the rename it is the old one; the killed writer's hidden temporary file may remain, and the next
// write still succeeds beside it.
TEST_F(DurableFile, AWriterKilledAtAnyStepLeavesTheOldOrTheNewFile) {
  for (Step step : all_steps) {
    ASSERT_TRUE(write_file_durably(target_, old_text_));
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      FaultyCalls calls(step, 0, true);
      (void)write_file_durably(target_, new_text_, calls);
      ::_exit(0);  // not reached: the seam kills the writer
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    const std::string now = read(target_);
    const bool renamed = step == Step::open_directory || step == Step::sync_directory;
    EXPECT_EQ(now, renamed ? new_text_ : old_text_) << static_cast<int>(step);
    for (const std::string& name : names()) EXPECT_TRUE(name == "event.trf" || name.starts_with(".event.trf.")) << name;
    ASSERT_TRUE(write_file_durably(target_, new_text_));
    EXPECT_EQ(read(target_), new_text_);
  }
}

TEST_F(DurableFile, AMissingDirectoryIsNamedInTheError) {
  auto r = write_file_durably((dir_ / "no-such-dir" / "x.trf").string(), "x");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("no-such-dir/x.trf: creating a temporary file in"), std::string::npos)
      << r.error().message;
}

}  // namespace
}  // namespace tabiya
