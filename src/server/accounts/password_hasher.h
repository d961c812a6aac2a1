// Argon2id password hashes (libsodium's crypto_pwhash_str) off the network threads: a small pool of threads
// with a bounded queue. A hash takes ~50-100 ms and 64 MiB at the interactive limits, so at most `threads` run at
// once (memory: threads x memlimit) and at most `queue_limit` wait; past that submit() refuses and the caller
// answers 503 `busy`. Passwords are never logged or kept after their job.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace tabiya::server {

struct PasswordHashLimits {
  // 0: libsodium's interactive limits (crypto_pwhash_OPSLIMIT_INTERACTIVE, _MEMLIMIT_INTERACTIVE).
  unsigned long long ops = 0;
  std::size_t memory = 0;
  static PasswordHashLimits fastest();  // libsodium's minimum: for tests only
};

struct PasswordHasherOptions {
  int threads = 2;
  std::size_t queue_limit = 64;
  PasswordHashLimits limits;
};

class PasswordHasher {
 public:
  explicit PasswordHasher(PasswordHasherOptions options = {});
  ~PasswordHasher();  // finishes the queued jobs, then joins
  PasswordHasher(const PasswordHasher&) = delete;
  PasswordHasher& operator=(const PasswordHasher&) = delete;

  // Queues `job` for a pool thread; false (nothing queued) when the queue is full.
  bool submit(std::function<void()> job);

  // Argon2id, to be called on a pool thread: the encoded hash ("$argon2id$..."), empty if out of memory.
  std::string hash(std::string_view password) const;
  // Whether `password` matches `encoded`; an empty or malformed `encoded` still costs a hash (a dummy one), so an
  // unknown user takes as long as a wrong password.
  bool verify(std::string_view encoded, std::string_view password) const;

  // Jobs waiting and running now, and the most that ever waited at once.
  std::size_t pending() const;
  std::size_t peak_queue() const;
  uint64_t refused() const;
  // Hashes verified (against a real or the dummy hash) since the start.
  uint64_t verifications() const { return verifications_.load(); }

 private:
  void work();

  PasswordHasherOptions options_;
  unsigned long long ops_;
  std::size_t memory_;
  std::string dummy_;  // the hash an unknown user's password is checked against
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> queue_;
  std::size_t running_ = 0;
  std::size_t peak_ = 0;
  uint64_t refused_ = 0;
  bool stopping_ = false;
  mutable std::atomic<uint64_t> verifications_{0};
  std::vector<std::thread> threads_;
};

}  // namespace tabiya::server
