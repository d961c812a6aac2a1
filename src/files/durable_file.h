// One durable atomic write for every file tabiya keeps (TRFs, reports, pairings): a crash or a failing call at any
// step leaves the target with its old content or its new one, never a torn mix.
//
// The steps: a unique temporary file in the target's directory (mkstemp, so two writers never share one), the text
// written in full, the file flushed to disk (fsync), renamed over the target (atomic within one file system), then
// the directory flushed so the rename itself survives a power loss. On failure the temporary file is removed.
#pragma once

#include <sys/types.h>
#include <string>

#include "core/result.h"

namespace tabiya {

// The system calls a durable write makes, as a seam: tests replace one to fail it, or to stop the process between
// two steps, and check what the target holds afterwards. Each returns what the POSIX call returns (-1 and errno on
// failure).
class FileSystemCalls {
 public:
  virtual ~FileSystemCalls() = default;
  virtual int make_temporary(std::string& name_template);  // mkstemp: fills in the XXXXXX, returns the descriptor
  virtual ssize_t write(int fd, const char* data, size_t size);
  virtual int sync(int fd);  // fsync
  virtual int close(int fd);
  virtual int rename(const std::string& from, const std::string& to);
  virtual int unlink(const std::string& path);
  virtual int open_directory(const std::string& path);  // open(O_RDONLY | O_DIRECTORY)
};

// The real calls.
FileSystemCalls& posix_file_system();

// Replaces `path` by `text` durably and atomically (see above). The error names the path and the failing step,
// e.g. "event.trf: flushing the temporary file to disk: No space left on device".
Result<bool> write_file_durably(const std::string& path, const std::string& text,
                                FileSystemCalls& calls = posix_file_system());

}  // namespace tabiya
