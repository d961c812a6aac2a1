#include "server/accounts/account_names.h"

#include <array>

namespace tabiya::server {
namespace {

bool letter_or_digit(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}
bool separator(unsigned char c) { return c == '_' || c == '-'; }

// Names that would pass for the server, its staff or its robot, or for nobody.
constexpr std::array<std::string_view, 16> RESERVED = {
    "admin",  "administrator", "anonymous", "arbiter", "deleted", "guest",  "mod",     "moderator",
    "nobody", "null",          "robot",     "root",    "system",  "tabiya", "unknown", "support"};

}  // namespace

std::optional<NameProblem> check_username(std::string_view name) {
  if (name.size() < USERNAME_MIN) return NameProblem{"too_short", 0};
  if (name.size() > USERNAME_MAX) return NameProblem{"too_long", 0};
  for (std::size_t i = 0; i < name.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(name[i]);
    if (!letter_or_digit(c) && !separator(c)) return NameProblem{"bad_character", i};
  }
  if (!letter_or_digit(static_cast<unsigned char>(name.front()))) return NameProblem{"bad_start", 0};
  if (!letter_or_digit(static_cast<unsigned char>(name.back()))) return NameProblem{"bad_end", name.size() - 1};
  for (std::size_t i = 1; i < name.size(); ++i)
    if (separator(static_cast<unsigned char>(name[i])) && separator(static_cast<unsigned char>(name[i - 1])))
      return NameProblem{"double_separator", i};
  const std::string key = canonical_username(name);
  for (std::string_view reserved : RESERVED)
    if (key == reserved) return NameProblem{"reserved", 0};
  return std::nullopt;
}

std::string canonical_username(std::string_view name) {
  std::string key(name);
  for (char& c : key)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return key;
}

std::optional<std::string> check_password(std::string_view password) {
  if (password.size() < PASSWORD_MIN) return "too_short";
  if (password.size() > PASSWORD_MAX) return "too_long";
  return std::nullopt;
}

}  // namespace tabiya::server
