// Helpers shared by the Game rule tests: positions from FEN, games with a
// manual clock, and playing a list of moves with a message that names the
// move that failed.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/fen.h"
#include "core/movegen.h"
#include "laws/game.h"
#include "laws/time_control.h"
#include "laws/time_source.h"

namespace tabiya::game_test {

inline Position fen(std::string_view text) {
  Result<Position> pos = parse_fen(text);
  EXPECT_TRUE(pos.ok()) << text << ": " << (pos.ok() ? "" : pos.error().message);
  return pos.ok() ? *pos : Position::startpos();
}

// The FEN placement of a board given square by square (64 characters from a1 to h8, '.' for an empty square), for
// tests that set up many positions by hand.
inline std::string placement_fen(std::string_view board) {
  std::string fen;
  for (int r = 7; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < 8; ++f) {
      const char c = board[8 * r + f];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty), empty = 0;
      fen += c;
    }
    if (empty) fen += char('0' + empty);
    if (r) fen += '/';
  }
  return fen;
}

// The editions of the Laws, short, for tests that go through them all.
constexpr RulesEdition E2001 = RulesEdition::FIDE_2001;
constexpr RulesEdition E2005 = RulesEdition::FIDE_2005;
constexpr RulesEdition E2009 = RulesEdition::FIDE_2009;
constexpr RulesEdition E2014 = RulesEdition::FIDE_2014;
constexpr RulesEdition E2018 = RulesEdition::FIDE_2018;

inline GameOptions rules(RulesEdition edition) {
  GameOptions options;
  options.rules = edition;
  return options;
}

// Plays the moves in order; stops at the first refused move and says which.
inline ::testing::AssertionResult play_all(Game& game, const std::vector<std::string_view>& moves) {
  for (std::string_view m : moves) {
    Result<bool> r = game.play(m);
    if (!r) return ::testing::AssertionFailure() << "move " << m << " refused: " << r.error().message;
  }
  return ::testing::AssertionSuccess();
}

// The four knight moves that bring the start position back (4 plies).
inline const std::vector<std::string_view> KNIGHT_SHUFFLE = {"Nf3", "Nf6", "Ng1", "Ng8"};
// A longer way back to the start position (8 plies) with the queen's
// knights: its seven middle positions differ from each other and from those
// of KNIGHT_SHUFFLE.
inline const std::vector<std::string_view> KNIGHT_DETOUR = {"Na3", "Na6", "Nb5", "Nb4", "Nc3", "Nc6", "Nb1", "Nb8"};

// A game with a chess clock driven by a manual time source: nothing moves
// unless the test advances the time.
struct ClockedGame {
  std::shared_ptr<ManualTimeSource> time = std::make_shared<ManualTimeSource>();
  Game game;

  ClockedGame(Position start, GameOptions options, TimeControl tc)
      : game(std::move(start), with_clock(std::move(options), std::move(tc)), time) {}

  Millis remaining(Color c) const { return game.clock()->remaining(c); }

 private:
  static GameOptions with_clock(GameOptions options, TimeControl tc) {
    options.time_control = std::move(tc);
    return options;
  }
};

inline TimeControl minutes_sudden_death(int minutes, int increment_seconds = 0) {
  return TimeControl::sudden_death(std::chrono::minutes(minutes), std::chrono::seconds(increment_seconds));
}

// Number of events of a kind.
inline int count_events(const Game& game, GameEventKind kind) {
  int n = 0;
  for (const GameEvent& e : game.events()) n += e.kind == kind;
  return n;
}

// Plays `plies` moves that neither move a pawn nor capture, never repeat a
// position and never end the game, choosing the first such move each time.
// Used to reach the 50- and 75-move limits by real play.
inline ::testing::AssertionResult play_quiet_moves(Game& game, int plies) {
  for (int i = 0; i < plies; ++i) {
    std::set<Key> seen;
    Position replay = game.start_position();
    seen.insert(replay.key());
    for (const MoveRecord& rec : game.moves()) {
      UndoInfo undo;
      replay.do_move(rec.move, undo);
      seen.insert(replay.key());
    }
    const Position& pos = game.position();
    bool played = false;
    for (Move m : legal_moves(pos)) {
      if (pos.moved_piece_type(m) == PAWN || pos.is_capture(m)) continue;
      Position next = pos;
      UndoInfo undo;
      next.do_move(m, undo);
      if (count_legal(next) == 0 || seen.count(next.key())) continue;
      if (Result<bool> r = game.play(m); !r) return ::testing::AssertionFailure() << r.error().message;
      played = true;
      break;
    }
    if (!played) return ::testing::AssertionFailure() << "no fresh quiet move after " << i << " plies";
    if (game.is_over() && i + 1 < plies)
      return ::testing::AssertionFailure() << "game ended after " << i + 1 << " plies: " << describe(*game.outcome());
  }
  return ::testing::AssertionSuccess();
}

}  // namespace tabiya::game_test
