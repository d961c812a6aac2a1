#include "notation/pgn_reader.h"

#include <algorithm>
#include <unordered_set>

#include "core/fen.h"
#include "notation/move_reader.h"
#include "notation/pgn_game.h"
#include "notation/standard_start.h"

namespace tabiya {

namespace {

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string normalize_result(std::string_view token) {
  if (token == "\xC2\xBD-\xC2\xBD") return "1/2-1/2";  // ½-½
  return std::string(token);
}

// The NAG for a traditional suffix annotation (PGN 10), or 0.
int suffix_nag(std::string_view suffix) {
  if (suffix == "!") return 1;
  if (suffix == "?") return 2;
  if (suffix == "!!") return 3;
  if (suffix == "??") return 4;
  if (suffix == "!?") return 5;
  if (suffix == "?!") return 6;
  return 0;
}

// Quotes text for a message, keeping it on one readable line.
std::string quoted(std::string_view text) {
  constexpr std::size_t MAX = 60;
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size() && i < MAX; ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7F) {
      constexpr char HEX[] = "0123456789abcdef";
      out += "\\x";
      out += HEX[c >> 4];
      out += HEX[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  if (text.size() > MAX) out += "...";
  return out + "\"";
}

std::string lowercase_letters_digits(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c >= 'A' && c <= 'Z') out += static_cast<char>(c - 'A' + 'a');
    else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) out += c;
  }
  return out;
}

}  // namespace

