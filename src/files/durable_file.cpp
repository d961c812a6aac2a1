#include "files/durable_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace tabiya {

int FileSystemCalls::make_temporary(std::string& name_template) { return ::mkstemp(name_template.data()); }
ssize_t FileSystemCalls::write(int fd, const char* data, size_t size) { return ::write(fd, data, size); }
int FileSystemCalls::sync(int fd) { return ::fsync(fd); }
int FileSystemCalls::close(int fd) { return ::close(fd); }
int FileSystemCalls::rename(const std::string& from, const std::string& to) {
  return std::rename(from.c_str(), to.c_str());
}
int FileSystemCalls::unlink(const std::string& path) { return ::unlink(path.c_str()); }
int FileSystemCalls::open_directory(const std::string& path) { return ::open(path.c_str(), O_RDONLY | O_DIRECTORY); }

FileSystemCalls& posix_file_system() {
  static FileSystemCalls calls;
  return calls;
}

Result<bool> write_file_durably(const std::string& path, const std::string& text, FileSystemCalls& calls) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  auto failed = [&](const std::string& step) { return fail(path + ": " + step + ": " + std::strerror(errno)); };

  // A hidden name beside the target: the same file system, so the rename is atomic; the directory scans that load
  // stored files skip names starting with a dot.
  std::string name = ".";
  name.append(target.filename().string()).append(".XXXXXX");
  std::string temporary = (dir / name).string();
  const int fd = calls.make_temporary(temporary);
  if (fd < 0) return failed("creating a temporary file in " + dir.string());
  auto abandon = [&](const std::string& step, bool open) {
    const int saved = errno;  // what the failing step reported, not what the clean-up says
    if (open) calls.close(fd);
    calls.unlink(temporary);
    errno = saved;
    return failed(step);
  };

  for (size_t done = 0; done < text.size();) {
    const ssize_t n = calls.write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;
      return abandon("writing the temporary file", true);
    }
    done += static_cast<size_t>(n);
  }
  // mkstemp makes the file readable by its owner only; the target is an ordinary file others may read.
  ::fchmod(fd, 0644);
  if (calls.sync(fd) != 0) return abandon("flushing the temporary file to disk", true);
  if (calls.close(fd) != 0) return abandon("closing the temporary file", false);
  if (calls.rename(temporary, path) != 0) return abandon("replacing the file", false);

  // The rename reaches the disk with the directory's own entry list.
  const int dfd = calls.open_directory(dir.string());
  if (dfd < 0) return failed("opening its directory to flush the rename");
  const bool synced = calls.sync(dfd) == 0;
  const int saved = errno;
  calls.close(dfd);
  errno = saved;
  if (!synced) return failed("flushing its directory to disk");
  return true;
}

}  // namespace tabiya
