#include "notation/move_text_scan.h"

#include <array>

namespace tabiya::move_text {

Decoded decode_utf8(std::string_view bytes) {
  Decoded out;
  std::size_t i = 0;
  while (i < bytes.size()) {
    const unsigned char lead = static_cast<unsigned char>(bytes[i]);
    int length = 0;
    char32_t cp = 0, min = 0;
    if (lead < 0x80) length = 1, cp = lead;
    else if ((lead & 0xE0) == 0xC0) length = 2, cp = lead & 0x1F, min = 0x80;
    else if ((lead & 0xF0) == 0xE0) length = 3, cp = lead & 0x0F, min = 0x800;
    else if ((lead & 0xF8) == 0xF0) length = 4, cp = lead & 0x07, min = 0x10000;
    else {
      out.bad_byte = i;
      return out;
    }
    if (i + length > bytes.size()) {
      out.bad_byte = i;
      return out;
    }
    for (int k = 1; k < length; ++k) {
      const unsigned char next = static_cast<unsigned char>(bytes[i + k]);
      if ((next & 0xC0) != 0x80) {
        out.bad_byte = i;
        return out;
      }
      cp = (cp << 6) | (next & 0x3F);
    }
    // Overlong forms, surrogates and code points past Unicode are not UTF-8.
    if (cp < min || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) {
      out.bad_byte = i;
      return out;
    }
    out.text.push_back(cp);
    i += length;
  }
  return out;
}

std::string encode_utf8(std::u32string_view text) {
  std::string out;
  for (char32_t c : text) {
    if (c < 0x80) {
      out += char(c);
    } else if (c < 0x800) {
      out += char(0xC0 | (c >> 6));
      out += char(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += char(0xE0 | (c >> 12));
      out += char(0x80 | ((c >> 6) & 0x3F));
      out += char(0x80 | (c & 0x3F));
    } else {
      out += char(0xF0 | (c >> 18));
      out += char(0x80 | ((c >> 12) & 0x3F));
      out += char(0x80 | ((c >> 6) & 0x3F));
      out += char(0x80 | (c & 0x3F));
    }
  }
  return out;
}

char32_t fold(char32_t c) {
  switch (c) {
    case U'\u2010': case U'\u2011': case U'\u2012': case U'\u2013': case U'\u2014': case U'\u2212':
      return U'-';
    case U'\u00D7': case U':':  // × and the colon of Russian literature mean "captures"
      return U'x';
    case U'\u0430': return U'a';  // Cyrillic а
    case U'\u0441': return U'c';  // Cyrillic с
    case U'\u0435': return U'e';  // Cyrillic е
    case U'\u0445': return U'x';  // Cyrillic х
    default:
      return c;
  }
}

bool is_presentation_selector(char32_t c) { return c == U'\uFE0E' || c == U'\uFE0F'; }

bool is_space(char32_t c) {
  return c == U' ' || c == U'\t' || c == U'\n' || c == U'\r' || c == U'\v' || c == U'\f' || c == U'\u00A0' ||
         c == U'\u2009' || c == U'\u202F';
}

namespace {

void trim_end(std::u32string& text) {
  while (!text.empty() && is_space(text.back())) text.pop_back();
}

bool ends_with(const std::u32string& text, std::u32string_view suffix) {
  return text.size() >= suffix.size() && std::u32string_view(text).substr(text.size() - suffix.size()) == suffix;
}

// Removes the first of `options` that ends text (longest listed first).
template <std::size_t N>
bool strip_one_of(std::u32string& text, const std::array<std::u32string_view, N>& options) {
  for (std::u32string_view s : options) {
    if (ends_with(text, s)) {
      text.resize(text.size() - s.size());
      trim_end(text);
      return true;
    }
  }
  return false;
}

// After fold(): the Cyrillic а of "а.п." has become Latin a.
constexpr std::array<std::u32string_view, 6> EN_PASSANT = {U"e.p.", U"e.p", U"ep.", U"ep", U"a.\u043F.", U"a.\u043F"};
constexpr std::array<std::u32string_view, 10> ANNOTATIONS = {U"!!", U"??", U"!?", U"?!", U"!",
                                                             U"?",  U"\u203C", U"\u2047", U"\u2049", U"\u2048"};
constexpr std::array<std::u32string_view, 3> MATE = {U"++", U"#", U"\u2021"};
constexpr std::array<std::u32string_view, 2> CHECK = {U"+", U"\u2020"};

}  // namespace

Marks strip_marks(std::u32string& text) {
  Marks marks;
  trim_end(text);
  for (bool progress = true; progress;) {
    progress = false;
    if (!marks.annotation && strip_one_of(text, ANNOTATIONS)) progress = marks.annotation = true;
    else if (!marks.mate && !marks.check && strip_one_of(text, MATE)) progress = marks.mate = true;
    else if (!marks.mate && !marks.check && strip_one_of(text, CHECK)) progress = marks.check = true;
    else if (!marks.en_passant && strip_one_of(text, EN_PASSANT)) progress = marks.en_passant = true;
  }
  return marks;
}

std::string quote(std::string_view text) {
  constexpr std::size_t SHOWN = 40;  // bytes of input shown before cutting
  std::string out = "\"";
  std::size_t i = 0;
  while (i < text.size() && i < SHOWN) {
    const unsigned char byte = static_cast<unsigned char>(text[i]);
    // The length of the one code point starting here, 0 if the bytes are not UTF-8.
    std::size_t length = 0;
    for (std::size_t n = 1; n <= 4 && i + n <= text.size() && length == 0; ++n) {
      const Decoded d = decode_utf8(text.substr(i, n));
      if (!d.bad_byte && d.text.size() == 1) length = n;
    }
    if (length == 0 || byte < 0x20 || byte == 0x7F) {
      static constexpr char HEX[] = "0123456789ABCDEF";
      out += "\\x";
      out += HEX[byte >> 4];
      out += HEX[byte & 15];
      i += 1;
    } else {
      if (byte == '"' || byte == '\\') out += '\\';
      out.append(text.substr(i, length));
      i += length;
    }
  }
  if (i < text.size()) out += "...";
  return out + "\"";
}

}  // namespace tabiya::move_text
