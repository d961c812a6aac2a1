#include "server/base/tokens.h"

#include <random>

namespace tabiya::server {
namespace {

// std::random_device reads the kernel's random source (getrandom or /dev/urandom) with libstdc++.
void os_random_bytes(unsigned char* out, std::size_t size) {
  static thread_local std::random_device device;
  for (std::size_t i = 0; i < size; i += 4) {
    uint32_t word = device();
    for (std::size_t j = 0; j < 4 && i + j < size; ++j) out[i + j] = static_cast<unsigned char>(word >> (8 * j));
  }
}

}  // namespace

std::string base64url(const unsigned char* data, std::size_t size) {
  static constexpr char ALPHABET[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string out;
  uint32_t buffer = 0;
  int bits = 0;
  for (std::size_t i = 0; i < size; ++i) {
    buffer = (buffer << 8) | data[i];
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += ALPHABET[(buffer >> bits) & 63];
    }
  }
  if (bits > 0) out += ALPHABET[(buffer << (6 - bits)) & 63];
  return out;
}

std::string new_seat_token() {
  unsigned char bytes[16];
  os_random_bytes(bytes, sizeof bytes);
  return base64url(bytes, sizeof bytes);
}

std::string new_game_id() {
  unsigned char bytes[6];
  os_random_bytes(bytes, sizeof bytes);
  return base64url(bytes, sizeof bytes);
}

uint64_t os_random_u64() {
  unsigned char bytes[8];
  os_random_bytes(bytes, sizeof bytes);
  uint64_t v = 0;
  for (unsigned char b : bytes) v = (v << 8) | b;
  return v;
}

bool same_secret(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace tabiya::server
