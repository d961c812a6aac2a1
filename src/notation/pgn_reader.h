// Reading PGN games event by event. PgnReader turns tokens into callbacks on
// a PgnVisitor, in PGN order, replaying the moves so each move arrives with
// the position it is played in. It applies the rules only where PGN needs
// them (SAN moves, FEN/SetUp, Variant); everything else is up to the visitor.
//
// Robustness: a broken game (unreadable or illegal move, bad FEN, unsupported
// variant) is reported with its game number, move number and text, keeps what
// was read before the problem, and reading resumes at the next game (after a
// result token, or at a tag line starting a line). Problems that lose nothing
// (missing or contradicting result, stray characters) are warnings.
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/position.h"
#include "notation/pgn_tokenizer.h"

namespace tabiya {

// What a visitor wants next.
enum class VisitResult : uint8_t {
  CONTINUE,
  // Skip what the event opens or belongs to: begin_game / header skip the game,
  // end_headers skips the movetext, begin_variation skips that variation, and
  // a move, comment or NAG skips the rest of its line (variation or mainline).
  SKIP,
  // Stop reading: no further callbacks, not even end_game.
  STOP,
};

enum class PgnSeverity : uint8_t {
  WARNING,  // the game is complete; something in the text was odd or ignored
  ERROR,    // the game is cut short (or a variation dropped) at this point
};

// What kind of problem an error is, for callers that count them apart.
enum class PgnProblem : uint8_t {
  TEXT,                 // anything in the text: unreadable or illegal moves, syntax, bad FEN tag
  UNSUPPORTED_VARIANT,  // a Variant tag other than standard chess or Chess960: the game is skipped unread
};

struct PgnError {
  PgnSeverity severity = PgnSeverity::ERROR;
  PgnProblem problem = PgnProblem::TEXT;
  int game_number = 0;  // 1-based position in the input; 0 outside any game
  int line = 0;
  int column = 0;
  std::string move_number;  // "12." or "12..." when a move is involved
  std::string text;         // the offending text
  // Everything above in one line, e.g.
  // `games.pgn:41:5: error: game 3, move 12...: illegal move "Qxh7": ...`.
  std::string message;
};

// A null move ("--", or "Z0" as some databases write it): the side to move
// passes. Chess databases use it in variations to show a threat; it is read
// there only (never in the main line, which is a game under the Laws) and
// never when the side to move is in check. Its Move is Move::none().
inline bool is_null_move(Move m) { return m == Move::none(); }
bool is_null_move_text(std::string_view text);

struct PgnMoveEvent {
  std::string_view text;   // the move as written (annotation suffixes removed)
  const Position& before;  // the position the move is played in
  Move move;               // the legal move it names, or a null move (variations only)
  int line = 0;
  int column = 0;
};

enum class PgnVariant : uint8_t { STANDARD, CHESS960, UNSUPPORTED };
// Reads a Variant tag value: "Standard", "From Position", "Chess960",
// "Fischerandom" and their spellings; anything else is unsupported.
PgnVariant parse_pgn_variant(std::string_view value);

class PgnVisitor {
 public:
  virtual ~PgnVisitor() = default;
  virtual VisitResult begin_game(int /*game_number*/) { return VisitResult::CONTINUE; }
  virtual VisitResult header(std::string_view /*name*/, std::string_view /*value*/) { return VisitResult::CONTINUE; }
  // The movetext starts at `start` (from the FEN/SetUp and Variant tags).
  virtual VisitResult end_headers(const Position& /*start*/) { return VisitResult::CONTINUE; }
  virtual VisitResult move(const PgnMoveEvent& /*event*/) { return VisitResult::CONTINUE; }
  virtual VisitResult comment(std::string_view /*text*/) { return VisitResult::CONTINUE; }
  virtual VisitResult nag(int /*nag*/) { return VisitResult::CONTINUE; }
  // The variation is an alternative to the last move of the current line.
  virtual VisitResult begin_variation() { return VisitResult::CONTINUE; }
  virtual VisitResult end_variation() { return VisitResult::CONTINUE; }
  virtual VisitResult result(std::string_view /*token*/) { return VisitResult::CONTINUE; }
  // Called once for every begin_game, unless the visitor stopped the reading.
  virtual void end_game() {}
  // Every problem found, also collected in PgnReader::errors().
  virtual void error(const PgnError& /*error*/) {}
};

struct PgnReadOptions {
  // Names the input in error messages.
  std::string source_name = "pgn";
  // Variations nested deeper than this are dropped with an error.
  int max_variation_depth = 64;
};

class PgnReader {
 public:
  // The text must outlive the reader.
  explicit PgnReader(std::string_view text, PgnReadOptions options = {});
  explicit PgnReader(std::istream& in, PgnReadOptions options = {});

