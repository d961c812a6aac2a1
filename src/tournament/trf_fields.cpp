#include "tournament/trf_fields.h"

#include <algorithm>
#include <cctype>

namespace tabiya::tournament::trf_fields {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::string_view field(std::string_view line, size_t from, size_t len) {
  if (from >= line.size()) return {};
  return line.substr(from, std::min(len, line.size() - from));
}

bool parse_uint(std::string_view s, int& out) {
  s = trim(s);
  if (s.empty() || s.size() > 9) return false;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  out = v;
  return true;
}

bool parse_points(std::string_view s, Points& out) {
  s = trim(s);
  if (s.empty() || s.size() > 8) return false;
  Points whole = 0, tenth = 0;
  size_t i = 0;
  bool digits = false;
  for (; i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])); ++i)
    whole = whole * 10 + (s[i] - '0'), digits = true;
  if (i < s.size() && (s[i] == '.' || s[i] == ',')) {
    ++i;
    if (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) tenth = s[i++] - '0', digits = true;
    while (i < s.size() && s[i] == '0') ++i;
  }
  if (i != s.size() || !digits) return false;
  out = whole * 10 + tenth;
  return true;
}

std::string right(const std::string& s, size_t width) {
  if (s.size() >= width) return s.substr(0, width);
  return std::string(width - s.size(), ' ') + s;
}

std::string left(const std::string& s, size_t width) {
  if (s.size() >= width) return s.substr(0, width);
  return s + std::string(width - s.size(), ' ');
}

std::string zero_padded(int n, size_t width) {
  std::string digits = std::to_string(n);
  if (digits.size() >= width) return digits;
  return std::string(width - digits.size(), '0') + digits;
}

}  // namespace tabiya::tournament::trf_fields
