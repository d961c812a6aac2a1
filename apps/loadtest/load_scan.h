// A cheap reader of the server's messages for the load generator: it walks the
// JSON text in place and hands out the raw text of the members asked for,
// without building a document (the generator shares the machine's cores with
// the server it measures, and a DOM parse of every 1 KiB move event was most
// of its cost). It reads the server's own messages; it does not validate JSON.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tabiya::loadtest::load_scan {

// The length of the JSON value at the start of `text` (a string, number, literal, object or array), or nullopt
// when it is cut short or not a value.
std::optional<std::size_t> value_length(std::string_view text);

// Calls f(key, raw value) for each member of the JSON object `object`, in order, until f returns false. False
// when `object` is not an object it can read.
template <class F>
bool for_each_member(std::string_view object, F&& f);

// Calls f(raw value) for each element of the JSON array `array`, in order. False when it is not an array.
template <class F>
bool for_each_element(std::string_view array, F&& f);

// The text of a raw JSON string without its quotes (escapes kept as they are); empty when `raw` is no string.
std::string_view string_value(std::string_view raw);
// A raw JSON integer; nullopt when `raw` is none.
std::optional<int64_t> int_value(std::string_view raw);

namespace detail {
std::size_t skip_space(std::string_view text, std::size_t at);
// Walks the members or elements of the object or array opening at text[0] (`open` '{' or '['), calling
// f(key, value) (key empty for an array) for each.
template <class F>
bool walk(std::string_view text, char open, F&& f) {
  std::size_t at = skip_space(text, 0);
  if (at >= text.size() || text[at] != open) return false;
  const char close = open == '{' ? '}' : ']';
  at = skip_space(text, at + 1);
  if (at < text.size() && text[at] == close) return true;
  while (at < text.size()) {
    std::string_view key;
    if (open == '{') {
      auto key_length = value_length(text.substr(at));
      if (!key_length || text[at] != '"') return false;
      key = string_value(text.substr(at, *key_length));
      at = skip_space(text, at + *key_length);
      if (at >= text.size() || text[at] != ':') return false;
      at = skip_space(text, at + 1);
    }
    auto length = value_length(text.substr(at));
    if (!length) return false;
    if (!f(key, text.substr(at, *length))) return true;
    at = skip_space(text, at + *length);
    if (at >= text.size()) return false;
    if (text[at] == close) return true;
    if (text[at] != ',') return false;
    at = skip_space(text, at + 1);
  }
  return false;
}
}  // namespace detail

template <class F>
bool for_each_member(std::string_view object, F&& f) {
  return detail::walk(object, '{', f);
}

template <class F>
bool for_each_element(std::string_view array, F&& f) {
  return detail::walk(array, '[', [&f](std::string_view, std::string_view value) {
    f(value);
    return true;
  });
}

}  // namespace tabiya::loadtest::load_scan
