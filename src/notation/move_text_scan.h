// Private to the move reader: turning the bytes a person typed into a clean
// sequence of code points. Decodes UTF-8 strictly, folds typographic variants
// (dashes, ×, Cyrillic look-alikes of files) onto the ASCII the grammar knows,
// and peels off the marks that never decide which move is meant: check and
// mate signs, annotations and "e.p.".
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace tabiya::move_text {

// Code points of text, or the byte offset of the first invalid UTF-8 sequence.
struct Decoded {
  std::u32string text;
  std::optional<std::size_t> bad_byte;
};
Decoded decode_utf8(std::string_view bytes);
std::string encode_utf8(std::u32string_view text);

// Typographic variants onto their plain form: dashes to '-', '×' and ':' to
// 'x', Cyrillic а с е х to Latin a c e x (Cyrillic keyboards).
char32_t fold(char32_t c);
// The text/emoji presentation selectors that may follow a figurine (♘️).
bool is_presentation_selector(char32_t c);
bool is_space(char32_t c);

// What the trailing marks said; each may appear at most once, in any order.
struct Marks {
  bool check = false;       // + or †
  bool mate = false;        // # ++ ‡
  bool en_passant = false;  // e.p. ep (and Bulgarian а.п.)
  bool annotation = false;  // ! ? !! ?? !? ?! and their one-glyph forms
};
// Strips the marks from the end of folded, trimmed text and trims again.
Marks strip_marks(std::u32string& text);

// The text as a message shows it: in quotes, non-printable bytes as \xNN,
// long input cut short, so an error message stays one readable line.
std::string quote(std::string_view text);

}  // namespace tabiya::move_text