bool is_numeric_notation_tag(std::string_view value) {
  std::string lower;
  for (char c : value) lower += (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
  return lower == "iccf" || lower == "numeric" || lower == "iccf numeric";
}

bool is_result_token(std::string_view text) {
  return text == "1-0" || text == "0-1" || text == "1/2-1/2" || text == "*" || text == "\xC2\xBD-\xC2\xBD";
}

bool is_null_move_text(std::string_view text) { return text == "--" || text == "Z0"; }

PgnVariant parse_pgn_variant(std::string_view value) {
  const std::string name = lowercase_letters_digits(value);
  if (name.empty() || name == "standard" || name == "chess" || name == "normal" || name == "fromposition") {
    return PgnVariant::STANDARD;
  }
  if (name == "chess960" || name == "fischerandom" || name == "fischerrandom" || name == "960") {
    return PgnVariant::CHESS960;
  }
  return PgnVariant::UNSUPPORTED;
}

PgnReader::PgnReader(std::string_view text, PgnReadOptions options)
    : tokens_(std::make_unique<PgnTokenizer>(text)), options_(std::move(options)) {}

PgnReader::PgnReader(std::istream& in, PgnReadOptions options)
    : tokens_(std::make_unique<PgnTokenizer>(in)), options_(std::move(options)) {}

void PgnReader::report(PgnVisitor& visitor, PgnSeverity severity, int line, int column, std::string move_number,
                       std::string text, const std::string& what) {
  PgnError error;
  error.severity = severity;
  error.game_number = in_game_ ? game_number_ : 0;
  error.line = line;
  error.column = column;
  error.move_number = std::move(move_number);
  error.text = std::move(text);
  error.message = options_.source_name + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                  (severity == PgnSeverity::ERROR ? "error: " : "warning: ");
  if (error.game_number > 0) {
    error.message += "game " + std::to_string(error.game_number);
    if (!error.move_number.empty()) error.message += ", move " + error.move_number;
    error.message += ": ";
  }
  error.message += what;
  visitor.error(error);
  errors_.push_back(std::move(error));
}

void PgnReader::report(PgnVisitor& visitor, PgnSeverity severity, const PgnToken& at, std::string move_number,
                       const std::string& what) {
  report(visitor, severity, at.line, at.column, std::move(move_number), at.text, what);
}

void PgnReader::read_all(PgnVisitor& visitor) {
  while (read_game(visitor)) {
  }
}

bool PgnReader::read_game(PgnVisitor& visitor) {
  in_game_ = false;
  if (stopped_ || !find_game_start(visitor)) return false;
  ++game_number_;
  in_game_ = true;
  fen_.clear();
  variant_.clear();
  result_tag_.clear();
  has_fen_ = has_variant_ = has_result_tag_ = numeric_ = false;

  VisitResult r = visitor.begin_game(game_number_);
  if (r == VisitResult::STOP) return stopped_ = true;
  if (r == VisitResult::SKIP) {
    leading_comments_.clear();
    skip_tags();
    skip_rest_of_game();
    visitor.end_game();
    return true;
  }

  r = read_headers(visitor);
  if (r == VisitResult::STOP) return stopped_ = true;
  if (r == VisitResult::SKIP) {
    leading_comments_.clear();
    skip_tags();
    skip_rest_of_game();
    visitor.end_game();
    return true;
  }

  Position start = standard_start_position();
  if (!start_position(visitor, start)) {
    leading_comments_.clear();
    resync_after_error();
    visitor.end_game();
    return true;
  }
  r = visitor.end_headers(start);
  if (r == VisitResult::STOP) return stopped_ = true;
  if (r == VisitResult::SKIP) {
    leading_comments_.clear();
    skip_rest_of_game();
    visitor.end_game();
    return true;
  }
  if (read_movetext(visitor, start) == GameEnd::STOPPED) return stopped_ = true;
  visitor.end_game();
  return true;
}

// Skips to the first token of the next game: tags, or movetext that starts
// like a game. Text that is neither (a preface, stray characters) is reported
// once per stretch and dropped.
bool PgnReader::find_game_start(PgnVisitor& visitor) {
  leading_comments_.clear();
  int garbage_line = 0, garbage_column = 0, garbage_last_line = 0;
  std::string garbage_text;
  auto flush_garbage = [&] {
    if (garbage_line == 0) return;
    std::string where = garbage_last_line > garbage_line
                            ? " (lines " + std::to_string(garbage_line) + "-" + std::to_string(garbage_last_line) + ")"
                            : "";
    report(visitor, PgnSeverity::WARNING, garbage_line, garbage_column, "", garbage_text,
           "text outside any game ignored" + where + ": " + quoted(garbage_text));
    garbage_line = 0;
  };
  auto drop_leading_comments = [&] {
    for (const PgnToken& comment : leading_comments_) {
      report(visitor, PgnSeverity::WARNING, comment, "", "comment outside any game ignored: " + quoted(comment.text));
    }
    leading_comments_.clear();
  };

  while (true) {
    const PgnToken& token = tokens_->peek();
    switch (token.kind) {
      case PgnTokenKind::END:
        flush_garbage();
        drop_leading_comments();
        return false;
      case PgnTokenKind::TAG_OPEN:
        flush_garbage();
        drop_leading_comments();
        return true;
      case PgnTokenKind::COMMENT:
        flush_garbage();
        leading_comments_.push_back(tokens_->next());
        continue;
      case PgnTokenKind::LINE_COMMENT:
        tokens_->next();
        continue;
      case PgnTokenKind::SYMBOL:
        if (is_result_token(token.text) || all_digits(token.text) ||
            parse_move(standard_start_position(), token.text).ok()) {
          flush_garbage();
          return true;
        }
        break;
      default:
        break;
    }
    // Garbage: drop the rest of its line.
    if (garbage_line == 0) {
      garbage_line = token.line;
      garbage_column = token.column;
      garbage_text = token.text;
    }
    const int line = token.line;
    garbage_last_line = line;
    while (tokens_->peek().kind != PgnTokenKind::END && tokens_->peek().line == line) tokens_->next();
  }
}

VisitResult PgnReader::read_headers(PgnVisitor& visitor) {
  std::unordered_set<std::string> seen;
  while (true) {
    const PgnToken& peeked = tokens_->peek();
    if (peeked.kind == PgnTokenKind::LINE_COMMENT) {
      tokens_->next();
      continue;
    }
    if (peeked.kind != PgnTokenKind::TAG_OPEN) return VisitResult::CONTINUE;
    // After a blank line, a tag this game already has starts the next game
    // (this one had no movetext); a new tag just continues the tag section.
    if (peeked.blank_line_before && !seen.empty()) {
      const PgnToken& name = tokens_->peek(1);
      if (name.kind == PgnTokenKind::SYMBOL && seen.count(name.text) > 0) {
        return VisitResult::CONTINUE;
      }
    }
    const PgnToken open = tokens_->next();
    auto malformed = [&](const std::string& why) {
      report(visitor, PgnSeverity::WARNING, open, "", "malformed tag pair ignored: " + why);
      while (tokens_->peek().kind != PgnTokenKind::END && tokens_->peek().line == open.line) tokens_->next();
    };
    if (tokens_->peek().kind != PgnTokenKind::SYMBOL || tokens_->peek().line != open.line) {
      malformed("expected a tag name after '['");
      continue;
    }
    const PgnToken name = tokens_->next();
    if (!is_tag_name(name.text)) {
      malformed(quoted(name.text) + " is not a tag name");
      continue;
    }
    if (tokens_->peek().kind != PgnTokenKind::STRING || tokens_->peek().line != open.line) {
      malformed("expected a quoted value after " + name.text);
      continue;
    }
    const PgnToken value = tokens_->next();
    if (value.unterminated) {
      report(visitor, PgnSeverity::WARNING, value, "", "tag " + name.text + ": value lacks its closing quote");
    }
    if (tokens_->peek().kind == PgnTokenKind::TAG_CLOSE && tokens_->peek().line == open.line) {
      tokens_->next();
    } else {
      report(visitor, PgnSeverity::WARNING, open, "", "tag " + name.text + " lacks its closing ']'");
      while (tokens_->peek().kind != PgnTokenKind::END && tokens_->peek().line == open.line) tokens_->next();
    }
    if (!seen.insert(name.text).second) {
      report(visitor, PgnSeverity::WARNING, name, "", "tag " + name.text + " appears twice; the last value is kept");
    }
    if (name.text == "FEN") {
      fen_ = value.text;
      has_fen_ = true;
      fen_line_ = value.line;
      fen_column_ = value.column;
    } else if (name.text == "Variant") {
      variant_ = value.text;
      has_variant_ = true;
      variant_line_ = value.line;
      variant_column_ = value.column;
    } else if (name.text == "Notation") {
      numeric_ = is_numeric_notation_tag(value.text);
    } else if (name.text == "Result") {
      result_tag_ = normalize_result(value.text);
      has_result_tag_ = true;
    }
    VisitResult r = visitor.header(name.text, value.text);
    if (r != VisitResult::CONTINUE) return r;
  }
}

bool PgnReader::start_position(PgnVisitor& visitor, Position& start) {
  PgnVariant variant = has_variant_ ? parse_pgn_variant(variant_) : PgnVariant::STANDARD;
  if (variant == PgnVariant::UNSUPPORTED) {
    report(visitor, PgnSeverity::ERROR, variant_line_, variant_column_, "", variant_,
           "unsupported variant " + quoted(variant_) + " (only standard chess and Chess960 are read); game skipped");
    errors_.back().problem = PgnProblem::UNSUPPORTED_VARIANT;
    return false;
  }
  if (has_fen_) {
    Result<Position> parsed = parse_fen(fen_);
    if (!parsed) {
      report(visitor, PgnSeverity::ERROR, fen_line_, fen_column_, "", fen_,
             "invalid FEN tag " + quoted(fen_) + ": " + parsed.error().message + "; game skipped");
      return false;
    }
    start = std::move(parsed).value();
  } else {
    start = standard_start_position();
  }
  if (variant == PgnVariant::CHESS960) start.set_chess960(true);
  return true;
}

bool PgnReader::is_game_boundary(const PgnToken& token) const {
  return token.kind == PgnTokenKind::END || (token.kind == PgnTokenKind::TAG_OPEN && token.first_on_line);
}

void PgnReader::skip_tags() {
  while (tokens_->peek().kind == PgnTokenKind::TAG_OPEN || tokens_->peek().kind == PgnTokenKind::LINE_COMMENT) {
    const int line = tokens_->peek().line;
    while (tokens_->peek().kind != PgnTokenKind::END && tokens_->peek().line == line) tokens_->next();
  }
}

void PgnReader::skip_rest_of_game() {
  int depth = 0;
  while (!is_game_boundary(tokens_->peek())) {
    PgnToken token = tokens_->next();
    if (token.kind == PgnTokenKind::VARIATION_OPEN) ++depth;
    if (token.kind == PgnTokenKind::VARIATION_CLOSE && depth > 0) --depth;
    if (token.kind == PgnTokenKind::SYMBOL && depth == 0 && is_result_token(token.text)) return;
  }
}

bool PgnReader::skip_variation() {
  int depth = 1;
  while (true) {
    const PgnToken& token = tokens_->peek();
    if (is_game_boundary(token) || (token.kind == PgnTokenKind::SYMBOL && is_result_token(token.text))) return false;
    PgnTokenKind kind = tokens_->next().kind;
    if (kind == PgnTokenKind::VARIATION_OPEN) ++depth;
    if (kind == PgnTokenKind::VARIATION_CLOSE && --depth == 0) return true;
  }
}

void PgnReader::resync_after_error() {
  while (!is_game_boundary(tokens_->peek())) {
    PgnToken token = tokens_->next();
    if (token.kind == PgnTokenKind::SYMBOL && is_result_token(token.text)) return;
  }
}

PgnReader::GameEnd PgnReader::read_movetext(PgnVisitor& visitor, const Position& start) {
  lines_.clear();
  lines_.push_back(LineState{start, start, false});
  if (auto end = pass_leading_comments(visitor)) return *end;
  while (true) {
    const PgnToken& peeked = tokens_->peek();
    if (peeked.kind == PgnTokenKind::END) return end_without_result(visitor, peeked, "at the end of the input");
    if (peeked.kind == PgnTokenKind::TAG_OPEN && peeked.first_on_line) {
      return end_without_result(visitor, peeked, "before the tags of the next game");
    }
    const PgnToken token = tokens_->next();
    if (auto end = read_movetext_token(visitor, token)) return *end;
  }
}

std::optional<PgnReader::GameEnd> PgnReader::read_movetext_token(PgnVisitor& visitor, const PgnToken& token) {
  switch (token.kind) {
    case PgnTokenKind::SYMBOL:
      return read_symbol(visitor, token);
    case PgnTokenKind::PERIOD:
      return std::nullopt;  // dots without a move number, e.g. "1. ... e5"
    case PgnTokenKind::COMMENT:
      if (token.unterminated) {
        report(visitor, PgnSeverity::WARNING, token, "", "comment lacks its closing '}'");
      }
      [[fallthrough]];
    case PgnTokenKind::LINE_COMMENT:
      return follow_answer(visitor, visitor.comment(token.text));
    case PgnTokenKind::NAG:
      return read_nag(visitor, token);
    case PgnTokenKind::SUFFIX:
      return read_suffix(visitor, token);
    case PgnTokenKind::VARIATION_OPEN:
      return open_variation(visitor, token);
    case PgnTokenKind::VARIATION_CLOSE:
      return close_variation(visitor, token);
    default:
      report(visitor, PgnSeverity::WARNING, token, "",
             std::string(token_kind_name(token.kind)) + " " + quoted(token.text) + " in the movetext ignored");
      return std::nullopt;
  }
}

std::optional<PgnReader::GameEnd> PgnReader::pass_leading_comments(PgnVisitor& visitor) {
  std::optional<GameEnd> end;
  for (const PgnToken& comment : leading_comments_) {
    end = follow_answer(visitor, visitor.comment(comment.text));
    if (end) break;
  }
  leading_comments_.clear();
  return end;
}

PgnReader::GameEnd PgnReader::close_variations(PgnVisitor& visitor) {
  while (lines_.size() > 1) {
    lines_.pop_back();
    if (visitor.end_variation() == VisitResult::STOP) return GameEnd::STOPPED;
  }
  return GameEnd::DONE;
}

std::optional<PgnReader::GameEnd> PgnReader::follow_answer(PgnVisitor& visitor, VisitResult answer) {
  while (answer == VisitResult::SKIP) {
    if (lines_.size() == 1) {
      skip_rest_of_game();
      return GameEnd::DONE;
    }
    skip_variation();
    lines_.pop_back();
    answer = visitor.end_variation();
  }
  if (answer == VisitResult::STOP) return GameEnd::STOPPED;
  return std::nullopt;
}

PgnReader::GameEnd PgnReader::end_without_result(PgnVisitor& visitor, const PgnToken& at, const std::string& where) {
  if (lines_.size() > 1) {
    report(visitor, PgnSeverity::WARNING, at, "",
           std::to_string(lines_.size() - 1) + " variation(s) left open " + where);
  }
  report(visitor, PgnSeverity::WARNING, at, "", "game has no result token " + where);
  return close_variations(visitor);
}

std::optional<PgnReader::GameEnd> PgnReader::read_symbol(PgnVisitor& visitor, const PgnToken& token) {
  if (is_result_token(token.text)) return read_result(visitor, token);
  if (skip_move_number(token)) return std::nullopt;
  if (is_null_move_text(token.text)) return read_null_move(visitor, token);
  LineState& line = lines_.back();
  Result<Move, MoveError> move = parse_move(line.current, token.text);
  if (!move) {
    report(visitor, PgnSeverity::ERROR, token, move_number_label(line.current),
           move.error().message + "; rest of the game skipped");
    resync_after_error();
    return close_variations(visitor);
  }
  return play_in_line(visitor, token, move.value());
}

PgnReader::GameEnd PgnReader::read_result(PgnVisitor& visitor, const PgnToken& token) {
  const std::string result = normalize_result(token.text);
  if (lines_.size() > 1) {
    report(visitor, PgnSeverity::WARNING, token, "",
           "result " + quoted(token.text) + " inside a variation ends the game");
    if (close_variations(visitor) == GameEnd::STOPPED) return GameEnd::STOPPED;
  }
  if (has_result_tag_ && is_result_token(result_tag_) && result_tag_ != "*" && result_tag_ != result) {
    report(visitor, PgnSeverity::WARNING, token, "",
           "the Result tag says " + quoted(result_tag_) + " but the movetext ends with " + quoted(result) +
               "; the tag is kept");
  }
  return visitor.result(result) == VisitResult::STOP ? GameEnd::STOPPED : GameEnd::DONE;
}

bool PgnReader::skip_move_number(const PgnToken& token) {
  // In a game tagged as numeric, 4 or 5 digits not followed by dots are
  // an ICCF move (5254); everywhere else digits are a move number.
  const bool numeric_move =
      numeric_ && (token.text.size() == 4 || token.text.size() == 5) && tokens_->peek().kind != PgnTokenKind::PERIOD;
  if (!all_digits(token.text) || numeric_move) return false;
  // "12." or "12..."; its value is not checked.
  while (tokens_->peek().kind == PgnTokenKind::PERIOD) tokens_->next();
  return true;
}

std::optional<PgnReader::GameEnd> PgnReader::read_null_move(PgnVisitor& visitor, const PgnToken& token) {
  const LineState& line = lines_.back();
  // A pass is no move under the Laws, and with the king in check it
  // would leave the king capturable: neither can be replayed.
  std::string why =
      lines_.size() == 1 ? "null move " + quoted(token.text) + " in the main line: passing is not a move under the Laws"
      : line.current.in_check() ? "null move " + quoted(token.text) + " while in check: the king would stay in check"
                                : "";
  if (!why.empty()) {
    report(visitor, PgnSeverity::ERROR, token, move_number_label(line.current), why + "; rest of the game skipped");
    resync_after_error();
    return close_variations(visitor);
  }
  return play_in_line(visitor, token, Move::none());
}

std::optional<PgnReader::GameEnd> PgnReader::play_in_line(PgnVisitor& visitor, const PgnToken& token, Move move) {
  LineState& line = lines_.back();
  PgnMoveEvent event{token.text, line.current, move, token.line, token.column};
  VisitResult answer = visitor.move(event);
  line.before_last = line.current;
  UndoInfo undo;
  if (is_null_move(move)) line.current.do_null_move(undo);
  else line.current.do_move(move, undo);
  line.has_move = true;
  return follow_answer(visitor, answer);
}

std::optional<PgnReader::GameEnd> PgnReader::read_nag(PgnVisitor& visitor, const PgnToken& token) {
  int nag = token.text.size() <= 3 ? std::stoi(token.text) : 256;
  if (nag > 255) {
    report(visitor, PgnSeverity::WARNING, token, "", "NAG $" + token.text + " is out of range 0-255; ignored");
    return std::nullopt;
  }
  return annotate(visitor, token, nag);
}

std::optional<PgnReader::GameEnd> PgnReader::read_suffix(PgnVisitor& visitor, const PgnToken& token) {
  int nag = suffix_nag(token.text);
  if (nag == 0) {
    report(visitor, PgnSeverity::WARNING, token, "", "unknown annotation " + quoted(token.text) + " ignored");
    return std::nullopt;
  }
  return annotate(visitor, token, nag);
}

std::optional<PgnReader::GameEnd> PgnReader::annotate(PgnVisitor& visitor, const PgnToken& token, int nag) {
  if (!lines_.back().has_move) {
    report(visitor, PgnSeverity::WARNING, token, "", "annotation " + quoted(token.text) + " before any move ignored");
    return std::nullopt;
  }
  return follow_answer(visitor, visitor.nag(nag));
}

std::optional<PgnReader::GameEnd> PgnReader::open_variation(PgnVisitor& visitor, const PgnToken& token) {
  if (!lines_.back().has_move) {
    report(visitor, PgnSeverity::WARNING, token, "", "variation before any move ignored");
    skip_variation();
    return std::nullopt;
  }
  if (static_cast<int>(lines_.size()) > options_.max_variation_depth) {
    report(visitor, PgnSeverity::ERROR, token, "",
           "variations nested deeper than " + std::to_string(options_.max_variation_depth) +
               " levels; this variation is dropped");
    skip_variation();
    return std::nullopt;
  }
  VisitResult answer = visitor.begin_variation();
  if (answer == VisitResult::SKIP) {
    skip_variation();
    return std::nullopt;
  }
  if (answer == VisitResult::STOP) return GameEnd::STOPPED;
  // The variation replaces the last move of the line it branches from.
  Position from = lines_.back().before_last;
  lines_.push_back(LineState{from, from, false});
  return std::nullopt;
}

std::optional<PgnReader::GameEnd> PgnReader::close_variation(PgnVisitor& visitor, const PgnToken& token) {
  if (lines_.size() == 1) {
    report(visitor, PgnSeverity::WARNING, token, "", "')' without a variation ignored");
    return std::nullopt;
  }
  lines_.pop_back();
  return follow_answer(visitor, visitor.end_variation());
}

}  // namespace tabiya
