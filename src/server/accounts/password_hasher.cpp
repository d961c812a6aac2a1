#include "server/accounts/password_hasher.h"

#include <sodium.h>

#include <algorithm>
#include <stdexcept>

namespace tabiya::server {

PasswordHashLimits PasswordHashLimits::fastest() { return {crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN}; }

PasswordHasher::PasswordHasher(PasswordHasherOptions options)
    : options_(options),
      ops_(options.limits.ops ? options.limits.ops : crypto_pwhash_OPSLIMIT_INTERACTIVE),
      memory_(options.limits.memory ? options.limits.memory : crypto_pwhash_MEMLIMIT_INTERACTIVE) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
  dummy_ = hash("a password nobody has: unknown users are checked against it");
  if (dummy_.empty()) throw std::runtime_error("not enough memory for an Argon2id hash");
  for (int i = 0; i < std::max(1, options_.threads); ++i) threads_.emplace_back([this] { work(); });
}

PasswordHasher::~PasswordHasher() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

bool PasswordHasher::submit(std::function<void()> job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || queue_.size() >= options_.queue_limit) {
      ++refused_;
      return false;
    }
    queue_.push_back(std::move(job));
    peak_ = std::max(peak_, queue_.size());
  }
  wake_.notify_one();
  return true;
}

void PasswordHasher::work() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;
      job = std::move(queue_.front());
      queue_.pop_front();
      ++running_;
    }
    job();
    std::lock_guard lock(mutex_);
    --running_;
  }
}

std::string PasswordHasher::hash(std::string_view password) const {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str(out, password.data(), password.size(), ops_, memory_) != 0) return {};
  return out;
}

bool PasswordHasher::verify(std::string_view encoded, std::string_view password) const {
  const bool known = encoded.starts_with("$argon2");
  const std::string against = known ? std::string(encoded) : dummy_;
  verifications_.fetch_add(1);
  const bool match = crypto_pwhash_str_verify(against.c_str(), password.data(), password.size()) == 0;
  return match && known;
}

std::size_t PasswordHasher::pending() const {
  std::lock_guard lock(mutex_);
  return queue_.size() + running_;
}

std::size_t PasswordHasher::peak_queue() const {
  std::lock_guard lock(mutex_);
  return peak_;
}

uint64_t PasswordHasher::refused() const {
  std::lock_guard lock(mutex_);
  return refused_;
}

}  // namespace tabiya::server
