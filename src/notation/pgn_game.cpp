#include "notation/pgn_game.h"

#include <algorithm>

#include "notation/san.h"

namespace tabiya {

namespace {

constexpr std::size_t ROSTER_SIZE = std::size(SEVEN_TAG_ROSTER);

int roster_index(std::string_view name) {
  for (std::size_t i = 0; i < ROSTER_SIZE; ++i) {
    if (SEVEN_TAG_ROSTER[i] == name) return static_cast<int>(i);
  }
  return -1;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Reads 1..max_digits digits at text[i], advancing i.
std::optional<int64_t> read_number(std::string_view text, std::size_t& i, std::size_t max_digits) {
  std::size_t start = i;
  int64_t value = 0;
  while (i < text.size() && is_digit(text[i]) && i - start < max_digits) value = value * 10 + (text[i++] - '0');
  if (i == start || (i < text.size() && is_digit(text[i]))) return std::nullopt;
  return value;
}

}  // namespace

std::string_view roster_default(std::string_view name) {
  if (name == "Date") return "????.??.??";
  if (name == "Result") return "*";
  return "?";
}

PgnTags::PgnTags() {
  for (std::string_view name : SEVEN_TAG_ROSTER) set(name, roster_default(name));
}

std::optional<std::string_view> PgnTags::get(std::string_view name) const {
  auto it = index_.find(std::string(name));
  if (it == index_.end()) return std::nullopt;
  return std::string_view(entries_[it->second].second);
}

void PgnTags::set(std::string_view name, std::string_view value) {
  auto [it, added] = index_.try_emplace(std::string(name), entries_.size());
  if (added) {
    entries_.emplace_back(std::string(name), std::string(value));
  } else {
    entries_[it->second].second = std::string(value);
  }
}

void PgnTags::erase(std::string_view name) {
  int index = roster_index(name);
  if (index >= 0) {
    entries_[static_cast<std::size_t>(index)].second = std::string(roster_default(name));
    return;
  }
  auto it = index_.find(std::string(name));
  if (it == index_.end()) return;
  const std::size_t removed = it->second;
  entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(removed));
  index_.erase(it);
  for (auto& [key, position] : index_) {
    if (position > removed) --position;
  }
}

bool PgnTags::operator==(const PgnTags& other) const { return entries_ == other.entries_; }

bool PgnNode::operator==(const PgnNode& other) const {
  return move == other.move && nags == other.nags && comment == other.comment && clock_ms == other.clock_ms &&
         variations == other.variations;
}

bool PgnLine::operator==(const PgnLine& other) const {
  return starting_comment == other.starting_comment && moves == other.moves;
}

bool PgnGame::operator==(const PgnGame& other) const {
  return tags == other.tags && start == other.start && start.is_chess960() == other.start.is_chess960() &&
         mainline == other.mainline;
}

std::vector<std::string> mainline_san(const PgnGame& game) {
  std::vector<std::string> sans;
  Position pos = game.start;
  for (const PgnNode& node : game.mainline.moves) {
    sans.push_back(to_san(pos, node.move));
    UndoInfo undo;
    pos.do_move(node.move, undo);
  }
  return sans;
}

Position mainline_end(const PgnGame& game) {
  Position pos = game.start;
  for (const PgnNode& node : game.mainline.moves) {
    UndoInfo undo;
    pos.do_move(node.move, undo);
  }
  return pos;
}

std::string move_number_label(const Position& before) {
  return std::to_string(before.fullmove_number()) + (before.side_to_move() == WHITE ? "." : "...");
}

std::optional<int64_t> parse_clock(std::string_view text) {
  std::size_t i = 0;
  bool negative = !text.empty() && text[0] == '-';
  if (negative) i = 1;
  auto hours = read_number(text, i, 6);
  if (!hours || i >= text.size() || text[i++] != ':') return std::nullopt;
  auto minutes = read_number(text, i, 2);
  if (!minutes || *minutes >= 60 || i >= text.size() || text[i++] != ':') return std::nullopt;
  auto seconds = read_number(text, i, 2);
  if (!seconds || *seconds >= 60) return std::nullopt;
  int64_t ms = ((*hours * 60 + *minutes) * 60 + *seconds) * 1000;
  if (i < text.size() && text[i] == '.') {
    ++i;
    std::size_t start = i;
    int64_t scale = 100;
    while (i < text.size() && is_digit(text[i])) {
      ms += (text[i] - '0') * scale;  // digits past milliseconds are dropped
      scale /= 10;
      ++i;
    }
    if (i == start || i - start > 9) return std::nullopt;
  }
  if (i != text.size()) return std::nullopt;
  return negative ? -ms : ms;
}

std::string format_clock(int64_t ms) {
  std::string out;
  if (ms < 0) out.push_back('-');
  // Magnitude as unsigned so even INT64_MIN has one.
  uint64_t magnitude = ms < 0 ? uint64_t(0) - static_cast<uint64_t>(ms) : static_cast<uint64_t>(ms);
  uint64_t seconds = magnitude / 1000, fraction = magnitude % 1000;
  auto two = [](uint64_t v) { return std::string(v < 10 ? "0" : "") + std::to_string(v); };
  out += std::to_string(seconds / 3600) + ":" + two(seconds / 60 % 60) + ":" + two(seconds % 60);
  if (fraction != 0) {
    std::string digits = std::to_string(1000 + fraction).substr(1);
    while (digits.back() == '0') digits.pop_back();
    out += "." + digits;
  }
  return out;
}

std::optional<int64_t> extract_clock(std::string& comment) {
  constexpr std::string_view COMMAND = "[%clk";
  std::size_t at = comment.find(COMMAND);
  while (at != std::string::npos) {
    std::size_t i = at + COMMAND.size();
    if (i >= comment.size() || !is_space(comment[i])) {
      at = comment.find(COMMAND, i);
      continue;
    }
    while (i < comment.size() && is_space(comment[i])) ++i;
    // The value ends at ']'; a '[' first means this command is broken, and
    // the search goes on from there (so each byte is looked at once or twice).
    std::size_t close = comment.find_first_of("[]", i);
    if (close == std::string::npos) return std::nullopt;
    if (comment[close] == '[') {
      at = comment.find(COMMAND, close);
      continue;
    }
    std::string_view value = std::string_view(comment).substr(i, close - i);
    while (!value.empty() && is_space(value.back())) value.remove_suffix(1);
    if (auto ms = parse_clock(value)) {
      std::string rest;
      rest.reserve(comment.size());
      rest.append(comment, 0, at).append(" ").append(comment, close + 1);
      comment = normalize_comment(rest);
      return ms;
    }
    at = comment.find(COMMAND, close);
  }
  return std::nullopt;
}

std::string normalize_comment(std::string_view text) {
  std::string out;
  bool pending_space = false;
  for (char c : text) {
    if (c == '}') continue;
    if (is_space(c)) {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out.push_back(' ');
    pending_space = false;
    out.push_back(c);
  }
  return out;
}

}  // namespace tabiya
