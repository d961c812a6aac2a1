// Shared helpers for the engine tests.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>

#include "core/fen.h"
#include "core/position.h"

namespace tabiya::engine::test {

inline Position fen(std::string_view text) {
  Result<Position> pos = parse_fen(text);
  EXPECT_TRUE(pos.ok()) << text << ": " << (pos.ok() ? "" : pos.error().message);
  return pos.ok() ? *pos : Position::startpos();
}

// An output stream that a search thread writes to while the test reads it: each write is taken under a lock
// and wakes the waiters, so a test waits for the line it expects (with a deadline) instead of sleeping.
class WatchedOutput : public std::ostream {
 public:
  WatchedOutput() : std::ostream(&buffer_) {}
  std::string text() const {
    std::lock_guard lock(buffer_.mutex);
    return buffer_.text;
  }
  // True once `seen(text)` holds, false if it did not within `limit`.
  bool wait_for(const std::function<bool(const std::string&)>& seen,
                std::chrono::milliseconds limit = std::chrono::seconds(60)) const {
    std::unique_lock lock(buffer_.mutex);
    return buffer_.changed.wait_for(lock, limit, [&] { return seen(buffer_.text); });
  }
  bool wait_for_text(std::string_view needle, std::chrono::milliseconds limit = std::chrono::seconds(60)) const {
    return wait_for([needle](const std::string& t) { return t.find(needle) != std::string::npos; }, limit);
  }

 private:
  struct Buffer : std::streambuf {
    mutable std::mutex mutex;
    mutable std::condition_variable changed;
    std::string text;
    int_type overflow(int_type c) override {
      if (c != traits_type::eof()) {
        char ch = traits_type::to_char_type(c);
        xsputn(&ch, 1);
      }
      return c;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
      {
        std::lock_guard lock(mutex);
        text.append(s, std::size_t(n));
      }
      changed.notify_all();
      return n;
    }
  };
  Buffer buffer_;
};

}  // namespace tabiya::engine::test
