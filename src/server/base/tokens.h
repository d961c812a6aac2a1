// Secrets and names for games: seat tokens (128 bits from the operating
// system) and game ids, both in URL-safe base64 without padding.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tabiya::server {

// URL-safe base64 (RFC 4648 section 5) without padding.
std::string base64url(const unsigned char* data, std::size_t size);
// 16 bytes from the operating system's random source: 22 characters.
std::string new_seat_token();
// A game id: 48 random bits from the operating system, 8 characters.
std::string new_game_id();
// A seed for a robot or a Chess960 draw, from the operating system.
uint64_t os_random_u64();
// Compares secrets in time independent of where they differ.
bool same_secret(std::string_view a, std::string_view b);

}  // namespace tabiya::server
