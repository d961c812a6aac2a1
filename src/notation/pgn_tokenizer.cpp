#include "notation/pgn_tokenizer.h"

namespace tabiya {

namespace {

bool is_ascii_alnum(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// Bytes of UTF-8 multi-byte sequences count as symbol characters so figurine
// moves (♘f3) and national piece letters reach the move reader whole.
bool is_symbol_start(unsigned char c) { return is_ascii_alnum(c) || c >= 0x80 || c == '*' || c == '-'; }

bool is_symbol_continuation(unsigned char c) {
  switch (c) {
    case '_': case '+': case '#': case '=': case ':': case '-': case '/':
      return true;
    default:
      return is_ascii_alnum(c) || c >= 0x80;
  }
}

// Returns the length of the whitespace at s[i], or 0. Control characters, the
// UTF-8 no-break space and a UTF-8 byte order mark all count as whitespace.
std::size_t whitespace_length(std::string_view s, std::size_t i) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  if (c <= ' ' || c == 0x7F) return 1;
  if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0xA0) return 2;
  if (c == 0xEF && s.substr(i, 3) == "\xEF\xBB\xBF") return 3;
  return 0;
}

bool is_blank(std::string_view line) {
  for (std::size_t i = 0; i < line.size();) {
    std::size_t n = whitespace_length(line, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

// `[Name "` at the start of a line: where a new game's tags begin.
bool looks_like_tag_line(std::string_view line) {
  if (line.substr(0, 3) == "\xEF\xBB\xBF") line.remove_prefix(3);
  if (line.empty() || line[0] != '[') return false;
  std::size_t i = 1;
  while (i < line.size() && (is_ascii_alnum(static_cast<unsigned char>(line[i])) || line[i] == '_')) ++i;
  if (i == 1) return false;
  std::size_t name_end = i;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  return i > name_end && i < line.size() && line[i] == '"';
}

}  // namespace

bool is_tag_name(std::string_view name) {
  if (name.empty() || !(is_ascii_alnum(static_cast<unsigned char>(name[0])) || static_cast<unsigned char>(name[0]) >= 0x80)) {
    return false;
  }
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (!is_symbol_continuation(static_cast<unsigned char>(name[i])) || whitespace_length(name, i) > 0) return false;
  }
  return true;
}

std::string_view token_kind_name(PgnTokenKind kind) {
  switch (kind) {
    case PgnTokenKind::TAG_OPEN: return "'['";
    case PgnTokenKind::TAG_CLOSE: return "']'";
    case PgnTokenKind::STRING: return "string";
    case PgnTokenKind::SYMBOL: return "symbol";
    case PgnTokenKind::PERIOD: return "'.'";
    case PgnTokenKind::NAG: return "NAG";
    case PgnTokenKind::SUFFIX: return "annotation";
    case PgnTokenKind::COMMENT: return "comment";
    case PgnTokenKind::LINE_COMMENT: return "line comment";
    case PgnTokenKind::VARIATION_OPEN: return "'('";
    case PgnTokenKind::VARIATION_CLOSE: return "')'";
    case PgnTokenKind::UNKNOWN: return "unexpected text";
    case PgnTokenKind::END: return "end of input";
  }
  return "token";
}

PgnTokenizer::PgnTokenizer(std::string_view text) : text_(text) { read_line(); }

PgnTokenizer::PgnTokenizer(std::istream& in) : in_(&in) { read_line(); }

bool PgnTokenizer::read_line(bool in_comment) {
  while (true) {
    if (in_ != nullptr) {
      if (!std::getline(*in_, line_storage_)) {
        at_end_ = true;
        line_ = {};
        col_ = 0;
        return false;
      }
      line_ = line_storage_;
    } else {
      if (text_.empty()) {
        at_end_ = true;
        line_ = {};
        col_ = 0;
        return false;
      }
      std::size_t end = text_.find('\n');
      if (end == std::string_view::npos) {
        line_ = text_;
        text_ = {};
      } else {
        line_ = text_.substr(0, end);
        text_.remove_prefix(end + 1);
      }
    }
    ++line_number_;
    if (!line_.empty() && line_.back() == '\r') line_.remove_suffix(1);
    col_ = 0;
    line_has_token_ = false;
    std::string_view content = line_;
    if (content.substr(0, 3) == "\xEF\xBB\xBF") content.remove_prefix(3);
    // PGN 6: a line whose first character is % is an escape line, ignored
    // (but inside a comment every line is the comment's text).
    if (!in_comment && !content.empty() && content[0] == '%') continue;
    return true;
  }
}

const PgnToken& PgnTokenizer::peek(std::size_t ahead) {
  while (lookahead_.size() <= ahead) scan(lookahead_.emplace_back());
  return lookahead_[ahead];
}

PgnToken PgnTokenizer::next() {
  peek();
  PgnToken token = std::move(lookahead_.front());
  lookahead_.pop_front();
  return token;
}

void PgnTokenizer::scan(PgnToken& token) {
  token.text.clear();
  token.unterminated = false;
  // Skip whitespace, across lines, noting blank lines.
  while (true) {
    if (at_end_) {
      token.kind = PgnTokenKind::END;
      token.line = line_number_;
      token.column = 1;
      token.first_on_line = true;
      token.blank_line_before = saw_blank_line_;
      return;
    }
    std::size_t n = 0;
    while (col_ < line_.size() && (n = whitespace_length(line_, col_)) > 0) col_ += n;
    if (col_ < line_.size()) break;
    if (!line_has_token_ && is_blank(line_)) saw_blank_line_ = true;
    read_line();
  }

  token.line = line_number_;
  token.column = static_cast<int>(col_) + 1;
  token.first_on_line = !line_has_token_;
  token.blank_line_before = saw_blank_line_;
  line_has_token_ = true;
  saw_blank_line_ = false;

  const unsigned char c = static_cast<unsigned char>(line_[col_]);
  auto single = [&](PgnTokenKind kind) {
    token.kind = kind;
    token.text.assign(1, static_cast<char>(c));
    ++col_;
  };
  switch (c) {
    case '[': return single(PgnTokenKind::TAG_OPEN);
    case ']': return single(PgnTokenKind::TAG_CLOSE);
    case '(': return single(PgnTokenKind::VARIATION_OPEN);
    case ')': return single(PgnTokenKind::VARIATION_CLOSE);
    case '"':
      ++col_;
      return scan_string(token);
    case '{':
      ++col_;
      return scan_comment(token);
    case ';':
      token.kind = PgnTokenKind::LINE_COMMENT;
      token.text.assign(line_.substr(col_ + 1));
      col_ = line_.size();
      return;
    case '$': {
      std::size_t end = col_ + 1;
      while (end < line_.size() && line_[end] >= '0' && line_[end] <= '9') ++end;
      if (end == col_ + 1) return single(PgnTokenKind::UNKNOWN);
      token.kind = PgnTokenKind::NAG;
      token.text.assign(line_.substr(col_ + 1, end - col_ - 1));
      col_ = end;
      return;
    }
    default:
      break;
  }

  auto take_while = [&](PgnTokenKind kind, auto&& pred) {
    std::size_t end = col_ + 1;
    while (end < line_.size() && pred(static_cast<unsigned char>(line_[end]))) ++end;
    token.kind = kind;
    token.text.assign(line_.substr(col_, end - col_));
    col_ = end;
  };
  if (c == '.') return take_while(PgnTokenKind::PERIOD, [](unsigned char x) { return x == '.'; });
  if (c == '!' || c == '?') {
    return take_while(PgnTokenKind::SUFFIX, [](unsigned char x) { return x == '!' || x == '?'; });
  }
  if (c == '*') return single(PgnTokenKind::SYMBOL);
  if (is_symbol_start(c) && whitespace_length(line_, col_) == 0) {
    std::size_t end = col_ + 1;
    while (end < line_.size() && is_symbol_continuation(static_cast<unsigned char>(line_[end])) &&
           whitespace_length(line_, end) == 0) {
      ++end;
    }
    token.kind = PgnTokenKind::SYMBOL;
    token.text.assign(line_.substr(col_, end - col_));
    col_ = end;
    return;
  }
  // Anything else: gather the run of bytes that start no token.
  std::size_t end = col_ + 1;
  while (end < line_.size()) {
    unsigned char x = static_cast<unsigned char>(line_[end]);
    if (whitespace_length(line_, end) > 0 || is_symbol_start(x)) break;
    if (x == '[' || x == ']' || x == '(' || x == ')' || x == '"' || x == '{' || x == ';' || x == '$' ||
        x == '.' || x == '!' || x == '?') {
      break;
    }
    ++end;
  }
  token.kind = PgnTokenKind::UNKNOWN;
  token.text.assign(line_.substr(col_, end - col_));
  col_ = end;
}

void PgnTokenizer::scan_string(PgnToken& token) {
  token.kind = PgnTokenKind::STRING;
  while (col_ < line_.size()) {
    char c = line_[col_];
    if (c == '"') {
      ++col_;
      return;
    }
    if (c == '\\' && col_ + 1 < line_.size() && (line_[col_ + 1] == '"' || line_[col_ + 1] == '\\')) {
      token.text.push_back(line_[col_ + 1]);
      col_ += 2;
      continue;
    }
    token.text.push_back(c);
    ++col_;
  }
  // PGN 7: a string never spans lines.
  token.unterminated = true;
}

void PgnTokenizer::scan_comment(PgnToken& token) {
  token.kind = PgnTokenKind::COMMENT;
  bool first_line = true;
  while (true) {
    std::size_t close = line_.find('}', col_);
    if (close != std::string_view::npos) {
      token.text.append(line_.substr(col_, close - col_));
      col_ = close + 1;
      return;
    }
    token.text.append(line_.substr(col_));
    bool this_line_blank = !first_line && is_blank(line_);
    first_line = false;
    if (!read_line(true)) {
      token.unterminated = true;
      return;
    }
    // A comment left open by mistake would swallow every later game; stop it
    // where a blank line is followed by a tag line, the usual game boundary.
    if (this_line_blank && looks_like_tag_line(line_)) {
      token.unterminated = true;
      return;
    }
    token.text.push_back('\n');
    line_has_token_ = true;
  }
}

}  // namespace tabiya
