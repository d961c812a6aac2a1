#include "loadtest/load_scan.h"

#include <charconv>

namespace tabiya::loadtest::load_scan {

namespace detail {
std::size_t skip_space(std::string_view text, std::size_t at) {
  while (at < text.size() && (text[at] == ' ' || text[at] == '\n' || text[at] == '\r' || text[at] == '\t')) ++at;
  return at;
}
}  // namespace detail

std::optional<std::size_t> value_length(std::string_view text) {
  if (text.empty()) return std::nullopt;
  const char first = text[0];
  if (first == '"') {
    for (std::size_t i = 1; i < text.size(); ++i) {
      if (text[i] == '\\') ++i;
      else if (text[i] == '"') return i + 1;
    }
    return std::nullopt;
  }
  if (first == '{' || first == '[') {
    // Brackets are counted outside strings; the kind of each need not be checked for the server's own text.
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      if (in_string) {
        if (c == '\\') ++i;
        else if (c == '"') in_string = false;
      } else if (c == '"') {
        in_string = true;
      } else if (c == '{' || c == '[') {
        ++depth;
      } else if (c == '}' || c == ']') {
        if (--depth == 0) return i + 1;
      }
    }
    return std::nullopt;
  }
  // A number or a literal: up to the next delimiter.
  std::size_t i = 0;
  while (i < text.size() && text[i] != ',' && text[i] != '}' && text[i] != ']' && text[i] != ' ' && text[i] != '\n')
    ++i;
  return i == 0 ? std::nullopt : std::optional<std::size_t>(i);
}

std::string_view string_value(std::string_view raw) {
  if (raw.size() < 2 || raw.front() != '"' || raw.back() != '"') return {};
  return raw.substr(1, raw.size() - 2);
}

std::optional<int64_t> int_value(std::string_view raw) {
  int64_t value = 0;
  auto [end, ec] = std::from_chars(raw.data(), raw.data() + raw.size(), value);
  if (ec != std::errc() || end != raw.data() + raw.size()) return std::nullopt;
  return value;
}

}  // namespace tabiya::loadtest::load_scan
