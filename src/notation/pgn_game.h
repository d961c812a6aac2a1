// A game as PGN records it: tags, start position, and the movetext as a tree
// of lines (the mainline and nested variations) with comments, NAGs and
// clock times. Built by GameBuilder (notation/pgn.h) and written by
// write_pgn (notation/pgn_writer.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/position.h"

namespace tabiya {

// The Seven Tag Roster (PGN 8.1.1) in its export order.
inline constexpr std::string_view SEVEN_TAG_ROSTER[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
// Its value when unknown: "????.??.??" for Date, "*" for Result, "?" otherwise.
std::string_view roster_default(std::string_view name);

// Tags in export order: the seven roster tags always present and first, then
// the others in the order they were added.
class PgnTags {
 public:
  PgnTags();

  // The value of a tag, or nullopt if absent.
  std::optional<std::string_view> get(std::string_view name) const;
  // Adds a tag or replaces its value, keeping its place.
  void set(std::string_view name, std::string_view value);
  // Removes a non-roster tag; a roster tag goes back to its default.
  void erase(std::string_view name);

  const std::vector<std::pair<std::string, std::string>>& entries() const { return entries_; }
  bool operator==(const PgnTags& other) const;

 private:
  std::vector<std::pair<std::string, std::string>> entries_;
  std::unordered_map<std::string, std::size_t> index_;  // name -> place in entries_, so files with many tags stay fast
};

struct PgnLine;

// One move of a line, with what the PGN attaches to it.
struct PgnNode {
  Move move;  // Move::none() for a null move ("--"), which only variations hold
  std::vector<int> nags;           // $n; !, ?, !!, ??, !?, ?! are read as 1..6
  std::string comment;             // comment after the move, without [%clk]
  std::optional<int64_t> clock_ms; // from [%clk h:mm:ss(.f)]: time left after the move
  std::vector<PgnLine> variations; // alternatives to this move, from the same position

  bool operator==(const PgnNode& other) const;
};

// A sequence of moves: the mainline or a variation.
struct PgnLine {
  std::string starting_comment;  // comment before the first move
  std::vector<PgnNode> moves;

  bool operator==(const PgnLine& other) const;
};

struct PgnGame {
  // All tags except SetUp, FEN and Variant, which are folded into `start`.
  PgnTags tags;
  // From the FEN tag, or the standard start; marked Chess960 for a Variant
  // tag of "Chess960" / "Fischerandom" (or a FEN that needs Chess960 castling).
  Position start = Position::startpos();
  PgnLine mainline;  // its starting_comment is the comment on the whole game

  // The Result tag: "1-0", "0-1", "1/2-1/2" or "*".
  std::string_view result() const { return *tags.get("Result"); }
  bool operator==(const PgnGame& other) const;
};

// The SAN of each mainline move (moves must be legal, as in every built game).
std::vector<std::string> mainline_san(const PgnGame& game);
// The position after the last mainline move.
Position mainline_end(const PgnGame& game);

// "12." when white is to move in `before`, "12..." when black is.
std::string move_number_label(const Position& before);

// Clock times as written in [%clk ...] comments: "h:mm:ss" with an optional
// fraction of a second ("1:02:03.4"). Parsing returns milliseconds.
std::optional<int64_t> parse_clock(std::string_view text);
std::string format_clock(int64_t ms);

// Splits the first valid [%clk ...] command out of a comment: returns the time
// and leaves `comment` with the rest, whitespace normalised.
std::optional<int64_t> extract_clock(std::string& comment);

// Collapses every run of whitespace to one space, trims the ends and drops
// '}' (which a {comment} cannot hold, though a ;comment can), so a comment
// reads back the same after the writer wraps it across lines.
std::string normalize_comment(std::string_view text);

}  // namespace tabiya
