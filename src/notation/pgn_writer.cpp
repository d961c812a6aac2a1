#include "notation/pgn_writer.h"

#include <optional>

#include "core/fen.h"
#include "core/movegen.h"
#include "core/uci_move.h"
#include "notation/pgn_reader.h"
#include "notation/pgn_tokenizer.h"
#include "notation/plain_san.h"
#include "notation/san.h"

namespace tabiya {

namespace {

// Deeper nesting than any reader produces; the bound keeps recursion safe
// for hand-built games.
constexpr int MAX_WRITE_DEPTH = 256;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// Lays out movetext as unbreakable words in lines.
class MovetextWriter {
 public:
  explicit MovetextWriter(const PgnWriteOptions& options) : options_(options) {}

  std::optional<Error> write_line(const PgnLine& line, Position pos, int depth) {
    if (depth > MAX_WRITE_DEPTH) {
      return fail("write_pgn: variations nested deeper than " + std::to_string(MAX_WRITE_DEPTH) + " levels");
    }
    bool need_number = true;
    if (options_.comments && !line.starting_comment.empty()) comment(line.starting_comment);
    for (const PgnNode& node : line.moves) {
      const bool null_move = is_null_move(node.move);
      if (null_move && (depth == 0 || pos.in_check())) {
        return fail("write_pgn: null move at " + move_number_label(pos) +
                    (depth == 0 ? " in the main line" : " in check") + " in " + to_fen(pos));
      }
      if (!null_move && !is_legal_move(pos, node.move)) {
        return fail("write_pgn: move " + move_number_label(pos) + " " + to_uci(node.move, pos) + " is not legal in " +
                    to_fen(pos));
      }
      if (pos.side_to_move() == WHITE || need_number) word(move_number_label(pos));
      word(null_move ? "--" : to_san(pos, node.move));
      need_number = false;
      if (options_.nags) {
        for (int nag : node.nags) {
          if (nag < 0 || nag > 255) {
            return fail("write_pgn: move " + move_number_label(pos) + " has NAG " + std::to_string(nag) +
                        ", outside 0-255");
          }
          word(std::string("$").append(std::to_string(nag)));
        }
      }
      if (options_.comments) {
        std::string text;
        if (node.clock_ms) {
          text.append("[%clk ").append(format_clock(*node.clock_ms)).append("]");
        }
        if (!node.comment.empty()) {
          if (!text.empty()) text.push_back(' ');
          text.append(node.comment);
        }
        if (!text.empty()) {
          comment(text);
          need_number = true;
        }
      }
      if (options_.variations) {
        for (const PgnLine& variation : node.variations) {
          prefix_ += "(";
          if (auto error = write_line(variation, pos, depth + 1)) return error;
          close_paren();
          need_number = true;
        }
      }
      UndoInfo undo;
      if (null_move) pos.do_null_move(undo);
      else pos.do_move(node.move, undo);
    }
    return std::nullopt;
  }

  // Words are laid out as they come: each one waits until the next arrives
  // (a closing parenthesis may still join it), then goes on the current line
  // if it fits and starts a new one otherwise.
  void word(std::string_view text) {
    flush_pending();
    pending_ = prefix_;
    pending_.append(text);
    has_pending_ = true;
    prefix_.clear();
  }

  // The movetext laid out in lines of at most max_line_length (longer words alone).
  void finish(std::string& out) {
    flush_pending();
    if (line_length_ > 0) out_.push_back('\n');
    out += out_;
  }

