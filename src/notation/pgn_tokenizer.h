// Splitting PGN text into tokens (PGN standard section 7), knowing nothing of
// chess rules: the reader above decides what a symbol means. Works line by
// line over a string or a stream, so a file of any size is read in one pass.
// Real-world leniencies: a UTF-8 byte order mark and CRLF line ends are
// skipped, lines starting with % are escape lines and ignored, and any other
// byte becomes an UNKNOWN token rather than an error, so arbitrary input
// always tokenizes.
#pragma once

#include <cstdint>
#include <deque>
#include <istream>
#include <string>
#include <string_view>

namespace tabiya {

enum class PgnTokenKind : uint8_t {
  TAG_OPEN,         // [
  TAG_CLOSE,        // ]
  STRING,           // "..." (text is the value with \" and \\ unescaped)
  SYMBOL,           // e4, Nf3+, O-O, 12, 1-0, 1/2-1/2, *
  PERIOD,           // one or more dots, as in "1." or "12..."
  NAG,              // $12 (text is the digits)
  SUFFIX,           // a run of ! and ? such as !? or ??
  COMMENT,          // {...} (text is what is between the braces)
  LINE_COMMENT,     // ;... to the end of the line (text after the ;)
  VARIATION_OPEN,   // (
  VARIATION_CLOSE,  // )
  UNKNOWN,          // bytes that start no token, e.g. "@@" or a stray "}"
  END,              // end of input
};

struct PgnToken {
  PgnTokenKind kind = PgnTokenKind::END;
  std::string text;
  int line = 0;    // 1-based line where the token starts
  int column = 0;  // 1-based byte column where the token starts
  bool first_on_line = false;      // no other token before it on its line
  bool blank_line_before = false;  // a blank line separates it from the previous token
  // A string that reached the end of its line, or a comment that reached the
  // end of input (or a blank line followed by a tag line) without closing.
  bool unterminated = false;
};

std::string_view token_kind_name(PgnTokenKind kind);

// A symbol that can name a tag: a letter, digit or UTF-8 byte, then those or
// _ + # = : - / (PGN 7 is stricter; real files are not).
bool is_tag_name(std::string_view name);

class PgnTokenizer {
 public:
  // The text must outlive the tokenizer.
  explicit PgnTokenizer(std::string_view text);
  explicit PgnTokenizer(std::istream& in);

  // The next token (or the one `ahead` further on), without consuming it.
  const PgnToken& peek(std::size_t ahead = 0);
  // Consumes and returns the next token (END forever once the input is done).
  PgnToken next();

 private:
  bool read_line(bool in_comment = false);
  void scan(PgnToken& token);
  void scan_comment(PgnToken& token);
  void scan_string(PgnToken& token);

  std::string_view text_;     // remaining text when reading from a string
  std::istream* in_ = nullptr;
  std::string line_storage_;  // current line when reading from a stream
  std::string_view line_;     // current line, without its line end
  std::size_t col_ = 0;       // next byte of line_ to scan
  int line_number_ = 0;
  bool at_end_ = false;
  bool line_has_token_ = false;   // a token already started on this line
  bool saw_blank_line_ = false;   // a blank line since the previous token
  std::deque<PgnToken> lookahead_;
};

}  // namespace tabiya
