// The rules for usernames and passwords (docs/protocol.md, "Accounts").
//
// A username is 2 to 20 characters: ASCII letters, digits, '_' and '-'; it starts and ends with a letter or a
// digit and has no two separators in a row; names are unique without regard to case ("Magnus" and "magnus" are
// one name) and a few are reserved (admin, robot, anonymous, tabiya, ...). Only ASCII is allowed, so a confusable
// such as a Cyrillic 'а' in "аdmin" is refused as a bad character, never taken for a Latin 'a'.
// A password is 8 to 256 bytes of any text.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace tabiya::server {

struct NameProblem {
  std::string problem;       // "too_short", "too_long", "bad_character", "bad_start", "bad_end", "double_separator",
                             // "reserved"
  std::size_t position = 0;  // the byte the problem is at (0 for the lengths and "reserved")
};

inline constexpr std::size_t USERNAME_MIN = 2, USERNAME_MAX = 20;
inline constexpr std::size_t PASSWORD_MIN = 8, PASSWORD_MAX = 256;

// nullopt: a valid username.
std::optional<NameProblem> check_username(std::string_view name);
// The key two names are the same under: ASCII lower case.
std::string canonical_username(std::string_view name);
// nullopt or "too_short" / "too_long".
std::optional<std::string> check_password(std::string_view password);

}  // namespace tabiya::server
