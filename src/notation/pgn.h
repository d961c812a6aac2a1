// PGN (Portable Game Notation) games: building PgnGame values from the event
// reader, for a whole text at once or streamed game by game. The pieces live
// in their own headers: pgn_tokenizer.h (tokens), pgn_reader.h (events and
// visitors), pgn_game.h (the game tree), pgn_writer.h (export format).
#pragma once

#include <istream>
#include <optional>
#include <string_view>
#include <vector>

#include "notation/pgn_game.h"
#include "notation/pgn_reader.h"
#include "notation/pgn_writer.h"

namespace tabiya {

// A visitor that builds a PgnGame: tags (SetUp, FEN and Variant folded into
// the start position), moves, comments, NAGs, [%clk] times and variations.
class GameBuilder : public PgnVisitor {
 public:
  VisitResult begin_game(int game_number) override;
  VisitResult header(std::string_view name, std::string_view value) override;
  VisitResult end_headers(const Position& start) override;
  VisitResult move(const PgnMoveEvent& event) override;
  VisitResult comment(std::string_view text) override;
  VisitResult nag(int nag) override;
  VisitResult begin_variation() override;
  VisitResult end_variation() override;
  VisitResult result(std::string_view token) override;
  void end_game() override;

  // The game built by the last begin_game .. end_game (or so far).
  PgnGame& game() { return game_; }

 private:
  PgnGame game_;
  // The lines being appended to: the mainline, then each open variation.
  std::vector<PgnLine*> lines_;
  // Tags folded into the start position, restored as plain tags if the game
  // ended before its movetext (e.g. an invalid FEN), so nothing is lost.
  std::vector<std::pair<std::string, std::string>> setup_tags_;
  bool headers_done_ = false;
};

struct PgnReadResult {
  std::vector<PgnGame> games;    // every game, in input order (game n is games[n-1])
  std::vector<PgnError> errors;  // every problem, in input order
};

PgnReadResult read_pgn_games(std::string_view text, const PgnReadOptions& options = {});
PgnReadResult read_pgn_games(std::istream& in, const PgnReadOptions& options = {});

// Streams games one at a time, for files too large to hold in memory.
class PgnGameReader {
 public:
  // The text must outlive the reader.
  explicit PgnGameReader(std::string_view text, PgnReadOptions options = {}) : reader_(text, std::move(options)) {}
  explicit PgnGameReader(std::istream& in, PgnReadOptions options = {}) : reader_(in, std::move(options)) {}

  // The next game, or nullopt at the end of the input.
  std::optional<PgnGame> next();
  // Problems found while reading the game that next() returned last (and any
  // text skipped before it).
  const std::vector<PgnError>& errors() const { return last_errors_; }
  int games_read() const { return reader_.games_read(); }

 private:
  PgnReader reader_;
  GameBuilder builder_;
  std::vector<PgnError> last_errors_;
};

}  // namespace tabiya