 private:
  // Braces cannot be escaped in PGN, so a '}' in a comment is dropped. Lines
  // break between words, but never inside a command such as [%clk 0:05:00].
  void comment(std::string_view text) {
    // Each part of the comment becomes a word once the next one is known:
    // the first opens the brace, the last closes it.
    std::string part, held;
    bool has_held = false, first = true, in_command = false;
    auto completed = [&] {
      if (has_held) {
        word(first ? "{" + held : held);
        first = false;
      }
      held.swap(part);
      part.clear();
      has_held = true;
    };
    for (char c : text) {
      if (c == '}') continue;
      if (is_space(c) && !in_command) {
        if (!part.empty()) completed();
        continue;
      }
      if (is_space(c)) {
        if (!part.empty() && part.back() != ' ') part.push_back(' ');
        continue;
      }
      if (c == '[' && part.empty()) in_command = true;
      if (c == ']') in_command = false;
      part.push_back(c);
    }
    if (!part.empty()) completed();
    std::string last = first ? "{" + held : held;  // an empty comment is "{}"
    last.push_back('}');
    word(last);
  }

  void close_paren() {
    if (!prefix_.empty() || !has_pending_) {
      word(")");  // an empty variation: "()"
    } else {
      pending_ += ')';
    }
  }

  void flush_pending() {
    if (!has_pending_) return;
    if (line_length_ == 0) {
      out_ += pending_;
      line_length_ = pending_.size();
    } else if (static_cast<int>(line_length_ + 1 + pending_.size()) <= options_.max_line_length) {
      out_.push_back(' ');
      out_ += pending_;
      line_length_ += 1 + pending_.size();
    } else {
      out_.push_back('\n');
      out_ += pending_;
      line_length_ = pending_.size();
    }
    has_pending_ = false;
  }

  const PgnWriteOptions& options_;
  std::string out_;           // the lines laid out so far
  std::size_t line_length_ = 0;  // of the last line in out_
  std::string pending_;       // the last word, not laid out yet
  bool has_pending_ = false;
  std::string prefix_;  // opening parentheses waiting for the next word
};

std::string_view result_token(std::string_view result) {
  if (result == "1-0" || result == "0-1" || result == "1/2-1/2") return result;
  return "*";
}

}  // namespace

std::string escape_tag_value(std::string_view value) {
  std::string out = "\"";
  for (char c : value) {
    if (c == '\\' || c == '"') out += '\\';
    // A PGN string never spans lines.
    out += c == '\n' ? ' ' : c;
  }
  return out + "\"";
}

Result<std::string> write_pgn(const PgnGame& game, const PgnWriteOptions& options) {
  std::string out;
  auto tag = [&](std::string_view name, std::string_view value) {
    out.push_back('[');
    out.append(name).append(" ").append(escape_tag_value(value)).append("]\n");
  };
  const bool custom_start = to_fen(game.start) != START_FEN;
  const bool chess960 = game.start.is_chess960();
  const auto& entries = game.tags.entries();
  for (const auto& [name, value] : entries) {
    if (!is_tag_name(name)) return fail("write_pgn: tag name \"" + name + "\" is not a PGN symbol");
  }
  // The roster comes first in PgnTags; the start position follows it.
  std::size_t i = 0;
  for (; i < entries.size() && i < std::size(SEVEN_TAG_ROSTER); ++i) tag(entries[i].first, entries[i].second);
  if (chess960) tag("Variant", "Chess960");
  if (custom_start) {
    tag("SetUp", "1");
    tag("FEN", to_fen(game.start));
  }
  for (; i < entries.size(); ++i) {
    const std::string& name = entries[i].first;
    if ((chess960 && name == "Variant") || (custom_start && (name == "SetUp" || name == "FEN"))) continue;
    tag(name, entries[i].second);
  }
  out += '\n';

  MovetextWriter movetext(options);
  if (auto error = movetext.write_line(game.mainline, game.start, 0)) return *error;
  movetext.word(result_token(game.result()));
  movetext.finish(out);
  return out;
}

Result<std::string> write_pgn_games(const std::vector<PgnGame>& games, const PgnWriteOptions& options) {
  std::string out;
  for (std::size_t i = 0; i < games.size(); ++i) {
    Result<std::string> text = write_pgn(games[i], options);
    if (!text) return fail("game " + std::to_string(i + 1) + ": " + text.error().message);
    if (i > 0) out += '\n';
    out += text.value();
  }
  return out;
}

}  // namespace tabiya