  // Reads the next game into the visitor. False when no game was left (or a
  // visitor stopped the reading before).
  bool read_game(PgnVisitor& visitor);
  // Reads every remaining game.
  void read_all(PgnVisitor& visitor);

  // Every problem so far (since the last take_errors), in input order.
  const std::vector<PgnError>& errors() const { return errors_; }
  // Hands over the problems collected so far, so a long stream does not
  // keep them all.
  std::vector<PgnError> take_errors() { return std::exchange(errors_, {}); }
  // Games begun so far (the number of the last one).
  int games_read() const { return game_number_; }

 private:
  struct LineState {
    Position current;
    Position before_last;  // where the line's last move was played
    bool has_move = false;
  };
  enum class GameEnd : uint8_t { DONE, STOPPED };

  bool find_game_start(PgnVisitor& visitor);
  VisitResult read_headers(PgnVisitor& visitor);
  GameEnd read_movetext(PgnVisitor& visitor, const Position& start);
  // --- The movetext's steps. Each returns how the game ends (an end of the movetext,
  // or a visitor stopping the reading), or nullopt to read on. ---
  std::optional<GameEnd> read_movetext_token(PgnVisitor& visitor, const PgnToken& token);
  // Comments before a game without tags belong to its movetext.
  std::optional<GameEnd> pass_leading_comments(PgnVisitor& visitor);
  // Closes the variations still open, so begin/end_variation always pair up.
  GameEnd close_variations(PgnVisitor& visitor);
  // Acts on a visitor's answer to an event in the current line: SKIP drops the
  // rest of that line, which may in turn be skipped by end_variation's answer.
  std::optional<GameEnd> follow_answer(PgnVisitor& visitor, VisitResult answer);
  // The input or the game ended before a result token.
  GameEnd end_without_result(PgnVisitor& visitor, const PgnToken& at, const std::string& where);
  // A result token, a move number or a move.
  std::optional<GameEnd> read_symbol(PgnVisitor& visitor, const PgnToken& token);
  GameEnd read_result(PgnVisitor& visitor, const PgnToken& token);
  // True (and its dots skipped) when `token` is a move number.
  bool skip_move_number(const PgnToken& token);
  std::optional<GameEnd> read_null_move(PgnVisitor& visitor, const PgnToken& token);
  // Hands a move (or a null move) to the visitor and plays it in the current line.
  std::optional<GameEnd> play_in_line(PgnVisitor& visitor, const PgnToken& token, Move move);
  std::optional<GameEnd> read_nag(PgnVisitor& visitor, const PgnToken& token);
  std::optional<GameEnd> read_suffix(PgnVisitor& visitor, const PgnToken& token);
  // A NAG for the current line's last move.
  std::optional<GameEnd> annotate(PgnVisitor& visitor, const PgnToken& token, int nag);
  std::optional<GameEnd> open_variation(PgnVisitor& visitor, const PgnToken& token);
  std::optional<GameEnd> close_variation(PgnVisitor& visitor, const PgnToken& token);
  bool start_position(PgnVisitor& visitor, Position& start);
  void skip_tags();
  // Skips to the end of the game: its result token, or the next game's tags.
  void skip_rest_of_game();
  // Skips to the ')' closing the variation whose '(' was just read; false if
  // the game ended first.
  bool skip_variation();
  // After a broken move: skips to a result token or the next game's tags.
  void resync_after_error();
  bool is_game_boundary(const PgnToken& token) const;
  void report(PgnVisitor& visitor, PgnSeverity severity, int line, int column, std::string move_number,
              std::string text, const std::string& what);
  void report(PgnVisitor& visitor, PgnSeverity severity, const PgnToken& at, std::string move_number,
              const std::string& what);

  std::unique_ptr<PgnTokenizer> tokens_;
  PgnReadOptions options_;
  std::vector<PgnError> errors_;
  int game_number_ = 0;
  bool stopped_ = false;
  bool in_game_ = false;  // between begin_game and end_game
  // Tags of the game being read that the reader itself interprets.
  std::string fen_, variant_, result_tag_;
  bool has_fen_ = false, has_variant_ = false, has_result_tag_ = false;
  // [Notation "ICCF"]: the movetext is in ICCF numeric notation (5254).
  bool numeric_ = false;
  int fen_line_ = 0, fen_column_ = 0, variant_line_ = 0, variant_column_ = 0;
  // The lines of the movetext being read: the main line, then each variation open in it.
  std::vector<LineState> lines_;
  // Comments seen before a game's first token, when it has no tags.
  std::vector<PgnToken> leading_comments_;
};

// A Notation tag value saying the movetext is ICCF numeric: "ICCF",
// "numeric" or "ICCF numeric", any case. PGN has no standard tag for it; in
// such a game 4 or 5 digits without a following dot are a move, not a move
// number.
bool is_numeric_notation_tag(std::string_view value);

// True for the four game termination markers (and "½-½").
bool is_result_token(std::string_view text);

}  // namespace tabiya
